#include "tracephases.h"

#include "core/common/tr.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

TracePhaseIndex::TracePhaseIndex(const TraceDataset &ds, const DeviceTaskSet &tasks, int device)
{
    if (tasks.tasks.empty() && tasks.commOps.empty()) {
        m_reason = tasks.reason.isEmpty() ? Tr::tr("The trace has no device tasks.") : tasks.reason;
        return;
    }
    std::vector<std::pair<qint64, qint64>> compute, comm;
    for (const DeviceTask &t : tasks.tasks) {
        if (device != AllDevices && t.device != device)
            continue;
        const std::pair<qint64, qint64> span(ds.sliceStart[t.slice], ds.sliceEnd(t.slice));
        if (t.kind == DeviceTaskKind::Compute)
            compute.push_back(span);
        else if (t.kind == DeviceTaskKind::Communication && tasks.commOps.empty())
            comm.push_back(span);
    }
    for (const quint32 op : tasks.commOps)
        comm.emplace_back(ds.sliceStart[op], ds.sliceEnd(op));
    // Device tasks come sorted by start (classifyDeviceTasks), HCCL ops too.
    m_compute = IntervalSet::fromSortedSpans(compute);
    m_comm = IntervalSet::fromSortedSpans(comm);
    m_overlap = IntervalSet::intersect(m_compute, m_comm);
    const IntervalSet busy = IntervalSet::unite(m_compute, m_comm);
    if (!busy.isEmpty()) {
        m_firstBusy = busy.first();
        m_lastBusy = busy.last();
    }
}

TracePhasesResult TracePhaseIndex::phases(qint64 fromNs, qint64 toNs) const
{
    TracePhasesResult r;
    if (!m_reason.isEmpty()) {
        r.reason = m_reason;
        return r;
    }
    TracePhases p;
    p.fromNs = std::max(fromNs, m_firstBusy);
    p.toNs = std::max(p.fromNs, std::min(toNs, m_lastBusy));
    p.computingNs = m_compute.lengthIn(p.fromNs, p.toNs);
    p.communicationNs = m_comm.lengthIn(p.fromNs, p.toNs);
    p.overlappedNs = m_overlap.lengthIn(p.fromNs, p.toNs);
    p.communicationNotOverlappedNs = p.communicationNs - p.overlappedNs;
    p.freeNs = (p.toNs - p.fromNs) - p.computingNs - p.communicationNotOverlappedNs;
    r.phases = p;
    return r;
}

TracePhasesResult computeTracePhases(const TraceDataset &dataset, qint64 fromNs, qint64 toNs)
{
    const DeviceTaskSet tasks = classifyDeviceTasks(dataset);
    return TracePhaseIndex(dataset, tasks).phases(fromNs, toNs);
}

std::optional<TracePhases> profilerOverlapPhases(const TraceDataset &ds, qint64 fromNs, qint64 toNs)
{
    std::optional<TracePhases> out;
    for (const TraceTrack &track : ds.tracks) {
        if (track.kind != TraceTrackKind::Thread || track.process < 0 ||
            ds.processes[size_t(track.process)].name != u"Overlap Analysis"_s)
            continue;
        if (!out) {
            out = TracePhases();
            out->fromNs = std::numeric_limits<qint64>::max();
            out->toNs = std::numeric_limits<qint64>::min();
        }
        const std::string_view thread = ds.strings.view(track.name);
        qint64 *sum = nullptr;
        if (thread == "Computing")
            sum = &out->computingNs;
        else if (thread == "Communication")
            sum = &out->communicationNs;
        else if (thread == "Communication(Not Overlapped)")
            sum = &out->communicationNotOverlappedNs;
        else if (thread == "Free")
            sum = &out->freeNs;
        if (!sum)
            continue;
        for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i) {
            const qint64 s = std::max(ds.sliceStart[i], fromNs);
            const qint64 e = std::min(ds.sliceEnd(i), toNs);
            if (e <= s)
                continue;
            *sum += e - s;
            out->fromNs = std::min(out->fromNs, s);
            out->toNs = std::max(out->toNs, e);
        }
    }
    if (out && out->fromNs > out->toNs)
        out->fromNs = out->toNs = 0;
    if (out)
        out->overlappedNs = out->communicationNs - out->communicationNotOverlappedNs;
    return out;
}

} // namespace Twinscope::Core
