#pragma once

#include "tracediff.h"
#include "tracediffside.h"

#include <QString>

#include <memory>

namespace Twinscope::Core {

// The comparison pipeline (issue #10): two traces (each a file or a folder of ranks) → both
// loaded side by side within the worker pool's budget → profiled → compared at the chosen
// steps. The Compare tab, `twinscope-cli tracediff` and the tests call this one function; the tab
// re-compares loaded sides (another step, a swap, a mapping file) with compareTraceSides().
struct TraceDiffInput
{
    QString baseline;
    QString target;
    TraceDiffOptions options;
    QString familyFile; // a user's regex → family JSON, read first; empty for none
    ChromeTraceOptions load;
};

struct TraceDiffAnalysis
{
    std::shared_ptr<const TraceDiffSide> baseline, target;
    std::shared_ptr<const TraceDiff> diff;
    std::shared_ptr<const OpFamilyMap> families; // built-in plus the user's
};

// Fails when the mapping file is unusable, when either side loads nothing, or when a step is
// asked that a side does not have (ErrorCode::Unsupported).
Result<TraceDiffAnalysis> runTraceDiffPipeline(const TraceDiffInput &input,
                                               ProgressSink &progress,
                                               const CancelToken &cancel);

} // namespace Twinscope::Core
