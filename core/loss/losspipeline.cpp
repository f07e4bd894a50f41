#include "losspipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"

#include <atomic>

namespace Twinscope::Core {

Result<LossAnalysis>
runLossPipeline(const LossPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    const QString first = input.runs.isEmpty() ? QString() : input.runs.first().path;
    return runGuarded<LossAnalysis>(first, [&] {
        if (input.runs.isEmpty())
            return Result<LossAnalysis>::failed(
                Error::make(ErrorCode::NotFound, Tr::tr("No loss log was given."), QString()));
        auto out = std::make_shared<LossAnalysis>();
        out->runs.resize(size_t(input.runs.size()));
        std::atomic<int> next{0};
        QStringList paths;
        for (const LossPipelineInput::Run &in : input.runs)
            paths << (in.loaded && !in.follower ? QString() : in.path); // held runs weigh nothing
        PartsProgress parts(progress, paths, 900);
        WorkerPool::run(int(input.runs.size()), [&](int) {
            for (;;) {
                const int k = next.fetch_add(1);
                if (k >= input.runs.size() || cancel.isCanceled())
                    return;
                const LossPipelineInput::Run &in = input.runs[k];
                LossRunOutcome &o = out->runs[size_t(k)];
                o.path = in.path;
                if (in.loaded && !in.follower) {
                    o.run = in.loaded;
                } else {
                    ProgressSink part = parts.part(k);
                    bool changed = false;
                    const Result<LossRun> r = runGuarded<LossRun>(in.path, [&] {
                        return in.follower
                                   ? in.follower->poll(part, cancel, &changed)
                                   : loadLossLog(
                                         Source::fromPath(in.path), in.options, part, cancel);
                    });
                    o.diagnostics = r.diagnostics();
                    o.diagnostics.setFile(in.path);
                    if (r.isOk())
                        o.run = r.value();
                    else if (r.isFailed())
                        o.error = r.error();
                }
                parts.report(k, 1000, Tr::tr("Reading loss logs"));
            }
        });
        if (cancel.isCanceled())
            return Result<LossAnalysis>::canceled();
        Diagnostics diagnostics;
        const LossRunOutcome *a = nullptr;
        const LossRunOutcome *b = nullptr;
        LossCompareOptions compare = input.compare;
        for (size_t k = 0; k < out->runs.size(); ++k) {
            const LossRunOutcome &o = out->runs[k];
            diagnostics.merge(o.diagnostics);
            if (!o.run)
                continue;
            if (!a) {
                a = &o;
                compare.benchmarkOffset = input.runs[qsizetype(k)].stepOffset;
            } else if (!b) {
                b = &o;
                compare.testOffset = input.runs[qsizetype(k)].stepOffset;
            }
        }
        out->metric =
            !input.metric.isEmpty() ? input.metric : (a ? a->run->mainMetric() : QString());
        if (a && b) {
            ProgressSink part = subProgress(progress, 900, 1000);
            const Result<LossComparison> c =
                compareLossRuns(*a->run, *b->run, out->metric, compare, part, cancel);
            if (!c.isOk())
                return forwardFailure<LossAnalysis>(c, diagnostics);
            out->comparison = c.value();
        }
        progress.report(1000, {});
        return Result<LossAnalysis>::ok(std::move(out), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
