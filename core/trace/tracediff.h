#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "launchlatency.h"
#include "opdiff.h"
#include "tracecategories.h"
#include "tracediffside.h"

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// Which steps a comparison looks at. Median: each side's step of median length among its
// complete steps (the first, compiling step is rarely the median). Index: the N-th step of each
// side (0 = first; runs number their steps differently, so the position is what both share).
// All: every complete step, reported per step on average.
enum class TraceStepChoice { Median, Index, All };

struct TraceDiffOptions
{
    TraceStepChoice choice = TraceStepChoice::Median;
    int stepIndex = 0;
    std::shared_ptr<const OpFamilyMap> families; // null: the built-in families
};

// One step of one side, averaged over its ranks.
struct TraceStepRow
{
    QString name;       // empty for a trace without step marks
    qint64 startNs = 0; // rank 0's clock
    double durationNs = 0;
    TracePhasesResult phases;
    std::optional<TracePhases> profilerPhases; // the trace's own Overlap Analysis, if it has one
    StepCategoryTimes categories;
    double gapBeforeNs = 0; // from the previous step's end (data loading between steps)
    std::optional<qint64> peakBytes;
    bool complete = true;
};

struct TraceDiffSideSummary
{
    QString path;
    int ranks = 0;
    bool stepsDetected = false;
    std::vector<TraceStepRow> steps; // every step
    std::vector<int> chosen;         // the compared steps
    double stepNs = 0;               // mean length of the compared steps
    TracePhasesResult phases;        // mean over the compared steps and ranks
    std::optional<TracePhases> profilerPhases;
    StepCategoryTimes categories; // mean over the compared steps and ranks
    std::optional<qint64> peakBytes;
    double firstStepExtraNs = 0; // first step minus the median of the others (compile, warm-up)
    std::vector<TemporalBreakdown> temporal; // per rank, over the compared steps
    std::vector<LaunchLatency> latency;      // per rank, over the compared steps
    // Framework ops by input shape (key_averages(group_by_input_shape=True)) is computed on
    // demand by computeOpShapes(): it reads every op's args.
};

struct TraceCategoryDiffRow
{
    StepCategory category = StepCategory::Idle;
    double baselineNs = 0, targetNs = 0;
    double deltaNs() const { return targetNs - baselineNs; }
};

struct TraceDiff
{
    TraceDiffSideSummary baseline, target;
    std::vector<TraceCategoryDiffRow> categories; // sorted by |delta|, largest first
    std::vector<OpDiffRow> ops;                   // sorted by |delta|, largest first
    // delta / (target step − baseline step); 0 when the steps are equally long.
    double shareOfGap(double deltaNs) const;
};

// Compares two loaded sides. Fails (ErrorCode::Unsupported) when Index asks for a step a side
// does not have.
Result<TraceDiff> compareTraceSides(const TraceDiffSide &baseline,
                                    const TraceDiffSide &target,
                                    const TraceDiffOptions &options,
                                    const CancelToken &cancel = {});

} // namespace Twinscope::Core
