#include "monitoranomalies.h"

#include "core/common/tr.h"
#include "monitorcsvreader.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace Twinscope::Core {

QString monitorPrefixOfTag(const QString &tagKind)
{
    if (tagKind == u"post_grad")
        return QStringLiteral("grad_reduced");
    if (tagKind == u"pre_grad")
        return QStringLiteral("grad_unreduced");
    if (tagKind == u"input" || tagKind == u"output")
        return QStringLiteral("actv");
    if (tagKind == u"input_grad" || tagKind == u"output_grad")
        return QStringLiteral("actv_grad");
    return tagKind;
}

std::optional<Error> readMonitorAnomalies(const QString &path,
                                          const QByteArray &bytes,
                                          std::vector<MonitorAnomaly> *out,
                                          Diagnostics &diagnostics)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        Error e = Error::make(ErrorCode::Malformed,
                              parseError.error != QJsonParseError::NoError
                                  ? Tr::tr("not JSON: %1").arg(parseError.errorString())
                                  : Tr::tr("an anomaly file holds one JSON object"),
                              path,
                              parseError.error != QJsonParseError::NoError ? parseError.offset : 0);
        return e;
    }
    // "Rule AnomalyTurbulence reports anomaly signal in ('0:x/rank0/actv', 'min') at step 1."
    static const QRegularExpression messageRe(
        QStringLiteral(R"(Rule (\w+) reports anomaly signal in \('[^']*', '(\w+)'\))"));
    const QJsonObject root = doc.object();
    qint64 skipped = 0;
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        const QString tag = o.value(u"tag_name").toString();
        if (tag.isEmpty()) {
            ++skipped;
            continue;
        }
        MonitorAnomaly a;
        a.file = path;
        a.tag = tag;
        // Numbers beyond int are clamped, not wrapped: a hostile step must not become negative.
        const auto integer = [&](QLatin1StringView key, qint64 fallback) {
            const double d = o.value(key).toDouble(double(fallback));
            return std::isfinite(d) ? qint64(std::clamp(d, -9.0e18, 9.0e18)) : fallback;
        };
        a.rank = int(std::clamp<qint64>(integer(QLatin1StringView("rank"), 0), 0, 1 << 20));
        a.step = integer(QLatin1StringView("step"), 0);
        a.microStep =
            int(std::clamp<qint64>(integer(QLatin1StringView("micro_step"), 0), 0, 1 << 20));
        a.vppStage =
            int(std::clamp<qint64>(integer(QLatin1StringView("vpp_stage"), 0), 0, 1 << 20));
        a.callId = integer(QLatin1StringView("call_id"), -1);
        a.message = o.value(u"message").toString();
        // tag: "{vpp}:{name}[:{micro}]/rank{N}/{kind}"
        const QStringList parts = tag.split(u'/');
        a.prefix = monitorPrefixOfTag(parts.size() > 1 ? parts.back() : QString());
        QStringList nameParts = parts.front().split(u':');
        if (nameParts.size() >= 2)
            nameParts.removeFirst(); // the vpp stage, also in its own field
        const qint64 micro = nameParts.size() >= 2 ? nameParts.back().toLongLong() : 0;
        if (nameParts.size() >= 2)
            nameParts.removeLast();
        a.module = monitorModuleKey(nameParts.join(u':'), a.vppStage, micro);
        const QRegularExpressionMatch m = messageRe.match(a.message);
        if (m.hasMatch()) {
            a.rule = m.captured(1);
            a.stat = m.captured(2);
        }
        out->push_back(std::move(a));
    }
    if (skipped > 0)
        diagnostics.add(
            QStringLiteral("monitor_anomaly_skipped"),
            Tr::tr("%n anomaly entries without a tag_name were skipped", "", int(skipped)),
            {},
            Severity::Warning,
            skipped);
    return std::nullopt;
}

} // namespace Twinscope::Core
