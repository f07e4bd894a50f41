#include "profilereaders.h"
#include "tablereading.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString typeOf(const QString &fullName, const QHash<QString, QString> &opTypes)
{
    const auto it = opTypes.constFind(fullName);
    return it != opTypes.cend() ? *it : mindSporeOpTypeFromName(fullName);
}

void addKernel(RankProfile &rank, const QString &type, const char *core, double us)
{
    const QByteArray t = type.toUtf8();
    const int g = rank.kernels.group(std::string_view(t.constData(), size_t(t.size())), core);
    rank.kernels.add(g, us);
}

void badRow(Diagnostics &diagnostics, const Location &where)
{
    diagnostics.add(
        u"op_time_bad_row"_s, Tr::tr("op time rows without a readable time were skipped"), where);
}

} // namespace

QString mindSporeOpTypeFromName(const QString &fullName)
{
    static const QRegularExpression counter(u"-op\\d+$"_s);
    QString last = fullName.section(u'/', -1);
    last.remove(counter);
    return last.isEmpty() ? fullName : last;
}

TableRead readMindSporeAicoreDetail(std::string_view data,
                                    const QString &name,
                                    const QHash<QString, QString> &opTypes,
                                    RankProfile &rank,
                                    Diagnostics &diagnostics,
                                    const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int op = table.require({"full_op_name"}, u"full_op_name"_s);
    const int time = table.require({"execution_time"}, u"execution_time"_s);
    table.forEachRow(cancel, [&](const std::vector<std::string_view> &row) {
        const auto ms = parseCsvDouble(cell(row, time));
        if (!ms || *ms < 0)
            return badRow(diagnostics, table.here());
        // execution_time is in ms (MindSpore's profiler), the table works in µs.
        addKernel(rank, typeOf(cellText(row, op), opTypes), "AI_CORE", *ms * 1000.0);
    });
    return out;
}

TableRead readMindSporeAicoreType(std::string_view data,
                                  const QString &name,
                                  RankProfile &rank,
                                  Diagnostics &diagnostics,
                                  const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int type = table.require({"op_type"}, u"op_type"_s);
    const int total = table.require({"total_time"}, u"total_time"_s);
    const int count = table.require({"execution_frequency"}, u"execution_frequency"_s);
    if (table.ok())
        rank.kernelsFromStatistics = true;
    table.forEachRow(cancel, [&](const std::vector<std::string_view> &row) {
        const auto ms = parseCsvDouble(cell(row, total));
        const auto n = parseCsvInt(cell(row, count));
        if (!ms || !n || *n < 0)
            return badRow(diagnostics, table.here());
        const int g = rank.kernels.group(cell(row, type), "AI_CORE");
        rank.kernels.addAggregate(g, *n, *ms * 1000.0, NAN, NAN);
    });
    return out;
}

TableRead readMindSporeOpComputeTime(std::string_view data,
                                     const QString &name,
                                     const QHash<QString, QString> &opTypes,
                                     RankProfile &rank,
                                     Diagnostics &diagnostics,
                                     const CancelToken &cancel)
{
    // A banner, a header ("op_name compute_time(ms) stream_id"), a dashed rule, then one
    // whitespace-separated row per op and a closing "total op <ms> 0" line.
    TableRead out;
    const QString text = QString::fromUtf8(data.data(), qsizetype(data.size()));
    const QStringList lines = text.split(u'\n');
    qsizetype i = 0;
    while (i < lines.size() && !lines[i].contains(u"compute_time"_s))
        ++i;
    if (i == lines.size()) {
        Error e = Error::make(
            ErrorCode::Malformed, Tr::tr("The op compute time table has no header line."), name, 0);
        e.expected = u"op_name compute_time(ms) stream_id"_s;
        out.error = e;
        return out;
    }
    double totalMs = -1;
    double sumMs = 0;
    for (++i; i < lines.size(); ++i) {
        const QStringList f = lines[i].simplified().split(u' ', Qt::SkipEmptyParts);
        if (f.isEmpty() || f.first().startsWith(u"---"_s))
            continue;
        if ((++out.rows % PollRecords) == 0 && cancel.isCanceled()) {
            out.canceled = true;
            return out;
        }
        bool ok = false;
        if (f.size() >= 3 && f[0] == u"total"_s && f[1] == u"op"_s) {
            totalMs = f[2].toDouble(&ok);
            if (!ok)
                totalMs = -1;
            --out.rows;
            continue;
        }
        const double ms = f.size() >= 2 ? f[1].toDouble(&ok) : 0;
        if (!ok || ms < 0) {
            badRow(diagnostics, Location{-1, i + 1, f.value(0)});
            continue;
        }
        sumMs += ms;
        addKernel(rank, typeOf(f[0], opTypes), "", ms * 1000.0);
    }
    // The file states its own total: a difference means rows were lost or misread.
    if (totalMs >= 0 && std::abs(totalMs - sumMs) > 1e-6 * std::max(1.0, totalMs))
        diagnostics.add(u"op_time_total_mismatch"_s,
                        Tr::tr("the op times add up to %1 ms, the file's total says %2 ms")
                            .arg(sumMs)
                            .arg(totalMs));
    return out;
}

} // namespace Twinscope::Core
