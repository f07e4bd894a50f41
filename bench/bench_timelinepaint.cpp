// QBENCHMARK of TimelineView painting (docs/DESIGN.md §5): a 10 M-slice dataset (one dense track of
// 5 M spans and 64 tracks nested 8 deep, 5 M spans together) painted into a 1920×1080 image at
// whole-trace, 1 %, 0.01 % and 1 µs zoom. Budget: < 16 ms per frame.
// "paint" moves the window by 1 ns every frame, so each frame rebuilds the level of detail and
// paints (what a zoom or pan costs); "hoverRepaint" moves the mouse between frames without
// changing the window (what a hover, a selection or a rubber band costs: overlays only).
#include "widgets/timeline/timelineview.h"

#include <QImage>
#include <QMouseEvent>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

std::shared_ptr<const Core::TraceDataset> makeDataset()
{
    auto ds = std::make_shared<Core::TraceDataset>();
    std::vector<quint32> names;
    for (int i = 0; i < 48; ++i)
        names.push_back(ds->strings.intern("kernel_" + std::to_string(i)));
    const quint32 pid = ds->strings.intern("1");
    ds->processes.push_back(Core::TraceProcess{pid, u"Synthetic"_s, {}, 0, {}});
    auto push = [&](qint64 start, qint64 dur, quint32 name) {
        ds->sliceStart.push_back(start);
        ds->sliceDuration.push_back(dur);
        ds->sliceName.push_back(name);
        ds->sliceCategory.push_back(0);
        ds->sliceArgsOffset.push_back(-1);
        ds->sliceArgsLength.push_back(0);
        ds->sliceFlags.push_back(0);
    };
    const qint64 total = 500'000'000; // 0.5 s of trace
    // dense track: 5 M spans, 100 ns apart, 60 ns long
    {
        Core::TraceTrack t;
        t.process = 0;
        t.tid = ds->strings.intern("dense");
        t.sliceBegin = quint32(ds->sliceStart.size());
        for (qint64 k = 0; k < 5'000'000; ++k)
            push(k * 100, 60, names[size_t(k % 48)]);
        t.sliceEnd = quint32(ds->sliceStart.size());
        t.lanes.push_back(Core::TraceLane{t.sliceBegin, t.sliceEnd, false});
        ds->tracks.push_back(t);
    }
    // 64 nested tracks: blocks of one span at depth 0, two at depth 1, ... 128 at depth 7
    const int blocks = 307;
    const qint64 block = total / blocks;
    for (int tr = 0; tr < 64; ++tr) {
        Core::TraceTrack t;
        t.process = 0;
        t.tid = ds->strings.intern("nested " + std::to_string(tr));
        t.sliceBegin = quint32(ds->sliceStart.size());
        for (int d = 0; d < 8; ++d) {
            Core::TraceLane lane;
            lane.begin = quint32(ds->sliceStart.size());
            const int per = 1 << d;
            for (int b = 0; b < blocks; ++b) {
                for (int i = 0; i < per; ++i) {
                    const qint64 w = block / per;
                    push(qint64(b) * block + i * w + d,
                         w - 2 * d - 1,
                         names[size_t((d * 7 + i + tr) % 48)]);
                }
            }
            lane.end = quint32(ds->sliceStart.size());
            t.lanes.push_back(lane);
        }
        t.sliceEnd = quint32(ds->sliceStart.size());
        ds->tracks.push_back(t);
    }
    for (int t = 0; t < int(ds->tracks.size()); ++t)
        ds->processes[0].tracks.push_back(t);
    ds->firstNs = 0;
    ds->lastNs = total;
    return ds;
}

} // namespace

class BenchTimelinePaint : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void paint_data();
    void paint();
    void hoverRepaint_data() { paint_data(); }
    void hoverRepaint();

private:
    std::shared_ptr<const Core::TraceDataset> m_dataset;
};

void BenchTimelinePaint::initTestCase()
{
    m_dataset = makeDataset();
    QVERIFY(m_dataset->sliceCount() >= 10'000'000);
}

void BenchTimelinePaint::paint_data()
{
    QTest::addColumn<double>("fraction");
    QTest::newRow("whole trace") << 1.0;
    QTest::newRow("1 %") << 0.01;
    QTest::newRow("0.01 %") << 0.0001;
    QTest::newRow("1 us") << 1000.0 / 500'000'000.0;
}

void BenchTimelinePaint::paint()
{
    QFETCH(double, fraction);
    Widgets::TimelineView view;
    view.resize(1920, 1080);
    view.setInputs({Widgets::TimelineInput{m_dataset, u"synthetic"_s}});
    const qint64 span = std::max<qint64>(1000, qint64(500'000'000 * fraction));
    const qint64 mid = 250'000'003;
    view.setVisibleRange(mid - span / 2, mid + span / 2);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    qint64 nudge = 0;
    QBENCHMARK
    {
        nudge ^= 1;
        view.setVisibleRange(mid - span / 2 + nudge, mid + span / 2 + nudge, false);
        view.render(&image);
    }
}

void BenchTimelinePaint::hoverRepaint()
{
    QFETCH(double, fraction);
    Widgets::TimelineView view;
    view.resize(1920, 1080);
    view.setInputs({Widgets::TimelineInput{m_dataset, u"synthetic"_s}});
    const qint64 span = std::max<qint64>(1000, qint64(500'000'000 * fraction));
    const qint64 mid = 250'000'003;
    view.setVisibleRange(mid - span / 2, mid + span / 2);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    view.render(&image);
    int x = 0;
    QBENCHMARK
    {
        x = (x + 37) % 1600;
        const QPointF pos(300 + x, 400);
        QMouseEvent move(QEvent::MouseMove, pos, view.mapToGlobal(pos), Qt::NoButton, {}, {});
        QCoreApplication::sendEvent(&view, &move);
        view.render(&image);
    }
}

QTEST_MAIN(BenchTimelinePaint)
#include "bench_timelinepaint.moc"
