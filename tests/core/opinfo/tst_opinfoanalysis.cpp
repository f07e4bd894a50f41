#include "core/opinfo/opinfoanalysis.h"
#include "core/opinfo/opinfoloader.h"
#include "core/opinfo/plogline.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_OpInfoAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void opTypes();
    void conversions();
    void recompiles_data();
    void recompiles();
    void truncatedRecordsAreNotRecompiles();
    void describe();

private:
    std::shared_ptr<const OpInfoDataset> m_a;
    std::shared_ptr<const OpInfoDataset> m_b;
};

namespace {

std::shared_ptr<const OpInfoDataset> load(const QString &rel)
{
    ProgressSink progress;
    const auto r =
        loadOpInfo({Source::fromPath(QStringLiteral(TWINSCOPE_TEST_DATA) + u"/opinfo/"_s + rel)},
                   {},
                   progress,
                   CancelToken{});
    return r.value();
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

void tst_OpInfoAnalysis::initTestCase()
{
    m_a = load(u"good/plog/plog-pid_4242_20260319100000.log"_s);
    m_b = load(u"good/plog/plog-pid_5151_20260319100010.log"_s);
    QVERIFY(m_a && m_b);
}

void tst_OpInfoAnalysis::opTypes()
{
    const OpInfoReport r = analyzeOpInfo(*m_a);
    QCOMPARE(r.compileEvents, 9);
    QStringList order;
    for (const OpTypeStats &t : r.opTypes)
        order.append(u"%1=%2/%3"_s.arg(t.type).arg(t.compiles).arg(t.signatures));
    QCOMPARE(
        order,
        (QStringList{
            u"MatMul=3/2"_s, u"TransData=2/1"_s, u"Add=2/2"_s, u"Conv2D=1/1"_s, u"Cast=1/1"_s}));
    const OpTypeStats *mm = findType(r, u"MatMul"_s);
    QCOMPARE(formatTimestampNs(mm->firstNs), u"2026-03-19T10:00:00.100000"_s);
    QCOMPARE(formatTimestampNs(mm->lastNs), u"2026-03-19T10:00:07.000000"_s);
    QCOMPARE(mm->shapes, (QStringList{u"[32, 1024] [1024, 4096]"_s, u"[48, 1024] [1024, 4096]"_s}));
    QCOMPARE(mm->dtypes, QStringList{u"float16"_s});
    QCOMPARE(mm->formats, QStringList{u"ND"_s});
    QCOMPARE(mm->dynamic, 1);
    QVERIFY(!mm->privateFormat);
    const OpTypeStats *conv = findType(r, u"Conv2D"_s);
    QCOMPARE(conv->formats, (QStringList{u"NCHW"_s, u"FRACTAL_Z"_s, u"NC1HWC0"_s}));
    QCOMPARE(conv->dtypes, QStringList{u"float32"_s});
    QVERIFY(conv->privateFormat);
}

void tst_OpInfoAnalysis::conversions()
{
    const OpInfoReport r = analyzeOpInfo(*m_a);
    QCOMPARE(r.conversions.transData, 2);
    QCOMPARE(r.conversions.cast, 1);
    QCOMPARE(r.conversions.transDataShare, 2.0 / 9.0);
    QCOMPARE(r.conversions.castShare, 1.0 / 9.0);
    QCOMPARE(r.conversions.signatures.size(), 2);
    const ConversionSignature &td = r.conversions.signatures[0];
    QCOMPARE(td.type, u"TransData"_s);
    QCOMPARE(td.count, 2);
    QCOMPARE(td.privateFormats, QStringList{u"NZ"_s});
    QCOMPARE(
        td.description,
        u"float16 ND [32, 4096] -> float16 FRACTAL_NZ [32, 4096] (storage FRACTAL_NZ [256, 2, 16, 16])"_s);
    QCOMPARE(r.conversions.signatures[1].description,
             u"float32 ND [32, 4096] -> float16 ND [32, 4096]"_s);
    QVERIFY(r.conversions.signatures[1].privateFormats.isEmpty());
}

void tst_OpInfoAnalysis::recompiles_data()
{
    QTest::addColumn<QString>("after"); // empty: cut-off from the markers
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("afterTotal");
    QTest::addColumn<int>("matmulAfter");
    QTest::addColumn<int>("addAfter");
    QTest::addColumn<QString>("first");
    // Signatures first seen after the cut-off: the recompiles themselves.
    QTest::addColumn<int>("matmulNew");
    QTest::addColumn<int>("addNew");

    // The first marked compile (MatMul [48, ...] at 10:00:05) starts "after the first step".
    QTest::newRow("markers") << QString() << u"markers"_s << 4 << 2 << 1 << u"MatMul"_s << 1 << 1;
    QTest::newRow("user 10:00:06.5")
        << u"2026-03-19 10:00:06.5"_s << u"user"_s << 2 << 1 << 0 << u"MatMul"_s << 0 << 0;
    QTest::newRow("user 10:00:05.5")
        << u"2026-03-19-10:00:05.500"_s << u"user"_s << 3 << 1 << 1 << u"Add"_s << 0 << 1;
    QTest::newRow("user late") << u"2026-03-19 11:00:00"_s << u"user"_s << 0 << 0 << 0
                               << u"MatMul"_s << 0 << 0;
}

void tst_OpInfoAnalysis::recompiles()
{
    QFETCH(QString, after);
    OpInfoAnalysisOptions options;
    if (!after.isEmpty())
        options.cutoffNs = parseUserTimestamp(after).value_or(-2);
    QVERIFY(options.cutoffNs != -2);
    const OpInfoReport r = analyzeOpInfo(*m_a, options);
    QTEST(cutoffSourceId(r.cutoffSource), "source");
    QTEST(int(r.afterCutoff), "afterTotal");
    QCOMPARE(r.recompiled.size(), 2);
    QTEST(r.recompiled[0].type, "first");
    for (const RecompileInfo &rc : r.recompiled) {
        QCOMPARE(rc.signatures, 2);
        QStringList dims;
        for (const VaryingDim &v : rc.varying)
            dims.append(v.where);
        QCOMPARE(dims, (QStringList{u"InputDesc[0].Shape[0]"_s, u"OutputDesc[0].Shape[0]"_s}));
        if (rc.type == u"MatMul"_s) {
            QTEST(int(rc.afterCutoff), "matmulAfter");
            QTEST(int(rc.newAfterCutoff), "matmulNew");
            QCOMPARE(rc.compiles, 3);
            // How often: the batch was 32 in two compiles and 48 in one.
            QCOMPARE(rc.varying[0].values,
                     (QList<QPair<QString, qint64>>{{u"32"_s, 2}, {u"48"_s, 1}}));
        } else {
            QCOMPARE(rc.type, u"Add"_s);
            QTEST(int(rc.afterCutoff), "addAfter");
            QTEST(int(rc.newAfterCutoff), "addNew");
        }
        QVERIFY(rc.remedy.contains(u"pad or bucket"_s));
        QVERIFY(rc.remedy.contains(rc.type));
    }
}

void tst_OpInfoAnalysis::truncatedRecordsAreNotRecompiles()
{
    // B compiles BatchMatMulV2 three times: twice whole, once cut. The cut one is no new signature.
    const OpInfoReport r = analyzeOpInfo(*m_b);
    QCOMPARE(r.truncatedRecords, 2);
    QVERIFY(r.recompiled.isEmpty());
    QCOMPARE(r.cutoffSource, CutoffSource::None);
    const OpTypeStats *bmm = findType(r, u"BatchMatMulV2"_s);
    QCOMPARE(bmm->compiles, 3);
    QCOMPARE(bmm->signatures, 1);
    QCOMPARE(bmm->truncated, 1);
    QCOMPARE(bmm->signatureIds.size(), 2); // the complete one, then the cut one
    QVERIFY(!m_b->signatures[bmm->signatureIds[0]].truncated);
    QVERIFY(m_b->signatures[bmm->signatureIds[1]].truncated);
    QCOMPARE(bmm->dtypes, QStringList{u"bf16"_s});
}

void tst_OpInfoAnalysis::describe()
{
    TensorDesc d;
    d.dataType = 1;
    d.format = 0;
    d.storageFormat = 3;
    d.shape = {4, 6, 26, 26};
    d.storageShape = {4, 1, 26, 26, 16};
    d.hasStorageShape = true;
    QCOMPARE(describeTensor(d),
             u"float16 NCHW [4, 6, 26, 26] (storage NC1HWC0 [4, 1, 26, 26, 16])"_s);
    d.storageFormat = 0;
    d.storageShape = d.shape;
    d.dataType = 99;
    QCOMPARE(describeTensor(d), u"99 NCHW [4, 6, 26, 26]"_s);
}

QTEST_GUILESS_MAIN(tst_OpInfoAnalysis)
#include "tst_opinfoanalysis.moc"
