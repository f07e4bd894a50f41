#pragma once

#include "profilereaders.h"

namespace Twinscope::Core {

// The profiler database torch_npu writes with export_type=db (ascend_pytorch_profiler_<rank>.db)
// and CANN's msprof_*.db, in the layout of the published "Profile Data File Reference (DB)":
// names are ids into STRING_IDS, times are ns. Read through SqliteReadOnly (mode=ro&immutable=1),
// row by row (forward-only queries), into the Profile tab's tables:
// - kernels: COMPUTE_TASK_INFO joined with TASK, one row per kernel (op type, task type as the
//   accelerator core, input shapes/dtypes/formats, duration, waitNs), as kernel_details.csv;
// - steps: STEP_TIME spans, their phases from the profiler's own OVERLAP_ANALYSIS (type 0
//   computing, 1 communication, 2 communication not overlapped, 3 free) clipped to each step, the
//   way msprof-analyze derives StepTraceTime (Stage = computing + not overlapped + free, Preparing
//   = step start to the first device activity);
// - communication: COMMUNICATION_OP per op (count, elapse, waitNs);
// - memory: MEMORY_RECORD curves, OP_MEMORY allocators, NPU_MODULE_MEM peaks per module;
// - rank and device from RANK_DEVICE_MAP / NPU_INFO.
struct NpuDbOptions
{
    // msprof-analyze's analysis.db beside the database gives the steps and communication (with
    // transit and wait split): the database then adds only what analysis.db lacks.
    bool stepsAndCommunicationElsewhere = false;
};

TableRead readNpuProfilerDatabase(const QString &path,
                                  RankProfile &rank,
                                  Diagnostics &diagnostics,
                                  const CancelToken &cancel,
                                  const NpuDbOptions &options = {});

} // namespace Twinscope::Core
