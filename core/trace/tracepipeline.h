#pragma once

#include "chrometraceloader.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "opstatistics.h"
#include "tracealign.h"
#include "tracefiles.h"
#include "tracephases.h"
#include "tracepreview.h"
#include "tracesteps.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// The timeline pipeline (issue #9): paths (trace files or profiling folders) -> every trace loaded
// (in parallel, within the worker pool's budget) -> op statistics over them all. The Trace tab,
// `twinscope-cli trace` and the tests call this one function.
struct TracePipelineInput
{
    QStringList paths; // files, or folders whose trace files are found inside (off the GUI thread)
    // Traces already open that stay in the analysis (a file added to an open timeline): they are
    // not loaded again, but the statistics cover them.
    std::vector<std::shared_ptr<const TraceDataset>> open;
    ChromeTraceOptions load;
    bool statistics = true;
    // Steps, phases and the default alignment per file (issue #10); cheap next to loading.
    bool summaries = true;
    OpStatisticsQuery::GroupBy groupBy = OpStatisticsQuery::GroupBy::NameAndCategory;
    OpStatisticsQuery::Scope scope = OpStatisticsQuery::Scope::ExcludeOverlap;
    // First paint while loading (issue #28): called on a loading thread with what can be painted
    // before the result: the head of a large file while it is parsed (TracePreview::whole false),
    // then the whole file before its summaries and statistics are computed (whole true). Only when
    // the paths hold one trace file and none is open, so a preview is always one file alone.
    std::function<void(const TracePreview &)> preview = {};
    TracePreviewSettings previewSettings = {};
};

// One trace file of the input: loaded, or failed with its error. Its diagnostics name it.
struct TraceFileOutcome
{
    QString path;
    QString input; // the path the user gave: the file itself, or the folder it was found in
    std::shared_ptr<const TraceDataset> dataset; // null when it failed
    Diagnostics diagnostics;
    std::optional<Error> error;
    // With TracePipelineInput::summaries, for a loaded file:
    std::shared_ptr<const TraceSteps> steps;
    TracePhasesResult phases;                  // the whole trace, from raw device tasks
    std::optional<TracePhases> profilerPhases; // the trace's own Overlap Analysis sums, if any
    int run = 0;                               // groupTraceRuns() over the new files
    qint64 offsetNs = 0;                       // default alignment (first step) against run 0
    TraceAlignMode align = TraceAlignMode::FirstStep; // the mode that applied
};

// Counts over every loaded trace (open ones included), as `trace --json` reports them.
struct TraceTotals
{
    qint64 slices = 0; // complete and begin/end spans, async spans not counted
    qint64 instants = 0;
    qint64 counterSamples = 0;
    qint64 flows = 0;
    qint64 processes = 0;
    qint64 tracks = 0;
    qint64 firstNs = 0; // display ns: each file's offset applied
    qint64 lastNs = 0;
    bool hasSpan = false;
};

struct TraceAnalysis
{
    std::vector<TraceFileOutcome> files; // the new inputs, in path order (folders expanded)
    QList<SkippedTraceFile> skipped;     // files of the given folders that are not traces
    std::shared_ptr<const OpStatistics> statistics; // over open + new traces; null if not asked
    TraceTotals totals;
    qint64 loadedFiles() const;
};

// Fails only when the paths hold no trace file at all; a file that fails to load is reported in
// its TraceFileOutcome and the others are kept. Any exception becomes that file's `internal` error.
Result<TraceAnalysis> runTracePipeline(const TracePipelineInput &input,
                                       ProgressSink &progress,
                                       const CancelToken &cancel);

// offsets: display ns = trace ns + offset, one per trace (missing entries are 0).
TraceTotals computeTraceTotals(const std::vector<std::shared_ptr<const TraceDataset>> &traces,
                               const std::vector<qint64> &offsets = {});

} // namespace Twinscope::Core
