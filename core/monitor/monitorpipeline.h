#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "monitorcomparison.h"
#include "monitordataset.h"

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// The monitor pipeline (issue #27): one or two monitor runs loaded, and with two, B compared
// with the benchmark A. The Monitor tab, `twinscope-cli monitor` and the tests call this.
struct MonitorPipelineInput
{
    QStringList paths; // A (benchmark) first, then B
    MonitorCompareOptions compare;
};

struct MonitorRunOutcome
{
    QString path;
    std::shared_ptr<const MonitorRun> run; // null when it failed
    Diagnostics diagnostics;
    std::optional<Error> error;
};

struct MonitorAnalysis
{
    std::vector<MonitorRunOutcome> runs;
    std::shared_ptr<const MonitorComparison> comparison; // with two runs that loaded
};

// Fails with the first run's error when a run fails (a comparison needs both).
Result<MonitorAnalysis> runMonitorPipeline(const MonitorPipelineInput &input,
                                           ProgressSink &progress,
                                           const CancelToken &cancel);

} // namespace Twinscope::Core
