#include "monitorcsvreader.h"

#include "core/common/csvreader.h"
#include "core/common/tr.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Twinscope::Core {

QString monitorModuleKey(const QString &name, qint64 vppStage, qint64 microStep)
{
    QString key = name;
    if (vppStage != 0)
        key = QString::number(vppStage) + u':' + key;
    if (microStep != 0)
        key += u':' + QString::number(microStep);
    return key;
}

namespace {

bool isKeyColumn(const QString &name)
{
    static const QStringList keys = {QStringLiteral("vpp_stage"),
                                     QStringLiteral("name"),
                                     QStringLiteral("step"),
                                     QStringLiteral("micro_step"),
                                     QStringLiteral("shape"),
                                     QStringLiteral("dtype")};
    return keys.contains(name.trimmed(), Qt::CaseInsensitive);
}

} // namespace

std::optional<Error> readMonitorCsv(const MonitorCsvInput &input,
                                    const QByteArray &bytes,
                                    MonitorCubeBuilder &builder,
                                    Diagnostics &diagnostics,
                                    qint64 *rows)
{
    *rows = 0;
    CsvReader reader(std::string_view(bytes.constData(), size_t(bytes.size())));
    std::vector<std::string_view> fields;
    if (!reader.next(fields))
        return Error::make(
            ErrorCode::EmptyFile, Tr::tr("the monitor CSV has no header"), input.path, 0);
    const CsvColumns columns(fields);
    const int nameCol = columns.find({"name"});
    const int stepCol = columns.find({"step"});
    const int vppCol = columns.find({"vpp_stage"});
    const int microCol = columns.find({"micro_step"});
    if (nameCol < 0 || stepCol < 0) {
        Error e = Error::make(ErrorCode::Malformed,
                              Tr::tr("a monitor CSV needs the columns name and step"),
                              input.path,
                              0);
        e.line = 1;
        e.expected = QStringLiteral("vpp_stage, name, step, [micro_step], <ops>");
        e.found = columns.names().join(u", ");
        return e;
    }
    struct Stat
    {
        int column;
        int metric;
    };
    std::vector<Stat> stats;
    for (int c = 0; c < columns.size(); ++c)
        if (!isKeyColumn(columns.names()[c]) && !columns.names()[c].trimmed().isEmpty())
            stats.push_back(
                {c,
                 builder.metricId(input.prefix + u'.' + columns.names()[c].trimmed().toLower())});
    if (stats.empty())
        diagnostics.add(QStringLiteral("monitor_no_stats"),
                        Tr::tr("the header names no statistic column (norm, max ...)"),
                        {0, 1, {}});
    const qint64 minRow = qint64(stats.empty() ? 0 : stats.back().column);
    QString lastName;
    QString lastKey;
    int lastModule = -1;
    std::string lastNameBytes; // a copy: a quoted name's view dies with the next row
    qint64 lastVpp = 0;
    qint64 lastMicro = 0;
    while (reader.next(fields)) {
        if (fields.size() == 1 && csvValue(fields[0]).empty())
            continue; // a blank line
        const auto skip = [&](const char *kind, const QString &message) {
            diagnostics.add(QString::fromLatin1(kind),
                            message,
                            {reader.offset(), reader.line(), {}},
                            Severity::Warning);
        };
        if (qint64(fields.size()) <= std::max<qint64>({minRow, nameCol, stepCol})) {
            skip("monitor_short_row", Tr::tr("a row has fewer fields than the header; skipped"));
            continue;
        }
        const std::optional<qint64> step = parseCsvInt(fields[size_t(stepCol)]);
        const std::string_view name = csvValue(fields[size_t(nameCol)]);
        if (!step || name.empty()) {
            skip("monitor_bad_row",
                 Tr::tr("a row without a module name or an integer step; skipped"));
            continue;
        }
        const qint64 vpp = vppCol >= 0 && size_t(vppCol) < fields.size()
                               ? parseCsvInt(fields[size_t(vppCol)]).value_or(0)
                               : 0;
        const qint64 micro = microCol >= 0 && size_t(microCol) < fields.size()
                                 ? parseCsvInt(fields[size_t(microCol)]).value_or(0)
                                 : 0;
        // Rows of one step come module by module; a file holds many steps of the same modules,
        // so the key is rebuilt only when the name changes.
        if (name != lastNameBytes || vpp != lastVpp || micro != lastMicro || lastKey.isEmpty()) {
            lastName = QString::fromUtf8(name.data(), qsizetype(name.size()));
            lastKey = monitorModuleKey(lastName, vpp, micro);
            lastModule = builder.moduleId(lastKey);
            lastNameBytes.assign(name);
            lastVpp = vpp;
            lastMicro = micro;
        }
        for (const Stat &s : stats) {
            const std::optional<double> v = parseCsvDouble(fields[size_t(s.column)]);
            builder.add(input.rank,
                        s.metric,
                        lastModule,
                        *step,
                        v ? *v : std::numeric_limits<double>::quiet_NaN());
        }
        ++*rows;
    }
    if (reader.unterminatedQuote())
        diagnostics.add(QStringLiteral("monitor_cut_file"),
                        Tr::tr("the file ends inside a quoted field (cut short?)"),
                        {reader.offset(), reader.line(), {}});
    return std::nullopt;
}

} // namespace Twinscope::Core
