#include "dumppipeline.h"

#include "compareresultreader.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "dumploader.h"
#include "dumpseries.h"
#include "namepool.h"

#include <QFileInfo>

namespace Twinscope::Core {

namespace {

// Whether two paths name one file or folder (links resolved).
bool sameInput(const QString &a, const QString &b)
{
    const QString ca = QFileInfo(a).canonicalFilePath();
    return !ca.isEmpty() && ca == QFileInfo(b).canonicalFilePath();
}

Result<DumpSeries>
comparePair(const DumpPipelineInput &input, ProgressSink &progress, const CancelToken &cancel)
{
    std::shared_ptr<const TensorDump> sides[2];
    const QString paths[2] = {input.benchPath, input.npuPath};
    Diagnostics diagnostics;
    Diagnostics first;
    for (int i = 0; i < 2; ++i) {
        // The same file or folder on both sides (a self-check, the plantedSelf case) is read
        // once: both sides are one immutable dump, whose warnings still count for each side.
        // Reading it twice doubled the memory of the largest comparisons (issue #16).
        if (i == 1 && sameInput(paths[0], paths[1])) {
            first.setFile(paths[1]);
            diagnostics.merge(first);
            sides[1] = sides[0];
            break;
        }
        // Loading is mostly reading headers; the comparison streams every byte, so it gets 90 %.
        ProgressSink part = subProgress(progress, i * 50, i * 50 + 50);
        // The second side shares the first one's equal names (namepool.h).
        DumpReadOptions read = input.options.read;
        if (i == 1)
            read.names = std::make_shared<NamePool>(sides[0]);
        const Result<TensorDump> r = runGuarded<TensorDump>(
            paths[i], [&] { return loadDump(Source::fromPath(paths[i]), part, cancel, read); });
        Diagnostics side = r.diagnostics();
        if (i == 0)
            first = side;
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
