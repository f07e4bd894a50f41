#pragma once

#include "taskclassify.h"
#include "tracedataset.h"

#include <limits>
#include <vector>

namespace Twinscope::Core {

// HTA's kernel launch statistics (get_cuda_kernel_launch_stats): for every device task whose
// launch the trace links by a flow (Kineto's ac2g from cudaLaunchKernel, torch_npu's async_npu
// from the host op), the delay from the end of the launching host slice to the task's start,
// clipped at 0 as HTA clips it. Tasks without a flow are not counted.
struct LaunchLatency
{
    std::vector<qint64> delaysNs; // sorted
    qint64 count() const { return qint64(delaysNs.size()); }
    double meanNs() const;
    // The q-quantile (0..1) by nearest rank; 0 without delays.
    qint64 quantileNs(double q) const;
};

LaunchLatency computeLaunchLatency(const TraceDataset &dataset,
                                   const DeviceTaskSet &tasks,
                                   qint64 fromNs = std::numeric_limits<qint64>::min(),
                                   qint64 toNs = std::numeric_limits<qint64>::max());

// HTA's temporal breakdown (get_temporal_breakdown) of one rank over [first, last] device task:
// idle = no task running, compute = compute tasks running, non-compute = only communication or
// memory tasks; plus HTA's communication/computation overlap (the share of communication time
// during which computation runs).
struct TemporalBreakdown
{
    qint64 spanNs = 0;
    qint64 idleNs = 0;
    qint64 computeNs = 0;
    qint64 nonComputeNs = 0;
    double overlapPercent = 0; // 0 when there is no communication
    bool valid = false;        // false without device tasks
};

TemporalBreakdown computeTemporalBreakdown(const TraceDataset &dataset,
                                           const DeviceTaskSet &tasks,
                                           qint64 fromNs = std::numeric_limits<qint64>::min(),
                                           qint64 toNs = std::numeric_limits<qint64>::max());

} // namespace Twinscope::Core
