#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "losscomparison.h"
#include "lossfollower.h"
#include "lossloader.h"

#include <QList>

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// The loss pipeline (issue #9): logs -> each parsed (in parallel within the worker pool) -> the
// benchmark A against the run under test B on one metric. The Loss tab, `twinscope-cli loss` and
// the tests call this one function; the tab passes runs it already holds so that a new tolerance
// only compares again.
struct LossPipelineInput
{
    struct Run
    {
        QString path;
        LossLoadOptions options;
        std::shared_ptr<const LossRun> loaded; // already parsed: not read again
        qint64 stepOffset = 0;                 // added to its steps (a resumed run)
        // Live follow: the follower reads what was appended since its last poll (it wins over
        // `loaded`, which it returns again when nothing changed).
        std::shared_ptr<LossLogFollower> follower;
    };
    QList<Run> runs;            // A (benchmark) first, then B; more runs are only loaded (overlays)
    QString metric;             // empty: A's main metric
    LossCompareOptions compare; // its offsets are taken from the runs
};

struct LossRunOutcome
{
    QString path;
    std::shared_ptr<const LossRun> run; // null when it failed
    Diagnostics diagnostics;
    std::optional<Error> error;
};

struct LossAnalysis
{
    std::vector<LossRunOutcome> runs; // the input order
    QString metric;                   // the metric compared (A's main one when none was asked)
    // A against B: the first two runs that loaded; null with fewer.
    std::shared_ptr<const LossComparison> comparison;
};

// A log that fails is reported in its outcome; the others are kept. Fails only with no runs.
Result<LossAnalysis>
runLossPipeline(const LossPipelineInput &input, ProgressSink &progress, const CancelToken &cancel);

} // namespace Twinscope::Core
