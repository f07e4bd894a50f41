#include "core/dump/dumppipeline.h"
#include "core/loss/losspipeline.h"
#include "core/opinfo/opinfopipeline.h"
#include "core/profile/profilepipeline.h"
#include "core/trace/tracepipeline.h"

#include <QTemporaryDir>
#include <QTest>

#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);

// A step that throws where no parser would: the progress sink, called deep inside every loader.
// The exception policy must turn it into an `internal` error that names the file.
ProgressSink throwingSink(int afterReports = 0)
{
    auto calls = std::make_shared<int>(0);
    return ProgressSink([calls, afterReports](int, const QString &) {
        if ((*calls)++ >= afterReports)
            throw std::runtime_error("injected failure");
    });
}

template<typename T>
void verifyInternalError(const Result<T> &r, const QString &fileName)
{
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().code, ErrorCode::Internal);
    QVERIFY2(r.error().message.contains(fileName), qPrintable(r.error().message));
    QCOMPARE(r.error().found, u"injected failure"_s);
}

} // namespace

class tst_Pipelines : public QObject
{
    Q_OBJECT

private slots:
    void traceLoadsAFolderAndKeepsGoodFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(Data + u"/trace/good/bare_array.json"_s,
                            dir.filePath(u"a.pt.trace.json"_s)));
        QVERIFY(QFile::copy(Data + u"/trace/broken/bad_syntax.json"_s,
                            dir.filePath(u"b.pt.trace.json"_s)));
        TracePipelineInput input;
        input.paths = {dir.path()};
        ProgressSink progress;
        const Result<TraceAnalysis> r = runTracePipeline(input, progress, CancelToken());
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->files.size(), size_t(2));
        QCOMPARE(r.value()->loadedFiles(), 1);
        QVERIFY(r.value()->files[0].dataset);
        QVERIFY(r.value()->files[1].error.has_value());
        QCOMPARE(r.value()->files[1].error->code, ErrorCode::Malformed);
        QVERIFY(r.value()->statistics);
        QVERIFY(!r.value()->statistics->rows.empty());
        QCOMPARE(r.value()->totals.slices, r.value()->statistics->slices);
    }

    void traceStatisticsCoverOpenTraces()
    {
        // A file added to an open timeline: the one already open is not read again, but counts.
        TracePipelineInput first;
        first.paths = {Data + u"/trace/good/bare_array.json"_s};
        ProgressSink progress;
        const auto a = runTracePipeline(first, progress, CancelToken());
        QVERIFY(a.isOk());
        TracePipelineInput second;
        second.paths = {Data + u"/trace/good/small_object.json"_s};
        second.open = {a.value()->files[0].dataset};
        const auto b = runTracePipeline(second, progress, CancelToken());
        QVERIFY(b.isOk());
        QCOMPARE(b.value()->files.size(), size_t(1));
        const auto alone = runTracePipeline(
            TracePipelineInput{{second.paths}, {}, {}, true, {}}, progress, CancelToken());
        QCOMPARE(b.value()->statistics->slices,
                 a.value()->statistics->slices + alone.value()->statistics->slices);
    }

    void traceNothingFound()
    {
        QTemporaryDir empty;
        TracePipelineInput input;
        input.paths = {empty.path()};
        ProgressSink progress;
        const auto r = runTracePipeline(input, progress, CancelToken());
        QVERIFY(r.isFailed());
        QCOMPARE(r.error().code, ErrorCode::NotFound);
    }

    void traceCanceled()
    {
        TracePipelineInput input;
        input.paths = {Data + u"/trace/good/bare_array.json"_s};
        CancelToken cancel = CancelToken::create();
        cancel.cancel();
        ProgressSink progress;
        QVERIFY(runTracePipeline(input, progress, cancel).isCanceled());
    }

    void traceInjectedException()
    {
        TracePipelineInput input;
        input.paths = {Data + u"/trace/good/bare_array.json"_s};
        ProgressSink sink = throwingSink(1); // past the folder walk, inside the loader
        verifyInternalError(runTracePipeline(input, sink, CancelToken()), u"bare_array.json"_s);
    }

    void dumpsComparePairAndSeries()
    {
        DumpPipelineInput pair;
        pair.benchPath = Data + u"/dump/pairs/dumper/bench.h5"_s;
        pair.npuPath = Data + u"/dump/pairs/dumper/npu.h5"_s;
        ProgressSink progress;
        const auto r = runDumpPipeline(pair, progress, CancelToken());
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        QCOMPARE(r.value()->runs.size(), 1);
        QVERIFY(!r.value()->runs.first()->rows.isEmpty());

        DumpPipelineInput series;
        series.benchPath = Data + u"/dump/series/bench"_s;
        series.npuPath = Data + u"/dump/series/npu"_s;
        const auto s = runDumpPipeline(series, progress, CancelToken());
        QVERIFY2(s.isOk(), qPrintable(s.error().toString()));
        QVERIFY(s.value()->runs.size() > 1);
        // Asked for one run only, the pipeline compares a single pair.
        series.runs = DumpPipelineInput::Runs::First;
        const auto first = runDumpPipeline(series, progress, CancelToken());
        QVERIFY(first.isOk());
        QCOMPARE(first.value()->runs.size(), 1);
    }

    void dumpsNameTheFailingSide()
    {
        DumpPipelineInput input;
        input.benchPath = Data + u"/dump/pairs/dumper/bench.h5"_s;
        input.npuPath = Data + u"/dump/broken/truncated.npy"_s;
        ProgressSink progress;
        const auto r = runDumpPipeline(input, progress, CancelToken());
        QVERIFY(r.isFailed());
        QVERIFY(r.error().file.endsWith(u"truncated.npy"_s));
    }

    void dumpsInjectedException()
    {
        DumpPipelineInput input;
        input.benchPath = Data + u"/dump/pairs/dumper/bench.h5"_s;
        input.npuPath = Data + u"/dump/pairs/dumper/npu.h5"_s;
        ProgressSink sink = throwingSink();
        verifyInternalError(runDumpPipeline(input, sink, CancelToken()), u"bench.h5"_s);
    }

    void opInfoLoadsAndReanalyses()
    {
        OpInfoPipelineInput input;
        input.paths = {Data + u"/opinfo/good/plog"_s};
        ProgressSink progress;
        const auto r = runOpInfoPipeline(input, progress, CancelToken());
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        QVERIFY(r.value()->report->compileEvents > 0);
        QVERIFY(!r.value()->chart.rows.isEmpty());
        // Re-analysis with a cut-off reuses the dataset.
        OpInfoPipelineInput again;
        again.dataset = r.value()->dataset;
        again.analysis.cutoffNs = 0;
        const auto a = runOpInfoPipeline(again, progress, CancelToken());
        QVERIFY(a.isOk());
        QCOMPARE(a.value()->dataset.get(), r.value()->dataset.get());
        QCOMPARE(a.value()->report->afterCutoff, a.value()->report->compileEvents);
    }

    void opInfoInjectedException()
    {
        OpInfoPipelineInput input;
        input.paths = {Data + u"/opinfo/good/ascend_op_info_summary.txt"_s};
        ProgressSink sink = throwingSink();
        verifyInternalError(runOpInfoPipeline(input, sink, CancelToken()),
                            u"ascend_op_info_summary.txt"_s);
    }

    void lossLoadsComparesAndReuses()
    {
        LossPipelineInput input;
        input.runs.append({Data + u"/loss/good/pytorch_imagenet.log"_s, {}, nullptr, 0, nullptr});
        input.runs.append({Data + u"/loss/good/pytorch_imagenet.log"_s, {}, nullptr, 0, nullptr});
        input.runs.append({Data + u"/loss/broken/empty.log"_s, {}, nullptr, 0, nullptr});
        ProgressSink progress;
        const auto r = runLossPipeline(input, progress, CancelToken());
        QVERIFY(r.isOk());
        const LossAnalysis &a = *r.value();
        QVERIFY(a.runs[0].run && a.runs[1].run);
        QVERIFY(a.runs[2].error.has_value()); // the broken log is reported, the others kept
        QVERIFY(a.comparison);
        QVERIFY(!a.comparison->firstDivergentStep);
        // A new tolerance compares the runs already held, without reading them again.
        LossPipelineInput again;
        again.runs.append({u"/nonexistent/a.log"_s, {}, a.runs[0].run, 0, nullptr});
        again.runs.append({u"/nonexistent/b.log"_s, {}, a.runs[1].run, 5, nullptr});
        const auto b = runLossPipeline(again, progress, CancelToken());
        QVERIFY(b.isOk());
        QVERIFY(b.value()->comparison);
        QCOMPARE(b.value()->comparison->options.testOffset, 5);
    }

    void lossInjectedException()
    {
        LossPipelineInput input;
        input.runs.append({Data + u"/loss/good/loss.csv"_s, {}, nullptr, 0, nullptr});
        ProgressSink sink = throwingSink();
        verifyInternalError(runLossPipeline(input, sink, CancelToken()), u"loss.csv"_s);
    }

    void profileInjectedException()
    {
        // Once in the walk, once while the rank folders load side by side in the worker pool.
        for (int after : {0, 2}) {
            ProfilePipelineInput input;
            input.paths = {Data + u"/profile/good/cluster"_s};
            ProgressSink sink = throwingSink(after);
            verifyInternalError(runProfilePipeline(input, sink, CancelToken()), u"cluster"_s);
        }
    }
};

QTEST_GUILESS_MAIN(tst_Pipelines)
#include "tst_pipelines.moc"
