#pragma once

#include "chrometraceparser.h"
#include "tracedataset.h"

#include <functional>
#include <map>

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
    qint64 argsOffset = -1;
    quint32 argsLength = 0;
    quint32 name = 0, category = 0;
    quint32 order = 0;
    quint16 flags = 0;
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

} // namespace Twinscope::Core
