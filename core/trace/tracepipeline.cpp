#include "tracepipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "tracefiles.h"

#include <QFileInfo>

#include <atomic>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

qint64 TraceAnalysis::loadedFiles() const
{
    return std::count_if(
        files.begin(), files.end(), [](const TraceFileOutcome &f) { return bool(f.dataset); });
}

TraceTotals computeTraceTotals(const std::vector<std::shared_ptr<const TraceDataset>> &traces)
{
    TraceTotals t;
    for (const auto &ds : traces) {
        if (!ds)
            continue;
        for (qint64 i = 0; i < ds->sliceCount(); ++i) {
            if (!(ds->sliceFlags[size_t(i)] & TraceSliceFlag::AsyncSlice))
                ++t.slices;
        }
        t.instants += qint64(ds->instantTs.size());
        t.counterSamples += qint64(ds->counterTs.size());
        t.flows += qint64(ds->flows.size());
        t.processes += qint64(ds->processes.size());
        t.tracks += qint64(ds->tracks.size());
        if (ds->lastNs > ds->firstNs || ds->sliceCount() > 0) {
            t.firstNs = t.hasSpan ? std::min(t.firstNs, ds->firstNs) : ds->firstNs;
            t.lastNs = t.hasSpan ? std::max(t.lastNs, ds->lastNs) : ds->lastNs;
            t.hasSpan = true;
        }
    }
    return t;
}

Result<TraceAnalysis>
runTracePipeline(const TracePipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<TraceAnalysis>(input.paths.value(0), [&] {
        progress.report(0, Tr::tr("Looking for traces"));
        QStringList paths;
        for (const QString &p : input.paths)
            paths += findTraceFiles(p);
        if (paths.isEmpty() && input.open.empty())
            return Result<TraceAnalysis>::failed(Error::make(
                ErrorCode::NotFound,
                Tr::tr("No chrome trace files were found in %1.").arg(input.paths.join(u", "_s)),
                input.paths.value(0)));
        auto analysis = std::make_shared<TraceAnalysis>();
        analysis->files.resize(size_t(paths.size()));
        const int loadTo = input.statistics ? 900 : 1000;
        PartsProgress parts(progress, paths, loadTo);
        std::atomic<int> next{0};
        // Files load side by side; each loader asks the same pool for its chunk threads, so the
        // machine's cores are shared out, never multiplied.
        WorkerPool::run(int(paths.size()), [&](int) {
            for (;;) {
                const int k = next.fetch_add(1);
                if (k >= paths.size() || cancel.isCanceled())
                    return;
                TraceFileOutcome &out = analysis->files[size_t(k)];
                out.path = paths[k];
                ProgressSink part = parts.part(k);
                const Result<TraceDataset> r = runGuarded<TraceDataset>(out.path, [&] {
                    return loadChromeTrace(Source::fromPath(out.path), input.load, part, cancel);
                });
                out.diagnostics = r.diagnostics();
                out.diagnostics.setFile(out.path);
                if (r.isOk())
                    out.dataset = r.value();
                else if (r.isFailed()) {
                    out.error = r.error();
                    if (out.error->file.isEmpty())
                        out.error->file = out.path;
                }
                parts.report(k, 1000, {});
            }
        });
        if (cancel.isCanceled())
            return Result<TraceAnalysis>::canceled();
        std::vector<std::shared_ptr<const TraceDataset>> traces = input.open;
        for (const TraceFileOutcome &f : analysis->files) {
            if (f.dataset)
                traces.push_back(f.dataset);
        }
        analysis->totals = computeTraceTotals(traces);
        if (input.statistics && !traces.empty()) {
            OpStatisticsQuery query;
            query.groupBy = input.groupBy;
            std::vector<OpStatistics> perTrace;
            for (size_t i = 0; i < traces.size(); ++i) {
                ProgressSink part = subProgress(progress,
                                                loadTo + int(100 * i / traces.size()),
                                                loadTo + int(100 * (i + 1) / traces.size()));
                const Result<OpStatistics> s = computeOpStatistics(*traces[i], query, part, cancel);
                if (!s.isOk())
                    return forwardFailure<TraceAnalysis>(s);
                perTrace.push_back(*s.value());
            }
            analysis->statistics =
                std::make_shared<const OpStatistics>(mergeOpStatistics(perTrace, input.groupBy));
        }
        progress.report(1000, {});
        Diagnostics all;
        for (const TraceFileOutcome &f : analysis->files)
            all.merge(f.diagnostics);
        return Result<TraceAnalysis>::ok(std::move(analysis), std::move(all));
    });
}

} // namespace Twinscope::Core
