#include "profilereaders.h"
#include "tablereading.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

using Row = std::vector<std::string_view>;

std::array<int, StepPhaseCount> findPhases(const CsvTable &table)
{
    std::array<int, StepPhaseCount> index;
    for (int i = 0; i < StepPhaseCount; ++i) {
        const QByteArray name = stepPhaseColumn(StepPhase(i)).toUtf8();
        index[size_t(i)] = table.find({std::string_view(name.constData(), size_t(name.size()))});
    }
    return index;
}

// The phases a step table must have: the ones msprof-analyze's slow-rank analysis compares.
void requirePhases(CsvTable &table)
{
    for (const StepPhase ph :
         {StepPhase::Computing, StepPhase::CommunicationNotOverlapped, StepPhase::Free}) {
        const QByteArray name = stepPhaseColumn(ph).toUtf8();
        table.require({std::string_view(name.constData(), size_t(name.size()))},
                      stepPhaseColumn(ph));
    }
}

StepRow phaseRow(const Row &row, const std::array<int, StepPhaseCount> &phases, int step)
{
    StepRow s;
    s.step = cellText(row, step);
    for (int i = 0; i < StepPhaseCount; ++i)
        s.us[size_t(i)] = parseCsvDouble(cell(row, phases[size_t(i)])).value_or(std::nan(""));
    return s;
}

void badRow(Diagnostics &diagnostics, const CsvTable &table)
{
    diagnostics.add(u"step_bad_row"_s,
                    Tr::tr("step rows without readable phase times were skipped"),
                    table.here());
}

// A step table with a wall time per step and no phases (CANN msprof, MindSpore): ticksPerUs
// converts the column's unit.
TableRead readWallSteps(std::string_view data,
                        const QString &name,
                        std::initializer_list<std::string_view> stepColumn,
                        std::initializer_list<std::string_view> timeColumn,
                        double ticksPerUs,
                        RankProfile &rank,
                        Diagnostics &diagnostics,
                        const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int step = table.require(
        stepColumn,
        QString::fromUtf8(stepColumn.begin()->data(), qsizetype(stepColumn.begin()->size())));
    const int time = table.require(
        timeColumn,
        QString::fromUtf8(timeColumn.begin()->data(), qsizetype(timeColumn.begin()->size())));
    table.forEachRow(cancel, [&](const Row &row) {
        // MindSpore closes its table with an average row ("-"), which is not a step.
        if (cell(row, step) == "-")
            return;
        const auto t = parseCsvDouble(cell(row, time));
        if (!t)
            return badRow(diagnostics, table);
        StepRow s;
        s.step = cellText(row, step);
        s.wallUs = *t / ticksPerUs;
        rank.steps.push_back(std::move(s));
    });
    return out;
}

} // namespace

TableRead readStepTraceTime(std::string_view data,
                            const QString &name,
                            RankProfile &rank,
                            Diagnostics &diagnostics,
                            const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    requirePhases(table);
    const auto phases = findPhases(table);
    const int step = table.find({"Step", "Step Id", "Step ID"});
    table.forEachRow(cancel, [&](const Row &row) {
        StepRow s = phaseRow(row, phases, step);
        if (!std::isfinite(s.us[int(StepPhase::Computing)]) &&
            !std::isfinite(s.us[int(StepPhase::Free)]))
            return badRow(diagnostics, table);
        rank.steps.push_back(std::move(s));
    });
    return out;
}

TableRead readMsprofStepTrace(std::string_view data,
                              const QString &name,
                              RankProfile &rank,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel)
{
    return readWallSteps(
        data, name, {"Iteration ID"}, {"Iteration Time(us)"}, 1.0, rank, diagnostics, cancel);
}

TableRead readMindSporeStepTrace(std::string_view data,
                                 const QString &name,
                                 RankProfile &rank,
                                 Diagnostics &diagnostics,
                                 const CancelToken &cancel)
{
    // The values are device system-counter ticks; CANN's info.json gives the counter's frequency
    // (hwts_frequency, MHz), 100 MHz in every sample seen, the value used when it is not at hand.
    bool ok = false;
    double mhz = rank.info.value(u"hwts_frequency_mhz"_s).toDouble(&ok);
    if (!ok || mhz <= 0)
        mhz = 100.0;
    return readWallSteps(data, name, {"step_num"}, {"total"}, mhz, rank, diagnostics, cancel);
}

TableRead readClusterStepTraceTime(std::string_view data,
                                   const QString &name,
                                   std::map<int, RankProfile> &ranks,
                                   Diagnostics &diagnostics,
                                   const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int type = table.require({"Type"}, u"Type"_s);
    const int index = table.require({"Index"}, u"Index"_s);
    requirePhases(table);
    const auto phases = findPhases(table);
    const int step = table.find({"Step"});
    table.forEachRow(cancel, [&](const Row &row) {
        if (cell(row, type) != "rank")
            return; // "stage" rows: maxima over a pipeline stage, derived from the rank rows
        const auto r = parseCsvInt(cell(row, index));
        if (!r || *r < 0 || *r > std::numeric_limits<int>::max()) {
            diagnostics.add(u"cluster_step_bad_rank"_s,
                            Tr::tr("rank rows whose Index is not a rank number were skipped"),
                            table.here());
            return;
        }
        RankProfile &rp = ranks[int(*r)];
        rp.rank = int(*r);
        rp.steps.push_back(phaseRow(row, phases, step));
    });
    return out;
}

} // namespace Twinscope::Core
