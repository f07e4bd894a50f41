#include "dumpseries.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/tensor/dumpnames.h"
#include "dumpsides.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QList<QPair<QString, QString>> findDumpRuns(const QString &folder)
{
    QList<QPair<QString, QString>> runs;
    if (!QFileInfo(folder).isDir())
        return runs;
    const QDir root(folder);
    QDirIterator it(folder, {u"dump.json"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext() && runs.size() < 4096) {
        const QString dir = QFileInfo(it.next()).absolutePath();
        QString label = root.relativeFilePath(dir);
        if (label.isEmpty())
            label = u"."_s;
        runs.append({label, dir});
    }
    std::sort(runs.begin(), runs.end(), [](const auto &a, const auto &b) {
        return naturalLess(a.first, b.first);
    });
    return runs;
}

RunId runId(const QString &label)
{
    RunId id;
    static const QRegularExpression step(u"^step(\\d+)$"_s), rank(u"^rank(\\d*)$"_s);
    for (const QString &part : label.split(u'/')) {
        if (const auto m = step.match(part); m.hasMatch())
            id.step = m.captured(1).toInt();
        else if (const auto r = rank.match(part); r.hasMatch())
            id.rank = r.captured(1).isEmpty() ? 0 : r.captured(1).toInt();
    }
    return id;
}

int firstDivergingRun(const DumpSeries &series)
{
    for (int i = 0; i < series.runs.size(); ++i)
        if (series.runs[i]->firstDivergent >= 0 || series.runs[i]->nanOrigin >= 0)
            return i;
    return 0;
}

bool runSelected(const QString &label, const QList<int> &steps, const QList<int> &ranks)
{
    const RunId id = runId(label);
    return (steps.isEmpty() || steps.contains(id.step)) &&
           (ranks.isEmpty() || ranks.contains(id.rank));
}

Result<DumpSeries> compareDumpSeries(const QString &benchFolder,
                                     const QString &npuFolder,
                                     const CompareOptions &options,
                                     ProgressSink &progress,
                                     const CancelToken &cancel,
                                     const QList<int> &steps,
                                     const QList<int> &ranks)
{
    const auto benchRuns = findDumpRuns(benchFolder);
    const auto npuRuns = findDumpRuns(npuFolder);
    Diagnostics diagnostics;
    QList<QPair<QString, QPair<QString, QString>>> pairs;
    for (const auto &[label, dir] : benchRuns) {
        if (!runSelected(label, steps, ranks))
            continue;
        QString partner;
        for (const auto &[nl, nd] : npuRuns)
            if (nl == label)
                partner = nd;
        if (partner.isEmpty())
            diagnostics.add(u"series_unpaired_run"_s,
                            Tr::tr("runs present on one side only were skipped"),
                            Location{-1, -1, label});
        else
            pairs.append({label, {dir, partner}});
    }
    if (pairs.isEmpty())
        return Result<DumpSeries>::failed(
            Error::make(ErrorCode::UnknownFormat,
                        steps.isEmpty() && ranks.isEmpty()
                            ? Tr::tr("the two folders hold no msprobe runs (step*/rank*/dump.json) "
                                     "with the same relative path")
                            : Tr::tr("no run of the two folders has the step and rank asked for"),
                        npuFolder),
            diagnostics);
    auto series = std::make_shared<DumpSeries>();
    for (qsizetype k = 0; k < pairs.size(); ++k) {
        ProgressSink part =
            subProgress(progress, int(1000 * k / pairs.size()), int(1000 * (k + 1) / pairs.size()));
        const Result<DumpSides> loaded = loadDumpSides(
            pairs[k].second.first, pairs[k].second.second, options.read, part, cancel);
        diagnostics.merge(loaded.diagnostics());
        if (loaded.isCanceled())
            return Result<DumpSeries>::canceled();
        if (!loaded.isOk())
            return Result<DumpSeries>::failed(loaded.error(), diagnostics);
        const auto c =
            compareDumps(loaded.value()->bench, loaded.value()->npu, options, part, cancel);
        if (c.isCanceled())
            return Result<DumpSeries>::canceled();
        if (!c.isOk())
            return Result<DumpSeries>::failed(c.error(), diagnostics);
        series->labels << pairs[k].first;
        series->runs << c.value();
    }
    return Result<DumpSeries>::ok(series, diagnostics);
}

} // namespace Twinscope::Core
