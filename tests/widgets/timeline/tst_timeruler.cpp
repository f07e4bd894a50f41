#include "widgets/timeline/timeruler.h"

#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Widgets;

class TestTimeRuler : public QObject
{
    Q_OBJECT

private slots:
    void tickStep_data();
    void tickStep();
    void paintsTicksAtTheirTimes();
    void labelsShareOneUnit();
    void farFromTheStartLabelsCountFromABase();
    void lastLabelIsNotCutOff();
};

void TestTimeRuler::tickStep_data()
{
    QTest::addColumn<double>("nsPerPx");
    QTest::addColumn<qint64>("step");
    QTest::newRow("100 ns per tick at 1 ns/px") << 1.0 << qint64(100);
    QTest::newRow("1 ns per tick when zoomed far in") << 0.01 << qint64(1);
    QTest::newRow("200 ns: 100 would be 50 px apart") << 2.0 << qint64(200);
    QTest::newRow("500 ns: 200 would be 44 px apart") << 4.5 << qint64(500);
    QTest::newRow("1 us at 10 ns/px") << 10.0 << qint64(1000);
    QTest::newRow("seconds at 10 ms/px") << 1e7 << qint64(1'000'000'000);
}

void TestTimeRuler::tickStep()
{
    QFETCH(double, nsPerPx);
    QFETCH(qint64, step);
    QCOMPARE(TimeRuler::tickStepNs(nsPerPx), step);
    // Always 1, 2 or 5 times a power of ten, at least the minimum spacing apart.
    QVERIFY(double(step) / nsPerPx >= TimeRuler::MinimumTickSpacingPx);
    qint64 mantissa = step;
    while (mantissa % 10 == 0)
        mantissa /= 10;
    QVERIFY(mantissa == 1 || mantissa == 2 || mantissa == 5);
}

void TestTimeRuler::paintsTicksAtTheirTimes()
{
    // Trace starting at 1000 ns; window 1000..2000 on a 1000 px plot right of a 100 px column:
    // 1 ns/px, so ticks every 100 ns at plot x 0, 100, 200, ...
    TimelineZoomControl zoom;
    zoom.setTrace(1000, 5000);
    zoom.setPlotWidth(1000);
    zoom.setVisibleRange(1000, 2000);
    const TimelineFrame frame{&zoom, 100, 40, 0, 1100, 300};
    QImage image(1100, 40, QImage::Format_ARGB32_Premultiplied);
    QPalette palette;
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Mid, Qt::gray);
    QPainter p(&image);
    TimeRuler::paintBackground(p, frame, 40, palette);
    TimeRuler::paint(p, frame, 14, 40, palette);
    p.end();
    // Tick marks are the bottom 6 px: black at x = 100 + k * 100, white just beside them.
    for (int k = 0; k < 10; ++k) {
        const int x = 100 + k * 100;
        QCOMPARE(image.pixelColor(x, 36), QColor(Qt::black));
        QCOMPARE(image.pixelColor(x + 50, 36), QColor(Qt::white));
    }
    QCOMPARE(image.pixelColor(50, 36), QColor(Qt::white)); // nothing over the label column
    QCOMPARE(image.pixelColor(50, 39), QColor(Qt::gray));  // the bottom line spans the widget
}

void TestTimeRuler::labelsShareOneUnit()
{
    // 0 .. 1.6 s on 1000 px: 500 ms steps. Every label in seconds with one decimal, never
    // "500.00 ms" beside "1.000 s" (issue #14).
    TimelineZoomControl zoom;
    zoom.setTrace(0, 2'000'000'000);
    zoom.setPlotWidth(1000);
    zoom.setVisibleRange(0, 1'600'000'000);
    const TimeRuler::Labels l = TimeRuler::labels(zoom);
    QVERIFY(!l.relative);
    QCOMPARE(l.stepNs, qint64(200'000'000));
    QCOMPARE(l.text(0), u"0.0 s"_s);
    QCOMPARE(l.text(200'000'000), u"0.2 s"_s);
    QCOMPARE(l.text(1'400'000'000), u"1.4 s"_s);
    // Zoomed to 0 .. 10 ms: "0 ms", not "0 ns".
    zoom.setVisibleRange(0, 10'000'000);
    const TimeRuler::Labels ms = TimeRuler::labels(zoom);
    QCOMPARE(ms.text(0), u"0 ms"_s);
    QCOMPARE(ms.text(ms.stepNs), u"1 ms"_s);
}

void TestTimeRuler::farFromTheStartLabelsCountFromABase()
{
    // A file 69 764.95 s after the first one's start, zoomed to 2 µs: absolute labels would need
    // 13 digits ("69764.9500002 s"), so they count from a base the corner shows.
    TimelineZoomControl zoom;
    zoom.setTrace(0, 70'000'000'000'000);
    zoom.setPlotWidth(1000);
    const qint64 at = 69'764'950'000'000;
    zoom.setVisibleRange(at, at + 2'000);
    const TimeRuler::Labels l = TimeRuler::labels(zoom);
    QVERIFY(l.relative);
    QCOMPARE(l.baseNs, at);
    QCOMPARE(l.baseText(), u"69764.9500000 s"_s);
    QCOMPARE(l.stepNs, qint64(200));
    QCOMPARE(l.text(at), u"+0.0 µs"_s);
    QCOMPARE(l.text(at + l.stepNs), u"+0.2 µs"_s);
    QCOMPARE(l.text(at + 10 * l.stepNs), u"+2.0 µs"_s);
}

void TestTimeRuler::lastLabelIsNotCutOff()
{
    // A window whose last tick is 10 px left of the plot's right edge: its label goes left of
    // the tick or is left out, never past the edge. The image is wider than the frame so that
    // anything painted past it would show.
    TimelineZoomControl zoom;
    zoom.setTrace(0, 10'000'000);
    zoom.setPlotWidth(1000);
    // 1010 ns per px: ticks every 100 µs (99 px), the last (1 ms) at x = 1090.
    zoom.setVisibleRange(0, 1'010'000);
    const TimelineFrame frame{&zoom, 100, 40, 0, 1100, 300};
    QImage image(1300, 40, QImage::Format_ARGB32_Premultiplied);
    QPalette palette;
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Mid, Qt::white);
    image.fill(Qt::white);
    QPainter p(&image);
    TimeRuler::paint(p, frame, 0, 40, palette);
    p.end();
    int inked = 0;
    for (int y = 0; y < 34; ++y) {
        for (int x = 100; x < 1300; ++x) {
            if (image.pixelColor(x, y) != QColor(Qt::white)) {
                QVERIFY2(x < frame.plotRight(), qPrintable(QString::number(x)));
                ++inked;
            }
        }
    }
    QVERIFY(inked > 100); // the labels are there
}

QTEST_MAIN(TestTimeRuler)
#include "tst_timeruler.moc"
