#include "tracepipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "tracefileload.h"
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

TraceTotals computeTraceTotals(const std::vector<std::shared_ptr<const TraceDataset>> &traces,
                               const std::vector<qint64> &offsets)
{
    TraceTotals t;
    for (size_t k = 0; k < traces.size(); ++k) {
        const auto &ds = traces[k];
        if (!ds)
            continue;
        const qint64 offset = k < offsets.size() ? offsets[k] : 0;
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
            const qint64 first = ds->firstNs + offset, last = ds->lastNs + offset;
            t.firstNs = t.hasSpan ? std::min(t.firstNs, first) : first;
            t.lastNs = t.hasSpan ? std::max(t.lastNs, last) : last;
            t.hasSpan = true;
        }
    }
    return t;
}

namespace {

// Steps, phases and the profiler's own phases of one loaded file, on its loading worker.
void summarise(TraceFileOutcome &out)
{
    const TraceDataset &ds = *out.dataset;
    auto steps = std::make_shared<TraceSteps>(findTraceSteps(ds));
    if (!steps->detected)
        out.diagnostics.add(u"no_steps"_s,
                            Tr::tr("The trace has no step marks (ProfilerStep#N, Iteration N): "
                                   "it is treated as one step."),
                            {},
                            Severity::Info);
    out.steps = std::move(steps);
    out.phases = computeTracePhases(ds);
    out.profilerPhases = profilerOverlapPhases(ds);
}

// The default alignment of the new files: runs of one job keep their clock, separate runs meet
// at their first complete step.
void alignRuns(std::vector<TraceFileOutcome> &files)
{
    std::vector<TraceAlignInput> inputs;
    std::vector<size_t> index;
    for (size_t i = 0; i < files.size(); ++i) {
        if (!files[i].dataset)
            continue;
        inputs.push_back({files[i].dataset, files[i].input, files[i].steps});
        index.push_back(i);
    }
    const std::vector<int> runs = groupTraceRuns(inputs);
    const std::vector<qint64> offsets = traceAlignmentOffsets(inputs, runs, {});
    for (size_t k = 0; k < index.size(); ++k) {
        TraceFileOutcome &f = files[index[k]];
        f.run = runs[k];
        f.offsetNs = offsets[k];
        traceRunAnchorNs(inputs, runs, runs[k], TraceAlignMode::FirstStep, &f.align);
    }
}

} // namespace

Result<TraceAnalysis>
runTracePipeline(const TracePipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<TraceAnalysis>(input.paths.value(0), [&] {
        progress.report(0, Tr::tr("Looking for traces"));
        auto analysis = std::make_shared<TraceAnalysis>();
        QStringList paths, inputs;
        for (const QString &p : input.paths) {
            const TraceFileScan scan = scanTraceFiles(p, cancel);
            if (scan.canceled)
                return Result<TraceAnalysis>::canceled();
            paths += scan.traces;
            for (qsizetype i = 0; i < scan.traces.size(); ++i)
                inputs << p;
            analysis->skipped += scan.skipped;
        }
        if (paths.isEmpty() && input.open.empty())
            return Result<TraceAnalysis>::failed(Error::make(
                ErrorCode::NotFound,
                Tr::tr("No chrome trace files were found in %1.").arg(input.paths.join(u", "_s)),
                input.paths.value(0)));
        analysis->files.resize(size_t(paths.size()));
        const int loadTo = input.statistics ? 900 : 1000;
        PartsProgress parts(progress, paths, loadTo);
        std::atomic<int> next{0};
        const bool previews = input.preview && paths.size() == 1 && input.open.empty();
        // Files load side by side; each loader asks the same pool for its chunk threads, so the
        // machine's cores are shared out, never multiplied.
        WorkerPool::run(int(paths.size()), [&](int) {
            for (;;) {
                const int k = next.fetch_add(1);
                if (k >= paths.size() || cancel.isCanceled())
                    return;
                TraceFileOutcome &out = analysis->files[size_t(k)];
                out.path = paths[k];
                out.input = inputs[k];
                ProgressSink part = parts.part(k);
                TraceHeadPreview head;
                if (previews) {
                    head = [&](std::shared_ptr<const TraceDataset> ds, qint64 bytesRead) {
                        const qint64 fileBytes = ds->fileSize;
                        input.preview(
                            {out.path, out.input, std::move(ds), false, bytesRead, fileBytes});
                    };
                }
                const Result<TraceDataset> r = runGuarded<TraceDataset>(out.path, [&] {
                    return loadTraceFile(
                        out.path, input.load, part, cancel, head, input.previewSettings);
                });
                out.diagnostics = r.diagnostics();
                out.diagnostics.setFile(out.path);
                if (r.isOk()) {
                    out.dataset = r.value();
                    // The timeline paints while steps, phases and statistics are computed.
                    if (previews && (input.summaries || input.statistics) && !cancel.isCanceled())
                        input.preview({out.path,
                                       out.input,
                                       out.dataset,
                                       true,
                                       out.dataset->fileSize,
                                       out.dataset->fileSize});
                    if (input.summaries)
                        summarise(out);
                } else if (r.isFailed()) {
                    out.error = r.error();
                    if (out.error->file.isEmpty())
                        out.error->file = out.path;
                }
                parts.report(k, 1000, {});
            }
        });
        if (cancel.isCanceled())
            return Result<TraceAnalysis>::canceled();
        if (input.summaries)
            alignRuns(analysis->files);
        std::vector<std::shared_ptr<const TraceDataset>> traces = input.open;
        std::vector<qint64> offsets(traces.size(), 0);
        for (const TraceFileOutcome &f : analysis->files) {
            if (f.dataset) {
                traces.push_back(f.dataset);
                offsets.push_back(f.offsetNs);
            }
        }
        analysis->totals = computeTraceTotals(traces, offsets);
        if (input.statistics && !traces.empty()) {
            OpStatisticsQuery query;
            query.groupBy = input.groupBy;
            query.scope = input.scope;
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
        if (!analysis->skipped.isEmpty()) {
            // Listed, never silent (issue #10): the first few files name themselves here, all of
            // them in TraceAnalysis::skipped.
            Diagnostics skipped;
            for (const SkippedTraceFile &f : analysis->skipped)
                skipped.add(u"skipped_files"_s,
                            Tr::tr("Files in the folder that are not chrome traces were skipped."),
                            Location{-1, -1, f.path},
                            Severity::Info);
            all.merge(skipped);
        }
        return Result<TraceAnalysis>::ok(std::move(analysis), std::move(all));
    });
}

} // namespace Twinscope::Core
