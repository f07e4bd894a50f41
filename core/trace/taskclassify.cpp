#include "taskclassify.h"

#include "core/common/nearlysorted.h"
#include "core/common/tr.h"
#include "traceargs.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

bool contains(std::string_view s, std::string_view part)
{
    return s.find(part) != std::string_view::npos;
}

// A runtime task type is written in capitals, digits and underscores (MEMCPY_ASYNC,
// EVENT_RECORD, NOTIFY_WAIT); operators are not (aclnnAdd_AddAiCore_Add, Default/MemSet-op535).
bool looksLikeTaskType(std::string_view name)
{
    if (name.empty())
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

enum class CategoryClass : quint8 { None, Kernel, Memory };

CategoryClass cudaCategory(std::string_view cat)
{
    // New Kineto (kernel, gpu_memcpy, gpu_memset) and the 2021 style (Kernel, Memcpy, Memset).
    if (cat == "kernel" || cat == "Kernel")
        return CategoryClass::Kernel;
    if (cat == "gpu_memcpy" || cat == "gpu_memset" || cat == "Memcpy" || cat == "Memset")
        return CategoryClass::Memory;
    return CategoryClass::None;
}

} // namespace

bool isCudaCommunicationKernel(std::string_view name)
{
    return startsWith(name, "nccl") || startsWith(name, "hccl") || contains(name, "ncclKernel");
}

void classifyAscendTask(std::string_view taskType,
                        std::string_view name,
                        DeviceTaskKind *kind,
                        DeviceEngine *engine)
{
    *engine = DeviceEngine::Unknown;
    std::string_view type = taskType;
    if (type.empty() || type == "Other" || type == "OTHER" || type == "UNKNOWN") {
        if (!looksLikeTaskType(name)) {
            // An operator: it computes. The engine shows in torch_npu's kernel names.
            *kind = DeviceTaskKind::Compute;
            if (contains(name, "AiCpu") || contains(name, "AICPU") || contains(name, "AiCPU"))
                *engine = DeviceEngine::AiCpu;
            else if (contains(name, "AiCore") || contains(name, "AICore"))
                *engine = DeviceEngine::AiCore;
            return;
        }
        type = name;
    }
    // msprof-analyze's compute task types (TraceEventBean._COMPUTE_TASK_TYPES).
    if (type == "AI_CORE" || type == "MIX_AIC" || type == "FFTS_PLUS") {
        *kind = DeviceTaskKind::Compute;
        *engine = DeviceEngine::AiCore;
        return;
    }
    if (type == "AI_VECTOR_CORE" || type == "MIX_AIV") {
        *kind = DeviceTaskKind::Compute;
        *engine = DeviceEngine::AiVector;
        return;
    }
    if (type == "AI_CPU") {
        *kind = DeviceTaskKind::Compute;
        *engine = DeviceEngine::AiCpu;
        return;
    }
    static constexpr std::string_view comms[] = {
        "NOTIFY", "REDUCE", "RDMA", "SDMA", "HCCL", "WRITE_VALUE"};
    for (const std::string_view comm : comms) {
        if (startsWith(type, comm)) {
            *kind = DeviceTaskKind::Communication;
            return;
        }
    }
    if (startsWith(type, "MEMCPY") || startsWith(type, "PCIE_DMA") || startsWith(type, "MEMSET")) {
        *kind = DeviceTaskKind::Memory;
        return;
    }
    *kind = DeviceTaskKind::Other; // EVENT_RECORD, EVENT_WAIT, STARS_*, …: synchronisation
}

std::vector<TrackRole> classifyTrackRoles(const TraceDataset &ds)
{
    std::vector<TrackRole> roles(ds.tracks.size(), TrackRole::Host);
    std::vector<bool> cudaCat(ds.strings.size(), false);
    bool anyCuda = false;
    for (quint32 id = 0; id < ds.strings.size(); ++id) {
        cudaCat[id] = cudaCategory(ds.strings.view(id)) != CategoryClass::None;
        anyCuda = anyCuda || cudaCat[id];
    }
    for (size_t t = 0; t < ds.tracks.size(); ++t) {
        const TraceTrack &track = ds.tracks[t];
        if (track.kind != TraceTrackKind::Thread || track.process < 0)
            continue;
        const QString &process = ds.processes[size_t(track.process)].name;
        const std::string_view thread = ds.strings.view(track.name);
        if (process == u"Overlap Analysis"_s)
            roles[t] = TrackRole::Overlap;
        else if (process == u"HCCL"_s || process == u"Communication"_s)
            roles[t] = contains(thread, "Communication") ? TrackRole::CommunicationOps
                                                         : TrackRole::CommunicationTasks;
        else if (process == u"Ascend Hardware"_s)
            roles[t] = startsWith(thread, "Step Trace") ? TrackRole::StepMarks : TrackRole::Device;
        else if (anyCuda) {
            for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i) {
                if (cudaCat[ds.sliceCategory[i]]) {
                    roles[t] = TrackRole::Device;
                    break;
                }
            }
        }
    }
    return roles;
}

bool isFrameworkOpCategory(const TraceDataset &ds, std::string_view cat)
{
    if (cat == "cpu_op" || cat == "Operator")
        return true;
    return cat.empty() && ds.producer == QLatin1StringView(LegacyTorchProducer.data(),
                                                           qsizetype(LegacyTorchProducer.size()));
}

DeviceTaskSet classifyDeviceTasks(const TraceDataset &ds)
{
    DeviceTaskSet out;
    out.trackRoles = classifyTrackRoles(ds);
    std::vector<CategoryClass> catClass(ds.strings.size(), CategoryClass::None);
    for (quint32 id = 0; id < ds.strings.size(); ++id)
        catClass[id] = cudaCategory(ds.strings.view(id));

    std::vector<quint32> ascendSlices;
    bool ascend = false, cuda = false;
    for (size_t t = 0; t < ds.tracks.size(); ++t) {
        const TraceTrack &track = ds.tracks[t];
        switch (out.trackRoles[t]) {
        case TrackRole::CommunicationOps:
            for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i)
                out.commOps.push_back(i);
            break;
        case TrackRole::Device: {
            if (ds.processes[size_t(track.process)].name == u"Ascend Hardware"_s) {
                ascend = true;
                for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i)
                    ascendSlices.push_back(i);
                break;
            }
            cuda = true;
            // Once per track: a QString per kernel was a visible share of a 1 GB comparison.
            const int device = ds.strings.string(ds.processes[size_t(track.process)].pid).toInt();
            for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i) {
                const CategoryClass c = catClass[ds.sliceCategory[i]];
                if (c == CategoryClass::None)
                    continue; // gpu_user_annotation: a mark, not a task
                DeviceTask task;
                task.slice = i;
                task.device = device;
                if (c == CategoryClass::Memory) {
                    task.kind = DeviceTaskKind::Memory;
                } else {
                    task.engine = DeviceEngine::CudaKernel;
                    task.kind = isCudaCommunicationKernel(ds.strings.view(ds.sliceName[i]))
                                    ? DeviceTaskKind::Communication
                                    : DeviceTaskKind::Compute;
                }
                out.tasks.push_back(task);
            }
            break;
        }
        case TrackRole::Host:
        case TrackRole::CommunicationTasks:
        case TrackRole::Overlap:
        case TrackRole::StepMarks:
            break;
        }
    }
    if (!ascendSlices.empty()) {
        // Every Ascend task's "Task Type", in one pass over the file (forEachArgs).
        std::vector<quint8> type(ascendSlices.size(), 0);
        std::vector<QByteArray> types{QByteArray()};
        forEachArgs(
            ds,
            ArgsOf::Slices,
            ascendSlices,
            [&](size_t k, std::string_view text) {
                const std::optional<std::string_view> v = argsMember(text, "Task Type");
                if (!v || v->size() < 2 || v->front() != '"')
                    return;
                const QByteArray t(v->data() + 1, qsizetype(v->size() - 2));
                auto it = std::find(types.begin(), types.end(), t);
                if (it == types.end() && types.size() < 255)
                    it = types.insert(types.end(), t);
                if (it != types.end())
                    type[k] = quint8(it - types.begin());
            },
            &out.argsStale);
        for (size_t k = 0; k < ascendSlices.size(); ++k) {
            DeviceTask task;
            task.slice = ascendSlices[k];
            const QByteArray &t = types[type[k]];
            classifyAscendTask(std::string_view(t.constData(), size_t(t.size())),
                               ds.strings.view(ds.sliceName[task.slice]),
                               &task.kind,
                               &task.engine);
            out.tasks.push_back(task);
        }
    }
    auto byStart = [&ds](quint32 a, quint32 b) {
        return ds.sliceStart[a] != ds.sliceStart[b] ? ds.sliceStart[a] < ds.sliceStart[b] : a < b;
    };
    // A total order (ties by slice index), so skipping the sort of a sorted list changes nothing.
    const auto taskByStart = [&](const DeviceTask &a, const DeviceTask &b) {
        return byStart(a.slice, b.slice);
    };
    sortNearlySortedTotal(out.tasks.begin(), out.tasks.end(), taskByStart);
    sortNearlySortedTotal(out.commOps.begin(), out.commOps.end(), byStart);
    for (const DeviceTask &task : out.tasks) {
        if (std::find(out.devices.begin(), out.devices.end(), task.device) == out.devices.end())
            out.devices.push_back(task.device);
    }
    std::sort(out.devices.begin(), out.devices.end());
    if (ascend)
        out.platform = u"ascend"_s;
    else if (cuda)
        out.platform = u"cuda"_s;
    if (out.tasks.empty() && out.commOps.empty()) {
        out.reason =
            Tr::tr("The trace has no device tasks: no CUDA kernels, memory copies or "
                   "\"Ascend Hardware\" tasks were found, so only host activity was recorded.");
    }
    return out;
}

} // namespace Twinscope::Core
