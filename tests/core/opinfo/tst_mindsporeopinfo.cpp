#include "common/testdata.h"
#include "core/opinfo/ascendenums.h"
#include "core/opinfo/mindsporeopinfo.h"
#include "core/opinfo/opinfoanalysis.h"
#include "core/opinfo/opinfokernels.h"
#include "core/opinfo/opinfoloader.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// MindSpore profiler tables: the only real op-info files we have (docs/FORMATS.md §4.5).
class tst_MindSporeOpInfo : public QObject
{
    Q_OBJECT

private slots:
    void files_data();
    void files();
    void frameworkRaw();
    void dynamicShapeSteps();
    void brokenCells();
};

namespace {

const QString shared = sharedData(u"opinfo/"_s);
const QString fixtures = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/opinfo/"_s;

Result<OpInfoDataset> load(const QString &path)
{
    ProgressSink progress;
    return loadOpInfo({Source::fromPath(path)}, {}, progress, CancelToken{});
}

const OpTypeStats *findType(const OpInfoReport &r, const QString &type)
{
    for (const OpTypeStats &t : r.opTypes) {
        if (t.type == type)
            return &t;
    }
    return nullptr;
}

} // namespace

void tst_MindSporeOpInfo::files_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("events");
    QTest::addColumn<int>("types");
    QTest::addColumn<int>("recompiled");
    QTest::addColumn<QString>("cutoff");
    QTest::newRow("framework_raw") << shared + u"mindspore_framework_raw_1_run2.csv"_s << QString()
                                   << 105 << 21 << 0 << u"none"_s;
    QTest::newRow("dynamic_shape") << shared + u"mindspore_dynamic_shape_info_0.json"_s << QString()
                                   << 19 << 3 << 0 << u"steps"_s;
    QTest::newRow("shared folder") << shared << QString() << 124 << 24 << 0 << u"steps"_s;
    QTest::newRow("aicore times") << shared + u"mindspore_aicore_intermediate_1_detail_run2.csv"_s
                                  << u"unsupported"_s << 0 << 0 << 0 << QString();
    QTest::newRow("compute times") << shared + u"mindspore_output_op_compute_time_1_run1.txt"_s
                                   << u"unsupported"_s << 0 << 0 << 0 << QString();
    QTest::newRow("changing shapes")
        << fixtures + u"good/mindspore/dynamic_shape_info_changing.json"_s << QString() << 6 << 2
        << 2 << u"steps"_s;
}

void tst_MindSporeOpInfo::files()
{
    QFETCH(QString, path);
    QFETCH(QString, error);
    const auto r = load(path);
    if (!error.isEmpty()) {
        QVERIFY(r.isFailed());
        QCOMPARE(errorCodeId(r.error().code), error);
        QVERIFY(r.error().message.contains(u"framework_raw"_s));
        return;
    }
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    QVERIFY(r.value()->fromProfiler);
    const OpInfoReport report = analyzeOpInfo(*r.value());
    QTEST(int(report.compileEvents), "events");
    QTEST(int(report.opTypes.size()), "types");
    QTEST(int(report.recompiled.size()), "recompiled");
    QTEST(cutoffSourceId(report.cutoffSource), "cutoff");
}

void tst_MindSporeOpInfo::frameworkRaw()
{
    const auto r = load(shared + u"mindspore_framework_raw_1_run2.csv"_s);
    QVERIFY(r.isOk());
    const OpInfoDataset &ds = *r.value();
    QCOMPARE(ds.unparsedLines, 0);
    QCOMPARE(ds.lines, 105);
    const OpInfoReport report = analyzeOpInfo(ds);
    QCOMPARE(report.conversions.transData, 3);
    QCOMPARE(report.conversions.cast, 28);
    // The first TransData row: DefaultFormat [2,3,227,227] to the 5HD layout NC1HWC0.
    const auto &first = ds.signatures[ds.events[1].signature];
    QCOMPARE(first.opType, u"TransData"_s);
    QCOMPARE(first.inputs[0].shape, (QList<qint64>{2, 3, 227, 227}));
    QCOMPARE(first.outputs[0].format, 3);
    QCOMPARE(first.outputs[0].shape, (QList<qint64>{2, 1, 227, 227, 16}));
    // MindSpore's "UNKNOWN" and its enum sentinel NUMBER_TYPE_END are no type: said so, never
    // the raw enum name (issue #14) nor ACL's "undefined" (issue #29).
    QCOMPARE(describeTensor(first.inputs[0]), u"no dtype DefaultFormat [2, 3, 227, 227]"_s);
    for (const OpTypeStats &t : report.opTypes) {
        for (const QString &dtype : t.dtypes)
            QVERIFY2(!dtype.contains(u"NUMBER_TYPE"_s) && dtype != u"UNKNOWN"_s &&
                         dtype != u"undefined"_s,
                     qPrintable(t.type + u": "_s + dtype));
    }
    // The rows are a graph's kernels, not compiles.
    QVERIFY(eventsAreGraphKernels(ds));
    QCOMPARE(mindSporeTypeName(u"NUMBER_TYPE_INT"_s), u"int"_s);
    QCOMPARE(dataTypeCodeFromName(u"NUMBER_TYPE_END"_s), -1);
    QCOMPARE(dataTypeCodeFromName(u"NUMBER_TYPE_FLOAT16"_s), 1);
    bool fiveHd = false;
    for (const ConversionSignature &c : report.conversions.signatures)
        fiveHd = fiveHd || (c.type == u"TransData"_s && c.privateFormats.contains(u"5HD"_s));
    QVERIFY(fiveHd);
    const OpTypeStats *cast = findType(report, u"Cast"_s);
    QCOMPARE(cast->compiles, 28);
    QCOMPARE(cast->signatures, 16);
    // FracZ is CANN's FRACTAL_Z: named the same way as in plogs.
    QVERIFY(cast->formats.contains(u"FRACTAL_Z"_s));
    QVERIFY(cast->privateFormat);
    const OpTypeStats *conv = findType(report, u"Conv2D"_s);
    QCOMPARE(conv->compiles, 5);
    QCOMPARE(conv->signatures, 5);
    // Graph kernels with different shapes are layers, not recompiles.
    QVERIFY(report.recompiled.isEmpty());
    QCOMPARE(report.afterCutoff, 0);
}

void tst_MindSporeOpInfo::dynamicShapeSteps()
{
    const auto real = load(shared + u"mindspore_dynamic_shape_info_0.json"_s);
    QVERIFY(real.isOk());
    const OpInfoReport rr = analyzeOpInfo(*real.value());
    QCOMPARE(rr.afterCutoff, 15); // entries of steps 2..9
    const OpTypeStats *add = findType(rr, u"Add"_s);
    QCOMPARE(add->compiles, 9);
    QCOMPARE(add->signatures, 1); // [32, 1] in every step: no dynamic shape
    QCOMPARE(add->shapes, QStringList{u"[32, 1] [32, 1]"_s});
    QCOMPARE(add->dtypes, QStringList{u"-"_s});

    const auto r = load(fixtures + u"good/mindspore/dynamic_shape_info_changing.json"_s);
    QVERIFY(r.isOk());
    // Step keys are strings; "10" must come after "2".
    QList<int> steps;
    for (const CompileEvent &e : r.value()->events)
        steps.append(e.step);
    QCOMPARE(steps, (QList<int>{1, 1, 2, 2, 10, 10}));
    const OpInfoReport report = analyzeOpInfo(*r.value());
    QCOMPARE(report.afterCutoff, 4);
    QCOMPARE(report.recompiled.size(), 2);
    for (const RecompileInfo &rc : report.recompiled) {
        QCOMPARE(rc.signatures, 2);
        QCOMPARE(rc.newAfterCutoff, 1);
        QCOMPARE(rc.varying.first().where, u"InputDesc[0].Shape[0]"_s);
        QCOMPARE(rc.varying.first().values,
                 (QList<QPair<QString, qint64>>{{u"32"_s, 2}, {u"48"_s, 1}}));
    }
    // A user time overrides the steps; these events have no time, so none is after it.
    OpInfoAnalysisOptions user;
    user.cutoffNs = 0;
    QCOMPARE(analyzeOpInfo(*r.value(), user).afterCutoff, 0);
}

void tst_MindSporeOpInfo::brokenCells()
{
    const auto r = load(fixtures + u"broken/mindspore_framework_raw_bad_cell.csv"_s);
    QVERIFY(r.isOk());
    QCOMPARE(r.value()->events.size(), 2);
    QCOMPARE(r.value()->lines, 4);
    QCOMPARE(r.value()->unparsedLines, 2);
    ProgressSink progress;
    const auto failed = loadOpInfo(
        {Source::fromBytes("task_id,stream_id,block_dim,full_op_name,op_name,op_type,x\n1\n",
                           u"t.csv"_s)},
        {},
        progress,
        CancelToken{});
    QVERIFY(failed.isFailed()); // no op_info column: a table without signatures
    QCOMPARE(failed.error().code, ErrorCode::Unsupported);
    const QByteArray json = "{\"operator\": {\"1\": [{\"op_type\": \"Add\", \"shape_info\": "
                            "[\"[3,\"]}]}, \"shape_info\": 1}";
    const auto partial =
        loadOpInfo({Source::fromBytes(json, u"d.json"_s)}, {}, progress, CancelToken{});
    QVERIFY(partial.isOk());
    QCOMPARE(partial.value()->events.size(), 0);
    QCOMPARE(partial.value()->unparsedLines, 1);
    const auto invalid =
        loadOpInfo({Source::fromBytes("{\"operator\": {\"shape_info\": ", u"e.json"_s)},
                   {},
                   progress,
                   CancelToken{});
    QVERIFY(invalid.isFailed());
    QCOMPARE(invalid.error().code, ErrorCode::Malformed);
}

QTEST_GUILESS_MAIN(tst_MindSporeOpInfo)
#include "tst_mindsporeopinfo.moc"
