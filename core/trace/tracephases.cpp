#include "tracephases.h"

#include "core/common/tr.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

void TracePhaseIndex::Intervals::build(std::vector<std::pair<qint64, qint64>> spans)
{
    std::sort(spans.begin(), spans.end());
    start.clear();
    end.clear();
    for (const auto &[s, e] : spans) {
        if (!end.empty() && s <= end.back()) {
            end.back() = std::max(end.back(), e); // touching intervals merge, as msprof-analyze's
            continue;                             // merge_continuous_intervals does
        }
        start.push_back(s);
        end.push_back(e);
    }
    prefix.assign(start.size() + 1, 0);
    for (size_t i = 0; i < start.size(); ++i)
        prefix[i + 1] = prefix[i] + (end[i] - start[i]);
}

qint64 TracePhaseIndex::Intervals::lengthIn(qint64 from, qint64 to) const
{
    if (from >= to || start.empty())
        return 0;
    // Disjoint and sorted, so the ends are sorted too.
    const size_t i = size_t(
        std::partition_point(end.begin(), end.end(), [from](qint64 e) { return e <= from; }) -
        end.begin());
    const size_t j =
        size_t(std::partition_point(start.begin(), start.end(), [to](qint64 s) { return s < to; }) -
               start.begin());
    if (i >= j)
        return 0;
    qint64 total = prefix[j] - prefix[i];
    if (start[i] < from)
        total -= from - start[i];
    if (end[j - 1] > to)
        total -= end[j - 1] - to;
    return total;
}

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
    m_compute.build(std::move(compute));
    m_comm.build(std::move(comm));
    // Computing ∩ communication, by one merge walk over the two sorted unions.
    std::vector<std::pair<qint64, qint64>> both;
    size_t a = 0, b = 0;
    while (a < m_compute.start.size() && b < m_comm.start.size()) {
        const qint64 s = std::max(m_compute.start[a], m_comm.start[b]);
        const qint64 e = std::min(m_compute.end[a], m_comm.end[b]);
        if (s < e)
            both.emplace_back(s, e);
        if (m_compute.end[a] < m_comm.end[b])
            ++a;
        else
            ++b;
    }
    m_overlap.build(std::move(both));
    bool any = false;
    for (const Intervals *iv : {&m_compute, &m_comm}) {
        if (iv->start.empty())
            continue;
        m_firstBusy = any ? std::min(m_firstBusy, iv->start.front()) : iv->start.front();
        m_lastBusy = any ? std::max(m_lastBusy, iv->end.back()) : iv->end.back();
        any = true;
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
