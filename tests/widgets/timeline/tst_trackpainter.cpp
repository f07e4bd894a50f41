#include "widgets/timeline/timelinesearch.h"
#include "widgets/timeline/trackpainter.h"

#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;
using namespace Twinscope::Widgets;

namespace {

// One process: a thread track of ten 1000 ns spans every 2000 ns named "a", "b", "a", ... with an
// instant at 5500 ns, and a counter track that is 1.0 from 0 ns and 0.5 from 10 000 ns.
std::shared_ptr<const Core::TraceDataset> makeDataset()
{
    auto ds = std::make_shared<Core::TraceDataset>();
    const quint32 a = ds->strings.intern("a");
    const quint32 b = ds->strings.intern("b");
    const quint32 category = ds->strings.intern("cat");
    ds->processes.push_back(Core::TraceProcess{ds->strings.intern("1"), u"p"_s, {}, 0, {0, 1}});
    Core::TraceTrack thread;
    thread.process = 0;
    thread.tid = ds->strings.intern("7");
    for (qint64 k = 0; k < 10; ++k) {
        ds->sliceStart.push_back(k * 2000);
        ds->sliceDuration.push_back(1000);
        ds->sliceName.push_back(k % 2 ? b : a);
        ds->sliceCategory.push_back(category);
        ds->sliceArgsOffset.push_back(-1);
        ds->sliceArgsLength.push_back(0);
        ds->sliceFlags.push_back(0);
    }
    thread.sliceEnd = 10;
    thread.lanes.push_back(Core::TraceLane{0, 10, false});
    ds->instantTs.push_back(5500);
    ds->instantName.push_back(a);
    ds->instantCategory.push_back(category);
    ds->instantArgsOffset.push_back(-1);
    ds->instantArgsLength.push_back(0);
    thread.instantEnd = 1;
    ds->tracks.push_back(thread);
    Core::TraceTrack counter;
    counter.kind = Core::TraceTrackKind::Counter;
    counter.process = 0;
    counter.name = ds->strings.intern("memory");
    ds->counterTs = {0, 10000};
    ds->counterValue = {1.0, 0.5};
    counter.counterEnd = 2;
    ds->tracks.push_back(counter);
    ds->firstNs = 0;
    ds->lastNs = 20000;
    return ds;
}

// What an opaque colour becomes in an ARGB32 image: rounded from 16 bits per channel.
QColor painted(const QColor &c)
{
    return QColor::fromRgb(c.rgba64().toArgb32());
}

QPalette lightPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    palette.setColor(QPalette::Highlight, Qt::blue);
    return palette;
}

} // namespace

class TestTrackPainter : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void paintsRows();
    void overlaysReuseTheCache();
    void whatInvalidatesTheCache();
    void offScreenRowsAreDropped();

private:
    QImage paint(const QPalette &palette = lightPalette(), int scroll = 0, int height = 300);

    std::vector<TimelineInput> m_inputs;
    TimelineRows m_rows;
    TimelineOffsets m_offsets;
    TimelineZoomControl m_zoom;
    TimelineSearch m_search;
    std::unique_ptr<TrackPainter> m_painter;
};

void TestTrackPainter::init()
{
    m_inputs = {TimelineInput{makeDataset(), u"x"_s}};
    m_rows.build(m_inputs, {});
    m_offsets.reset(1);
    m_search.clear();
    // 20 ns per pixel: each span is 50 px wide, starting at x = 100 + 100 k.
    m_zoom.setTrace(0, 20000);
    m_zoom.setPlotWidth(1000);
    m_zoom.setVisibleRange(0, 20000);
    m_painter = std::make_unique<TrackPainter>(m_inputs, m_rows, m_offsets);
}

QImage TestTrackPainter::paint(const QPalette &palette, int scroll, int height)
{
    QImage image(1100, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    m_painter->paint(
        p, TimelineFrame{&m_zoom, 100, 0, scroll, 1100, height}, palette, QFont(), m_search);
    return image;
}

void TestTrackPainter::paintsRows()
{
    // Rows: process header (22 px), the lane (18 px), the thread's instants under its lane
    // (12 px), the counter (34 px).
    QCOMPARE(m_rows.rows().size(), size_t(4));
    QCOMPARE(m_rows.rows()[2].kind, TimelineRow::Kind::Instants);
    const QImage image = paint();
    const Core::TraceDataset &ds = *m_inputs[0].dataset;
    const int lane = TimelineRows::HeaderHeight;
    // Right part of span 0 ("a") and span 1 ("b"), clear of their labels.
    QCOMPARE(image.pixelColor(145, lane + 9),
             painted(TrackPainter::colorForName(ds, ds.sliceName[0], false)));
    QCOMPARE(image.pixelColor(245, lane + 9),
             painted(TrackPainter::colorForName(ds, ds.sliceName[1], false)));
    QCOMPARE(image.pixelColor(175, lane + 9), QColor(Qt::white)); // the gap between them
    // The instant at 5500 ns: a mark in the text colour at x = 375 in its own row, and none
    // over the slices' row, where it would hide their names.
    const int instants = lane + TimelineRows::LaneHeight;
    QCOMPARE(image.pixelColor(375, instants + 6), QColor(Qt::black));
    for (int y = lane; y < instants; ++y)
        QCOMPARE(image.pixelColor(375, y), QColor(Qt::white));
    // Counter: full height before 10 000 ns (x 600), half height after.
    const int counter = instants + TimelineRows::InstantHeight;
    const QColor counterColor = painted(TrackPainter::colorForName(ds, ds.tracks[1].name, false));
    QCOMPARE(image.pixelColor(300, counter + 5), counterColor);
    QCOMPARE(image.pixelColor(800, counter + 5), QColor(Qt::white));
    QCOMPARE(image.pixelColor(800, counter + 28), counterColor);
    QCOMPARE(m_painter->lodBuildCount(), quint64(3)); // the lane, the instants, the counter
}

void TestTrackPainter::overlaysReuseTheCache()
{
    const QImage first = paint();
    const quint64 built = m_painter->lodBuildCount();
    QCOMPARE(paint(), first);
    // Search hits fade the other slices without rebuilding.
    QCOMPARE(m_search.run(m_inputs, m_offsets, u"^a$"_s, true), qint64(5));
    const QImage searched = paint();
    const int lane = TimelineRows::HeaderHeight;
    QCOMPARE(searched.pixelColor(145, lane + 9), first.pixelColor(145, lane + 9));
    QVERIFY(searched.pixelColor(245, lane + 9) != first.pixelColor(245, lane + 9));
    QVERIFY(searched.pixelColor(245, lane + 9).lightness() >
            first.pixelColor(245, lane + 9).lightness());
    m_search.clear();
    QCOMPARE(paint(), first);
    QCOMPARE(m_painter->lodBuildCount(), built);
}

void TestTrackPainter::whatInvalidatesTheCache()
{
    paint();
    quint64 built = m_painter->lodBuildCount();
    auto rebuilt = [&] {
        const quint64 now = m_painter->lodBuildCount();
        const bool changed = now > built;
        built = now;
        return changed;
    };
    m_zoom.zoomAt(0.5, 500);
    paint();
    QVERIFY(rebuilt());
    m_zoom.pan(0.1);
    paint();
    QVERIFY(rebuilt());
    m_zoom.setPlotWidth(900);
    paint();
    QVERIFY(rebuilt());
    m_painter->setColorByCategory(true);
    paint();
    QVERIFY(rebuilt());
    QPalette dark = lightPalette();
    dark.setColor(QPalette::Base, QColor(30, 30, 30));
    paint(dark);
    QVERIFY(rebuilt());
    m_painter->invalidateLayout();
    paint(dark);
    QVERIFY(rebuilt());
    QImage hiDpi(2200, 600, QImage::Format_ARGB32_Premultiplied);
    hiDpi.setDevicePixelRatio(2.0);
    {
        QPainter p(&hiDpi);
        m_painter->paint(p, TimelineFrame{&m_zoom, 100, 0, 0, 1100, 300}, dark, QFont(), m_search);
    }
    QVERIFY(rebuilt());
    paint(dark);
    QVERIFY(rebuilt());
    paint(dark);
    QVERIFY(!rebuilt());
}

void TestTrackPainter::offScreenRowsAreDropped()
{
    // Only the header and the lane fit: the counter is not built.
    paint(lightPalette(), 0, TimelineRows::HeaderHeight + TimelineRows::LaneHeight - 1);
    QCOMPARE(m_painter->lodBuildCount(), quint64(1));
    // Scrolled down to the counter: the lane leaves the screen and its geometry is dropped ...
    const int counter =
        TimelineRows::HeaderHeight + TimelineRows::LaneHeight + TimelineRows::InstantHeight;
    paint(lightPalette(), counter, 34);
    QCOMPARE(m_painter->lodBuildCount(), quint64(2));
    // ... so scrolling back builds it again, while the counter, still on screen, is reused.
    paint(lightPalette(), TimelineRows::HeaderHeight + TimelineRows::LaneHeight - 5, 34);
    QCOMPARE(m_painter->lodBuildCount(), quint64(4)); // the lane and the instants again
}

QTEST_MAIN(TestTrackPainter)
#include "tst_trackpainter.moc"
