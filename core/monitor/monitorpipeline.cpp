#include "monitorpipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "monitorloader.h"

namespace Twinscope::Core {

Result<MonitorAnalysis> runMonitorPipeline(const MonitorPipelineInput &input,
                                           ProgressSink &progress,
                                           const CancelToken &cancel)
{
    const QString first = input.paths.isEmpty() ? QString() : input.paths.front();
    return runGuarded<MonitorAnalysis>(first, [&]() -> Result<MonitorAnalysis> {
        MonitorAnalysis analysis;
        Diagnostics all;
        const int n = int(input.paths.size());
        for (int i = 0; i < n; ++i) {
            const QString &path = input.paths[i];
            ProgressSink sub([&](int permille, const QString &stage) {
                progress.report((i * 900 + permille * 900 / 1000) / std::max(1, n), stage);
            });
            const Result<MonitorRun> r = loadMonitorRun(path, sub, cancel);
            if (r.status() == Result<MonitorRun>::Status::Canceled)
                return Result<MonitorAnalysis>::canceled();
            Diagnostics d = r.diagnostics();
            d.setFile(path);
            all.merge(d);
            if (!r.isOk())
                return Result<MonitorAnalysis>::failed(r.error(), all);
            analysis.runs.push_back({path, r.value(), d, std::nullopt});
        }
        if (analysis.runs.size() >= 2) {
            progress.report(920, Tr::tr("Comparing the runs"));
            analysis.comparison = std::make_shared<const MonitorComparison>(
                compareMonitorRuns(*analysis.runs[0].run, *analysis.runs[1].run, input.compare));
        }
        progress.report(1000, Tr::tr("Done"));
        return Result<MonitorAnalysis>::ok(std::make_shared<const MonitorAnalysis>(analysis), all);
    });
}

} // namespace Twinscope::Core
