#include "core/common/nearlysorted.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "tracebuilder.h"

#include <algorithm>
#include <atomic>

using namespace Qt::StringLiterals;

// Flow events (s/t/f): pairing by (category, id) and binding to the slices they start and end in.
namespace Twinscope::Core {

namespace {

// Runs part(0) and part(1), on two workers when `parallel` and the pool has one to spare.
template<typename F>
void inTwoParts(bool parallel, F part)
{
    if (!parallel) {
        part(0);
        part(1);
        return;
    }
    std::atomic<int> next{0};
    WorkerPool::run(2, [&](int) {
        for (int k = next.fetch_add(1); k < 2; k = next.fetch_add(1))
            part(k);
    });
}

// Fills flowsByFrom and flowsByTo: flow indices by (slice, flow index) of each end.
void indexFlowsByEndpoint(TraceDataset *ds)
{
    const auto n = quint32(ds->flows.size());
    ds->flowsByFrom.resize(n);
    ds->flowsByTo.resize(n);
    auto byEndpoint = [&](std::vector<quint32> &out, bool from) {
        std::vector<std::pair<quint32, quint32>> pairs(n);
        for (quint32 i = 0; i < n; ++i)
            pairs[i] = {from ? ds->flows[i].fromSlice : ds->flows[i].toSlice, i};
        sortNearlySortedTotal(pairs.begin(), pairs.end(), std::less<>());
        for (quint32 i = 0; i < n; ++i)
            out[i] = pairs[i].second;
    };
    // The two orders are independent: one sort each on two workers when there are many flows.
    inTwoParts(n > 65536,
               [&](int k) { byEndpoint(k == 0 ? ds->flowsByFrom : ds->flowsByTo, k == 0); });
}

} // namespace

FlowPairs pairFlows(const std::vector<RawEvent> &events, const std::vector<quint32> &flowEvents)
{
    FlowPairs out;
    // Sort compact keys rather than indices into the event array: a million flow events would
    // otherwise cost a cache miss per comparison.
    struct Key
    {
        quint64 id;
        qint64 ts;
        quint32 category;
        quint32 rank; // phase rank in the top byte, file order below: equal ts puts s before t, f
        quint32 event;
    };
    std::vector<Key> keys;
    keys.reserve(flowEvents.size());
    for (const quint32 i : flowEvents) {
        const RawEvent &e = events[i];
        keys.push_back(Key{e.id,
                           e.ts,
                           e.category,
                           quint32(e.phase == 's'   ? 0
                                   : e.phase == 't' ? 1
                                                    : 2),
                           i});
    }
    sortNearlySortedTotal(keys.begin(), keys.end(), [](const Key &x, const Key &y) {
        if (x.category != y.category)
            return x.category < y.category;
        if (x.id != y.id)
            return x.id < y.id;
        if (x.ts != y.ts)
            return x.ts < y.ts;
        if (x.rank != y.rank)
            return x.rank < y.rank;
        return x.event < y.event;
    });
    std::vector<quint32> sorted(keys.size());
    for (size_t k = 0; k < keys.size(); ++k)
        sorted[k] = keys[k].event;
    std::vector<Key>().swap(keys);
    // Walk one (category, id) group at a time.
    size_t begin = 0;
    while (begin < sorted.size()) {
        const RawEvent &first = events[sorted[begin]];
        size_t end = begin + 1;
        size_t starts = first.phase == 's', steps = first.phase == 't';
        while (end < sorted.size() && events[sorted[end]].category == first.category &&
               events[sorted[end]].id == first.id) {
            starts += events[sorted[end]].phase == 's';
            steps += events[sorted[end]].phase == 't';
            ++end;
        }
        const size_t ends = end - begin - starts - steps;
        if (steps == 0 && starts == ends) {
            // As many starts as ends: pair the i-th start with the i-th end in time order. This
            // keeps flows whose end is stamped before their start by another clock: torch_npu
            // writes 218 of 274 HostToDevice flows with the device-side 'f' earlier than the
            // host-side 's' (mstt_advisor_trace_view.json), and a time-ordered walk would drop them
            // all.
            size_t si = begin, fi = begin;
            for (size_t n = 0; n < starts; ++n) {
                while (events[sorted[si]].phase != 's')
                    ++si;
                while (events[sorted[fi]].phase == 's')
                    ++fi;
                out.pairs.emplace_back(sorted[si++], sorted[fi++]);
            }
        } else {
            // Reused ids, steps or strays: an end or step takes the most recent open start.
            qint32 open = -1;
            for (size_t k = begin; k < end; ++k) {
                const RawEvent &e = events[sorted[k]];
                if (e.phase == 's') {
                    if (open >= 0)
                        ++out.unmatchedStarts;
                    open = qint32(sorted[k]);
                    continue;
                }
                if (open < 0) {
                    ++out.unmatchedEnds;
                    continue;
                }
                out.pairs.emplace_back(quint32(open), sorted[k]);
                open = e.phase == 't' ? qint32(sorted[k]) : -1;
            }
            if (open >= 0)
                ++out.unmatchedStarts;
        }
        begin = end;
    }
    return out;
}

void bindFlows(const FlowPairs &paired,
               const std::vector<RawEvent> &events,
               const std::function<int(const RawEvent &)> &trackOf,
               TraceDataset *ds,
               Diagnostics *diag)
{
    // An s or t binds to the slice enclosing it; an f to the enclosing slice with bp:"e", else to
    // the next slice starting at its ts (docs/FORMATS.md §1). Read-only lookups: two threads share
    // it.
    if (paired.unmatchedEnds > 0)
        diag->add(u"flow_end_without_start"_s,
                  Tr::tr("Flow ends without a start were ignored."),
                  {},
                  Severity::Info,
                  paired.unmatchedEnds);
    if (paired.unmatchedStarts > 0)
        diag->add(u"flow_start_without_end"_s,
                  Tr::tr("Flow starts without an end were ignored."),
                  {},
                  Severity::Info,
                  paired.unmatchedStarts);
    const auto n = quint32(paired.pairs.size());
    ds->flows.resize(n);
    auto work = [&](quint32 from, quint32 to) {
        // Flows mostly go between the same two threads (launch -> stream): a per-end cache of the
        // last (pid, tid) saves the track lookup.
        struct Cache
        {
            quint32 pid = 0, tid = 0;
            int track = -2;
        } fromCache, toCache;
        auto cached = [&](Cache &c, const RawEvent &e) {
            if (c.track == -2 || c.pid != e.pid || c.tid != e.tid)
                c = Cache{e.pid, e.tid, trackOf(e)};
            return c.track;
        };
        for (quint32 k = from; k < to; ++k) {
            const RawEvent &a = events[paired.pairs[k].first];
            const RawEvent &b = events[paired.pairs[k].second];
            TraceFlow &f = ds->flows[k];
            f.fromTrack = cached(fromCache, a);
            f.toTrack = cached(toCache, b);
            f.fromNs = a.ts;
            f.toNs = b.ts;
            f.fromSlice = f.fromTrack < 0 ? TraceFlow::Unbound : ds->sliceAt(f.fromTrack, a.ts);
            const bool enclosing = b.phase == 't' || (b.flags & RawFlag::BindEnclosing);
            f.toSlice = f.toTrack < 0 ? TraceFlow::Unbound
                                      : (enclosing ? ds->sliceAt(f.toTrack, b.ts)
                                                   : ds->nextSliceStartingAt(f.toTrack, b.ts));
            f.name = a.name;
            f.category = a.category;
        }
    };
    inTwoParts(n > 65536, [&](int h) { h == 0 ? work(0, n / 2) : work(n / 2, n); });
    indexFlowsByEndpoint(ds);
}

void bindPendingFlows(std::vector<PendingFlow> &flows,
                      const std::vector<int> &threadTrack,
                      TraceDataset *ds)
{
    // pairFlows orders pairs by (category, id), and a database flow's id is its insertion index.
    std::stable_sort(flows.begin(), flows.end(), [](const PendingFlow &a, const PendingFlow &b) {
        return a.category < b.category;
    });
    const auto n = quint32(flows.size());
    ds->flows.resize(n);
    // Both ends bind to the enclosing slice, as a database flow's 'f' carries bp:"e".
    auto work = [&](quint32 from, quint32 to) {
        for (quint32 k = from; k < to; ++k) {
            const PendingFlow &p = flows[k];
            TraceFlow &f = ds->flows[k];
            f.fromTrack = threadTrack[p.fromThread];
            f.toTrack = threadTrack[p.toThread];
            f.fromNs = p.fromNs;
            f.toNs = p.toNs;
            f.fromSlice = ds->sliceAt(f.fromTrack, p.fromNs);
            f.toSlice = ds->sliceAt(f.toTrack, p.toNs);
            f.name = p.name;
            f.category = p.category;
        }
    };
    inTwoParts(n > 65536, [&](int h) { h == 0 ? work(0, n / 2) : work(n / 2, n); });
    std::vector<PendingFlow>().swap(flows);
    indexFlowsByEndpoint(ds);
}

} // namespace Twinscope::Core
