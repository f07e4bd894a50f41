#include "core/export/csvwriter.h"
#include "core/models/categorydiffmodel.h"
#include "core/models/opdiffmodel.h"
#include "core/models/opshapemodel.h"
#include "core/models/phasediffmodel.h"
#include "core/models/stepdiffmodel.h"
#include "core/trace/tracediffpipeline.h"

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_TraceDiffModels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void steps();
    void phases();
    void categories();
    void ops();
    void shapes();

private:
    std::shared_ptr<const TraceDiffAnalysis> m_analysis;
};

void tst_TraceDiffModels::initTestCase()
{
    TraceDiffInput input;
    input.baseline = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/gpu_npu/baseline.json");
    input.target = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/gpu_npu/target.json");
    ProgressSink progress;
    const Result<TraceDiffAnalysis> r = runTraceDiffPipeline(input, progress, CancelToken());
    QVERIFY(r.isOk());
    m_analysis = r.value();
}

void tst_TraceDiffModels::steps()
{
    StepDiffModel model;
    QAbstractItemModelTester tester(&model);
    model.setDiff(m_analysis->diff);
    const TraceDiff &d = *m_analysis->diff;
    QCOMPARE(model.rowCount(), int(std::max(d.baseline.steps.size(), d.target.steps.size())));
    const int chosen = d.baseline.chosen.front();
    QCOMPARE(model.index(chosen, 0).data(DiffTableModel::StateRole).toString(), u"chosen"_s);
    QCOMPARE(model.index(chosen, StepDiffModel::BaselineUs)
                 .data(DiffTableModel::RawValueRole)
                 .toDouble(),
             d.baseline.steps[size_t(chosen)].durationNs / 1000.0);
    const QVariantList bars =
        model.index(chosen, StepDiffModel::Phases).data(DiffTableModel::KeyRole).toList();
    QCOMPARE(bars.size(), 8);
    QCOMPARE(bars[0].toDouble(),
             double(d.baseline.steps[size_t(chosen)].phases.phases->computingNs) / 1000.0);
}

void tst_TraceDiffModels::phases()
{
    PhaseDiffModel model;
    QAbstractItemModelTester tester(&model);
    model.setDiff(m_analysis->diff);
    const TraceDiff &d = *m_analysis->diff;
    // The same numbers as tracediff --json's phases.
    QCOMPARE(model.index(PhaseDiffModel::Computing, PhaseDiffModel::Baseline)
                 .data(DiffTableModel::RawValueRole)
                 .toDouble(),
             double(d.baseline.phases.phases->computingNs) / 1000.0);
    QCOMPARE(model.index(PhaseDiffModel::StepTime, PhaseDiffModel::Delta)
                 .data(DiffTableModel::RawValueRole)
                 .toDouble(),
             (d.target.stepNs - d.baseline.stepNs) / 1000.0);
    // Neither generated trace carries Overlap Analysis slices: the profiler columns are empty.
    QVERIFY(!model.index(PhaseDiffModel::Computing, PhaseDiffModel::ProfilerBaseline)
                 .data(DiffTableModel::RawValueRole)
                 .isValid());
    QCOMPARE(
        model.index(PhaseDiffModel::Computing, PhaseDiffModel::ProfilerBaseline).data().toString(),
        u"–"_s);
    QVERIFY(model.index(PhaseDiffModel::MemoryPeak, PhaseDiffModel::Target)
                .data(DiffTableModel::RawValueRole)
                .isValid());
}

void tst_TraceDiffModels::categories()
{
    CategoryDiffModel model;
    QAbstractItemModelTester tester(&model);
    model.setDiff(m_analysis->diff);
    double share = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        share += model.index(r, CategoryDiffModel::ShareOfGap)
                     .data(DiffTableModel::RawValueRole)
                     .toDouble();
    QVERIFY(std::abs(share - 100.0) < 1.0);
    QCOMPARE(model.index(0, CategoryDiffModel::Id).data().toString(),
             stepCategoryId(m_analysis->diff->categories.front().category));
    // CSV export writes raw numbers, not locale text.
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    QVERIFY(writeModelCsv(model, &buffer, DiffTableModel::RawValueRole));
    const QList<QByteArray> lines = buffer.data().split('\n');
    QVERIFY(lines.size() > model.rowCount());
    QVERIFY(
        lines[1].contains(stepCategoryId(m_analysis->diff->categories.front().category).toUtf8()));
}

void tst_TraceDiffModels::ops()
{
    OpDiffModel model;
    QAbstractItemModelTester tester(&model);
    model.setDiff(m_analysis->diff);
    QCOMPARE(model.index(0, OpDiffModel::Name).data().toString(), u"matmul"_s);
    QCOMPARE(model.index(0, OpDiffModel::State).data(DiffTableModel::StateRole).toString(),
             u"slower"_s);
    const QStringList names = model.index(0, 0).data(DiffTableModel::KeyRole).toStringList();
    QVERIFY(names.contains(u"ampere_sgemm_128x64_tn"_s));
    QVERIFY(names.contains(u"aclnnMm_MatMulCommon_MatMulV2"_s));
    QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(u"ampere_sgemm"_s));
}

void tst_TraceDiffModels::shapes()
{
    const TraceRankProfile &r = m_analysis->baseline->ranks.front();
    const TraceStep &s = r.steps->steps.front();
    std::vector<OpShapeRow> rows = collectOpShapes(*r.dataset, *r.tasks, {{s.startNs, s.endNs}});
    QVERIFY(!rows.empty());
    bool linear = false;
    for (const OpShapeRow &row : rows)
        linear =
            linear || (row.name == u"aten::linear"_s &&
                       row.inputDims == u"[[16, 1024], [1024, 1024], [1024]]"_s && row.count == 8);
    QVERIFY(linear);
    OpShapeModel model;
    QAbstractItemModelTester tester(&model);
    model.setShapes(rows, 1.0, {}, 1.0);
    QCOMPARE(model.rowCount(), int(rows.size()));
}

QTEST_GUILESS_MAIN(tst_TraceDiffModels)
#include "tst_tracediffmodels.moc"
