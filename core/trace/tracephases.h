#pragma once

#include "intervalset.h"
#include "taskclassify.h"
#include "tracedataset.h"

#include <QString>

#include <limits>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// The step phases of Ascend's own profiler (msprof-analyze's step_trace_time, torch_npu's
// "Overlap Analysis" tracks), computed from raw device tasks (taskclassify.h), in ns:
//   Computing                      = |union of compute tasks|
//   Communication                  = |union of communication ops|
//   Communication(Not Overlapped)  = |communication \ computing|
//   Overlapped                     = Communication − Communication(Not Overlapped)
//   Free                           = |window| − Computing − Communication(Not Overlapped)
// where the window is the asked range clipped to the device's busy extent (first to last compute
// or communication interval of the whole trace): the profiler's Free slices are the gaps between
// busy intervals, so the idle time before the first and after the last task is never Free.
// Communication is the Ascend HCCL op-level spans when the trace has them (msprof-analyze takes
// the COMMUNICATION_OP table), else the communication tasks (CUDA nccl kernels, HCCL task
// streams). Memory copies count in neither, as in torch_npu, whose Free includes MEMCPY_ASYNC.
struct TracePhases
{
    qint64 computingNs = 0;
    qint64 communicationNs = 0;
    qint64 communicationNotOverlappedNs = 0;
    qint64 overlappedNs = 0;
    qint64 freeNs = 0;
    qint64 fromNs = 0, toNs = 0; // the window the numbers cover (empty when no busy time in range)
    qint64 busyNs() const { return computingNs + communicationNotOverlappedNs; }
};

// Phases, or why there are none ("no device tasks": a CPU-only trace, a catapult trace).
struct TracePhasesResult
{
    std::optional<TracePhases> phases;
    QString reason; // translated; set when phases is empty
};

// Busy intervals of one dataset's device(s), built once (O(n log n) in the device tasks) and then
// asked per window in O(log n): the compare view and `tracediff` ask once per step.
class TracePhaseIndex
{
public:
    static constexpr int AllDevices = -1;

    // device: one Kineto device id (DeviceTask::device), or AllDevices.
    TracePhaseIndex(const TraceDataset &dataset,
                    const DeviceTaskSet &tasks,
                    int device = AllDevices);

    bool hasDeviceTasks() const { return m_reason.isEmpty(); }
    TracePhasesResult phases(qint64 fromNs = std::numeric_limits<qint64>::min(),
                             qint64 toNs = std::numeric_limits<qint64>::max()) const;
    // Busy time: the union of compute tasks and of communication, and their intersection.
    const IntervalSet &computing() const { return m_compute; }
    const IntervalSet &communication() const { return m_comm; }
    const IntervalSet &overlapped() const { return m_overlap; }

private:
    IntervalSet m_compute, m_comm, m_overlap;
    qint64 m_firstBusy = 0, m_lastBusy = 0;
    QString m_reason;
};

// The whole dataset (every device), in one call: what `trace --json` reports per file and what a
// profiler folder without step_trace_time.csv shows (issue #11).
TracePhasesResult computeTracePhases(const TraceDataset &dataset,
                                     qint64 fromNs = std::numeric_limits<qint64>::min(),
                                     qint64 toNs = std::numeric_limits<qint64>::max());

// The profiler's own numbers, where the trace carries its "Overlap Analysis" process: the sum of
// its Computing, Communication, Communication(Not Overlapped) and Free slices clipped to the
// range (Overlapped derived as msprof-analyze does). nullopt when the trace has no such process.
// Shown beside Twinscope's own numbers, never instead of them.
std::optional<TracePhases> profilerOverlapPhases(const TraceDataset &dataset,
                                                 qint64 fromNs = std::numeric_limits<qint64>::min(),
                                                 qint64 toNs = std::numeric_limits<qint64>::max());

} // namespace Twinscope::Core
