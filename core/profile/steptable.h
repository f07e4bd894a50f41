#pragma once

#include <QString>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace Twinscope::Core {

// The step-trace phases in the order of torch_npu's step_trace_time.csv (docs/FORMATS.md §2.8), all
// in microseconds. Communication(Not Overlapped) is communication the computation did not hide;
// Overlapped is the hidden part; Free is time the device had no task; Stage and Bubble come from
// pipeline parallelism.
enum class StepPhase {
    Computing,
    CommunicationNotOverlapped,
    Overlapped,
    Communication,
    Free,
    Stage,
    Bubble,
    CommunicationNotOverlappedExcludeReceive,
    Preparing,
    Count
};
constexpr int StepPhaseCount = int(StepPhase::Count);

// The column name in step_trace_time.csv ("Communication(Not Overlapped)").
QString stepPhaseColumn(StepPhase phase);
// The snake_case id the CLI prints ("communication_not_overlapped").
QString stepPhaseId(StepPhase phase);
// Translated, for legends and sentences.
QString stepPhaseDisplayName(StepPhase phase);
// Translated and short, for table headers and heatmap columns ("Comm. not overlapped").
QString stepPhaseShortName(StepPhase phase);

using PhaseValues = std::array<double, StepPhaseCount>;
inline PhaseValues noPhases()
{
    PhaseValues v;
    v.fill(std::numeric_limits<double>::quiet_NaN());
    return v;
}

// One step of one rank. A phase the table lacks is NaN, never 0: "not measured" is not "none".
struct StepRow
{
    QString step; // as the table writes it ("1", "" when the profiler wrote no step number)
    PhaseValues us = noPhases();
    double wallUs = std::numeric_limits<double>::quiet_NaN(); // the table's own step time, if any

    // The step's duration: the table's wall time where it has one (msprof's Iteration Time,
    // MindSpore's total), else Computing + Communication(Not Overlapped) + Free, which is how
    // msprof-analyze's advisor measures a step (it equals Stage in the real samples).
    double stepUs() const;
};

// Means over a rank's steps, per phase (NaN where no step has the phase).
struct StepMeans
{
    qint64 steps = 0;
    PhaseValues us = noPhases();
    double stepUs = std::numeric_limits<double>::quiet_NaN();
};
StepMeans stepMeans(const std::vector<StepRow> &rows);

} // namespace Twinscope::Core
