#pragma once

#include "tracedataset.h"

#include <QString>

#include <vector>

namespace Twinscope::Core {

// What the device was doing in a slice, in the terms both profilers use (HTA's kernel types for
// CUDA, msprof-analyze's task types for Ascend). Memory copies are neither computing nor
// communication: Ascend's Overlap Analysis counts them as Free, HTA as "non-compute".
enum class DeviceTaskKind : quint8 { Compute, Communication, Memory, Other };

// Which engine ran a compute task. Ascend's task types tell AI Core, AI Vector and AI CPU apart;
// CUDA kernels are all "CudaKernel"; Unknown is an Ascend op whose trace says only "Other".
enum class DeviceEngine : quint8 { Unknown, CudaKernel, AiCore, AiVector, AiCpu };

// The role of one track, for the phase breakdown and for op-statistics filters (issue #10: the
// profiler's own "Overlap Analysis" pseudo-slices must not rank beside real ops).
enum class TrackRole : quint8 {
    Host,               // CPU threads: framework ops, runtime calls, Python
    Device,             // device tasks: CUDA streams, Ascend Hardware streams
    CommunicationOps,   // Ascend HCCL op-level spans (hcom_allReduce_…, "Communication" threads)
    CommunicationTasks, // Ascend HCCL task-level planes (Notify_Wait, Memcpy, …)
    Overlap,            // the profiler's "Overlap Analysis" process: derived, not measured
    StepMarks,          // msprof's "Step Trace" thread (Iteration N, FP_BP Time N)
};

struct DeviceTask
{
    quint32 slice = 0;
    DeviceTaskKind kind = DeviceTaskKind::Other;
    DeviceEngine engine = DeviceEngine::Unknown;
    int device = 0; // Kineto: the device pid; Ascend: 0 (one device per file)
};

// Every device task of one dataset, classified from the raw device slices (never from Overlap
// Analysis). Ascend tasks are classified by their "Task Type" argument (AI_CORE, MIX_AIC, MIX_AIV,
// AI_CPU, AI_VECTOR_CORE, FFTS_PLUS compute; NOTIFY_*, REDUCE_*, RDMA*, SDMA*, HCCL* communication;
// MEMCPY*, PCIE_DMA* memory); older torch_npu writes "Other" for every task, and then the task's
// name decides: an all-capitals name (MEMCPY_ASYNC, EVENT_RECORD) is a runtime task type, any other
// name is an operator and so computes. CUDA kernels follow HTA: a name starting with nccl or hccl
// (or containing ncclKernel) communicates, gpu_memcpy/gpu_memset (old Kineto: Memcpy/Memset)
// move memory, every other kernel computes.
struct DeviceTaskSet
{
    QString platform;                  // "cuda", "ascend" or empty when there are no device tasks
    std::vector<DeviceTask> tasks;     // sorted by start
    std::vector<quint32> commOps;      // Ascend HCCL op-level spans, sorted by start
    std::vector<TrackRole> trackRoles; // one per dataset track
    std::vector<int> devices;          // distinct device ids, ascending
    bool argsStale = false;            // the file changed since loading: Task Types were not read
    // Why tasks is empty, translated; empty when there are tasks.
    QString reason;
};

DeviceTaskSet classifyDeviceTasks(const TraceDataset &dataset);

// The role of every track from process and thread names and slice categories alone (no args),
// cheap enough for op-statistics filters.
std::vector<TrackRole> classifyTrackRoles(const TraceDataset &dataset);

// The producer id of the legacy PyTorch profiler's export (torch.autograd.profiler's
// export_chrome_trace: a bare array, pid "CPU functions", no categories).
inline constexpr std::string_view LegacyTorchProducer = "pytorch_legacy";

// Whether a host slice of this category is a framework op: cpu_op (Kineto, torch_npu) or
// Operator (2021 Kineto); in the legacy profiler's export, which writes no category, every host
// slice is one (it records nothing but ops and record_function ranges).
bool isFrameworkOpCategory(const TraceDataset &dataset, std::string_view category);

// Task kind and engine from an Ascend "Task Type" value and the task's name (rules above).
void classifyAscendTask(std::string_view taskType,
                        std::string_view name,
                        DeviceTaskKind *kind,
                        DeviceEngine *engine);

// HTA's communication-kernel rule: ^nccl, ^hccl or ncclKernel anywhere.
bool isCudaCommunicationKernel(std::string_view name);

} // namespace Twinscope::Core
