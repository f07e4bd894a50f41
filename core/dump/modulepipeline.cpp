#include "modulepipeline.h"

#include "core/common/inputfile.h"
#include "core/common/source.h"
#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "core/dump/dumpcompare.h"
#include "core/dump/msprobereader.h"
#include "visdbreader.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

struct StepRankDir
{
    int step, rank;
    QString dir;
};

QList<StepRankDir> folders(const QString &path, QString *error)
{
    QList<StepRankDir> out;
    for (const QString &dir : moduleTreeFolders(path, error)) {
        const QFileInfo info(dir);
        out.append(
            {std::max(0, stepOrRankNumber(QFileInfo(info.absolutePath()).fileName(), u"step"_s)),
             std::max(0, stepOrRankNumber(info.fileName(), u"rank"_s)),
             dir});
    }
    return out;
}

const StepRankDir *pick(const QList<StepRankDir> &dirs, int step, int rank)
{
    for (const StepRankDir &d : dirs)
        if ((step < 0 || d.step == step) && (rank < 0 || d.rank == rank))
            return &d;
    return nullptr;
}

// The one-thousandth ratio of every NPU tensor, keyed "{call}.{slot}" as ModuleArg slots are.
QHash<QString, double> thousandths(const QString &npuDir,
                                   const QString &benchDir,
                                   Diagnostics *diagnostics,
                                   const CancelToken &cancel)
{
    QHash<QString, double> out;
    ProgressSink quiet;
    auto npu = loadMsprobeDump(Source::fromPath(npuDir), quiet, cancel);
    auto bench = loadMsprobeDump(Source::fromPath(benchDir), quiet, cancel);
    if (!npu.isOk() || !bench.isOk()) {
        diagnostics->add(u"module_tensor_unread"_s,
                         Tr::tr("the tensors could not be read; tensor mode fell back to the "
                                "statistics"),
                         Location{-1, -1, npu.isOk() ? benchDir : npuDir});
        return out;
    }
    CompareOptions options;
    auto cmp = compareDumps(bench.value(), npu.value(), options, quiet, cancel);
    if (!cmp.isOk())
        return out;
    const DumpComparison &c = *cmp.value();
    for (const CompareRow &row : c.rows) {
        if (row.npu < 0 || !row.metrics.hasValue())
            continue;
        const TensorEntry &t = c.npu->tensors[row.npu];
        out.insert(t.key, row.metrics->oneThousandthRatio);
    }
    return out;
}

} // namespace

bool isVisDbPath(const QString &path)
{
    // A FIFO or device is no database, and opening one to look could block.
    if (checkReadableFile(path))
        return false;
    QFile f;
    Error error;
    if (!openInputFile(&f, path, &error) || f.read(16) != QByteArray("SQLite format 3\0", 16))
        return false;
    return isVisDbLayout(sqliteTableNames(path));
}

Result<ModulePipelineResult> runModulePipeline(const ModulePipelineInput &input,
                                               ProgressSink &progress,
                                               const CancelToken &cancel)
{
    auto result = std::make_shared<ModulePipelineResult>();
    if (isVisDbPath(input.npu)) {
        progress.report(0, Tr::tr("Reading the msprobe graph"));
        auto graph = loadVisDb(input.npu, input.step, input.rank, cancel);
        if (!graph.isOk())
            return graph.isCanceled()
                       ? Result<ModulePipelineResult>::canceled()
                       : Result<ModulePipelineResult>::failed(graph.error(), graph.diagnostics());
        const MsprobeVisGraph &g = *graph.value();
        result->comparison = g.comparison;
        result->source = u"vis.db"_s;
        result->step = g.step;
        result->rank = g.rank;
        result->msprobeMatched = g.msprobeMatched;
        for (int s : g.steps)
            for (int r : g.ranks)
                result->stepRanks.append({s, r});
        progress.report(1000);
        return Result<ModulePipelineResult>::ok(result, graph.diagnostics());
    }
    QString error;
    const auto npuDirs = folders(input.npu, &error);
    if (npuDirs.isEmpty())
        return Result<ModulePipelineResult>::failed(
            Error::make(ErrorCode::NotFound, error, input.npu));
    const auto benchDirs = folders(input.bench, &error);
    if (benchDirs.isEmpty())
        return Result<ModulePipelineResult>::failed(
            Error::make(ErrorCode::NotFound, error, input.bench));
    for (const StepRankDir &d : npuDirs)
        result->stepRanks.append({d.step, d.rank});
    const StepRankDir *n = pick(npuDirs, input.step, input.rank);
    if (!n)
        return Result<ModulePipelineResult>::failed(
            Error::make(ErrorCode::NotFound,
                        Tr::tr("no step %1, rank %2 in this dump").arg(input.step).arg(input.rank),
                        input.npu));
    const StepRankDir *b = pick(benchDirs, n->step, n->rank);
    if (!b)
        return Result<ModulePipelineResult>::failed(
            Error::make(ErrorCode::NotFound,
                        Tr::tr("the benchmark has no step %1, rank %2").arg(n->step).arg(n->rank),
                        input.bench));
    progress.report(0, Tr::tr("Reading the module trees"));
    Diagnostics diagnostics;
    auto npu = loadModuleTree(n->dir);
    if (!npu.isOk())
        return Result<ModulePipelineResult>::failed(npu.error(), npu.diagnostics());
    auto bench = loadModuleTree(b->dir);
    if (!bench.isOk())
        return Result<ModulePipelineResult>::failed(bench.error(), bench.diagnostics());
    diagnostics.merge(npu.diagnostics());
    diagnostics.merge(bench.diagnostics());
    if (cancel.isCanceled())
        return Result<ModulePipelineResult>::canceled();
    ModuleCompareOptions options = input.options;
    if (moduleCompareMode(*npu.value(), *bench.value()) == ModuleCompareMode::Tensor &&
        options.oneThousandth.isEmpty()) {
        progress.report(300, Tr::tr("Comparing the tensors"));
        options.oneThousandth = thousandths(n->dir, b->dir, &diagnostics, cancel);
    }
    if (cancel.isCanceled())
        return Result<ModulePipelineResult>::canceled();
    progress.report(900, Tr::tr("Matching the module trees"));
    result->comparison = compareModuleTrees(npu.value(), bench.value(), options);
    result->source = u"dumps"_s;
    result->step = n->step;
    result->rank = n->rank;
    progress.report(1000);
    return Result<ModulePipelineResult>::ok(result, diagnostics);
}

} // namespace Twinscope::Core
