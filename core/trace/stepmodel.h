#pragma once

#include "tracesteps.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace Twinscope::Core {

// The one step model every view and command uses (issue #23), so that Compare, Findings, Profile,
// the report and the CLI count the same steps and give the same step time:
// - a step counts only when complete: the profiler closed its mark, and it is not the stub the
//   profiler leaves when it stops inside a step (the last step, shorter than half the median of
//   the other complete steps — Kineto writes the last ProfilerStep#N as a closed slice of a few
//   µs);
// - the first complete step is the warm-up (compilation, allocator growth, cuDNN/aclnn tuning):
//   reported, excluded from the steady state unless it is the only complete step;
// - a step's time is its mark's window on the host clock, [ProfilerStep#N start, end); a side's
//   step time is the mean over its steady steps (and over its ranks);
// - two runs pair by their steady states (mean against mean); an explicit step pairs the N-th
//   step of each side, counted from 0 over every mark.
enum class StepRole : quint8 { Steady, Warmup, Unfinished };

// "steady", "warmup", "unfinished": the JSON ids.
QString stepRoleId(StepRole role);

struct StepModel
{
    std::vector<StepRole> roles; // one per TraceSteps::steps entry
    std::vector<int> steady;     // the indices of the steady steps, in order
    int warmup = -1;             // the index of the excluded warm-up step, -1 when none
    std::vector<int> unfinished; // the indices of the steps that do not count
    bool marks = false;          // false: a trace without marks is one whole-trace step
    // Mean duration of the steady steps (ns); 0 when there are none.
    double steadyMeanNs(const TraceSteps &steps) const;
};

// Half the median of the other complete steps: a last step shorter than this is the stub a
// profiler leaves when it stops.
inline constexpr double UnfinishedStubShare = 0.5;

StepModel buildStepModel(const TraceSteps &steps);

// The steps a result used, for a header line: "ProfilerStep#1–#3 (3 steady steps; warm-up
// ProfilerStep#0 and unfinished ProfilerStep#4 excluded)". names are the used steps' names in
// order; warmup and unfinished the excluded ones (empty when none).
QString
describeUsedSteps(const QStringList &used, const QString &warmup, const QStringList &unfinished);

} // namespace Twinscope::Core
