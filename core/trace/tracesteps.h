#pragma once

#include "tracedataset.h"

#include <QString>

#include <optional>
#include <vector>

namespace Twinscope::Core {

// One training step of a trace, from its step marks: "ProfilerStep#N" (PyTorch/Kineto and
// torch_npu, on a host thread) or "Iteration N" (CANN msprof's step trace and MindSpore).
struct TraceStep
{
    QString name;       // as written ("ProfilerStep#5"); empty for the whole-trace step
    qint64 number = -1; // the N of the mark, -1 when it carries none
    qint64 startNs = 0;
    qint64 endNs = 0;
    bool complete = true; // false for a mark the profiler never closed (a B without its E)
    qint64 durationNs() const { return endNs - startNs; }
};

// The steps of a trace, sorted by start. The marks of one track only: Kineto repeats each
// ProfilerStep#N on the GPU as a gpu_user_annotation, and those lag the host's. The track with the
// most marks wins (ties: the earliest). A trace without marks is one step over its whole extent
// (name empty, detected false), so every analysis can ask "per step".
struct TraceSteps
{
    std::vector<TraceStep> steps;
    bool detected = false; // the steps come from marks
    int track = -1;        // the track the marks are on, -1 when none
    // The first step the profiler closed, or nullopt when there is none.
    std::optional<TraceStep> firstComplete() const;
    // Index of the step with the median duration among complete steps (the lower median),
    // or -1 when there are none.
    int medianIndex() const;
};

TraceSteps findTraceSteps(const TraceDataset &dataset);

// "ProfilerStep#5", "Iteration 12": a step mark's name (not "Iteration Start: …").
bool isStepMarkName(std::string_view name);

// The end of the trace's first training step, in absolute ns. Op-info uses it as the recompile
// cut-off: a new signature compiled after the first step is a dynamic-shape recompile.
std::optional<qint64> firstStepEndNs(const TraceDataset &dataset);

} // namespace Twinscope::Core
