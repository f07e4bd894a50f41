#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "tracedataset.h"

namespace Twinscope::Core {

// The timeline of a torch_npu / CANN profiler database (ascend_pytorch_profiler_*.db,
// msprof_*.db; "Profile Data File Reference (DB)"), laid out like the trace_view.json of the same
// run so that every analysis of a text export applies unchanged:
// - "Python": PYTORCH_API per host thread (cpu_op, python_function, enqueue/dequeue), with
//   "Input Dims" and "Input type" from inputShapes/inputDtypes;
// - "CANN": CANN_API per host thread;
// - "Ascend Hardware": TASK per stream, named by COMPUTE_TASK_INFO (op name, shapes, "Task Type" =
//   the accelerator core) or by the task type;
// - "HCCL": COMMUNICATION_OP on "Group <g> Communication" and COMMUNICATION_TASK_INFO per plane;
// - "Overlap Analysis": the profiler's OVERLAP_ANALYSIS (Computing, Communication, Communication
//   (Not Overlapped), Free);
// - "NPU Memory": MEMORY_RECORD as counters and as "[memory]" instants for the memory track;
// - flows from CONNECTION_IDS: op -> task (async_npu), CANN API -> task (HostToDevice), enqueue ->
//   dequeue (async_task_queue), forward -> backward (fwdbwd), as connectionCats names them when the
//   database has it.
// Read-only (SqliteReadOnly), one forward pass per table. A table the database lacks is skipped;
// one whose columns are unusable fails with the query that failed.
Result<TraceDataset>
loadNpuProfilerDbTrace(const QString &path, ProgressSink &progress, const CancelToken &cancel);

} // namespace Twinscope::Core
