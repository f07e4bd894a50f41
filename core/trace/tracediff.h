#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "launchlatency.h"
#include "opdiff.h"
#include "stepmodel.h"
#include "tracecategories.h"
#include "tracediffside.h"

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// Which steps a comparison looks at (the step model, stepmodel.h). Steady: each side's steady
// steps (complete, warm-up excluded), per step on average — what every view and command uses by
// default. Index: the N-th step of each side (0 = first; runs number their steps differently, so
// the position is what both share). All: every complete step, the warm-up included.
enum class TraceStepChoice { Steady, Index, All };

// "steady", "index", "all": the JSON ids.
QString traceStepChoiceId(TraceStepChoice choice);

struct TraceDiffOptions
{
    TraceStepChoice choice = TraceStepChoice::Steady;
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
    StepRole role = StepRole::Steady; // rank 0's step model
};

struct TraceDiffSideSummary
{
    QString path;
    int ranks = 0;
    bool stepsDetected = false;
    std::vector<TraceStepRow> steps; // every step
    std::vector<int> chosen;         // the compared steps
    TraceStepChoice choice = TraceStepChoice::Steady;
    StepModel model;          // rank 0's: which steps are steady, the warm-up, the unfinished ones
    double stepNs = 0;        // mean length of the compared steps
    TracePhasesResult phases; // mean over the compared steps and ranks
    std::optional<TracePhases> profilerPhases;
    StepCategoryTimes categories; // mean over the compared steps and ranks
    std::optional<qint64> peakBytes;
    double firstStepExtraNs = 0; // first step minus the median of the others (compile, warm-up)
    std::vector<TemporalBreakdown> temporal; // per rank, over the compared steps
    std::vector<LaunchLatency> latency;      // per rank, over the compared steps
    // The compared steps' names, and the excluded warm-up and unfinished steps' names.
    QStringList usedStepNames() const;
    QString warmupStepName() const; // empty when none was excluded
    QStringList unfinishedStepNames() const;
    // "ProfilerStep#1 – ProfilerStep#3 (3 steps); excluded: warm-up ProfilerStep#0": for headers.
    QString usedStepsText() const;
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
