#include "core/models/opsignaturetablemodel.h"
#include "core/models/optypetablemodel.h"
#include "core/opinfo/opinfoloader.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_OpInfoModels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void opTypes();
    void sortAndFilter();
    void signatures();

private:
    std::shared_ptr<const OpInfoDataset> m_ds;
    std::shared_ptr<const OpInfoReport> m_report;
};

void tst_OpInfoModels::initTestCase()
{
    ProgressSink progress;
    const auto r =
        loadOpInfo({Source::fromPath(QStringLiteral(TWINSCOPE_TEST_DATA) + u"/opinfo/good/plog"_s)},
                   {},
                   progress,
                   CancelToken{});
    QVERIFY(r.isOk());
    m_ds = r.value();
    m_report = std::make_shared<const OpInfoReport>(analyzeOpInfo(*m_ds));
}

void tst_OpInfoModels::opTypes()
{
    OpTypeTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setReport(m_report);
    QCOMPARE(model.rowCount(), 8);
    QCOMPARE(model.columnCount(), int(OpTypeTableModel::ColumnCount));
    const int mm = model.rowOf(u"MatMul"_s);
    QVERIFY(mm >= 0);
    QCOMPARE(model.data(model.index(mm, OpTypeTableModel::Compiles)).toString(), u"3"_s);
    QCOMPARE(model.data(model.index(mm, OpTypeTableModel::Signatures), OpTypeTableModel::SortRole)
                 .toLongLong(),
             2);
    QCOMPARE(model.data(model.index(mm, OpTypeTableModel::First)).toString(),
             u"2026-03-19 10:00:00.100000"_s);
    QCOMPARE(model.data(model.index(mm, 0), OpTypeTableModel::SeverityRole).toInt(),
             2); // recompiled after cut-off
    const int conv = model.rowOf(u"Conv2D"_s);
    QCOMPARE(model.data(model.index(conv, 0), OpTypeTableModel::SeverityRole).toInt(), 0);
    QCOMPARE(model.data(model.index(conv, OpTypeTableModel::Formats)).toString(),
             u"NCHW, FRACTAL_Z, NC1HWC0"_s);
    const int bmm = model.rowOf(u"BatchMatMulV2"_s);
    QCOMPARE(model.data(model.index(bmm, OpTypeTableModel::Truncated)).toString(), u"1"_s);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), u"Op type"_s);
    model.setReport(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void tst_OpInfoModels::sortAndFilter()
{
    OpTypeTableModel model;
    model.setReport(m_report);
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setSortRole(OpTypeTableModel::SortRole);
    proxy.setFilterKeyColumn(OpTypeTableModel::Type);
    proxy.sort(OpTypeTableModel::Compiles, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, 0).data(OpTypeTableModel::KeyRole).toString(), u"MatMul"_s);
    QCOMPARE(proxy.index(1, 0).data(OpTypeTableModel::KeyRole).toString(), u"BatchMatMulV2"_s);
    proxy.sort(OpTypeTableModel::Type, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, 0).data(OpTypeTableModel::KeyRole).toString(), u"Add"_s);
    proxy.setFilterFixedString(u"mat"_s);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QCOMPARE(proxy.rowCount(), 2);
}

void tst_OpInfoModels::signatures()
{
    OpSignatureTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(m_ds, m_report);
    QCOMPARE(model.rowCount(), 0);
    model.setOpType(u"MatMul"_s);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, OpSignatureTableModel::Compiles)).toString(), u"2"_s);
    QCOMPARE(model.data(model.index(1, OpSignatureTableModel::Compiles)).toString(), u"1"_s);
    QCOMPARE(model.data(model.index(1, OpSignatureTableModel::Inputs)).toString(),
             u"float16 ND [48, 1024]\nfloat16 ND [1024, 4096]"_s);
    QCOMPARE(model.data(model.index(0, OpSignatureTableModel::Attributes)).toString(),
             u"transpose_x1 = 0, transpose_x2 = 0"_s);
    QVERIFY(model.recordText(0).startsWith(u"OpType: MatMul, InputDesc[0]"_s));
    model.setOpType(u"BatchMatMulV2"_s);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(1, 0), OpSignatureTableModel::SeverityRole).toInt(), 1);
    QCOMPARE(model.data(model.index(1, OpSignatureTableModel::State)).toString(),
             u"truncated: cut at the log line limit"_s);
    model.setOpType(u"NoSuchOp"_s);
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(tst_OpInfoModels)
#include "tst_opinfomodels.moc"
