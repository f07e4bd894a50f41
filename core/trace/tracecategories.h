#pragma once

#include "intervalset.h"
#include "taskclassify.h"
#include "tracedataset.h"

#include <QString>

#include <array>
#include <string_view>

namespace Twinscope::Core {

// Where a step's wall time went, as a partition (the categories of one step add up to its length,
// so each category's delta is a share of the step-time gap). Issue #10's list, in the order a
// moment is attributed when several things happen at once: device compute first (format
// conversions and the porting guide's copy bottlenecks carved out of it, then AI CPU, AI Vector,
// AI Core, other compute), then communication the compute does not hide, then memory copies,
// then — the device idle — data loading and host/framework work, and what is left is idle.
enum class StepCategory : quint8 {
    FormatConversion, // TransData, Cast, TransposeD
    CopyBottleneck,   // D2DCopywithStreamSynchronize, PTCopy, format_contiguous, ViewCopy
    ComputeAiCpu,
    ComputeAiVector,
    ComputeAiCore,
    Compute, // CUDA kernels, and Ascend ops whose trace names no engine
    Communication,
    Memory,
    DataLoading,
    Host,
    Idle,
};
constexpr int StepCategoryCount = 11;

// "format_conversion", "copy_bottleneck", "compute_ai_cpu", "compute_ai_vector",
// "compute_ai_core", "compute", "communication", "memory", "data_loading", "host", "idle".
QString stepCategoryId(StepCategory category);
QString stepCategoryName(StepCategory category); // translated

// The category of a compute task from its name and engine.
StepCategory computeCategoryOf(std::string_view name, DeviceEngine engine);

struct StepCategoryTimes
{
    std::array<qint64, StepCategoryCount> ns{};
    qint64 &operator[](StepCategory c) { return ns[size_t(c)]; }
    qint64 operator[](StepCategory c) const { return ns[size_t(c)]; }
};

// One disjoint interval set per category, built once per trace; a window's times are then a few
// binary searches each. Host work is a slice of a host thread in a framework category (cpu_op,
// Operator, cuda_runtime, Runtime, cuda_driver) or any slice of torch_npu's/msprof's "CANN"
// process; data loading a host slice named like a data loader (DataLoader, GetNext, InitData).
class StepCategoryIndex
{
public:
    StepCategoryIndex(const TraceDataset &dataset, const DeviceTaskSet &tasks);
    StepCategoryTimes times(qint64 fromNs, qint64 toNs) const;

private:
    std::array<IntervalSet, StepCategoryCount - 1> m_sets; // Idle is what is left
};

} // namespace Twinscope::Core
