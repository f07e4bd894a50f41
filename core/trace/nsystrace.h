#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "tracedataset.h"

namespace Twinscope::Core {

// The timeline of an Nsight Systems SQLite export (nsys export --type sqlite; NVIDIA's "Exporter"
// schema): laid out like a PyTorch/Kineto trace so the CUDA analyses apply unchanged:
// - one process per GPU (pid = device id, as Kineto) with a thread per stream: kernels
//   (CUPTI_ACTIVITY_KIND_KERNEL, category "kernel", the demangled name, grid and block in args),
//   copies and sets (_MEMCPY "gpu_memcpy", _MEMSET "gpu_memset");
// - one process per host process with its threads: CUDA runtime calls (_RUNTIME, "cuda_runtime")
//   and NVTX push/pop and start/end ranges (NVTX_EVENTS, "user_annotation"; a range named
//   "ProfilerStep#N" marks a step as in a Kineto trace), thread names from ThreadNames;
// - flows from each runtime call to the device work with its correlationId ("ac2g").
// Global ids follow the schema: pid = (globalTid >> 24) & 0xFFFFFF, tid = globalTid & 0xFFFFFF.
// Read-only (SqliteReadOnly), one forward pass per table.
Result<TraceDataset>
loadNsysTrace(const QString &path, ProgressSink &progress, const CancelToken &cancel);

} // namespace Twinscope::Core
