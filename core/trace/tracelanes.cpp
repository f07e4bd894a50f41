#include "core/common/nearlysorted.h"
#include "core/common/tr.h"
#include "tracebuilder.h"

#include <queue>

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// First-fit lanes in O(log lanes) per span: spans come sorted by start, so a lane whose last span
// ends at or before this start (plus TouchNs) stays free for every later span too. Free lanes wait
// in a min-heap by index (the lowest free lane is the first fit), busy ones in a min-heap by end.
// The linear scan this replaces was quadratic once thousands of spans overlapped (issue #16).
class FirstFit
{
public:
    explicit FirstFit(quint32 maxLanes)
        : m_max(maxLanes)
    {}

    // The lane for a span [start, end); the last lane once maxLanes are busy (*full set).
    quint32 take(qint64 start, qint64 end, bool *full)
    {
        while (!m_busy.empty() && m_busy.top().first <= start + TouchNs) {
            m_free.push(m_busy.top().second);
            m_busy.pop();
        }
        *full = false;
        quint32 lane;
        if (!m_free.empty()) {
            lane = m_free.top();
            m_free.pop();
        } else if (m_count < m_max) {
            lane = m_count++;
        } else {
            // Every lane busy: the span shares the last one (drawn overlapping, still counted).
            *full = true;
            lane = m_max - 1;
            m_lastEnd = std::max(m_lastEnd, end);
            return lane;
        }
        if (lane == m_max - 1)
            end = std::max(end, m_lastEnd);
        m_busy.emplace(end, lane);
        return lane;
    }

private:
    using Busy = std::pair<qint64, quint32>;
    std::priority_queue<Busy, std::vector<Busy>, std::greater<Busy>> m_busy;
    std::priority_queue<quint32, std::vector<quint32>, std::greater<quint32>> m_free;
    quint32 m_count = 0;
    quint32 m_max;
    qint64 m_lastEnd = std::numeric_limits<qint64>::min();
};

} // namespace

// Lanes by nesting depth (a stack pass over spans sorted by start, longer first); a span that
// overlaps its would-be parent only partly goes to an overflow lane instead of being clipped, and
// so does a span nested deeper than MaxDepthLanes (counted). With greedy set (async tracks, whose
// spans do not nest) each span takes the first free lane. Linear in the spans after the sort
// (log of the lanes for the overflow), whatever the depth.
void assignLanes(TraceTrack &t,
                 std::vector<PendingSlice> &slices,
                 bool greedy,
                 TraceDataset &cols,
                 Diagnostics &diag,
                 const TraceStringTable &strings,
                 const std::vector<RawEvent> &events)
{
    t.sliceBegin = quint32(cols.sliceStart.size());
    if (slices.empty()) {
        t.sliceEnd = t.sliceBegin;
        return;
    }
    sortNearlySortedTotal(
        slices.begin(), slices.end(), [](const PendingSlice &a, const PendingSlice &b) {
            if (a.start != b.start)
                return a.start < b.start;
            if (a.dur != b.dur)
                return a.dur > b.dur;
            return a.order < b.order;
        });
    // Lane ids: depth lanes 0..MaxDepthLanes-1, then overflow lanes after them.
    const quint32 overflowBase = greedy ? 0 : MaxDepthLanes;
    std::vector<quint32> lane(slices.size());
    std::vector<qint64> stackEnd; // open spans by depth
    FirstFit overflow(greedy ? MaxDepthLanes + MaxOverflowLanes : MaxOverflowLanes);
    qint64 overlaps = 0, tooDeep = 0, shared = 0;
    const PendingSlice *firstTooDeep = nullptr;
    for (size_t i = 0; i < slices.size(); ++i) {
        PendingSlice &s = slices[i];
        const qint64 end = s.start + s.dur;
        bool full = false;
        if (greedy) {
            lane[i] = overflow.take(s.start, end, &full);
            shared += full;
            continue;
        }
        while (!stackEnd.empty() && stackEnd.back() <= s.start + TouchNs)
            stackEnd.pop_back();
        if (stackEnd.empty() || end <= stackEnd.back() + TouchNs) {
            const size_t depth = stackEnd.size();
            // a child that pokes 1 ns past its parent must not make the parent end later
            stackEnd.push_back(stackEnd.empty() ? end : std::min(end, stackEnd.back()));
            if (depth < MaxDepthLanes) {
                lane[i] = quint32(depth);
                continue;
            }
            // absurd depth: the span stays on the stack (its children nest in it) but is drawn in
            // the overflow lanes
            if (tooDeep++ == 0)
                firstTooDeep = &s;
        } else {
            // partial overlap with the enclosing span
            if (overlaps++ < Diagnostics::MaxLocations) {
                diag.add(u"overlap"_s,
                         Tr::tr("Slices that partly overlap a slice on the same thread were moved "
                                "to an overflow lane."),
                         Location{-1,
                                  -1,
                                  Tr::tr("%1 overlaps its neighbour by %2 ns")
                                      .arg(strings.string(s.name))
                                      .arg(end - stackEnd.back())});
            }
        }
        lane[i] = overflowBase + overflow.take(s.start, end, &full);
        shared += full;
        s.flags |= TraceSliceFlag::Overflow;
    }
    if (overlaps > Diagnostics::MaxLocations) // the rest counted at once, not formatted one by one
        diag.add(u"overlap"_s, {}, {}, Severity::Warning, overlaps - Diagnostics::MaxLocations);
    if (tooDeep > 0) {
        diag.add(
            u"deep_nesting"_s,
            Tr::tr("Slices nested deeper than %1 levels were drawn in overflow lanes.")
                .arg(MaxDepthLanes),
            Location{firstTooDeep->order < events.size() ? events[firstTooDeep->order].offset : -1,
                     -1,
                     strings.string(firstTooDeep->name)},
            Severity::Warning,
            tooDeep);
    }
    if (shared > 0) {
        diag.add(u"lanes_full"_s,
                 Tr::tr("Slices that found all %1 lanes of their track in use were drawn "
                        "overlapping in the last one.")
                     .arg(greedy ? MaxDepthLanes + MaxOverflowLanes : MaxOverflowLanes),
                 {},
                 Severity::Warning,
                 shared);
    }
    // lane order: depth lanes, then overflow lanes; a counting pass by lane id keeps start order
    // inside each lane
    const quint32 laneIds = MaxDepthLanes + MaxOverflowLanes;
    std::vector<quint32> count(size_t(laneIds) + 1, 0);
    for (const quint32 l : lane)
        ++count[size_t(l) + 1];
    std::vector<quint32> ids;
    for (quint32 l = 0; l < laneIds; ++l) {
        if (count[size_t(l) + 1] > 0)
            ids.push_back(l);
    }
    std::partial_sum(count.begin(), count.end(), count.begin());
    std::vector<quint32> order(slices.size());
    for (size_t i = 0; i < slices.size(); ++i)
        order[count[lane[i]]++] = quint32(i);
    size_t at = 0;
    for (const quint32 id : ids) {
        TraceLane l;
        l.begin = quint32(cols.sliceStart.size());
        l.overflow = id >= overflowBase && !greedy;
        for (; at < order.size() && lane[order[at]] == id; ++at) {
            const PendingSlice &s = slices[order[at]];
            cols.sliceStart.push_back(s.start);
            cols.sliceDuration.push_back(s.dur);
            cols.sliceName.push_back(s.name);
            cols.sliceCategory.push_back(s.category);
            cols.sliceArgsOffset.push_back(s.argsOffset);
            cols.sliceArgsLength.push_back(s.argsLength);
            cols.sliceFlags.push_back(s.flags);
        }
        l.end = quint32(cols.sliceStart.size());
        t.lanes.push_back(l);
    }
    t.sliceEnd = quint32(cols.sliceStart.size());
}

} // namespace Twinscope::Core
