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
    const Result<DumpSides> loaded = loadDumpSides(input.benchPath,
                                                   input.npuPath,
                                                   input.options.read,
                                                   loading,
                                                   cancel,
                                                   input.benchSniff,
                                                   input.npuSniff);
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
openResult(const QString &path, qint64 maxRows, ProgressSink &progress, const CancelToken &cancel)
{
    const Result<DumpComparison> c = runGuarded<DumpComparison>(
        path, [&] { return loadCompareResult(Source::fromPath(path), progress, cancel, maxRows); });
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

bool isCompareResult(const SniffResult &sniffed)
{
    return sniffed.format == QStringLiteral("compare_result");
}

bool isCompareResultPath(const QString &path)
{
    return isCompareResult(sniffPath(path));
}

Result<DumpSeries>
runDumpPipeline(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<DumpSeries>(input.npuPath, [&] {
        // The folder walks happen here, on the caller's (worker) thread, never the GUI's.
        // Each path is sniffed once: here, or by the caller (then it travels in the input).
        DumpPipelineInput sniffed = input;
        sniffed.benchSniff = sniffedOr(input.benchSniff, input.benchPath);
        if (!input.npuPath.isEmpty())
            sniffed.npuSniff = sniffedOr(input.npuSniff, input.npuPath);
        const bool benchResult = isCompareResult(*sniffed.benchSniff);
        if (input.npuPath.isEmpty() || benchResult || isCompareResult(*sniffed.npuSniff)) {
            if (!input.npuPath.isEmpty() || !benchResult)
                return Result<DumpSeries>::failed(Error::make(
                    ErrorCode::Unsupported,
                    Tr::tr("a compare result (CSV or .xlsx) is a comparison already: open it on "
                           "its own"),
                    benchResult ? input.benchPath : input.npuPath));
            return openResult(input.benchPath, input.options.read.maxResultRows, progress, cancel);
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
        return comparePair(sniffed, progress, cancel);
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
            const Result<TensorDump> d = runGuarded<TensorDump>(dir, [&] {
                return loadDump(Source::fromPath(dir), part, cancel, input.read, input.sniff);
            });
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
