#pragma once

#include "tracebuilder.h"

#include <vector>

namespace Twinscope::Core {

// Internal to tracebuilder.cpp: the phases of building a TraceDataset that need only the dataset
// and index lists, not the builder's track maps. Each runs once per load; the per-event loops
// stay inside them, so splitting them out costs one call per phase.

// Event indices sorted by where they go, filled by the builder's classifying pass.
struct EventsByKind
{
    std::vector<quint32> threadEvents; // X, B, E on thread tracks, in file order
    std::vector<quint32> asyncEvents;  // b, e, n, S, T, F, p
    std::vector<quint32> flowEvents;   // s, t, f
    std::vector<int> trackOfEvent;     // by raw event index: its thread track, -1 otherwise
};

// Thread events grouped by track: grouped[start[t], start[t + 1]) are track t's, in file order.
struct ThreadTrackGroups
{
    size_t trackCount = 0;
    std::vector<quint32> start;
    std::vector<quint32> grouped;
};

// Counting sort of the thread events by track, which keeps file order within a track.
ThreadTrackGroups groupByThreadTrack(const EventsByKind &events, size_t threadTrackCount);

// Reserves the slice columns for every span the events can make, so appending never reallocates.
void reserveSlices(size_t spans, TraceDataset &dataset);
void reserveSliceColumns(const EventsByKind &events,
                         const std::vector<RawEvent> &rawEvents,
                         TraceDataset &dataset);

// Which of two threads builds each thread track (0 or 1), balanced by event count. The split
// depends only on the data, so the result is the same whatever the parser's thread count.
std::vector<char> splitTracksInTwo(const ThreadTrackGroups &groups);

// Appends the columns the second thread built (cols) to the dataset's and shifts the slice and
// lane ranges of its tracks (those with inSecond[t] == 1) by where they land; empties cols.
void appendSecondColumns(TraceDataset &dataset,
                         TraceDataset &cols,
                         const std::vector<char> &inSecond,
                         size_t threadTrackCount);

// Fills the instant columns track by track, each track's instants sorted by ts (stable).
void collectInstants(std::vector<std::vector<quint32>> &instantsByTrack,
                     const std::vector<RawEvent> &rawEvents,
                     TraceDataset &dataset);

// Sets each track's and the dataset's first and last timestamps from slices, instants and counters.
void computeExtents(TraceDataset &dataset);

} // namespace Twinscope::Core
