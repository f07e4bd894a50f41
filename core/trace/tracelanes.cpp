#include "core/common/tr.h"
#include "tracebuilder.h"

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

// Lanes by nesting depth (a stack pass over spans sorted by start, longer first); a span that
// overlaps its would-be parent only partly goes to an overflow lane instead of being clipped. With
// greedy set (async tracks, whose spans do not nest) each span takes the first free lane.
void assignLanes(TraceTrack &t,
                 std::vector<PendingSlice> &slices,
                 bool greedy,
                 TraceDataset &cols,
                 Diagnostics &diag,
                 const TraceStringTable &strings)
{
    t.sliceBegin = quint32(cols.sliceStart.size());
    if (slices.empty()) {
        t.sliceEnd = t.sliceBegin;
        return;
    }
    std::sort(slices.begin(), slices.end(), [](const PendingSlice &a, const PendingSlice &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.dur != b.dur)
            return a.dur > b.dur;
        return a.order < b.order;
    });
    std::vector<quint16> lane(slices.size());
    std::vector<qint64> stackEnd;    // open spans by depth
    std::vector<qint64> overflowEnd; // last end per overflow lane
    std::vector<qint64> greedyEnd;
    int maxDepth = -1;
    for (size_t i = 0; i < slices.size(); ++i) {
        PendingSlice &s = slices[i];
        const qint64 end = s.start + s.dur;
        if (greedy) {
            size_t l = 0;
            while (l < greedyEnd.size() && greedyEnd[l] > s.start + TouchNs)
                ++l;
            if (l == greedyEnd.size())
                greedyEnd.push_back(end);
            else
                greedyEnd[l] = end;
            lane[i] = quint16(std::min<size_t>(l, 65535));
            continue;
        }
        while (!stackEnd.empty() && stackEnd.back() <= s.start + TouchNs)
            stackEnd.pop_back();
        if (stackEnd.empty() || end <= stackEnd.back() + TouchNs) {
            if (stackEnd.size() >= 65000) {
                lane[i] = 65535; // absurd depth: keep the span in the overflow lanes
            } else {
                lane[i] = quint16(stackEnd.size());
                maxDepth = std::max(maxDepth, int(stackEnd.size()));
                // a child that pokes 1 ns past its parent must not make the parent end later
                stackEnd.push_back(stackEnd.empty() ? end : std::min(end, stackEnd.back()));
                continue;
            }
        }
        // partial overlap with the enclosing span
        size_t l = 0;
        while (l < overflowEnd.size() && overflowEnd[l] > s.start + TouchNs)
            ++l;
        if (l == overflowEnd.size())
            overflowEnd.push_back(end);
        else
            overflowEnd[l] = end;
        lane[i] = quint16(60000 + std::min<size_t>(l, 5000));
        s.flags |= TraceSliceFlag::Overflow;
        if (!stackEnd.empty()) {
            diag.add(u"overlap"_s,
                     Tr::tr("Slices that partly overlap a slice on the same thread were moved to "
                            "an overflow lane."),
                     Location{-1,
                              -1,
                              Tr::tr("%1 overlaps its neighbour by %2 ns")
                                  .arg(strings.string(s.name))
                                  .arg(stackEnd.back() > s.start ? end - stackEnd.back() : 0)});
        }
    }
    // lane order: depth lanes 0..maxDepth, then overflow lanes; a counting pass by lane id keeps
    // start order inside each lane
    std::vector<quint32> count(65537, 0);
    for (const quint16 l : lane)
        ++count[size_t(l) + 1];
    std::vector<quint16> ids;
    for (size_t l = 0; l < 65536; ++l) {
        if (count[l + 1] > 0)
            ids.push_back(quint16(l));
    }
    std::partial_sum(count.begin(), count.end(), count.begin());
    std::vector<quint32> order(slices.size());
    for (size_t i = 0; i < slices.size(); ++i)
        order[count[lane[i]]++] = quint32(i);
    size_t at = 0;
    for (const quint16 id : ids) {
        TraceLane l;
        l.begin = quint32(cols.sliceStart.size());
        l.overflow = id >= 60000 && !greedy;
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
    Q_UNUSED(maxDepth);
    t.sliceEnd = quint32(cols.sliceStart.size());
}

} // namespace Twinscope::Core
