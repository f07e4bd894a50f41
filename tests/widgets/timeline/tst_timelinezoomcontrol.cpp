#include "widgets/timeline/timelinezoomcontrol.h"

#include <QSignalSpy>
#include <QTest>

using namespace Twinscope::Widgets;

namespace {

// A trace of 0..1 s shown on a 1000 px plot.
void setUp(TimelineZoomControl &zoom)
{
    zoom.setTrace(0, 1'000'000'000);
    zoom.setPlotWidth(1000);
    zoom.resetZoom(false);
}

} // namespace

class TestTimelineZoomControl : public QObject
{
    Q_OBJECT

private slots:
    void traceAndReset();
    void timePixelMaths();
    void zoomAtKeepsTimeUnderCursor_data();
    void zoomAtKeepsTimeUnderCursor();
    void minimumRange();
    void marginAroundTrace();
    void linkedExtent();
    void undoHistory();
    void panAndDrag();
    void selectionRange();
};

void TestTimelineZoomControl::traceAndReset()
{
    TimelineZoomControl zoom;
    // A trace shorter than the minimum range is widened to it.
    zoom.setTrace(500, 510);
    QCOMPARE(zoom.traceFrom(), qint64(500));
    QCOMPARE(zoom.traceTo(), qint64(500) + TimelineZoomControl::MinimumRangeNs);
    setUp(zoom);
    // Reset shows the whole trace with 1 % margins.
    QCOMPARE(zoom.visibleFrom(), qint64(-10'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(1'010'000'000));
    QCOMPARE(zoom.historySize(), 0);
    // Setting the trace leaves the window alone.
    zoom.setTrace(0, 2'000'000'000);
    QCOMPARE(zoom.visibleTo(), qint64(1'010'000'000));
    // The plot width is at least one pixel.
    zoom.setPlotWidth(-5);
    QCOMPARE(zoom.plotWidth(), 1);
}

void TestTimelineZoomControl::timePixelMaths()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    QVERIFY(zoom.setVisibleRange(1000, 2000));
    QCOMPARE(zoom.nsPerPx(), 1.0);
    QCOMPARE(zoom.xOf(1500), 500.0);
    QCOMPARE(zoom.xOf(1000), 0.0);
    QCOMPARE(zoom.xOf(500), -500.0); // before the window: left of the plot
    QCOMPARE(zoom.timeAt(250), qint64(1250));
    QCOMPARE(zoom.timeAt(250.6), qint64(1251)); // rounded to the nearest ns
    // Round trip over a wide window with an epoch-sized start: no precision lost in x.
    const qint64 epoch = 1'700'000'000'000'000'000;
    zoom.setTrace(epoch, epoch + 3'000'000'000);
    zoom.setVisibleRange(epoch + 1'000'000'000, epoch + 2'000'000'000);
    zoom.setPlotWidth(1920);
    for (const double x : {0.0, 1.0, 959.5, 1919.0}) {
        const qint64 t = zoom.timeAt(x);
        QVERIFY(qAbs(zoom.xOf(t) - x) < 1e-3);
    }
    // The builder's mapping moves the window by the file's offset instead of moving spans.
    const auto m = zoom.mapping(250);
    QCOMPARE(m.fromNs, epoch + 1'000'000'000 - 250);
    QCOMPARE(m.toNs, epoch + 2'000'000'000 - 250);
    QCOMPARE(m.widthPx, 1920);
}

void TestTimelineZoomControl::zoomAtKeepsTimeUnderCursor_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("x");
    QTest::newRow("in at the left edge") << 0.5 << 0.0;
    QTest::newRow("in at 30 %") << 0.8 << 300.0;
    QTest::newRow("out at 30 %") << 1.25 << 300.0;
    QTest::newRow("in at the right edge") << 0.1 << 1000.0;
    QTest::newRow("deep in at 70 %") << 1e-4 << 700.0;
}

void TestTimelineZoomControl::zoomAtKeepsTimeUnderCursor()
{
    QFETCH(double, factor);
    QFETCH(double, x);
    TimelineZoomControl zoom;
    setUp(zoom);
    zoom.setVisibleRange(100'000'000, 300'000'000);
    const qint64 span = zoom.visibleSpan();
    const qint64 anchor = zoom.timeAt(x);
    QSignalSpy changed(&zoom, &TimelineZoomControl::windowChanged);
    zoom.zoomAt(factor, x);
    QCOMPARE(changed.count(), 1);
    QVERIFY(qAbs(zoom.visibleSpan() - qint64(double(span) * factor)) <= 1);
    // The time under the cursor stays there, to within a nanosecond of rounding.
    QVERIFY2(qAbs(zoom.timeAt(x) - anchor) <= 1,
             qPrintable(QString::number(zoom.timeAt(x) - anchor)));
    // A cursor outside the plot zooms at the nearest edge.
    zoom.setVisibleRange(100'000'000, 300'000'000);
    zoom.zoomAt(0.5, -50.0);
    QCOMPARE(zoom.visibleFrom(), qint64(100'000'000));
}

void TestTimelineZoomControl::minimumRange()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    // A range below 100 ns widens around its middle.
    zoom.setVisibleRange(5000, 5001);
    QCOMPARE(zoom.visibleSpan(), TimelineZoomControl::MinimumRangeNs);
    QCOMPARE(zoom.visibleFrom(), qint64(4950));
    // Zooming in further stops there.
    zoom.zoomAt(1e-6, 500.0);
    QCOMPARE(zoom.visibleSpan(), TimelineZoomControl::MinimumRangeNs);
    QVERIFY(!zoom.setVisibleRange(4950, 5050)); // unchanged: no signal, no history
}

void TestTimelineZoomControl::marginAroundTrace()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    // Zooming out stops at half a trace of margin on either side.
    zoom.setVisibleRange(-10'000'000'000, 10'000'000'000);
    QCOMPARE(zoom.visibleFrom(), qint64(-500'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(1'500'000'000));
    zoom.zoomAt(10.0, 500.0);
    QCOMPARE(zoom.visibleFrom(), qint64(-500'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(1'500'000'000));
}

void TestTimelineZoomControl::linkedExtent()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    // Linked to a 0..10 s view: a 12 s window is allowed, the margin is that of the union.
    zoom.setLinkedExtent(std::pair<qint64, qint64>(0, 10'000'000'000));
    zoom.setVisibleRange(-1'000'000'000, 11'000'000'000);
    QCOMPARE(zoom.visibleFrom(), qint64(-1'000'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(11'000'000'000));
    zoom.setVisibleRange(-100'000'000'000, 100'000'000'000);
    QCOMPARE(zoom.visibleFrom(), qint64(-5'000'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(15'000'000'000));
    // Unlinked, the own trace's margin applies again.
    zoom.setLinkedExtent(std::nullopt);
    zoom.setVisibleRange(-1'000'000'000, 11'000'000'000);
    QCOMPARE(zoom.visibleFrom(), qint64(-500'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(1'500'000'000));
}

void TestTimelineZoomControl::undoHistory()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    const qint64 from0 = zoom.visibleFrom(), to0 = zoom.visibleTo();
    QVERIFY(!zoom.undoZoom());
    zoom.zoomAt(0.5, 100.0);
    const qint64 from1 = zoom.visibleFrom(), to1 = zoom.visibleTo();
    zoom.setVisibleRange(200'000'000, 210'000'000);
    // Panning and dragging are not remembered.
    zoom.pan(0.5);
    zoom.dragBy(-30);
    QCOMPARE(zoom.historySize(), 2);
    QVERIFY(zoom.undoZoom());
    QCOMPARE(zoom.visibleFrom(), from1);
    QCOMPARE(zoom.visibleTo(), to1);
    QVERIFY(zoom.undoZoom());
    QCOMPARE(zoom.visibleFrom(), from0);
    QCOMPARE(zoom.visibleTo(), to0);
    QVERIFY(!zoom.undoZoom());
    // The oldest steps are dropped beyond the limit.
    for (int i = 0; i < TimelineZoomControl::MaximumHistory + 20; ++i)
        zoom.setVisibleRange(qint64(i) * 1000, qint64(i) * 1000 + 500'000);
    QCOMPARE(zoom.historySize(), TimelineZoomControl::MaximumHistory);
    zoom.clearHistory();
    QCOMPARE(zoom.historySize(), 0);
}

void TestTimelineZoomControl::panAndDrag()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    zoom.setVisibleRange(100'000'000, 200'000'000); // 100 000 ns per pixel
    zoom.pan(0.25);
    QCOMPARE(zoom.visibleFrom(), qint64(125'000'000));
    QCOMPARE(zoom.visibleSpan(), qint64(100'000'000));
    // Dragging the content 10 px to the right shows earlier times.
    zoom.dragBy(10);
    QCOMPARE(zoom.visibleFrom(), qint64(124'000'000));
    zoom.centreOn(500'000'000);
    QCOMPARE(zoom.visibleFrom(), qint64(450'000'000));
    QCOMPARE(zoom.visibleTo(), qint64(550'000'000));
}

void TestTimelineZoomControl::selectionRange()
{
    TimelineZoomControl zoom;
    setUp(zoom);
    QVERIFY(!zoom.hasSelection());
    QSignalSpy changed(&zoom, &TimelineZoomControl::selectionChanged);
    zoom.setSelection(900, 300); // either order
    QVERIFY(zoom.hasSelection());
    QCOMPARE(zoom.selectionFrom(), qint64(300));
    QCOMPARE(zoom.selectionTo(), qint64(900));
    zoom.setSelection(300, 900);
    QCOMPARE(changed.count(), 1);
    // The selection is independent of the window.
    zoom.zoomAt(0.5, 0.0);
    QCOMPARE(zoom.selectionFrom(), qint64(300));
    zoom.clearSelection();
    QVERIFY(!zoom.hasSelection());
    QCOMPARE(changed.count(), 2);
}

QTEST_MAIN(TestTimelineZoomControl)
#include "tst_timelinezoomcontrol.moc"
