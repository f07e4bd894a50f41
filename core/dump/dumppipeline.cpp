#include "dumppipeline.h"

#include "core/common/pipeline.h"
#include "dumploader.h"
#include "dumpseries.h"

namespace Twinscope::Core {

namespace {

Result<DumpSeries>
comparePair(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    std::shared_ptr<const TensorDump> sides[2];
    const QString paths[2] = {input.benchPath, input.npuPath};
    Diagnostics diagnostics;
    for (int i = 0; i < 2; ++i) {
        // Loading is mostly reading headers; the comparison streams every byte, so it gets 90 %.
        ProgressSink part = subProgress(progress, i * 50, i * 50 + 50);
        const Result<TensorDump> r = runGuarded<TensorDump>(paths[i], [&] {
            return loadDump(Source::fromPath(paths[i]), part, cancel, input.options.read);
        });
        Diagnostics side = r.diagnostics();
        side.setFile(paths[i]);
        diagnostics.merge(side);
        if (!r.isOk())
            return forwardFailure<DumpSeries>(r, diagnostics);
        sides[i] = r.value();
    }
    ProgressSink part = subProgress(progress, 100, 1000);
    const Result<DumpComparison> c = runGuarded<DumpComparison>(input.npuPath, [&] {
        return compareDumps(sides[0], sides[1], input.options, part, cancel);
    });
    if (!c.isOk())
        return forwardFailure<DumpSeries>(c, diagnostics);
    Diagnostics compared = c.diagnostics();
    compared.setFile(input.npuPath);
    diagnostics.merge(compared);
    auto series = std::make_shared<DumpSeries>();
    series->labels << QString();
    series->runs << c.value();
    return Result<DumpSeries>::ok(std::move(series), std::move(diagnostics));
}

} // namespace

Result<DumpSeries>
runDumpPipeline(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<DumpSeries>(input.npuPath, [&] {
        // The folder walks happen here, on the caller's (worker) thread, never the GUI's.
        if (input.runs == DumpPipelineInput::Runs::All &&
            findDumpRuns(input.benchPath).size() > 1 && findDumpRuns(input.npuPath).size() > 1)
            return compareDumpSeries(
                input.benchPath, input.npuPath, input.options, progress, cancel);
        return comparePair(input, progress, cancel);
    });
}

} // namespace Twinscope::Core
