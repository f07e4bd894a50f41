#include "dumpseries.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "dumploader.h"
#include "dumpnames.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

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

Result<DumpSeries> compareDumpSeries(const QString &benchFolder,
                                     const QString &npuFolder,
                                     const CompareOptions &options,
                                     ProgressSink &progress,
                                     const CancelToken &cancel)
{
    const auto benchRuns = findDumpRuns(benchFolder);
    const auto npuRuns = findDumpRuns(npuFolder);
    Diagnostics diagnostics;
    QList<QPair<QString, QPair<QString, QString>>> pairs;
    for (const auto &[label, dir] : benchRuns) {
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
                        Tr::tr("the two folders hold no msprobe runs (step*/rank*/dump.json) with "
                               "the same relative path"),
                        npuFolder),
            diagnostics);
    auto series = std::make_shared<DumpSeries>();
    for (qsizetype k = 0; k < pairs.size(); ++k) {
        ProgressSink part =
            subProgress(progress, int(1000 * k / pairs.size()), int(1000 * (k + 1) / pairs.size()));
        std::shared_ptr<const TensorDump> sides[2];
        const QString dirs[2] = {pairs[k].second.first, pairs[k].second.second};
        for (int s = 0; s < 2; ++s) {
            const auto r = loadDump(Source::fromPath(dirs[s]), part, cancel, options.read);
            if (r.isCanceled())
                return Result<DumpSeries>::canceled();
            if (!r.isOk())
                return Result<DumpSeries>::failed(r.error(), diagnostics);
            Diagnostics side = r.diagnostics();
            side.setFile(dirs[s]);
            diagnostics.merge(side);
            sides[s] = r.value();
        }
        const auto c = compareDumps(sides[0], sides[1], options, part, cancel);
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
