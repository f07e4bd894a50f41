#include "widgets/timeline/timeruler.h"

#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QTest>

using namespace Twinscope::Widgets;

class TestTimeRuler : public QObject
{
    Q_OBJECT

private slots:
    void tickStep_data();
    void tickStep();
    void paintsTicksAtTheirTimes();
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

QTEST_MAIN(TestTimeRuler)
#include "tst_timeruler.moc"
