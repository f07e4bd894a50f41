#pragma once

#include "tracedataset.h"
#include "tracesteps.h"

#include <QString>

#include <memory>
#include <vector>

namespace Twinscope::Core {

// How a run is placed on the shared time axis (issue #10). Separate runs (two Kineto traces
// recorded on different days) would sit 10^7 s apart on one absolute clock, each a pixel wide;
// by default each run's first complete step starts where the first run's does.
enum class TraceAlignMode { FirstStep, FirstEvent, Absolute };

// "first_step", "first_event", "absolute": the CLI's stable ids.
QString traceAlignModeId(TraceAlignMode mode);

// One input of an alignment: a loaded trace and the path the user gave for it (a folder of ranks,
// or the file itself).
struct TraceAlignInput
{
    std::shared_ptr<const TraceDataset> dataset;
    QString input;
    // The file's steps when the caller has them already (findTraceSteps scans every slice).
    std::shared_ptr<const TraceSteps> steps;
};

// Files of one job keep their common clock: the files that came from one input path (a
// profiling folder), and files given one by one that carry distinct rank ids (distributedInfo)
// and overlap in time — ranks of one job written side by side. Every other file is its own run.
// Returns the run index of each input (0, 1, … in order of first appearance).
std::vector<int> groupTraceRuns(const std::vector<TraceAlignInput> &inputs);

// The time a run is aligned at, in trace ns: its first complete step's start (the earliest over
// its files), falling back to its first event when no file has step marks; for Absolute, the
// same point but the run is not moved. *used says which mode applied (FirstStep falls back to
// FirstEvent).
qint64 traceRunAnchorNs(const std::vector<TraceAlignInput> &inputs,
                        const std::vector<int> &runs,
                        int run,
                        TraceAlignMode mode,
                        TraceAlignMode *used = nullptr);

// Display offset (display ns = trace ns + offset) of every input: run 0 stays where it is; run k
// moves by anchor(run 0) − anchor(run k), or not at all when its mode is Absolute. modes has one
// entry per run (missing entries mean FirstStep).
std::vector<qint64> traceAlignmentOffsets(const std::vector<TraceAlignInput> &inputs,
                                          const std::vector<int> &runs,
                                          const std::vector<TraceAlignMode> &modes);

} // namespace Twinscope::Core
