// CheckpointWorkspace (issue #13): two checkpoints compare off the GUI thread; the header says the
// structure first; the first divergent parameter is selected in heatmap, table and mapping, its
// detail computed; the layer heatmap picks a layer's worst parameter; the Structure page lists
// every name. At 1024×700 and 1600×1000 nothing collapses.
#include "core/models/comparetablemodel.h"
#include "core/models/parametermappingmodel.h"
#include "widgets/charts/divergenceheatmap.h"
#include "widgets/checkpoint/checkpointworkspace.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/dump/tensordetailpane.h"
#include "widgets/tables/comparetableview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class TestCheckpointWorkspace : public QObject
{
    Q_OBJECT

private:
    static QString data(const QString &f)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/checkpoint/") + f;
    }

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(u"TwinscopeTest"_s); }

    void compareSelectAndDetail_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1024x700") << QSize(1024, 700);
    }
    void compareSelectAndDetail()
    {
        QFETCH(QSize, size);
        Widgets::LoadController loads;
        Widgets::CheckpointWorkspace ws(&loads);
        ws.resize(size);
        ws.show();
        QAbstractItemModelTester tester(ws.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester mappingTester(
            ws.mappingModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy ready(&ws, &Widgets::CheckpointWorkspace::comparisonReady);
        QSignalSpy detail(&ws, &Widgets::CheckpointWorkspace::detailReady);
        QSignalSpy loaded(&ws, &Widgets::Workspace::loaded);
        QVERIFY(ws.isEmpty());
        QVERIFY(!ws.updateButton()->isEnabled());
        ws.compare(data(u"good/net.safetensors"_s), data(u"good/ms_net.ckpt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 20000);
        QVERIFY(!ws.isEmpty());
        QVERIFY(ws.updateButton()->isEnabled());
        // Structure first in the header, then the comparison.
        const QString header = ws.header()->text();
        const qsizetype structure = header.indexOf(u"Structure: same parameters and shapes"_s);
        QVERIFY2(structure >= 0 && structure < header.indexOf(u"first divergent"_s),
                 qPrintable(header));
        QVERIFY(header.contains(u"layer1.0.bn2.running_var"_s));
        // The diagnostics carry the counters without a twin (info).
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(loaded.first().at(1).value<Core::Diagnostics>().count(u"ckpt_no_twin"_s), 3);
        // The first divergent parameter is selected everywhere and its detail computed.
        const int first = ws.comparison()->comparison->firstDivergent;
        QVERIFY(first >= 0);
        QTRY_VERIFY_WITH_TIMEOUT(detail.count() >= 1, 20000);
        QCOMPARE(detail.last().at(0).toInt(), first);
        QCOMPARE(ws.tableView()->currentComparisonRow(), first);
        QVERIFY(ws.detailPane()->worstTable()->rowCount() > 0);
        QCOMPARE(ws.detailPane()->worstTable()->item(0, 0)->text(), u"[5]"_s);
        // The detail pane reads A then B, like the table (B − A is the error): the planted
        // channel is 1.01252 in A and 3.51252 (+2.5) in B.
        QTableWidget *stats = ws.detailPane()->statsTable();
        QCOMPARE(stats->horizontalHeaderItem(1)->text(), u"A"_s);
        QCOMPARE(stats->horizontalHeaderItem(2)->text(), u"B"_s);
        QCOMPARE(stats->item(0, 1)->text(), u"1.40084"_s);  // Max of A
        QCOMPARE(stats->item(0, 2)->text(), u"3.51252"_s);  // Max of B
        QCOMPARE(stats->item(6, 1)->text(), u"0.899873"_s); // the pair's cosine
        QTableWidget *worst = ws.detailPane()->worstTable();
        QCOMPARE(worst->horizontalHeaderItem(1)->text(), u"A"_s);
        QCOMPARE(worst->item(0, 1)->text(), u"1.01252"_s);
        QCOMPARE(worst->item(0, 2)->text(), u"3.51252"_s);
        QCOMPARE(worst->item(0, 3)->text(), u"2.5"_s);
        // The verdict follows the two names, in view at 1024 px too.
        QTableView *table = ws.tableView()->table();
        const int verdictX = table->columnViewportPosition(Core::CompareTableModel::VerdictColumn);
        QCOMPARE(table->horizontalHeader()->visualIndex(Core::CompareTableModel::VerdictColumn), 3);
        QVERIFY(verdictX + table->columnWidth(Core::CompareTableModel::VerdictColumn) <=
                table->viewport()->width());
        // Equal parameters get no cosine bar (their cosine is 1 up to double round-off).
        for (int r = 0; r < ws.model()->rowCount(); ++r) {
            const QModelIndex cos = ws.model()->index(r, Core::CompareTableModel::CosineColumn);
            const bool planted = cos.data(Core::CompareTableModel::KeyRole).toInt() == first;
            QCOMPARE(cos.data(Core::CompareTableModel::BarRole).toDouble() > 0, planted);
        }
        QCOMPARE(
            ws.model()->headerData(Core::CompareTableModel::NameColumn, Qt::Horizontal).toString(),
            u"A tensor"_s);
        const QModelIndex mapped = ws.mappingView()->currentIndex();
        QCOMPARE(mapped.data(Core::ParameterMappingModel::KeyRole).toInt(), first);
        // Heatmap: 22 parameters grouped by layer, the planted one flagged; then one row per
        // layer whose click selects the layer's worst parameter.
        QCOMPARE(ws.heatmap()->matrix().rowCount(), 22);
        const int matrixRow = int(ws.heatmap()->matrix().rowToRow.indexOf(first));
        QVERIFY(matrixRow >= 0);
        QVERIFY(ws.heatmap()->matrix().at(matrixRow, 1) > 0.9); // MaxAbs 2.5
        ws.heatmapModeBox()->setCurrentIndex(1);
        const Core::DivergenceMatrix &layers = ws.heatmap()->matrix();
        // conv1, bn1, layer1.0.{conv1, bn1, conv2, bn2}, temporal, embed, norm, fc
        QCOMPARE(layers.rowCount(), 10);
        int bn2 = -1;
        for (int r = 0; r < layers.rowCount(); ++r)
            if (layers.rowLabels[r].startsWith(u"layer1.0.bn2 "_s))
                bn2 = r;
        QVERIFY(bn2 >= 0);
        QCOMPARE(layers.rowToRow[bn2], first);
        // Nothing collapsed at this size.
        QVERIFY(ws.heatmap()->width() > 200 && ws.heatmap()->height() > 150);
        QVERIFY(ws.detailPane()->width() > 600);
        // Structure page: every name of both files is a row (22 pairs + 3 counters).
        QCOMPARE(ws.mappingModel()->rowCount(), 25);
        // In report order until a header is clicked (pairs in A's reader order, then the names
        // without a twin), not sorted by the first column.
        const QAbstractItemModel *shown = ws.mappingView()->model();
        for (int r = 0; r < 25; ++r)
            QCOMPARE(shown->index(r, 0).data().toString(),
                     ws.mappingModel()->index(r, 0).data().toString());
        QCOMPARE(shown->index(24, Core::ParameterMappingModel::NameAColumn).data().toString(),
                 u"layer1.0.bn2.num_batches_tracked"_s);
        ws.pages()->setCurrentIndex(1);
        QTest::qWait(50);
        if (qEnvironmentVariableIsSet("TWINSCOPE_SCREENSHOT_DIR")) {
            const QString dir = qEnvironmentVariable("TWINSCOPE_SCREENSHOT_DIR");
            ws.grab().save(dir + u"/checkpoints-structure-"_s + QString::number(size.width()) +
                           u".png"_s);
        }
    }

    void structureProblemsShowFirst()
    {
        Widgets::LoadController loads;
        Widgets::CheckpointWorkspace ws(&loads);
        ws.resize(1600, 1000);
        QSignalSpy ready(&ws, &Widgets::CheckpointWorkspace::comparisonReady);
        // The training checkpoint against the bare network: states are reported, not missing, so
        // the structure is still clean; a file of another network is not.
        ws.compare(data(u"broken/ckpt_unknown_type.ckpt"_s), data(u"good/ms_net.ckpt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 20000);
        QVERIFY(!ws.comparison()->structure.clean());
        QCOMPARE(ws.pages()->currentIndex(), 1);
        QVERIFY(ws.header()->text().contains(u"Structure differs"_s));
    }

    void failureIsReported()
    {
        Widgets::LoadController loads;
        Widgets::CheckpointWorkspace ws(&loads);
        QSignalSpy failed(&ws, &Widgets::Workspace::loadFailed);
        ws.compare(data(u"broken/ckpt_encrypted.ckpt"_s), data(u"good/ms_net.ckpt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY(failed.first().at(0).toString().endsWith(u"ckpt_encrypted.ckpt"_s));
        QVERIFY(ws.isEmpty());
        QVERIFY(ws.header()->text().contains(u"encrypted"_s));
    }

    // File > Compare Checkpoints...: two non-modal dialogs, A then B, whatever the files sniff as
    // (an HDF5 of parameters sniffs as a dump).
    void chooseFilesAsksForAThenB()
    {
        Widgets::LoadController loads;
        Widgets::CheckpointWorkspace ws(&loads);
        ws.show();
        QSignalSpy ready(&ws, &Widgets::CheckpointWorkspace::comparisonReady);
        ws.chooseFiles();
        for (const QString &file : {data(u"good/net.h5"_s), data(u"good/ms_net.ckpt"_s)}) {
            QFileDialog *dialog = nullptr;
            QTRY_VERIFY((dialog = ws.findChild<QFileDialog *>()) != nullptr && dialog->isVisible());
            QCOMPARE(dialog->fileMode(), QFileDialog::ExistingFile);
            // What the dialog emits when the user picks the file (its own widgets are Qt's).
            emit dialog->fileSelected(file);
            dialog->close();
            QTRY_VERIFY(ws.findChild<QFileDialog *>() != dialog);
        }
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 20000);
        QCOMPARE(ws.comparison()->a->format, u"hdf5"_s);
        QVERIFY(ws.comparison()->structure.clean());
    }

    void openPathsPairsTwoFiles()
    {
        Widgets::LoadController loads;
        Widgets::CheckpointWorkspace ws(&loads);
        QSignalSpy ready(&ws, &Widgets::CheckpointWorkspace::comparisonReady);
        Core::SniffResult a, b;
        a.path = data(u"good/net.npz"_s);
        b.path = data(u"good/ms_net_sliced.ckpt"_s);
        ws.openPaths({a});
        QVERIFY(ws.header()->text().contains(u"now open checkpoint B"_s));
        ws.openPaths({b});
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 20000);
        QCOMPARE(ws.comparison()->comparison->rows.size(), 22);
        // Update mode through the same entry point the "Compare updates…" dialogs use.
        ws.compare(data(u"good/net_after.safetensors"_s),
                   data(u"good/ms_after.ckpt"_s),
                   data(u"good/net_before.safetensors"_s),
                   data(u"good/ms_before.ckpt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 20000);
        QVERIFY(ws.comparison()->updateMode());
        QVERIFY(ws.header()->text().contains(u"updates"_s));
        QVERIFY(ws.header()->text().contains(u"fc.weight"_s));
        ws.closeAll();
        QVERIFY(ws.isEmpty());
        QCOMPARE(ws.model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestCheckpointWorkspace)
#include "tst_checkpointworkspace.moc"
