#include "tracebuilderphases.h"

#include "core/common/nearlysorted.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace Twinscope::Core {

ThreadTrackGroups groupByThreadTrack(const EventsByKind &events, size_t threadTrackCount)
{
    ThreadTrackGroups g;
    g.trackCount = threadTrackCount;
    g.start.assign(threadTrackCount + 1, 0);
    for (const quint32 i : events.threadEvents)
        ++g.start[size_t(events.trackOfEvent[i]) + 1];
    std::partial_sum(g.start.begin(), g.start.end(), g.start.begin());
    g.grouped.resize(events.threadEvents.size());
    std::vector<quint32> fill(g.start.begin(), g.start.end() - 1);
    for (const quint32 i : events.threadEvents)
        g.grouped[fill[size_t(events.trackOfEvent[i])]++] = i;
    return g;
}

void reserveSliceColumns(const EventsByKind &events,
                         const std::vector<RawEvent> &rawEvents,
                         TraceDataset &dataset)
{
    size_t spans = 0;
    for (const quint32 i : events.threadEvents)
        spans += rawEvents[i].phase != 'E';
    spans += events.asyncEvents.size() / 2;
    reserveSlices(spans, dataset);
}

void reserveSlices(size_t spans, TraceDataset &dataset)
{
    dataset.sliceStart.reserve(spans);
    dataset.sliceDuration.reserve(spans);
    dataset.sliceName.reserve(spans);
    dataset.sliceCategory.reserve(spans);
    dataset.sliceArgsOffset.reserve(spans);
    dataset.sliceArgsLength.reserve(spans);
    dataset.sliceFlags.reserve(spans);
}

std::vector<char> splitTracksInTwo(const ThreadTrackGroups &groups)
{
    const std::vector<quint32> &start = groups.start;
    std::vector<int> order(groups.trackCount);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return start[size_t(a) + 1] - start[size_t(a)] > start[size_t(b) + 1] - start[size_t(b)];
    });
    std::vector<char> second(groups.trackCount, 0);
    quint64 load[2] = {0, 0};
    for (const int t : order) {
        const int g = load[1] < load[0] ? 1 : 0;
        second[size_t(t)] = char(g);
        load[g] += start[size_t(t) + 1] - start[size_t(t)];
    }
    return second;
}

void appendSecondColumns(TraceDataset &dataset,
                         TraceDataset &cols,
                         const std::vector<char> &inSecond,
                         size_t threadTrackCount)
{
    const auto columnBase = quint32(dataset.sliceStart.size());
    for (size_t t = 0; t < threadTrackCount; ++t) {
        if (inSecond[t] != 1)
            continue;
        TraceTrack &tr = dataset.tracks[t];
        tr.sliceBegin += columnBase;
        tr.sliceEnd += columnBase;
        for (TraceLane &l : tr.lanes) {
            l.begin += columnBase;
            l.end += columnBase;
        }
    }
    // Each source column is freed once copied, which keeps the peak low on gigabyte traces.
    auto append = [](auto &to, auto &from) {
        to.insert(to.end(), from.begin(), from.end());
        std::remove_reference_t<decltype(from)>().swap(from);
    };
    append(dataset.sliceStart, cols.sliceStart);
    append(dataset.sliceDuration, cols.sliceDuration);
    append(dataset.sliceName, cols.sliceName);
    append(dataset.sliceCategory, cols.sliceCategory);
    append(dataset.sliceArgsOffset, cols.sliceArgsOffset);
    append(dataset.sliceArgsLength, cols.sliceArgsLength);
    append(dataset.sliceFlags, cols.sliceFlags);
}

void collectInstants(std::vector<std::vector<quint32>> &instantsByTrack,
                     const std::vector<RawEvent> &rawEvents,
                     TraceDataset &dataset)
{
    for (size_t t = 0; t < dataset.tracks.size(); ++t) {
        std::vector<quint32> &list = instantsByTrack[t];
        sortNearlySorted(list.begin(), list.end(), [&](quint32 a, quint32 b) {
            return rawEvents[a].ts < rawEvents[b].ts;
        });
        TraceTrack &track = dataset.tracks[t];
        track.instantBegin = quint32(dataset.instantTs.size());
        for (const quint32 i : list) {
            const RawEvent &e = rawEvents[i];
            dataset.instantTs.push_back(e.ts);
            dataset.instantName.push_back(e.name);
            dataset.instantCategory.push_back(e.category);
            dataset.instantArgsOffset.push_back(e.argsOffset);
            dataset.instantArgsLength.push_back(e.argsLength);
        }
        track.instantEnd = quint32(dataset.instantTs.size());
    }
}

void computeExtents(TraceDataset &dataset)
{
    bool any = false;
    qint64 first = 0, last = 0;
    for (TraceTrack &t : dataset.tracks) {
        bool has = false;
        qint64 f = std::numeric_limits<qint64>::max(), l = std::numeric_limits<qint64>::min();
        for (quint32 i = t.sliceBegin; i < t.sliceEnd; ++i) {
            f = std::min(f, dataset.sliceStart[i]);
            l = std::max(l, dataset.sliceStart[i] + dataset.sliceDuration[i]);
            has = true;
        }
        for (quint32 i = t.instantBegin; i < t.instantEnd; ++i) {
            f = std::min(f, dataset.instantTs[i]);
            l = std::max(l, dataset.instantTs[i]);
            has = true;
        }
        for (quint32 i = t.counterBegin; i < t.counterEnd; ++i) {
            f = std::min(f, dataset.counterTs[i]);
            l = std::max(l, dataset.counterTs[i]);
            has = true;
        }
        if (has) {
            t.firstNs = f;
            t.lastNs = l;
            first = any ? std::min(first, f) : f;
            last = any ? std::max(last, l) : l;
            any = true;
        }
    }
    dataset.firstNs = first;
    dataset.lastNs = last;
}

} // namespace Twinscope::Core
