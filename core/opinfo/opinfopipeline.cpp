#include "opinfopipeline.h"

#include "core/common/pipeline.h"

namespace Twinscope::Core {

Result<OpInfoAnalysis> runOpInfoPipeline(const OpInfoPipelineInput &input,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    const QString file = input.paths.size() == 1 ? input.paths.first() : QString();
    return runGuarded<OpInfoAnalysis>(file.isEmpty() ? input.paths.value(0) : file, [&] {
        auto out = std::make_shared<OpInfoAnalysis>();
        Diagnostics diagnostics;
        // Loading is the long part; the analysis is one pass over the compile events.
        const int loadTo = input.dataset ? 0 : 850;
        if (input.dataset) {
            out->dataset = input.dataset;
        } else {
            QList<Source> sources;
            for (const QString &p : input.paths)
                sources.append(Source::fromPath(p));
            ProgressSink part = subProgress(progress, 0, loadTo);
            const Result<OpInfoDataset> r = loadOpInfo(sources, input.load, part, cancel);
            diagnostics = r.diagnostics();
            // Several inputs: each warning's locations already name their file.
            if (!file.isEmpty())
                diagnostics.setFile(file);
            if (!r.isOk())
                return forwardFailure<OpInfoAnalysis>(r, diagnostics);
            out->dataset = r.value();
        }
        ProgressSink part = subProgress(progress, loadTo, 980);
        const Result<OpInfoReport> report =
            analyzeOpInfo(*out->dataset, input.analysis, part, cancel);
        if (!report.isOk())
            return forwardFailure<OpInfoAnalysis>(report, diagnostics);
        out->report = report.value();
        if (input.chart)
            out->chart = buildCompileChart(*out->dataset, *out->report);
        // A cancel that came during the last, unpolled steps still means "canceled" (issue #31).
        if (cancel.isCanceled())
            return Result<OpInfoAnalysis>::canceled();
        progress.report(1000, {});
        return Result<OpInfoAnalysis>::ok(std::move(out), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
