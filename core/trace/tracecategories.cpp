#include "tracecategories.h"

#include "core/common/tr.h"
#include "tracesteps.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool containsAny(std::string_view s, std::initializer_list<std::string_view> parts)
{
    return std::any_of(parts.begin(), parts.end(), [s](std::string_view p) {
        return s.find(p) != std::string_view::npos;
    });
}

// Host slices in a framework category do framework work: an op, a runtime or driver call.
bool isFrameworkCategory(std::string_view cat)
{
    return cat == "cpu_op" || cat == "Operator" || cat == "cuda_runtime" || cat == "Runtime" ||
           cat == "cuda_driver";
}

bool isDataLoading(std::string_view name)
{
    return containsAny(name, {"DataLoader", "dataloader", "GetNext", "InitData"});
}

} // namespace

QString stepCategoryId(StepCategory c)
{
    switch (c) {
    case StepCategory::FormatConversion:
        return u"format_conversion"_s;
    case StepCategory::CopyBottleneck:
        return u"copy_bottleneck"_s;
    case StepCategory::ComputeAiCpu:
        return u"compute_ai_cpu"_s;
    case StepCategory::ComputeAiVector:
        return u"compute_ai_vector"_s;
    case StepCategory::ComputeAiCore:
        return u"compute_ai_core"_s;
    case StepCategory::Compute:
        return u"compute"_s;
    case StepCategory::Communication:
        return u"communication"_s;
    case StepCategory::Memory:
        return u"memory"_s;
    case StepCategory::DataLoading:
        return u"data_loading"_s;
    case StepCategory::Host:
        return u"host"_s;
    case StepCategory::Idle:
        return u"idle"_s;
    }
    return {};
}

QString stepCategoryName(StepCategory c)
{
    switch (c) {
    case StepCategory::FormatConversion:
        return Tr::tr("Format conversion (TransData, Cast, TransposeD)");
    case StepCategory::CopyBottleneck:
        return Tr::tr("Copy bottlenecks (ViewCopy, PTCopy, format_contiguous, D2DCopy)");
    case StepCategory::ComputeAiCpu:
        return Tr::tr("Compute: AI CPU");
    case StepCategory::ComputeAiVector:
        return Tr::tr("Compute: AI Vector");
    case StepCategory::ComputeAiCore:
        return Tr::tr("Compute: AI Core");
    case StepCategory::Compute:
        return Tr::tr("Compute: device kernels");
    case StepCategory::Communication:
        return Tr::tr("Communication (not overlapped)");
    case StepCategory::Memory:
        return Tr::tr("Memory copies");
    case StepCategory::DataLoading:
        return Tr::tr("Data loading");
    case StepCategory::Host:
        return Tr::tr("Host/framework (device idle)");
    case StepCategory::Idle:
        return Tr::tr("Idle");
    }
    return {};
}

StepCategory computeCategoryOf(std::string_view name, DeviceEngine engine)
{
    // The porting guide's names, case as the ops write them; Cast only as a word so that
    // Broadcast is not a conversion.
    static const QRegularExpression conversion(
        u"TransData|TransposeD|(^|[^A-Za-z])Cast([^a-z]|$)|aclnnCast"_s);
    if (containsAny(name,
                    {"D2DCopywithStreamSynchronize", "PTCopy", "format_contiguous", "ViewCopy"}))
        return StepCategory::CopyBottleneck;
    if (containsAny(name, {"TransData", "TransposeD", "Cast"}) &&
        conversion.match(QString::fromUtf8(name.data(), qsizetype(name.size()))).hasMatch())
        return StepCategory::FormatConversion;
    switch (engine) {
    case DeviceEngine::AiCpu:
        return StepCategory::ComputeAiCpu;
    case DeviceEngine::AiVector:
        return StepCategory::ComputeAiVector;
    case DeviceEngine::AiCore:
        return StepCategory::ComputeAiCore;
    case DeviceEngine::CudaKernel:
    case DeviceEngine::Unknown:
        break;
    }
    return StepCategory::Compute;
}

StepCategoryIndex::StepCategoryIndex(const TraceDataset &ds, const DeviceTaskSet &tasks)
{
    using Spans = std::vector<std::pair<qint64, qint64>>;
    // Compute tasks by category (names decided once per interned name), sorted by start already.
    std::vector<qint8> categoryOfName(ds.strings.size(), -1);
    std::array<Spans, 6> compute;
    Spans comm, memory;
    for (const DeviceTask &t : tasks.tasks) {
        const std::pair<qint64, qint64> span(ds.sliceStart[t.slice], ds.sliceEnd(t.slice));
        switch (t.kind) {
        case DeviceTaskKind::Compute: {
            const quint32 name = ds.sliceName[t.slice];
            if (categoryOfName[name] < 0)
                categoryOfName[name] = qint8(computeCategoryOf(ds.strings.view(name), t.engine));
            compute[size_t(categoryOfName[name])].push_back(span);
            break;
        }
        case DeviceTaskKind::Communication:
            if (tasks.commOps.empty())
                comm.push_back(span);
            break;
        case DeviceTaskKind::Memory:
            memory.push_back(span);
            break;
        case DeviceTaskKind::Other:
            break;
        }
    }
    for (const quint32 op : tasks.commOps)
        comm.emplace_back(ds.sliceStart[op], ds.sliceEnd(op));
    Spans host, data;
    std::vector<qint8> framework(ds.strings.size(), -1);
    for (size_t t = 0; t < ds.tracks.size(); ++t) {
        const TraceTrack &track = ds.tracks[t];
        if (track.kind != TraceTrackKind::Thread || t >= tasks.trackRoles.size() ||
            tasks.trackRoles[t] != TrackRole::Host)
            continue;
        const bool cann =
            track.process >= 0 && ds.processes[size_t(track.process)].name == u"CANN"_s;
        for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i) {
            const quint32 cat = ds.sliceCategory[i];
            if (framework[cat] < 0)
                framework[cat] = isFrameworkCategory(ds.strings.view(cat)) ||
                                         isFrameworkOpCategory(ds, ds.strings.view(cat))
                                     ? 1
                                     : 0;
            // A step mark spans the whole step: it is no work (torch_npu and the legacy
            // profiler write it among the ops).
            if (isStepMarkName(ds.strings.view(ds.sliceName[i])))
                continue;
            if (isDataLoading(ds.strings.view(ds.sliceName[i])))
                data.emplace_back(ds.sliceStart[i], ds.sliceEnd(i));
            else if (cann || framework[cat])
                host.emplace_back(ds.sliceStart[i], ds.sliceEnd(i));
        }
    }
    // Exclusive sets, in attribution order: each category loses what an earlier one holds.
    IntervalSet taken;
    auto claim = [&taken](IntervalSet set) {
        IntervalSet own = IntervalSet::subtract(set, taken);
        taken = IntervalSet::unite(taken, set);
        return own;
    };
    for (size_t c = 0; c < compute.size(); ++c)
        m_sets[c] = claim(IntervalSet::fromSortedSpans(compute[c]));
    m_sets[size_t(StepCategory::Communication)] = claim(IntervalSet::fromSortedSpans(comm));
    m_sets[size_t(StepCategory::Memory)] = claim(IntervalSet::fromSortedSpans(memory));
    m_sets[size_t(StepCategory::DataLoading)] = claim(IntervalSet::fromSpans(std::move(data)));
    m_sets[size_t(StepCategory::Host)] = claim(IntervalSet::fromSpans(std::move(host)));
}

StepCategoryTimes StepCategoryIndex::times(qint64 fromNs, qint64 toNs) const
{
    StepCategoryTimes out;
    qint64 used = 0;
    for (size_t c = 0; c < m_sets.size(); ++c) {
        out.ns[c] = m_sets[c].lengthIn(fromNs, toNs);
        used += out.ns[c];
    }
    out[StepCategory::Idle] = std::max<qint64>(0, toNs - fromNs) - used;
    return out;
}

} // namespace Twinscope::Core
