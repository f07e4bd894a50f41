#include "common/testdata.h"
#include "core/models/categorydiffmodel.h"
#include "core/models/opdiffmodel.h"
#include "core/models/opshapemodel.h"
#include "core/models/stepdiffmodel.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/tracediff/stackedtimelines.h"
#include "widgets/tracediff/tracecompareworkspace.h"

#include <QFile>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;
using namespace Twinscope::Widgets;

namespace {

const QString pairs = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/");

struct Fixture
{
    LoadController loads;
    TraceCompareWorkspace workspace{&loads};

    bool open(const QString &pair)
    {
        return openPaths(pairs + pair + u"/baseline.json"_s, pairs + pair + u"/target.json"_s);
    }
    bool openPaths(const QString &baseline, const QString &target)
    {
        QSignalSpy compared(&workspace, &TraceCompareWorkspace::compared);
        workspace.resize(1400, 900);
        workspace.show();
        workspace.compare(baseline, target);
        return compared.wait(60000) || compared.size() > 0;
    }
    bool waitCompared()
    {
        QSignalSpy compared(&workspace, &TraceCompareWorkspace::compared);
        return compared.wait(60000) || compared.size() > 0;
    }
};

} // namespace

class tst_TraceCompareWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void opensAndSummarises();
    void swapAndSteps();
    void diffRowHighlightsBothTimelines();
    void sharedZoom();
    void realGpuAgainstNpu();
    void exportsEveryTable();
    void shapesOnDemand();
    void failedSideIsReported();
};

void tst_TraceCompareWorkspace::opensAndSummarises()
{
    Fixture f;
    QVERIFY(f.open(u"gpu_npu"_s));
    QVERIFY(f.workspace.diff());
    // The conclusion is the same as the CLI's: the matmul family first, then the category.
    const QString summary = f.workspace.summaryText();
    QVERIFY2(summary.contains(u"matmul"_s), qPrintable(summary));
    QVERIFY(summary.contains(u"slower"_s));
    QCOMPARE(f.workspace.opModel()->index(0, OpDiffModel::Name).data().toString(), u"matmul"_s);
    QCOMPARE(f.workspace.stepModel()->rowCount(), 3);
    QVERIFY(f.workspace.categoryModel()->rowCount() > 3);
    QVERIFY(f.workspace.title().contains(u"baseline.json"_s));
}

void tst_TraceCompareWorkspace::swapAndSteps()
{
    Fixture f;
    QVERIFY(f.open(u"npu_npu"_s));
    const double delta = f.workspace.diff()->ops.front().deltaNs();
    f.workspace.swapSides();
    QVERIFY(f.waitCompared());
    QCOMPARE(f.workspace.diff()->ops.front().deltaNs(), -delta);
    QCOMPARE(f.workspace.diff()->ops.front().state, OpDiffState::Faster);
    f.workspace.setStepChoice(-2); // every step
    QVERIFY(f.waitCompared());
    QCOMPARE(f.workspace.diff()->baseline.chosen.size(), size_t(3));
    f.workspace.setStepChoice(0);
    QVERIFY(f.waitCompared());
    QCOMPARE(f.workspace.diff()->baseline.chosen, std::vector<int>{0});
    QCOMPARE(f.workspace.stepModel()->index(0, 0).data(DiffTableModel::StateRole).toString(),
             u"chosen"_s);
}

void tst_TraceCompareWorkspace::diffRowHighlightsBothTimelines()
{
    Fixture f;
    QVERIFY(f.open(u"gpu_npu"_s));
    QTableView *table = f.workspace.opTable();
    table->setCurrentIndex(table->model()->index(0, OpDiffModel::Name));
    // matmul: the sgemm kernels in the GPU run, MatMulV2 in the NPU run, 8 per step, 3 steps.
    QCOMPARE(f.workspace.timelines()->baseline()->searchHitCount(), 24);
    QCOMPARE(f.workspace.timelines()->target()->searchHitCount(), 24);
}

void tst_TraceCompareWorkspace::sharedZoom()
{
    Fixture f;
    QVERIFY(f.open(u"gpu_npu"_s));
    TimelineView *a = f.workspace.timelines()->baseline();
    TimelineView *b = f.workspace.timelines()->target();
    // Aligned at the compared steps: both show [−margin, longest step + margin].
    QCOMPARE(a->visibleFrom(), b->visibleFrom());
    QVERIFY(a->visibleFrom() < 0);
    b->setVisibleRange(1000, 500000);
    QCOMPARE(a->visibleFrom(), 1000);
    QCOMPARE(a->visibleTo(), 500000);
    a->pan(0.5);
    QCOMPARE(b->visibleFrom(), a->visibleFrom());
    // TWINSCOPE_GRAB=DIR saves every page, to look at the layout by eye.
    if (const QString dir = qEnvironmentVariable("TWINSCOPE_GRAB"); !dir.isEmpty()) {
        f.workspace.timelines()->showStep(4'000'000);
        f.workspace.opTable()->setCurrentIndex(f.workspace.opTable()->model()->index(0, 1));
        for (int i = 0; i < f.workspace.tabs()->count(); ++i) {
            f.workspace.tabs()->setCurrentIndex(i);
            QTest::qWait(200);
            f.workspace.grab().save(dir + u"/compare-page%1.png"_s.arg(i));
        }
    }
}

// Issue #10's third acceptance line: a real GPU run (the 2021 Kineto ResNet-50 trace, 176 ms
// steps) against a real NPU run (torch_npu's trace_view, one 14 ms step) reads as one comparison:
// the same conclusion in the summary and the tables, compute compared as compute, the GPU's conv
// kernels meeting the NPU's Conv2D, and one window for both timelines although the steps differ
// 12-fold.
void tst_TraceCompareWorkspace::realGpuAgainstNpu()
{
    Fixture f;
    QVERIFY(f.openPaths(
        sharedData(u"trace/kineto_resnet50_nw0_worker0.1623143089861.pt.trace.json.gz"_s),
        sharedData(u"trace/mstt_advisor_trace_view.json"_s)));
    const std::shared_ptr<const TraceDiff> d = f.workspace.diff();
    QVERIFY(d);
    QVERIFY(d->target.stepNs < d->baseline.stepNs / 10);
    const QString summary = f.workspace.summaryText();
    QVERIFY2(summary.contains(u"0.08×"_s), qPrintable(summary));
    // The largest category and op in the summary are the tables' first rows.
    const QString firstCategory =
        f.workspace.categoryModel()->index(0, 0).data().toString(); // translated name
    QVERIFY2(summary.contains(firstCategory), qPrintable(summary + u" / "_s + firstCategory));
    QVERIFY2(summary.contains(f.workspace.opModel()->index(0, OpDiffModel::Name).data().toString()),
             qPrintable(summary));
    // The NPU's engine split is folded against the GPU: no AI Core row beside "compute".
    for (const TraceCategoryDiffRow &row : d->categories)
        QVERIFY(row.category != StepCategory::ComputeAiCore);
    bool conv = false;
    for (const OpDiffRow &row : d->ops) {
        if (row.level == OpLevel::Device && row.family == u"conv"_s) {
            conv = row.baselineCount > 0 && row.targetCount > 0;
            break;
        }
    }
    QVERIFY(conv);
    TimelineView *a = f.workspace.timelines()->baseline();
    TimelineView *b = f.workspace.timelines()->target();
    QCOMPARE(b->visibleFrom(), a->visibleFrom());
    QCOMPARE(b->visibleTo(), a->visibleTo());
    QVERIFY(double(a->visibleTo()) > d->baseline.stepNs);
}

void tst_TraceCompareWorkspace::exportsEveryTable()
{
    Fixture f;
    QVERIFY(f.open(u"gpu_npu"_s));
    QTemporaryDir dir;
    const QStringList filters = f.workspace.exportFilter().split(u";;"_s);
    QCOMPARE(filters.size(), 6);
    for (int i = 0; i < filters.size(); ++i) {
        const bool png = filters[i].contains(u"png"_s);
        const QString path = dir.filePath(u"table%1.%2"_s.arg(i).arg(png ? u"png"_s : u"csv"_s));
        QString error;
        QVERIFY2(f.workspace.exportTo(path, filters[i], &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.size() > 20);
        if (filters[i].startsWith(u"Op diff"_s))
            QVERIFY(bytes.split('\n').value(1).contains("matmul"));
    }
}

void tst_TraceCompareWorkspace::shapesOnDemand()
{
    Fixture f;
    QVERIFY(f.open(u"npu_npu"_s));
    QCOMPARE(f.workspace.shapeModel()->rowCount(), 0);
    f.workspace.tabs()->setCurrentIndex(f.workspace.tabs()->count() - 1);
    QTRY_VERIFY_WITH_TIMEOUT(f.workspace.shapeModel()->rowCount() > 0, 30000);
}

void tst_TraceCompareWorkspace::failedSideIsReported()
{
    Fixture f;
    QSignalSpy failed(&f.workspace, &TraceCompareWorkspace::loadFailed);
    f.workspace.compare(pairs + u"npu_npu/baseline.json"_s, pairs + u"missing.json"_s);
    QTRY_VERIFY_WITH_TIMEOUT(failed.size() > 0, 30000);
    QVERIFY(!f.workspace.diff());
}

QTEST_MAIN(tst_TraceCompareWorkspace)
#include "tst_tracecompareworkspace.moc"
