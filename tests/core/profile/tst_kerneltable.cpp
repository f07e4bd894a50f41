#include "core/profile/kerneltable.h"
#include "core/profile/kerneltypelabel.h"

#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_KernelTable : public QObject
{
    Q_OBJECT

private slots:
    void groupsBySignature();
    void regroupKeepsTotalsAndFlags();
    void mergeMapsPmuColumnsByName();
    void hcclTypesLoseTheCounterSeparator();
    void flags_data();
    void flags();
    void aggregateRows();
};

void tst_KernelTable::groupsBySignature()
{
    KernelTable t;
    const int a = t.group("MatMul", "AI_CORE", "16,16;16,16", "FLOAT16;FLOAT16", "ND;ND");
    const int b = t.group("MatMul", "AI_CORE", "16,16;16,16", "FLOAT16;FLOAT16", "ND;ND");
    const int c = t.group("MatMul", "AI_CORE", "32,16;16,16", "FLOAT16;FLOAT16", "ND;ND");
    QCOMPARE(a, b);
    QVERIFY(a != c);
    t.add(a, 10);
    t.add(b, 30, 2);
    t.add(c, 5, std::nan(""));
    QCOMPARE(t.groups[size_t(a)].count, 2);
    QCOMPARE(t.groups[size_t(a)].totalUs, 40.0);
    QCOMPARE(t.groups[size_t(a)].minUs, 10.0);
    QCOMPARE(t.groups[size_t(a)].maxUs, 30.0);
    QCOMPARE(t.groups[size_t(a)].meanUs(), 20.0);
    QCOMPARE(t.groups[size_t(a)].waitUs, 2.0);
    QCOMPARE(t.groups[size_t(c)].waitUs, 0.0); // no wait value is no wait added
    QCOMPARE(t.totalUs, 45.0);
    QCOMPARE(t.kernels, 3);
    QCOMPARE(t.share(t.groups[size_t(a)]), 40.0 / 45.0);
    QCOMPARE(t.byTotal().front(), &t.groups[size_t(a)]);
}

void tst_KernelTable::regroupKeepsTotalsAndFlags()
{
    KernelTable t;
    t.add(t.group("MatMulV3", "AI_CORE", "8192,15365;8192,4096"), 100);
    t.add(t.group("MatMulV3", "AI_CORE", "8192,1536;8192,4096"), 50);
    t.add(t.group("Cast", "AI_CPU", "3,5"), 7);
    const KernelTable types = t.regrouped(KernelGrouping::TypeAndCore);
    QCOMPARE(int(types.groups.size()), 2);
    const KernelGroup &mm = *types.byTotal().front();
    QCOMPARE(mm.type, u"MatMulV3"_s);
    QCOMPARE(mm.count, 2);
    QCOMPARE(mm.totalUs, 150.0);
    QVERIFY(mm.isUnalignedOnAiCore()); // one of its signatures is
    QCOMPARE(mm.unalignedShapes, u"8192,15365;8192,4096"_s);
    QVERIFY(mm.inputShapes.isEmpty());
    QCOMPARE(types.totalUs, t.totalUs);
    const KernelTable cores = t.regrouped(KernelGrouping::Core);
    QCOMPARE(int(cores.groups.size()), 2);
    QVERIFY(cores.groups[0].type.isEmpty());
    QCOMPARE(cores.byTotal().back()->core, u"AI_CPU"_s);
    QVERIFY(cores.byTotal().back()->isAiCpu());
}

void tst_KernelTable::mergeMapsPmuColumnsByName()
{
    KernelTable a;
    const int ga = a.group("Add", "AI_VECTOR_CORE");
    a.add(ga, 1);
    a.addPmu(ga, a.pmuColumn(u"aiv_vec_ratio"_s), 0.5);
    KernelTable b;
    const int gb = b.group("Add", "AI_VECTOR_CORE");
    b.add(gb, 3);
    b.addPmu(gb, b.pmuColumn(u"aiv_mte2_ratio"_s), 0.2);
    b.addPmu(gb, b.pmuColumn(u"aiv_vec_ratio"_s), 0.7);
    a.merge(b);
    QCOMPARE(a.pmuColumns, (QStringList{u"aiv_vec_ratio"_s, u"aiv_mte2_ratio"_s}));
    QCOMPARE(int(a.groups.size()), 1);
    QCOMPARE(a.groups[0].count, 2);
    QCOMPARE(a.groups[0].pmuMean(0), 0.6);
    QCOMPARE(a.groups[0].pmuMean(1), 0.2);
    QVERIFY(std::isnan(a.groups[0].pmuMean(5)));
}

void tst_KernelTable::flags_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("core");
    QTest::addColumn<QString>("shapes");
    QTest::addColumn<bool>("unaligned");
    QTest::addColumn<bool>("aiCpu");
    QTest::newRow("aligned matmul")
        << u"MatMulV2"_s << u"AI_CORE"_s << u"4096,512;512,1024"_s << false << false;
    QTest::newRow("unaligned matmul")
        << u"MatMulV3"_s << u"AI_CORE"_s << u"8192,15365;8192,4096"_s << true << false;
    QTest::newRow("batched, last dims")
        << u"BatchMatMul"_s << u"MIX_AIC"_s << u"8,64,100;8,100,64"_s << true << false;
    QTest::newRow("bias does not count")
        << u"MatMul"_s << u"AI_CORE"_s << u"16,16;16,16;7"_s << false << false;
    QTest::newRow("vector core") << u"MatMul"_s << u"AI_VECTOR_CORE"_s << u"15,15;15,15"_s << false
                                 << false;
    // Attention's BSH layout has batch second-last: not judged as a matrix.
    QTest::newRow("not a matmul") << u"FlashAttentionScore"_s << u"MIX_AIC"_s
                                  << u"4096,2,512;4096,2,512"_s << false << false;
    QTest::newRow("vector input") << u"MatMul"_s << u"AI_CORE"_s << u"15;15"_s << false << false;
    QTest::newRow("ai cpu") << u"NonZero"_s << u"AI_CPU"_s << u"4096"_s << false << true;
    QTest::newRow("aicpu spelling") << u"Unique"_s << u"AICPU"_s << QString() << false << true;
}

void tst_KernelTable::flags()
{
    QFETCH(QString, type);
    QFETCH(QString, core);
    QFETCH(QString, shapes);
    KernelTable t;
    const QByteArray ty = type.toUtf8(), co = core.toUtf8(), sh = shapes.toUtf8();
    const int g = t.group(ty.toStdString(), co.toStdString(), sh.toStdString());
    QTEST(t.groups[size_t(g)].isUnalignedOnAiCore(), "unaligned");
    QTEST(t.groups[size_t(g)].isAiCpu(), "aiCpu");
}

void tst_KernelTable::aggregateRows()
{
    KernelTable t;
    const int g = t.group("MatMul", "AI_CORE");
    t.addAggregate(g, 4, 400, 50, 150);
    t.addAggregate(g, 1, 10, NAN, NAN);
    QCOMPARE(t.groups[0].count, 5);
    QCOMPARE(t.groups[0].minUs, 50.0);
    QCOMPARE(t.groups[0].maxUs, 150.0);
    QCOMPARE(t.kernels, 5);
}

void tst_KernelTable::hcclTypesLoseTheCounterSeparator()
{
    QCOMPARE(kernelTypeLabel(u"hcom_allReduce_"_s), u"hcom_allReduce"_s);
    QCOMPARE(kernelTypeLabel(u"hcom_broadcast__"_s), u"hcom_broadcast"_s);
    QCOMPARE(kernelTypeLabel(u"hcom_"_s), u"hcom_"_s);
    // Only HCCL's types: an op type of the model keeps its underscores.
    QCOMPARE(kernelTypeLabel(u"my_op_"_s), u"my_op_"_s);
    QCOMPARE(kernelTypeLabel(u"MatMul"_s), u"MatMul"_s);
}

QTEST_GUILESS_MAIN(tst_KernelTable)
#include "tst_kerneltable.moc"
