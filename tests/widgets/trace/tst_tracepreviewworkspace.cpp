// First paint while loading (issue #28): the Trace tab paints a preview of the file's head before
// the load ends, under a banner, then the loaded trace in the window the user chose; Cancel closes
// the preview and leaves nothing partial behind.
#include "common/tracegenerator.h"
#include "core/common/filesniffer.h"
#include "core/models/opstatisticsmodel.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/messagebar.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/trace/traceworkspace.h"

#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;
using namespace Twinscope::Widgets;

namespace {

// What the tab showed each time it changed while a preview was up.
struct Seen
{
    bool whole = false;
    qint64 slices = 0;
    bool bannerVisible = false;
    QString title;
    bool painted = false; // the grabbed frame has slice colours in the plot
    bool exportRefused = false;
};

bool hasColour(const QImage &image, int top)
{
    const QRgb background = image.pixel(image.width() - 2, image.height() - 2);
    for (int y = top; y < image.height(); y += 3)
        for (int x = TimelineView::LabelWidth + 2; x < image.width(); x += 3)
            if (image.pixel(x, y) != background && qGray(image.pixel(x, y)) < 235)
                return true;
    return false;
}

} // namespace

class TestTracePreviewWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void previewPaintsBeforeTheLoadEnds();
    void cancelClosesThePreview();
    void openingMoreSupersedesThePreview();
    void smallFileHasNoPreview();

private:
    QTemporaryDir m_dir;
    QString m_trace;
    Core::TracePreviewSettings m_small;
};

void TestTracePreviewWorkspace::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = m_dir.filePath(u"gen.json"_s);
    QVERIFY(TraceGen::writeTrace(m_trace, 40, 500)); // about 6.6 MB
    m_small.bytes = 256 << 10;
    m_small.minFileBytes = 1 << 20;
}

void TestTracePreviewWorkspace::previewPaintsBeforeTheLoadEnds()
{
    LoadController loads;
    TraceWorkspace ws(&loads);
    ws.setPreviewSettings(m_small);
    ws.resize(1200, 800);
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    std::vector<Seen> seen;
    qint64 zoomFrom = 0, zoomTo = 0;
    connect(&ws, &Workspace::titleChanged, this, [&] {
        if (!ws.isShowingPreview())
            return;
        TimelineView *view = ws.timeline();
        Seen s;
        s.slices = view->inputs().at(0).dataset->sliceCount();
        s.whole = s.slices > 10000;
        s.bannerVisible = ws.previewBanner()->isVisibleTo(&ws);
        s.title = ws.title();
        s.painted = hasColour(view->grab().toImage(), TimelineView::RulerHeight);
        QString error;
        s.exportRefused =
            !ws.exportTo(m_dir.filePath(u"preview.png"_s), {}, &error) && !error.isEmpty();
        seen.push_back(s);
        if (seen.size() == 1) {
            // The user zooms into the head while the rest loads.
            const TimelineZoomControl *z = view->zoomControl();
            zoomFrom = z->traceFrom() + (z->traceTo() - z->traceFrom()) / 4;
            zoomTo = z->traceFrom() + (z->traceTo() - z->traceFrom()) / 2;
            view->setVisibleRange(zoomFrom, zoomTo);
        }
    });
    QSignalSpy loaded(&ws, &Workspace::loaded);
    ws.openPaths({Core::sniffPath(m_trace)});
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
    // The head first (a few thousand slices of 80 000), then the whole trace while its statistics
    // run; both painted, under the banner, titled by the file.
    QCOMPARE(seen.size(), size_t(2));
    QVERIFY(seen[0].slices > 100);
    QVERIFY(seen[0].slices < 20000);
    QVERIFY(!seen[0].whole);
    QVERIFY(seen[1].whole);
    for (const Seen &s : seen) {
        QVERIFY(s.bannerVisible);
        QVERIFY(s.painted);
        QVERIFY(s.exportRefused);
        QCOMPARE(s.title, u"Trace: gen.json (loading)"_s);
    }
    // Loaded: the whole trace, no banner, the window the user chose on the preview.
    QVERIFY(!ws.isShowingPreview());
    QVERIFY(!ws.previewBanner()->isVisibleTo(&ws));
    QCOMPARE(ws.title(), u"Trace: gen.json"_s);
    QCOMPARE(ws.timeline()->inputs().size(), size_t(1));
    QCOMPARE(ws.timeline()->inputs()[0].dataset->sliceCount(), qint64(40 + 2 * 40 * 500));
    QCOMPARE(ws.timeline()->visibleFrom(), zoomFrom);
    QCOMPARE(ws.timeline()->visibleTo(), zoomTo);
    QVERIFY(ws.statisticsModel()->rowCount() > 0);
    QVERIFY(!QFileInfo::exists(m_dir.filePath(u"preview.png"_s)));
}

void TestTracePreviewWorkspace::cancelClosesThePreview()
{
    LoadController loads;
    TraceWorkspace ws(&loads);
    ws.setPreviewSettings(m_small);
    ws.resize(1200, 800);
    ws.show();
    int previews = 0;
    // Cancel as the progress strip does, on the first preview: the job is still running (its
    // result is delivered after this handler), so the cancel always wins.
    connect(&ws, &Workspace::titleChanged, this, [&] {
        if (ws.isShowingPreview() && previews++ == 0)
            loads.cancelAll();
    });
    QSignalSpy loaded(&ws, &Workspace::loaded);
    QSignalSpy failed(&ws, &Workspace::loadFailed);
    QSignalSpy status(&ws, &Workspace::statusMessage);
    ws.openPaths({Core::sniffPath(m_trace)});
    QTRY_VERIFY_WITH_TIMEOUT(!loads.isRunning(), 30000);
    QTRY_VERIFY(ws.isEmpty());
    QCOMPARE(previews, 1);
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!ws.isShowingPreview());
    QVERIFY(ws.timeline()->inputs().empty());
    QVERIFY(!ws.previewBanner()->isVisibleTo(&ws));
    QCOMPARE(ws.title(), u"Trace"_s);
    QCOMPARE(status.count(), 1);
    QVERIFY(status.first().at(0).toString().contains(u"cancelled"_s));
    // The next open of the same tab works as usual.
    ws.openPaths({Core::sniffPath(m_trace)});
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
    QCOMPARE(ws.timeline()->inputs().size(), size_t(1));
}

void TestTracePreviewWorkspace::openingMoreSupersedesThePreview()
{
    LoadController loads;
    TraceWorkspace ws(&loads);
    ws.setPreviewSettings(m_small);
    int previews = 0;
    bool clearedAtOnce = false;
    // A second file opened while the first is previewed: one job loads both, the preview of the
    // superseded job goes at once, and two files get no preview (one file's preview alone).
    connect(&ws, &Workspace::titleChanged, this, [&] {
        if (!ws.isShowingPreview() || previews++ > 0)
            return;
        ws.openPaths({Core::sniffPath(m_trace)});
        clearedAtOnce = !ws.isShowingPreview() && ws.timeline()->inputs().empty();
    });
    QSignalSpy loaded(&ws, &Workspace::loaded);
    ws.openPaths({Core::sniffPath(m_trace)});
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 30000);
    QCOMPARE(previews, 1);
    QVERIFY(clearedAtOnce);
    QVERIFY(!ws.isShowingPreview());
    QCOMPARE(ws.timeline()->inputs().size(), size_t(2));
}

void TestTracePreviewWorkspace::smallFileHasNoPreview()
{
    LoadController loads;
    TraceWorkspace ws(&loads); // default settings: files under 64 MB load whole first
    const qint64 all = 40 + 2 * 40 * 500;
    std::vector<qint64> previewed;
    connect(&ws, &Workspace::titleChanged, this, [&] {
        if (ws.isShowingPreview())
            previewed.push_back(ws.timeline()->inputs().at(0).dataset->sliceCount());
    });
    QSignalSpy loaded(&ws, &Workspace::loaded);
    ws.openPaths({Core::sniffPath(m_trace)});
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
    // Only the whole file, shown while its statistics run; never a head.
    QCOMPARE(previewed, std::vector<qint64>{all});
    QCOMPARE(ws.timeline()->inputs()[0].dataset->sliceCount(), all);
}

QTEST_MAIN(TestTracePreviewWorkspace)
#include "tst_tracepreviewworkspace.moc"
