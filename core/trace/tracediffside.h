#pragma once

#include "chrometraceloader.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "memorytrack.h"
#include "taskclassify.h"
#include "tracecategories.h"
#include "tracefiles.h"
#include "tracephases.h"
#include "tracesteps.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// Everything a comparison asks of one trace file (one rank), built once after loading so that
// any step, any choice of steps and a swap of baseline and target cost only lookups.
struct TraceRankProfile
{
    QString path;
    int rank = -1; // distributedInfo.rank, -1 when the trace does not say
    std::shared_ptr<const TraceDataset> dataset;
    std::shared_ptr<const TraceSteps> steps;
    std::shared_ptr<const DeviceTaskSet> tasks;
    std::shared_ptr<const TracePhaseIndex> phases;
    std::shared_ptr<const StepCategoryIndex> categories;
    std::shared_ptr<const MemoryTrack> memory;
};

TraceRankProfile profileTraceRank(const QString &path,
                                  std::shared_ptr<const TraceDataset> dataset,
                                  std::shared_ptr<const TraceSteps> steps = {});

// One side of a comparison: a trace file, or a folder of ranks (every trace inside it).
struct TraceDiffSide
{
    QString path;                        // as given
    std::vector<TraceRankProfile> ranks; // the loaded files, in path order
    QList<SkippedTraceFile> skipped;
    QList<Error> failed; // files of the folder that did not load (the others are compared)
    Diagnostics diagnostics;
};

// Loads a side through runTracePipeline (no op statistics) and profiles every rank on the worker
// pool. Fails when nothing could be loaded.
Result<TraceDiffSide> loadTraceDiffSide(const QString &path,
                                        const ChromeTraceOptions &load,
                                        ProgressSink &progress,
                                        const CancelToken &cancel);

} // namespace Twinscope::Core
