#pragma once

#include "chrometraceparser.h"
#include "tracedataset.h"

#include <functional>
#include <map>
#include <tuple>

namespace Twinscope::Core {

// Internal to the chrome-trace loader: turns the parsed events (in file order, ids already global)
// into the immutable columnar dataset: thread tracks with B/E pairing and lanes by nesting depth,
// async and counter tracks, instants, flows bound to slices, process and thread metadata.
struct TraceBuildInput
{
    std::vector<RawEvent> events;
    std::vector<RawCounter> counters;
    std::vector<RawMeta> metas;
    qint64 baseTimeNs = 0;
    std::map<char, qint64> unsupportedPhases; // counted by the parser, which kept none of them
};

// Spans that overlap by at most this much still nest or touch: producers write float µs, and
// rounding to whole ns leaves 1 ns of noise (docs/FORMATS.md §7).
constexpr qint64 TouchNs = 1;

// Lanes of one track: spans nested deeper than MaxDepthLanes go to the overflow lanes, of which
// there are at most MaxOverflowLanes (async tracks: the sum); spans beyond share the last lane.
// Real traces stay far below (Python stacks under 200 levels); a runaway recursion or a killed
// job's million unclosed B events must still load in seconds and draw (issue #16).
constexpr quint32 MaxDepthLanes = 4096;
constexpr quint32 MaxOverflowLanes = 1024;

// A span before it has a lane: from an X, a B/E pair or an async begin/end pair.
struct PendingSlice
{
    qint64 start = 0;
    qint64 dur = 0;
    // Offsets share a word with the flags: 2^47 bytes of file or args records is far beyond any
    // input, and 40 bytes instead of 48 a span is 100 MB less on 13 M spans.
    qint64 argsOffset : 48 = -1;
    quint64 flags : 16 = 0; // TraceSliceFlag
    quint32 argsLength = 0;
    quint32 name = 0, category = 0;
    quint32 order = 0;
};
// What a span costs before it is in the columns: a gigabyte database stages 13 M of them, and a
// text trace's largest tracks are staged on two threads at once.
static_assert(sizeof(PendingSlice) <= 40, "PendingSlice grew: every staged span pays for it");

// An instant on a known thread track, before its track's instants are sorted.
struct PendingInstant
{
    qint64 ts = 0;
    qint64 argsOffset = -1;
    quint32 argsLength = 0;
    quint32 name = 0, category = 0;
};
static_assert(sizeof(PendingInstant) <= 32,
              "PendingInstant grew: every staged instant pays for it");

// A flow whose two ends are known thread tracks (indices into TrackedBuildInput::threads); it
// binds to the slices enclosing fromNs and toNs.
struct PendingFlow
{
    qint64 fromNs = 0, toNs = 0;
    quint32 fromThread = 0, toThread = 0;
    quint32 name = 0, category = 0;
};
static_assert(sizeof(PendingFlow) <= 32, "PendingFlow grew: every staged flow pays for it");

// The events of a database reader (SyntheticTrace), already on their thread tracks: complete
// slices, thread instants, counters and flows, without the chrome-trace phases that need pairing.
// Staging them per track costs 40 bytes a slice, 32 an instant or flow and 16 a counter sample,
// against 72 bytes a RawEvent (40 a RawCounter) plus the index lists that group raw events by
// track (docs/PERFORMANCE.md, "Profiler databases"). buildTraceDataset on this input gives the
// same dataset and diagnostics as on the equivalent RawEvents (X, i, s/f pairs with one id per
// flow, C) in the same order.
struct TrackedBuildInput
{
    struct Thread
    {
        quint32 pid = 0, tid = 0;
        std::vector<PendingSlice> slices;      // order: the event's index among all events
        std::vector<PendingInstant> instants;  // in insertion order
        std::vector<quint32> negativeDurNames; // complete events with dur < 0, dropped
        size_t events() const { return slices.size() + negativeDurNames.size(); }
    };
    // In the order of each thread's first event, as the builder meets them in a RawEvent list.
    std::vector<Thread> threads;
    std::vector<PendingFlow> flows; // in insertion order
    // Counter series by (pid, name, series), samples (ts, value) in insertion order.
    std::map<std::tuple<quint32, quint32, quint32>, std::vector<std::pair<qint64, double>>>
        counters;
    std::vector<RawMeta> metas;
    std::vector<quint32> badDurNames; // events whose end overflows, dropped, in insertion order
};

// Sorts one track's spans and appends them to cols lane by lane (docs/DESIGN.md §4): lanes by
// nesting depth with an overflow lane for partial overlaps, or, with greedy set (async spans, which
// do not nest), each span in the first free lane. Sets the track's lanes and slice range.
void assignLanes(TraceTrack &track,
                 std::vector<PendingSlice> &slices,
                 bool greedy,
                 TraceDataset &cols,
                 Diagnostics &diagnostics,
                 const TraceStringTable &strings,
                 const std::vector<RawEvent> &events); // for warning locations (order)

struct FlowPairs
{
    std::vector<std::pair<quint32, quint32>>
        pairs; // (start or step, next step or end) event indices
    qint64 unmatchedEnds = 0, unmatchedStarts = 0;
};

// Pairs flow events by (category, id) in ts order; needs only the events, so it runs on a second
// thread while the tracks are built.
FlowPairs pairFlows(const std::vector<RawEvent> &events, const std::vector<quint32> &flowEvents);

// Binds each pair to slices (tracks must be complete) and fills dataset->flows and its indices.
void bindFlows(const FlowPairs &paired,
               const std::vector<RawEvent> &events,
               const std::function<int(const RawEvent &)> &trackOf,
               TraceDataset *dataset,
               Diagnostics *diagnostics);

void buildTraceDataset(TraceBuildInput &input,
                       TraceDataset *dataset,
                       Diagnostics *diagnostics,
                       const CancelToken &cancel);
// Each thread's staging is released as soon as its columns are built, so the peak is about the
// staged input, not staged input plus columns. input is left empty.
void buildTraceDataset(TrackedBuildInput &input,
                       TraceDataset *dataset,
                       Diagnostics *diagnostics,
                       const CancelToken &cancel);

// Binds database flows to the slices enclosing their ends (tracks must be complete), in the order
// pairFlows would pair them (by category, then insertion); threadTrack maps a thread of the
// input to its track. Fills dataset->flows and its indices; flows is left empty.
void bindPendingFlows(std::vector<PendingFlow> &flows,
                      const std::vector<int> &threadTrack,
                      TraceDataset *dataset);

} // namespace Twinscope::Core
