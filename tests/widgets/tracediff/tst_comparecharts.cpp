// The Compare tab's charts (issue #29): the step breakdown, the op deltas and the phases draw the
// TraceDiff core computed, the gap is written, device waits are marked as symptoms, and a click on
// an op's bar opens its row in the Op diff table.
#include "common/testdata.h"
#include "core/models/opdiffmodel.h"
#include "core/trace/opsymptoms.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/tracediff/comparecharts.h"
#include "widgets/tracediff/tracecompareworkspace.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;
using namespace Twinscope::Widgets;

class tst_CompareCharts : public QObject
{
    Q_OBJECT

private slots:
    void deviceWaitsAreSymptoms();
    void stepBreakdownAndGap();
    void opDeltasTopTwentyWithSymptomsMarked();
    void noPhasesDrawsNoAxes();
    void clickingABarOpensItsRow();
};

namespace {

OpDiffRow op(const QString &name, double baselineMs, double targetMs)
{
    OpDiffRow r;
    r.name = name;
    r.baselineNs = baselineMs * 1e6;
    r.targetNs = targetMs * 1e6;
    r.baselineCount = r.targetCount = 1;
    r.state = targetMs > baselineMs ? OpDiffState::Slower : OpDiffState::Faster;
    return r;
}

// A 10 ms baseline step against a 15 ms target: compute +3 ms, communication +2 ms; 30 ops that
// moved (aten::item among them) and one that did not.
std::shared_ptr<TraceDiff> syntheticDiff()
{
    auto d = std::make_shared<TraceDiff>();
    d->baseline.stepNs = 10e6;
    d->target.stepNs = 15e6;
    d->baseline.categories[StepCategory::ComputeAiCore] = 6'000'000;
    d->target.categories[StepCategory::ComputeAiCore] = 9'000'000;
    d->baseline.categories[StepCategory::Communication] = 1'000'000;
    d->target.categories[StepCategory::Communication] = 3'000'000;
    d->baseline.categories[StepCategory::Idle] = 3'000'000;
    d->target.categories[StepCategory::Idle] = 3'000'000;
    d->ops.push_back(op(u"aten::mm"_s, 2, 4.5));
    d->ops.push_back(op(u"aten::item"_s, 0.1, 2.1));
    OpDiffRow same = op(u"aten::add"_s, 1, 1.01);
    same.state = OpDiffState::Same;
    d->ops.push_back(same);
    for (int i = 0; i < 28; ++i)
        d->ops.push_back(op(
            u"op%1"_s.arg(i), 1, i % 2 ? 1 - 0.05 * (28 - i) / 28.0 : 1 + 0.05 * (28 - i) / 28.0));
    TracePhases p;
    p.computingNs = 7'000'000;
    p.freeNs = 3'000'000;
    d->baseline.phases.phases = p;
    p.computingNs = 9'000'000;
    p.communicationNotOverlappedNs = 2'000'000;
    d->target.phases.phases = p;
    return d;
}

QCPBars *barsNamed(QCustomPlot *plot, const QString &name)
{
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (plot->plottable(i)->name() == name)
            return qobject_cast<QCPBars *>(plot->plottable(i));
    }
    return nullptr;
}

double valueAt(QCPBars *bars, double key)
{
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
        if (qFuzzyCompare(it->key, key))
            return it->value;
    }
    return std::nan("");
}

} // namespace

void tst_CompareCharts::deviceWaitsAreSymptoms()
{
    QVERIFY(isDeviceWaitOp(u"aten::item"_s));
    QVERIFY(isDeviceWaitOp(u"aten::_local_scalar_dense"_s));
    QVERIFY(isDeviceWaitOp(u"cudaStreamSynchronize"_s));
    QVERIFY(isDeviceWaitOp(u"aclrtSynchronizeStream"_s));
    // A copy that synchronises moves data: a cause, not a symptom.
    QVERIFY(!isDeviceWaitOp(u"D2DCopywithStreamSynchronize"_s));
    QVERIFY(!isDeviceWaitOp(u"aten::mm"_s));
}

void tst_CompareCharts::stepBreakdownAndGap()
{
    CompareCharts charts;
    charts.resize(1000, 560);
    charts.show();
    charts.setDiff(syntheticDiff());
    QCustomPlot *plot = charts.stepPlot();
    // One stacked series per category either side spends time in, baseline (key 2) above target.
    QCOMPARE(plot->plottableCount(), 3);
    QCPBars *compute = barsNamed(plot, stepCategoryName(StepCategory::ComputeAiCore));
    QVERIFY(compute);
    QCOMPARE(valueAt(compute, 2), 6.0);
    QCOMPARE(valueAt(compute, 1), 9.0);
    QCPBars *comm = barsNamed(plot, stepCategoryName(StepCategory::Communication));
    QVERIFY(comm);
    QCOMPARE(comm->barBelow(), compute);
    QCOMPARE(valueAt(comm, 1), 3.0);
    QVERIFY2(charts.gapText().contains(u"+5.0"_s) && charts.gapText().contains(u"1.50"_s),
             qPrintable(charts.gapText()));
    // The text is drawn on the plot, inside its x range.
    bool drawn = false;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *t = qobject_cast<QCPItemText *>(plot->item(i));
        if (t && t->text() == charts.gapText()) {
            drawn = true;
            QVERIFY(plot->xAxis->range().upper > t->position->coords().x());
        }
    }
    QVERIFY(drawn);
}

void tst_CompareCharts::opDeltasTopTwentyWithSymptomsMarked()
{
    CompareCharts charts;
    charts.resize(1000, 560);
    charts.show();
    const auto diff = syntheticDiff();
    charts.setDiff(diff);
    // The 20 largest deltas that are more than noise, in the diff's order, largest on top.
    QCOMPARE(int(charts.opRows().size()), CompareCharts::TopOps);
    QCOMPARE(charts.opRows().front(), 0);
    QCOMPARE(charts.opRows()[1], 1);
    QCOMPARE(charts.opRows()[2], 3); // aten::add is the same in both
    const QStringList labels = charts.opLabels();
    QCOMPARE(labels.size(), CompareCharts::TopOps);
    QCOMPARE(labels.front(), u"aten::mm"_s);
    QVERIFY2(labels[1].startsWith(u"⚠"_s) && labels[1].contains(u"aten::item"_s),
             qPrintable(labels[1]));
    QVERIFY(!labels.contains(u"aten::add"_s));
    // Diverging: slower to the right, faster to the left, in ms.
    QCPBars *slower = barsNamed(charts.opPlot(), tr("slower in the target"));
    QCPBars *faster = barsNamed(charts.opPlot(), tr("faster in the target"));
    QVERIFY(slower && faster);
    QCOMPARE(valueAt(slower, CompareCharts::TopOps), 2.5);
    for (auto it = faster->data()->constBegin(); it != faster->data()->constEnd(); ++it)
        QVERIFY(it->value < 0);
    QVERIFY(charts.opPlot()->xAxis->range().lower < 0);
    QVERIFY(charts.opPlot()->xAxis->range().upper > 2.5);
    // The symptom has its own series, so the legend says what the mark means.
    QCOMPARE(charts.opPlot()->plottableCount(), 3);
}

void tst_CompareCharts::noPhasesDrawsNoAxes()
{
    CompareCharts charts;
    charts.resize(1000, 560);
    charts.show();
    auto diff = syntheticDiff();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.setDiff(diff);
    QVERIFY(charts.phasePlot()->isVisible());
    // Phase bars carry their values.
    QCPBars *baseline = barsNamed(charts.phasePlot(), tr("Baseline"));
    QVERIFY(baseline);
    // Computing, communication and free, each side's value; no side overlaps anything, so that
    // phase is left out rather than drawn as two rows of 0.0.
    QCOMPARE(charts.phasePlot()->itemCount(), 6);
    const auto ticks =
        charts.phasePlot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().values();
    QCOMPARE(ticks.size(), 3);
    QVERIFY(!ticks.contains(tr("Overlapped")));
    diff->baseline.phases.phases.reset();
    diff->baseline.phases.reason = u"no device tasks"_s;
    diff->target.phases.phases.reset();
    charts.setDiff(diff);
    QVERIFY(!charts.phasePlot()->isVisible());
}

void tst_CompareCharts::clickingABarOpensItsRow()
{
    LoadController loads;
    TraceCompareWorkspace ws(&loads);
    ws.resize(1024, 640);
    ws.show();
    QSignalSpy compared(&ws, &TraceCompareWorkspace::compared);
    const QString pairs = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/gpu_npu/");
    ws.compare(pairs + u"baseline.json"_s, pairs + u"target.json"_s);
    QVERIFY(compared.wait(60000) || compared.size() > 0);
    // The charts are the first page.
    QCOMPARE(ws.tabs()->currentWidget(), static_cast<QWidget *>(ws.charts()));
    QVERIFY(!ws.charts()->opRows().empty());
    QTest::qWait(100);
    QCustomPlot *plot = ws.charts()->opPlot();
    plot->replot();
    const int n = int(ws.charts()->opRows().size());
    const OpDiffRow &top = ws.diff()->ops[size_t(ws.charts()->opRows().front())];
    const double value = top.deltaNs() * (std::abs(top.deltaNs()) >= 1e6 ? 1e-6 : 1e-3);
    const QPoint at(int(plot->xAxis->coordToPixel(value / 2)), int(plot->yAxis->coordToPixel(n)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QCOMPARE(ws.tabs()->currentWidget(), ws.opTable()->parentWidget());
    const QModelIndex current = ws.opTable()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.siblingAtColumn(OpDiffModel::Name).data().toString(), top.name);
}

QTEST_MAIN(tst_CompareCharts)
#include "tst_comparecharts.moc"
