#include "core/trace/tracetime.h"
#include "profilereaders.h"
#include "tablereading.h"

#include <QHash>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Columns that hold per-kernel hardware counters (PMU): torch_npu and CANN name them aic_* (cube
// core), aiv_* (vector core), and a few summaries. Everything else a reader does not know is kept
// for display only (the Files view shows every column).
bool isPmuColumn(const QString &name)
{
    const QString n = name.toLower();
    static const char16_t *const prefixes[] = {u"aic_",
                                               u"aiv_",
                                               u"aicore_",
                                               u"cube_",
                                               u"vec_",
                                               u"mac_",
                                               u"scalar_",
                                               u"mte",
                                               u"fixpipe",
                                               u"icache",
                                               u"l2_",
                                               u"ub_"};
    for (const char16_t *p : prefixes) {
        if (n.startsWith(QString::fromUtf16(p)))
            return true;
    }
    return false;
}

// A vector-core kernel writes 0 in the cube counters (aic_*, aicore_*) and a cube kernel 0 in the
// vector ones (aiv_*): those zeros mean "does not apply", and averaging them would show 0 % where
// the table should be blank (issue #29). Mixed kernels (MIX_AIC, MIX_AIV) use both cores; AI CPU
// and communication tasks use neither.
bool counterApplies(const QString &counter, std::string_view core)
{
    if (core.empty() || isMissingValue(core))
        return true;
    const bool cube = counter.startsWith(u"aic_"_s, Qt::CaseInsensitive) ||
                      counter.startsWith(u"aicore_"_s, Qt::CaseInsensitive);
    const bool vector = counter.startsWith(u"aiv_"_s, Qt::CaseInsensitive);
    if (core == "AI_VECTOR_CORE")
        return !cube;
    if (core == "AI_CORE")
        return !vector;
    if (core == "AI_CPU" || core == "HCCL" || core == "COMMUNICATION")
        return !cube && !vector;
    return true;
}

} // namespace

TableRead readKernelDetails(std::string_view data,
                            const QString &name,
                            RankProfile &rank,
                            Diagnostics &diagnostics,
                            const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int type = table.require({"Type", "OP Type"}, u"Type"_s);
    const int duration = table.require({"Duration(us)", "Task Duration(us)"}, u"Duration(us)"_s);
    if (!table.ok())
        return out;
    const int core = table.find({"Accelerator Core", "Task Type"});
    const int kernelName = table.find({"Name", "Op Name"});
    const int start = table.find({"Start Time(us)", "Task Start Time(us)"});
    const int wait = table.find({"Wait Time(us)", "Task Wait Time(us)"});
    const int step = table.find({"Step Id", "Step ID", "Iteration ID"});
    const int shapes = table.find({"Input Shapes"});
    const int dtypes = table.find({"Input Data Types"});
    const int formats = table.find({"Input Formats"});
    std::vector<std::pair<int, int>> pmu; // file column -> table column
    const QStringList &names = table.columns().names();
    for (int c = 0; c < int(names.size()); ++c) {
        if (isPmuColumn(names[c]))
            pmu.emplace_back(c, rank.kernels.pmuColumn(names[c]));
    }
    QHash<QString, qsizetype> spanIndex;
    qint64 badDuration = 0;
    qint64 badStart = 0;
    qint64 byName = 0;
    table.forEachRow(cancel, [&](const std::vector<std::string_view> &row) {
        const std::optional<double> dur = parseCsvDouble(cell(row, duration));
        if (!dur || *dur < 0) {
            if (++badDuration == 1)
                diagnostics.add(u"kernel_bad_duration"_s,
                                Tr::tr("kernel rows without a readable duration were skipped"),
                                table.here());
            return;
        }
        // Level0 writes N/A for Type and Accelerator Core: the kernel's name is all there is.
        std::string_view typeText = cell(row, type);
        if (isMissingValue(typeText) && kernelName >= 0 && !isMissingValue(cell(row, kernelName))) {
            typeText = cell(row, kernelName);
            ++byName;
        }
        const int g = rank.kernels.group(
            typeText, cell(row, core), cell(row, shapes), cell(row, dtypes), cell(row, formats));
        rank.kernels.add(g, *dur, parseCsvDouble(cell(row, wait)).value_or(0.0));
        const std::string_view coreText = cell(row, core);
        for (const auto &[fileColumn, tableColumn] : pmu) {
            if (!counterApplies(names[fileColumn], coreText))
                continue;
            if (const auto v = parseCsvDouble(cell(row, fileColumn)))
                rank.kernels.addPmu(g, tableColumn, *v);
        }
        // Step spans on the device clock, for memory peaks per step; the start time is parsed
        // from its text (epoch µs do not fit a double's precision).
        const std::string_view stepText = cell(row, step);
        if (step < 0 || start < 0 || isMissingValue(stepText))
            return;
        qint64 startNs = 0;
        if (parseMicrosToNanos(cell(row, start), &startNs) != TimeParse::Ok) {
            if (++badStart == 1)
                diagnostics.add(u"kernel_bad_start"_s,
                                Tr::tr("kernel rows with an unreadable start time were not placed "
                                       "in their step"),
                                table.here());
            return;
        }
        const qint64 endNs = startNs + qint64(std::llround(*dur * 1000.0));
        const QString stepId = QString::fromUtf8(stepText.data(), qsizetype(stepText.size()));
        const auto it = spanIndex.constFind(stepId);
        if (it == spanIndex.cend()) {
            spanIndex.insert(stepId, qsizetype(rank.stepSpans.size()));
            rank.stepSpans.push_back({stepId, startNs, endNs});
        } else {
            StepSpan &s = rank.stepSpans[size_t(*it)];
            s.firstNs = std::min(s.firstNs, startNs);
            s.lastNs = std::max(s.lastNs, endNs);
        }
    });
    // One message per kind with its first location; the rest only count.
    if (badDuration > 1)
        diagnostics.add(u"kernel_bad_duration"_s, {}, {}, Severity::Warning, badDuration - 1);
    if (badStart > 1)
        diagnostics.add(u"kernel_bad_start"_s, {}, {}, Severity::Warning, badStart - 1);
    if (byName > 0)
        diagnostics.add(u"kernel_type_by_name"_s,
                        Tr::tr("kernels without an op type (Type N/A: profiler level 0 records no "
                               "op types) are grouped by kernel name"),
                        {},
                        Severity::Info,
                        byName);
    if (table.reader().unterminatedQuote())
        diagnostics.add(u"csv_unterminated_quote"_s,
                        Tr::tr("the table ends inside a quoted field (a cut file); its last row "
                               "was read as far as it goes"),
                        table.here());
    return out;
}

TableRead readOpStatistic(std::string_view data,
                          const QString &name,
                          RankProfile &rank,
                          Diagnostics &diagnostics,
                          const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int type = table.require({"OP Type", "Op Type", "Type"}, u"OP Type"_s);
    const int count = table.require({"Count"}, u"Count"_s);
    const int total = table.require({"Total Time(us)"}, u"Total Time(us)"_s);
    const int core = table.find({"Core Type", "Accelerator Core", "Task Type"});
    const int minTime = table.find({"Min Time(us)"});
    const int maxTime = table.find({"Max Time(us)"});
    table.forEachRow(cancel, [&](const std::vector<std::string_view> &row) {
        const auto n = parseCsvInt(cell(row, count));
        const auto t = parseCsvDouble(cell(row, total));
        if (!n || !t || *n < 0) {
            diagnostics.add(u"op_statistic_bad_row"_s,
                            Tr::tr("op statistics rows without a count or total were skipped"),
                            table.here());
            return;
        }
        const int g = rank.kernels.group(cell(row, type), cell(row, core));
        rank.kernels.addAggregate(g,
                                  *n,
                                  *t,
                                  parseCsvDouble(cell(row, minTime)).value_or(NAN),
                                  parseCsvDouble(cell(row, maxTime)).value_or(NAN));
    });
    return out;
}

} // namespace Twinscope::Core
