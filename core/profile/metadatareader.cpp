#include "core/common/tr.h"
#include "profilereaders.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// The metadata files are small (a few KB), so QJsonDocument's convenience wins over speed here.
std::optional<QJsonObject> parse(std::string_view data, const QString &name, TableRead &out)
{
    QJsonParseError err;
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(data.data(), qsizetype(data.size())), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        Error e = Error::make(
            ErrorCode::Malformed,
            Tr::tr("The metadata file is not a JSON object: %1.").arg(err.errorString()),
            name,
            err.error != QJsonParseError::NoError ? err.offset : 0);
        e.expected = u"{"_s;
        out.error = e;
        return std::nullopt;
    }
    out.rows = 1;
    return doc.object();
}

int intValue(const QJsonValue &v, int fallback)
{
    if (v.isDouble())
        return v.toInt(fallback);
    if (v.isString()) {
        bool ok = false;
        const int i = v.toString().toInt(&ok);
        return ok ? i : fallback;
    }
    return fallback;
}

// Versions and settings worth showing, wherever a producer put them.
void collectStrings(const QJsonObject &o, const QString &prefix, RankProfile &rank, int depth)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + u'.' + it.key();
        if (it->isObject() && depth < 2)
            collectStrings(it->toObject(), key, rank, depth + 1);
        else if (it->isString() || it->isDouble() || it->isBool())
            rank.info.insert(key, it->toVariant().toString());
    }
}

} // namespace

TableRead readProfilerInfo(std::string_view data, const QString &name, RankProfile &rank)
{
    TableRead out;
    const auto o = parse(data, name, out);
    if (!o)
        return out;
    // profiler_info_<rank>.json: the rank is in the name (and in newer files, "rank_id").
    static const QRegularExpression rankInName(u"profiler_info_(\\d+)\\.json$"_s);
    const QRegularExpressionMatch m = rankInName.match(QFileInfo(name).fileName());
    int r = intValue(o->value(u"rank_id"_s), -1);
    if (r < 0 && m.hasMatch())
        r = m.captured(1).toInt();
    if (r >= 0)
        rank.rank = r;
    collectStrings(*o, {}, rank, 0);
    return out;
}

TableRead readProfilerMetadata(std::string_view data,
                               const QString &name,
                               RankProfile &rank,
                               GroupRanks &groups)
{
    TableRead out;
    const auto o = parse(data, name, out);
    if (!o)
        return out;
    const QJsonObject dist = o->value(u"distributed_args"_s).toObject();
    if (rank.rank < 0)
        rank.rank = intValue(dist.value(u"rank"_s), intValue(o->value(u"rank_id"_s), -1));
    collectStrings(dist, u"distributed_args"_s, rank, 1);
    // Op keys name their group by msprof-analyze's double hash of the group id; link ends are
    // indices into the group's sorted global ranks (cluster_analyse comm_matrix_analysis.py).
    const QJsonObject parallel = o->value(u"parallel_group_info"_s).toObject();
    for (auto it = parallel.begin(); it != parallel.end(); ++it) {
        std::vector<int> members;
        for (const QJsonValue &v : it->toObject().value(u"global_ranks"_s).toArray())
            members.push_back(intValue(v, -1));
        members.erase(std::remove(members.begin(), members.end(), -1), members.end());
        if (members.empty())
            continue;
        std::sort(members.begin(), members.end());
        quint64 h0 = 0;
        quint64 h1 = 0;
        for (const QChar c : it.key()) {
            h0 = (h0 * 29 + c.unicode()) & 0xFFFFFFFFu;
            h1 = (h1 * 131 + c.unicode()) & 0xFFFFFFFFu;
        }
        groups.insert(QString::number((h0 << 32) | h1), members);
        groups.insert(it.key(), members);
    }
    return out;
}

TableRead readCannInfo(std::string_view data, const QString &name, RankProfile &rank)
{
    TableRead out;
    const auto o = parse(data, name, out);
    if (!o)
        return out;
    const int r = intValue(o->value(u"rank_id"_s), -1);
    if (r >= 0 && rank.rank < 0)
        rank.rank = r;
    const QJsonArray devices = o->value(u"DeviceInfo"_s).toArray();
    if (!devices.isEmpty()) {
        const QJsonObject d = devices.first().toObject();
        const QString mhz = d.value(u"hwts_frequency"_s).toVariant().toString();
        if (!mhz.isEmpty())
            rank.info.insert(u"hwts_frequency_mhz"_s, mhz);
        rank.info.insert(u"device"_s, d.value(u"id"_s).toVariant().toString());
        rank.info.insert(u"ai_core_num"_s, d.value(u"ai_core_num"_s).toVariant().toString());
    }
    for (const char16_t *key : {u"hostname", u"version", u"hwtype"}) {
        const QString k = QString::fromUtf16(key);
        if (o->contains(k))
            rank.info.insert(k, o->value(k).toVariant().toString());
    }
    return out;
}

} // namespace Twinscope::Core
