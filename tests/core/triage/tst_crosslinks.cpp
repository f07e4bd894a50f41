// Cross-links (issue #15): a dumped tensor's API name, its ATen and Ascend names from the mapping
// table (or derived from the name, said so), and the slices and compiles of that op found in a
// timeline and in op-info logs.
#include "core/dump/dumppipeline.h"
#include "core/opinfo/opinfopipeline.h"
#include "core/trace/tracepipeline.h"
#include "core/triage/crosslinks.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {
const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);
}

class tst_CrossLinks : public QObject
{
    Q_OBJECT

private slots:
    void apiNames_data();
    void apiNames();
    void mapping();
    void opTypeInKernelNames();
    void divergentTensorLinksToTraceAndOpInfo();
};

void tst_CrossLinks::apiNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("opType");
    QTest::addColumn<QString>("api");
    QTest::newRow("msprobe functional")
        << u"Functional.softmax.5.forward.output.0"_s << QString() << u"softmax"_s;
    QTest::newRow("msprobe tensor")
        << u"Tensor.__add__.3.forward.input.1"_s << QString() << u"__add__"_s;
    QTest::newRow("dumper overload")
        << u"softmax_int/5/output/result"_s << u"softmax_int"_s << u"softmax"_s;
    QTest::newRow("dumper Tensor overload")
        << u"add_Tensor/3/output/result"_s << u"add_Tensor"_s << u"add"_s;
    QTest::newRow("underscore kept")
        << u"layer_norm/2/output/result"_s << u"layer_norm"_s << u"layer_norm"_s;
}

void tst_CrossLinks::apiNames()
{
    QFETCH(QString, name);
    QFETCH(QString, opType);
    TensorEntry e;
    e.name = name;
    e.opType = opType;
    QTEST(apiNameOfTensor(e), "api");
}

void tst_CrossLinks::mapping()
{
    Diagnostics d;
    const OpNameTable table = loadOpNameTable({}, &d);
    QVERIFY(d.isEmpty());
    const OpNameMapping softmax = mapOpName(table, u"softmax"_s);
    QCOMPARE(softmax.rule, u"table"_s);
    QVERIFY(softmax.aten.contains(u"aten::softmax"_s));
    QVERIFY(softmax.ascend.contains(u"SoftmaxV2"_s));
    QVERIFY(softmax.describe().contains(u"SoftmaxV2"_s));
    // Unknown APIs are mapped by name, and say so.
    const OpNameMapping custom = mapOpName(table, u"my_fused_op"_s);
    QCOMPARE(custom.rule, u"name"_s);
    QCOMPARE(custom.aten, QStringList{u"aten::my_fused_op"_s});
    QCOMPARE(custom.ascend, QStringList{u"MyFusedOp"_s});
}

void tst_CrossLinks::opTypeInKernelNames()
{
    QVERIFY(nameCarriesOpType(u"MatMulV2"_s, u"MatMulV2"_s));
    QVERIFY(nameCarriesOpType(u"aclnnMatmul_MatMulCommon_MatMulV2"_s, u"MatMulV2"_s));
    QVERIFY(!nameCarriesOpType(u"AddLayerNorm"_s, u"Add"_s));
    QVERIFY(!nameCarriesOpType(u"Cast"_s, QString()));
}

void tst_CrossLinks::divergentTensorLinksToTraceAndOpInfo()
{
    ProgressSink progress;
    DumpPipelineInput di;
    di.benchPath = Data + u"/dump/pairs/dumper/bench.h5"_s;
    di.npuPath = Data + u"/dump/pairs/dumper/npu.h5"_s;
    const Result<DumpSeries> dumps = runDumpPipeline(di, progress, CancelToken());
    QVERIFY(dumps.isOk());
    const DumpComparison &c = *dumps.value()->runs.first();
    QVERIFY(c.firstDivergent >= 0);

    TracePipelineInput ti;
    ti.paths = {Data + u"/triage/trace_npu.json.gz"_s};
    ti.statistics = false;
    const Result<TraceAnalysis> traces = runTracePipeline(ti, progress, CancelToken());
    QVERIFY(traces.isOk());
    OpInfoPipelineInput oi;
    oi.paths = {Data + u"/opinfo/good/plog/plog-pid_4242_20260319100000.log"_s};
    oi.chart = false;
    const Result<OpInfoAnalysis> opinfo = runOpInfoPipeline(oi, progress, CancelToken());
    QVERIFY(opinfo.isOk());

    const OpNameTable table = loadOpNameTable({}, nullptr);
    CrossLinkSources sources;
    sources.traces = {traces.value()->files.front().dataset};
    sources.opinfo = opinfo.value()->dataset;
    sources.names = &table;
    // The softmax origin: the Kineto trace names its ATen ops.
    const CrossLink link = crossLinkForRow(c, 0, c.firstDivergent, sources);
    QCOMPARE(link.mapping.api, u"softmax"_s);
    QVERIFY(!link.trace.isEmpty());
    QStringList names;
    for (const CrossLink::TraceHit &h : link.trace) {
        names << h.name;
        QVERIFY(h.count > 0);
    }
    QVERIFY2(names.contains(u"aten::softmax"_s), qPrintable(names.join(u", "_s)));
    // The plog compiles no softmax; an addmm tensor links to the MatMul and Add compiles.
    QVERIFY(link.opinfo.isEmpty());
    int matmulRow = -1;
    for (int r = 0; r < c.rows.size() && matmulRow < 0; ++r) {
        if (c.npu->tensors[c.rows[r].npu].opType.startsWith(u"addmm"_s))
            matmulRow = r;
    }
    QVERIFY(matmulRow >= 0);
    const CrossLink mm = crossLinkForRow(c, 0, matmulRow, sources);
    QStringList types;
    for (const CrossLink::OpInfoHit &h : mm.opinfo) {
        types << h.type;
        QVERIFY(h.compiles >= 1);
    }
    QVERIFY2(types.contains(u"MatMul"_s), qPrintable(types.join(u", "_s)));
    QVERIFY(types.contains(u"Add"_s));
    const QJsonObject json = crossLinkJson(mm);
    QVERIFY(json.contains(u"mapping"_s) || json.contains(u"rule"_s));
}

QTEST_GUILESS_MAIN(tst_CrossLinks)
#include "tst_crosslinks.moc"
