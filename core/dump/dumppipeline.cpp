#include "dumppipeline.h"

#include "compareresultreader.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "dumploader.h"
#include "dumpseries.h"
#include "dumpsides.h"

namespace Twinscope::Core {

namespace {

Result<DumpSeries>
comparePair(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    // Loading is mostly reading headers; the comparison streams every byte, so it gets 90 %.
    ProgressSink loading = subProgress(progress, 0, 100);
    const Result<DumpSides> loaded =
        loadDumpSides(input.benchPath, input.npuPath, input.options.read, loading, cancel);
    Diagnostics diagnostics = loaded.diagnostics();
    if (!loaded.isOk())
        return forwardFailure<DumpSeries>(loaded);
    const auto &sides = *loaded.value();
    ProgressSink part = subProgress(progress, 100, 1000);
    const Result<DumpComparison> c = runGuarded<DumpComparison>(input.npuPath, [&] {
        return compareDumps(sides.bench, sides.npu, input.options, part, cancel);
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

Result<DumpSeries>
openResult(const QString &path, ProgressSink &progress, const CancelToken &cancel)
{
    const Result<DumpComparison> c = runGuarded<DumpComparison>(
        path, [&] { return loadCompareResult(Source::fromPath(path), progress, cancel); });
    Diagnostics diagnostics = c.diagnostics();
    diagnostics.setFile(path);
    if (!c.isOk())
        return forwardFailure<DumpSeries>(c, diagnostics);
    auto series = std::make_shared<DumpSeries>();
    series->labels << QString();
    series->runs << c.value();
    return Result<DumpSeries>::ok(std::move(series), std::move(diagnostics));
}

// A tree of msprobe runs (dump.json below the folder, not in it).
bool isRunTree(const QString &path)
{
    const auto runs = findDumpRuns(path);
    return !runs.isEmpty() && !(runs.size() == 1 && runs.first().first == u'.');
}

} // namespace

bool isCompareResultPath(const QString &path)
{
    return sniffPath(path).format == QStringLiteral("compare_result");
}

Result<DumpSeries>
runDumpPipeline(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<DumpSeries>(input.npuPath, [&] {
        // The folder walks happen here, on the caller's (worker) thread, never the GUI's.
        const bool benchResult = isCompareResultPath(input.benchPath);
        if (input.npuPath.isEmpty() || benchResult || isCompareResultPath(input.npuPath)) {
            if (!input.npuPath.isEmpty() || !benchResult)
                return Result<DumpSeries>::failed(Error::make(
                    ErrorCode::Unsupported,
                    Tr::tr("a compare result (CSV or .xlsx) is a comparison already: open it on "
                           "its own"),
                    benchResult ? input.benchPath : input.npuPath));
            return openResult(input.benchPath, progress, cancel);
        }
        if (input.runs == DumpPipelineInput::Runs::All && isRunTree(input.benchPath) &&
            isRunTree(input.npuPath))
            return compareDumpSeries(input.benchPath,
                                     input.npuPath,
                                     input.options,
                                     progress,
                                     cancel,
                                     input.steps,
                                     input.ranks);
        return comparePair(input, progress, cancel);
    });
}

Result<OverflowSeries> runSingleDumpPipeline(const SingleDumpInput &input,
                                             ProgressSink &progress,
                                             const CancelToken &cancel)
{
    return runGuarded<OverflowSeries>(input.path, [&]() -> Result<OverflowSeries> {
        QList<QPair<QString, QString>> runs;
        if (isRunTree(input.path)) {
            for (const auto &run : findDumpRuns(input.path))
                if (runSelected(run.first, input.steps, input.ranks))
                    runs << run;
            if (runs.isEmpty())
                return Result<OverflowSeries>::failed(
                    Error::make(ErrorCode::UnknownFormat,
                                Tr::tr("no run of the folder has the step and rank asked for"),
                                input.path));
        } else {
            runs << QPair<QString, QString>{QString(), input.path};
        }
        auto series = std::make_shared<OverflowSeries>();
        Diagnostics diagnostics;
        for (qsizetype k = 0; k < runs.size(); ++k) {
            ProgressSink part = subProgress(
                progress, int(1000 * k / runs.size()), int(1000 * (k + 1) / runs.size()));
            const QString &dir = runs[k].second;
            const Result<TensorDump> d = runGuarded<TensorDump>(
                dir, [&] { return loadDump(Source::fromPath(dir), part, cancel, input.read); });
            Diagnostics side = d.diagnostics();
            side.setFile(dir);
            diagnostics.merge(side);
            if (!d.isOk())
                return forwardFailure<OverflowSeries>(d, diagnostics);
            const Result<OverflowAnalysis> a = runGuarded<OverflowAnalysis>(
                dir, [&] { return analyzeOverflow(d.value(), input.threads, part, cancel); });
            if (!a.isOk())
                return forwardFailure<OverflowSeries>(a, diagnostics);
            series->labels << runs[k].first;
            series->runs << a.value();
        }
        return Result<OverflowSeries>::ok(std::move(series), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
