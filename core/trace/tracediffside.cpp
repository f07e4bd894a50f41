#include "tracediffside.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "tracepipeline.h"

#include <atomic>

namespace Twinscope::Core {

TraceRankProfile profileTraceRank(const QString &path,
                                  std::shared_ptr<const TraceDataset> dataset,
                                  std::shared_ptr<const TraceSteps> steps)
{
    TraceRankProfile p;
    p.path = path;
    p.rank = dataset->rank;
    p.steps =
        steps ? std::move(steps) : std::make_shared<const TraceSteps>(findTraceSteps(*dataset));
    auto tasks = std::make_shared<const DeviceTaskSet>(classifyDeviceTasks(*dataset));
    p.phases = std::make_shared<const TracePhaseIndex>(*dataset, *tasks);
    p.categories = std::make_shared<const StepCategoryIndex>(*dataset, *tasks);
    p.memory = std::make_shared<const MemoryTrack>(buildMemoryTrack(*dataset));
    p.tasks = std::move(tasks);
    p.dataset = std::move(dataset);
    return p;
}

Result<TraceDiffSide> loadTraceDiffSide(const QString &path,
                                        const ChromeTraceOptions &load,
                                        ProgressSink &progress,
                                        const CancelToken &cancel)
{
    return runGuarded<TraceDiffSide>(path, [&] {
        TracePipelineInput input;
        input.paths = {path};
        input.load = load;
        input.statistics = false;
        input.summaries = false; // profileTraceRank() finds the steps and classifies once
        ProgressSink loading = subProgress(progress, 0, 850);
        const Result<TraceAnalysis> r = runTracePipeline(input, loading, cancel);
        if (!r.isOk())
            return forwardFailure<TraceDiffSide>(r);
        const TraceAnalysis &a = *r.value();
        auto side = std::make_shared<TraceDiffSide>();
        side->path = path;
        side->skipped = a.skipped;
        side->diagnostics = r.diagnostics();
        std::vector<const TraceFileOutcome *> loaded;
        for (const TraceFileOutcome &f : a.files) {
            if (f.dataset)
                loaded.push_back(&f);
            else if (f.error)
                side->failed.append(*f.error);
        }
        if (loaded.empty())
            return Result<TraceDiffSide>::failed(side->failed.value(0), side->diagnostics);
        side->ranks.resize(loaded.size());
        progress.report(850, Tr::tr("Classifying device tasks"));
        std::atomic<size_t> next{0};
        WorkerPool::run(int(loaded.size()), [&](int) {
            for (;;) {
                const size_t k = next.fetch_add(1);
                if (k >= loaded.size() || cancel.isCanceled())
                    return;
                side->ranks[k] =
                    profileTraceRank(loaded[k]->path, loaded[k]->dataset, loaded[k]->steps);
            }
        });
        if (cancel.isCanceled())
            return Result<TraceDiffSide>::canceled();
        progress.report(1000, {});
        Diagnostics diagnostics = side->diagnostics;
        return Result<TraceDiffSide>::ok(std::move(side), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
