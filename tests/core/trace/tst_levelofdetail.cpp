#include "common/testdata.h"
#include "core/models/opstatisticsmodel.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/levelofdetail.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

// One lane of n spans: span k starts at k*period and lasts dur ns.
std::shared_ptr<TraceDataset> regularLane(quint32 n, qint64 period, qint64 dur)
{
    auto ds = std::make_shared<TraceDataset>();
    for (quint32 k = 0; k < n; ++k) {
        ds->sliceStart.push_back(qint64(k) * period);
        ds->sliceDuration.push_back(dur);
        ds->sliceName.push_back(0);
        ds->sliceCategory.push_back(0);
        ds->sliceArgsOffset.push_back(-1);
        ds->sliceArgsLength.push_back(0);
        ds->sliceFlags.push_back(0);
    }
    TraceTrack t;
    t.lanes.push_back(TraceLane{0, n, false});
    t.sliceEnd = n;
    ds->tracks.push_back(t);
    ds->lastNs = qint64(n) * period;
    return ds;
}

} // namespace

class TestLevelOfDetail : public QObject
{
    Q_OBJECT

private slots:
    void mapping();
    void folds_data();
    void folds();
    void wideSpansStayExact();
    void nearestSlice();
    void statisticsModel();
};

void TestLevelOfDetail::mapping()
{
    const TimeMapping m{1000, 2000, 100};
    QCOMPARE(m.nsPerPx(), 10.0);
    QCOMPARE(m.x(1500), 50.0);
    QCOMPARE(m.ns(25.0), qint64(1250));
}

void TestLevelOfDetail::folds_data()
{
    QTest::addColumn<quint32>("spans");
    QTest::addColumn<qint64>("period");
    QTest::addColumn<qint64>("dur");
    QTest::addColumn<qint64>("from");
    QTest::addColumn<qint64>("to");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("maxItems");
    QTest::newRow("1M dense spans, whole range")
        << 1000000u << qint64(10) << qint64(5) << qint64(0) << qint64(10000000) << 1920 << 1920;
    QTest::newRow("1M spans, 1% zoom") << 1000000u << qint64(10) << qint64(5) << qint64(5000000)
                                       << qint64(5100000) << 1920 << 1920;
    QTest::newRow("deep zoom: every span drawn")
        << 1000000u << qint64(10) << qint64(5) << qint64(5000000) << qint64(5000200) << 1920 << 21;
    QTest::newRow("sparse narrow spans stay apart")
        << 1000u << qint64(1000000) << qint64(1) << qint64(0) << qint64(1000000000) << 1000 << 1000;
}

void TestLevelOfDetail::folds()
{
    QFETCH(quint32, spans);
    QFETCH(qint64, period);
    QFETCH(qint64, dur);
    QFETCH(qint64, from);
    QFETCH(qint64, to);
    QFETCH(int, width);
    QFETCH(int, maxItems);
    const auto ds = regularLane(spans, period, dur);
    std::vector<LodItem> items;
    LevelOfDetail::buildLane(*ds, ds->tracks[0].lanes[0], TimeMapping{from, to, width}, &items);
    QVERIFY(!items.empty());
    QVERIFY2(int(items.size()) <= maxItems, qPrintable(QString::number(items.size())));
    // Every span overlapping the range is covered exactly once, in order, without overlaps.
    const quint32 first = LevelOfDetail::firstEndingAfter(*ds, ds->tracks[0].lanes[0], from);
    quint64 covered = 0;
    int lastX1 = -1000000;
    for (const LodItem &it : items) {
        QVERIFY(it.x1 > it.x0);
        QVERIFY(it.x0 >= lastX1 - 1);
        lastX1 = it.x1;
        covered += it.count;
        QVERIFY(it.slice == LodItem::Folded ? it.count > 1 : it.count == 1);
    }
    quint32 inRange = 0;
    for (quint32 i = first; i < spans && ds->sliceStart[i] < to; ++i)
        ++inRange;
    QCOMPARE(covered, quint64(inRange));
}

void TestLevelOfDetail::wideSpansStayExact()
{
    const auto ds = regularLane(100, 1000, 900);
    std::vector<LodItem> items;
    LevelOfDetail::buildLane(*ds, ds->tracks[0].lanes[0], TimeMapping{0, 100000, 1000}, &items);
    QCOMPARE(items.size(), size_t(100));
    QCOMPARE(items[1].x0, 10);
    QCOMPARE(items[1].x1, 19);
    QCOMPARE(items[1].slice, 1u);
}

void TestLevelOfDetail::nearestSlice()
{
    // spans [0, 100), [1000, 1100), [2000, 2100) ...
    const auto ds = regularLane(10, 1000, 100);
    const TraceLane &lane = ds->tracks[0].lanes[0];
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 1050, 0), 1u);         // inside
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 1100, 0), 1u);         // on the end edge
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 1500, 0), UINT32_MAX); // in a gap
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 1500, 399), UINT32_MAX);
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 1500, 400), 1u); // 400 after span 1 ...
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 1600, 500), 2u); // 500 after 1, 400 before 2
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, -30, 50), 0u);   // before the first
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 9150, 60), 9u);  // after the last
    QCOMPARE(LevelOfDetail::nearestSlice(*ds, lane, 9200, 60), UINT32_MAX);
}

void TestLevelOfDetail::statisticsModel()
{
    ProgressSink progress;
    const Result<TraceDataset> r =
        loadChromeTrace(Source::fromPath(sharedData(u"trace/mstt_advisor_trace_view.json"_s)),
                        ChromeTraceOptions(),
                        progress,
                        CancelToken());
    QVERIFY(r.isOk());
    OpStatisticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStatistics(std::make_shared<const OpStatistics>(computeOpStatistics(*r.value())));
    QVERIFY(model.rowCount() > 50);
    QCOMPARE(model.columnCount(), int(OpStatisticsModel::ColumnCount));
    QCOMPARE(model.data(model.index(0, OpStatisticsModel::Name)).toString(), u"ProfilerStep#1"_s);
    QVERIFY(model.data(model.index(0, OpStatisticsModel::Total), OpStatisticsModel::SortRole)
                .toDouble() > 14000.0);
    const QByteArray csv = model.toCsv();
    QCOMPARE(csv.count('\n'), model.rowCount() + 1);
    QVERIFY(csv.startsWith("name,category,count,total_us"));
    model.setStatistics(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestLevelOfDetail)
#include "tst_levelofdetail.moc"
