// First paint while loading (issue #28): the preview of a large trace's head holds the head's
// events as the full load reads them; small, gzip and non-trace files get none; the pipeline hands
// the head and then the whole file to its callback, only when it loads one file.
#include "common/tracegenerator.h"
#include "core/trace/tracefileload.h"
#include "core/trace/tracepipeline.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestTracePreview : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void headHoldsTheFirstEvents();
    void noPreviewWhenItWouldNotHelp();
    void pipelineHandsHeadThenWhole();
    void pipelineOfSeveralFilesHasNoPreview();
    void canceledPreviewIsNull();

private:
    QTemporaryDir m_dir;
    QString m_trace;
    TracePreviewSettings m_small;
};

void TestTracePreview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = m_dir.filePath(u"gen.json"_s);
    QVERIFY(TraceGen::writeTrace(m_trace, 40, 500)); // 40 000 ops, about 6.6 MB
    m_small.bytes = 256 << 10;
    m_small.minFileBytes = 1 << 20;
}

void TestTracePreview::headHoldsTheFirstEvents()
{
    qint64 read = 0;
    const auto preview = loadTracePreview(m_trace, m_small, CancelToken(), &read);
    QVERIFY(preview);
    QCOMPARE(read, m_small.bytes);
    QCOMPARE(preview->path, m_trace);
    QCOMPARE(preview->fileSize, QFileInfo(m_trace).size());
    ChromeTraceOptions o;
    o.cache.dir.clear();
    ProgressSink progress;
    const Result<TraceDataset> full =
        loadChromeTrace(Source::fromPath(m_trace), o, progress, CancelToken());
    QVERIFY(full.isOk());
    const TraceDataset &all = *full.value();
    QVERIFY(preview->sliceCount() > 100);
    QVERIFY(preview->sliceCount() < all.sliceCount() / 4);
    // Same tracks and lanes, and each preview lane is a prefix of the full load's lane: the head
    // of a file written in time order is the head of every lane.
    QCOMPARE(preview->tracks.size(), all.tracks.size());
    for (size_t t = 0; t < all.tracks.size(); ++t) {
        const TraceTrack &p = preview->tracks[t], &f = all.tracks[t];
        QCOMPARE(preview->trackDisplayName(int(t)), all.trackDisplayName(int(t)));
        QCOMPARE(p.lanes.size(), f.lanes.size());
        for (size_t l = 0; l < p.lanes.size(); ++l) {
            QVERIFY(p.lanes[l].end - p.lanes[l].begin <= f.lanes[l].end - f.lanes[l].begin);
            for (quint32 i = p.lanes[l].begin, j = f.lanes[l].begin; i < p.lanes[l].end; ++i, ++j) {
                QCOMPARE(preview->sliceStart[i], all.sliceStart[j]);
                QCOMPARE(preview->sliceDuration[i], all.sliceDuration[j]);
                QCOMPARE(preview->strings.view(preview->sliceName[i]),
                         all.strings.view(all.sliceName[j]));
            }
        }
    }
    QCOMPARE(preview->firstNs, all.firstNs);
    QVERIFY(preview->lastNs < all.lastNs);
    // Args read back from the preview's own copy of the head.
    quint32 withArgs = UINT32_MAX;
    for (quint32 i = 0; i < quint32(preview->sliceCount()) && withArgs == UINT32_MAX; ++i)
        if (preview->sliceArgsOffset[i] >= 0)
            withArgs = i;
    QVERIFY(withArgs != UINT32_MAX);
    QVERIFY(preview->sliceArgs(withArgs).contains("External id"));
}

void TestTracePreview::noPreviewWhenItWouldNotHelp()
{
    // Smaller than minFileBytes: it loads whole sooner than a preview would help.
    TracePreviewSettings big = m_small;
    big.minFileBytes = QFileInfo(m_trace).size() + 1;
    QVERIFY(!loadTracePreview(m_trace, big, CancelToken()));
    // A gzip file (its head would inflate to a cut stream), a folder, a missing file.
    const QString gz = m_dir.filePath(u"fake.json.gz"_s);
    {
        QFile f(gz);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray bytes(2 << 20, 'x');
        bytes[0] = char(0x1f);
        bytes[1] = char(0x8b);
        f.write(bytes);
    }
    QVERIFY(!loadTracePreview(gz, m_small, CancelToken()));
    QVERIFY(!loadTracePreview(m_dir.path(), m_small, CancelToken()));
    QVERIFY(!loadTracePreview(m_dir.filePath(u"missing.json"_s), m_small, CancelToken()));
    // Not a trace: the preview says nothing (the full load reports the file's problem).
    const QString junk = m_dir.filePath(u"junk.json"_s);
    {
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(2 << 20, 'z'));
    }
    QVERIFY(!loadTracePreview(junk, m_small, CancelToken()));
}

void TestTracePreview::pipelineHandsHeadThenWhole()
{
    TracePipelineInput in;
    in.paths = {m_trace};
    in.load.cache.dir.clear();
    in.previewSettings = m_small;
    std::mutex lock;
    std::vector<TracePreview> seen;
    in.preview = [&](const TracePreview &p) {
        const std::lock_guard<std::mutex> hold(lock);
        seen.push_back(p);
    };
    ProgressSink progress;
    const Result<TraceAnalysis> r = runTracePipeline(in, progress, CancelToken());
    QVERIFY(r.isOk());
    QCOMPARE(seen.size(), size_t(2));
    QVERIFY(!seen[0].whole);
    QCOMPARE(seen[0].path, m_trace);
    QCOMPARE(seen[0].bytesRead, m_small.bytes);
    QCOMPARE(seen[0].fileBytes, QFileInfo(m_trace).size());
    QVERIFY(seen[0].dataset->sliceCount() < r.value()->files[0].dataset->sliceCount());
    // The whole preview is the loaded dataset itself, not a copy.
    QVERIFY(seen[1].whole);
    QCOMPARE(seen[1].dataset.get(), r.value()->files[0].dataset.get());
}

void TestTracePreview::pipelineOfSeveralFilesHasNoPreview()
{
    TracePipelineInput in;
    in.paths = {m_trace, m_trace};
    in.load.cache.dir.clear();
    in.previewSettings = m_small;
    int calls = 0;
    in.preview = [&](const TracePreview &) {
        ++calls;
    };
    ProgressSink progress;
    QVERIFY(runTracePipeline(in, progress, CancelToken()).isOk());
    QCOMPARE(calls, 0);
}

void TestTracePreview::canceledPreviewIsNull()
{
    CancelToken cancel = CancelToken::create();
    cancel.cancel();
    QVERIFY(!loadTracePreview(m_trace, m_small, cancel));
}

QTEST_GUILESS_MAIN(TestTracePreview)
#include "tst_tracepreview.moc"
