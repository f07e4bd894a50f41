#include "common/testdata.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/opstatistics.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// Op statistics by op type (issue #14): MindSpore's per-instance names become one row per type.
class TestOpStatistics : public QObject
{
    Q_OBJECT

private slots:
    void opType_data();
    void opType();
    void groupsMindSporeInstances();
};

void TestOpStatistics::opType_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::newRow("instance") << u"Slice-op188"_s << u"Slice"_s;
    QTest::newRow("scoped") << u"Default/network-WithLossCell/_backbone-AlexNet/Cast-op239"_s
                            << u"Cast"_s;
    QTest::newRow("gradients") << u"Gradients/Default/network/gradReLU/ReluGrad-op104"_s
                               << u"ReluGrad"_s;
    QTest::newRow("torch op") << u"aten::mm"_s << u"aten::mm"_s;
    QTest::newRow("python frame") << u"torch/nn/modules/module.py(1501): _call_impl"_s
                                  << u"torch/nn/modules/module.py(1501): _call_impl"_s;
    QTest::newRow("profiler step") << u"ProfilerStep#5"_s << u"ProfilerStep#5"_s;
    QTest::newRow("no digits") << u"Conv-op"_s << u"Conv-op"_s;
    QTest::newRow("only suffix") << u"-op12"_s << u"-op12"_s;
    QTest::newRow("empty scope part") << u"a/-op3"_s << u"a/-op3"_s;
}

void TestOpStatistics::opType()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QCOMPARE(opTypeOfName(name), type);
}

void TestOpStatistics::groupsMindSporeInstances()
{
    ProgressSink progress;
    const Result<TraceDataset> r = loadChromeTrace(
        Source::fromPath(sharedData(u"trace/mindspore_ascend_timeline_display_1_run2.json"_s)),
        ChromeTraceOptions(),
        progress,
        CancelToken());
    QVERIFY(r.isOk());
    const OpStatistics byName = computeOpStatistics(*r.value());
    const OpStatistics byType = groupByOpType(byName);
    QVERIFY(byType.rows.size() < byName.rows.size());
    // Nothing is lost: the same slices, time and range, only fewer rows.
    qint64 totalByName = 0, totalByType = 0, countByName = 0, countByType = 0;
    for (const OpStatisticsRow &row : byName.rows) {
        totalByName += row.totalNs;
        countByName += row.count;
    }
    QSet<QString> names;
    for (const OpStatisticsRow &row : byType.rows) {
        totalByType += row.totalNs;
        countByType += row.count;
        QVERIFY2(!row.name.contains(u"-op"_s) || !row.name.back().isDigit(), qPrintable(row.name));
        QVERIFY2(!names.contains(row.name + u'|' + row.category), qPrintable(row.name));
        names.insert(row.name + u'|' + row.category);
    }
    QCOMPARE(totalByType, totalByName);
    QCOMPARE(countByType, countByName);
    QCOMPARE(byType.rangeNs, byName.rangeNs);
    // Cast instances (Cast-op110, Cast-op111, ...) are one row that sums them.
    qint64 castInstances = 0, castTotal = 0;
    for (const OpStatisticsRow &row : byName.rows) {
        if (opTypeOfName(row.name) == u"Cast"_s) {
            castInstances += row.count;
            castTotal += row.totalNs;
        }
    }
    QVERIFY(castInstances > 1);
    const auto cast = std::find_if(byType.rows.begin(), byType.rows.end(), [](const auto &row) {
        return row.name == u"Cast"_s;
    });
    QVERIFY(cast != byType.rows.end());
    QCOMPARE(cast->count, castInstances);
    QCOMPARE(cast->totalNs, castTotal);
    for (size_t i = 1; i < byType.rows.size(); ++i)
        QVERIFY(byType.rows[i - 1].totalNs >= byType.rows[i].totalNs);
}

QTEST_GUILESS_MAIN(TestOpStatistics)
#include "tst_opstatistics.moc"
