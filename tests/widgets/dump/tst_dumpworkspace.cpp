// DumpWorkspace: a generated pair loads off the GUI thread; clicking the first divergent row in the
// heatmap selects it in the table and fills the detail pane. With TWINSCOPE_SCREENSHOT=1 it also
// writes docs/images/dumps.png.
#include "core/models/comparetablemodel.h"
#include "core/models/runsummarymodel.h"
#include "core/models/tensorstatsmodel.h"
#include "widgets/charts/divergenceheatmap.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/dump/tensordetailpane.h"
#include "widgets/tables/comparetableview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHelpEvent>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class TestDumpWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Settings of this process only: the thresholds it saves must not meet those of another
        // run of this test (other builds run it at the same time) in ~/.config.
        QVERIFY(m_settings.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        QCoreApplication::setOrganizationName(u"TwinscopeTest"_s);
    }

    void compareClickAndDetail_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("bench");
        QTest::addColumn<QString>("npu");
        QTest::addColumn<bool>("statistics");
        QTest::newRow("dumper") << u"dumper"_s << u"bench.h5"_s << u"npu.h5"_s << false;
        QTest::newRow("msprobe statistics")
            << u"msprobe_statistics"_s << u"bench"_s << u"npu"_s << true;
    }
    void compareClickAndDetail()
    {
        QFETCH(QString, dir);
        QFETCH(QString, bench);
        QFETCH(QString, npu);
        QFETCH(bool, statistics);
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/") + dir + u'/';
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        ws.resize(1600, 1000);
        ws.show();
        QAbstractItemModelTester tester(ws.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            ws.tableView()->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        QSignalSpy failed(&ws, &Widgets::DumpWorkspace::loadFailed);
        QVERIFY(ws.isEmpty());
        ws.compare(base + bench, base + npu);
        QVERIFY(ready.wait(30000));
        QVERIFY(failed.isEmpty());
        QVERIFY(!ws.isEmpty());
        QCOMPARE(ws.comparison()->statisticsMode, statistics);
        QCOMPARE(ws.model()->rowCount(), 83);
        const int first = ws.comparison()->firstDivergent;
        QCOMPARE(first, 15);
        // Tensor mode: an error; statistics mode: msprobe's "Need double check" warning, which
        // is how statistics diverge (METRICS.md §4.5).
        QCOMPARE(ws.model()
                     ->index(first, Core::CompareTableModel::VerdictColumn)
                     .data(Core::CompareTableModel::SeverityRole)
                     .toInt(),
                 int(statistics ? Core::Verdict::Warning : Core::Verdict::Error));

        // It is selected once the comparison is ready, its detail on the way.
        QCOMPARE(ws.tableView()->currentComparisonRow(), first);
        // Click the first divergent row's cell in the heatmap.
        QTest::qWait(50);
        ws.heatmap()->plot()->replot();
        const QPoint cell = ws.heatmap()->cellCenter(first, 0);
        QCOMPARE(ws.heatmap()->matrixRowAt(cell), first);
        QSignalSpy detail(&ws, &Widgets::DumpWorkspace::detailReady);
        QTest::mouseClick(ws.heatmap()->plot(), Qt::LeftButton, {}, cell);
        QVERIFY(detail.count() > 0 || detail.wait(30000));
        QCOMPARE(detail.last().first().toInt(), first);
        QCOMPARE(ws.tableView()->currentComparisonRow(), first);
        QCOMPARE(ws.detailPane()->statsTable()->rowCount(), statistics ? 4 : 9);
        if (!statistics) {
            QCOMPARE(ws.detailPane()->worstTable()->rowCount(), 20);
            QVERIFY(ws.detailPane()->worstTable()->item(0, 0)->text().startsWith(u'['));
        }
        // The chart is never empty: histograms of elements, or in statistics mode how far each
        // statistic is from the bench's (the divergent pair has at least one beyond tolerance).
        QCustomPlot *chart = ws.detailPane()->currentChart();
        QCOMPARE(chart,
                 statistics ? ws.detailPane()->statisticsPlot() : ws.detailPane()->histogramPlot());
        QVERIFY(chart->isVisibleTo(ws.detailPane()));
        int bars = 0;
        for (int i = 0; i < chart->plottableCount(); ++i)
            bars += chart->plottable(i)->interface1D()->dataCount();
        QVERIFY(bars >= (statistics ? 4 : 3));
        if (statistics)
            QVERIFY(chart->plottable(1)->interface1D()->dataCount() > 0);
        // Without a pair there is nothing to plot: no empty frames with made-up axes (#29).
        ws.detailPane()->clear();
        QVERIFY(!chart->isVisibleTo(ws.detailPane()));
        QVERIFY(!ws.detailPane()->worstTable()->isVisibleTo(ws.detailPane()));

        // Hovering a cell tells its tensor, metric and value.
        const QString tip = ws.heatmap()->toolTipAt(cell);
        QVERIFY2(tip.startsWith(ws.heatmap()->matrix().rowLabels[first] + u'\n'), qPrintable(tip));
        QVERIFY2(tip.contains(ws.heatmap()->matrix().columns[0] + u':'), qPrintable(tip));
        QHelpEvent help(QEvent::ToolTip, cell, ws.heatmap()->plot()->mapToGlobal(cell));
        QApplication::sendEvent(ws.heatmap()->plot(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), tip);
        QToolTip::hideText();

        // Filter, then jump to the first divergence: the filter gives way and the row is current.
        ws.tableView()->filterEdit()->setText(u"layer_norm"_s);
        QTRY_VERIFY(ws.tableView()->proxy()->rowCount() < 83);
        ws.tableView()->table()->clearSelection();
        ws.tableView()->jumpToFirstDivergence();
        QCOMPARE(ws.tableView()->currentComparisonRow(), first);

        // Sorting by cosine keeps the model consistent (the testers check) and puts NaN rows last.
        ws.tableView()->table()->sortByColumn(Core::CompareTableModel::CosineColumn,
                                              Qt::AscendingOrder);

        QString error;
        QTemporaryDir tmp;
        QVERIFY(ws.exportTo(tmp.filePath(u"c.csv"_s), u"(*.csv)"_s, &error));
        QVERIFY(ws.exportTo(tmp.filePath(u"h.png"_s), u"(*.png)"_s, &error));
        QVERIFY(QFileInfo(tmp.filePath(u"h.png"_s)).size() > 1000);
        // SVG (QSvgGenerator): well-formed XML, vector only (no <image>), and one filled rect per
        // heatmap cell at the cell's place in the cell's colour. QSvgGenerator puts the fill on the
        // enclosing <g>, so the parser keeps a stack of fills.
        QVERIFY2(ws.exportTo(tmp.filePath(u"h.svg"_s), u"Heatmap SVG (*.svg)"_s, &error),
                 qPrintable(error));
        QFile svg(tmp.filePath(u"h.svg"_s));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        QStringList fills{u"none"_s};
        QHash<QPair<int, int>, QString> rects; // top-left -> fill of every 14 x 14 rect
        int images = 0;
        QString title;
        while (!xml.atEnd()) {
            const auto token = xml.readNext();
            if (token == QXmlStreamReader::EndElement && xml.name() == u"g"_s)
                fills.removeLast();
            if (token != QXmlStreamReader::StartElement)
                continue;
            const QXmlStreamAttributes a = xml.attributes();
            if (xml.name() == u"g"_s) {
                fills.append(a.hasAttribute(u"fill"_s) ? a.value(u"fill"_s).toString()
                                                       : fills.last());
                // Cells are painted untransformed; a transform would move them off their place.
                if (a.hasAttribute(u"transform"_s) && fills.last() != u"none"_s &&
                    a.value(u"transform"_s) != u"matrix(1,0,0,1,0,0)"_s)
                    fills.last() = u"transformed"_s;
            } else if (xml.name() == u"rect"_s && a.value(u"width"_s) == u"14"_s &&
                       a.value(u"height"_s) == u"14"_s) {
                rects.insert({a.value(u"x"_s).toInt(), a.value(u"y"_s).toInt()}, fills.last());
            } else if (xml.name() == u"image"_s) {
                ++images;
            } else if (xml.name() == u"title"_s && title.isEmpty()) {
                title = xml.readElementText();
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(images, 0);
        QCOMPARE(title, u"Per-layer divergence"_s);
        const auto &m = ws.heatmap()->matrix();
        const Widgets::HeatmapPicture picture = ws.heatmap()->picture(title);
        QVERIFY(m.rowCount() > 0 && m.columnCount() > 0);
        int cells = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            for (int c = 0; c < m.columnCount(); ++c) {
                const QRect place = picture.cellRect(r, c);
                const QString fill = rects.value({place.x(), place.y()});
                QVERIFY2(fill == picture.cellColour(r, c).name(),
                         qPrintable(u"cell %1,%2: %3"_s.arg(r).arg(c).arg(fill)));
                ++cells;
            }
        }
        QCOMPARE(cells, m.rowCount() * m.columnCount());

        if (!statistics && qEnvironmentVariableIsSet("TWINSCOPE_SCREENSHOT")) {
            ws.tableView()->table()->sortByColumn(Core::CompareTableModel::IndexColumn,
                                                  Qt::AscendingOrder);
            ws.tableView()->filterEdit()->clear();
            QTest::qWait(200);
            ws.selectRow(first);
            QVERIFY(detail.wait(30000));
            QTest::qWait(300);
            QVERIFY(ws.grab().save(QStringLiteral(TWINSCOPE_SOURCE_DIR "/docs/images/dumps.png")));
        }
        ws.closeAll();
        QVERIFY(ws.isEmpty());
    }

    void jumpSaysWhenNothingDiverges()
    {
        // CPU fp32 against GPU fp32 on the H100 (tests/data/real_h100): no pair diverges.
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/real_h100/dump/");
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        ws.resize(1024, 700);
        ws.show();
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        ws.compare(base + u"cpu_fp32.h5"_s, base + u"gpu_fp32.h5"_s);
        QVERIFY(ready.wait(30000));
        QCOMPARE(ws.comparison()->firstDivergent, -1);
        QSignalSpy status(&ws, &Widgets::Workspace::statusMessage);
        QVERIFY(!ws.tableView()->jumpToFirstDivergence());
        QCOMPARE(status.count(), 1);
        QVERIFY(status.first().first().toString().contains(u"No tensor pair diverges"_s));
        QVERIFY(QToolTip::isVisible());
        QToolTip::hideText();
        // At 1024 px the heatmap keeps cells wide enough for upright column labels, and row
        // labels one text line apart; the scroll area scrolls instead of shrinking them.
        QTest::qWait(50);
        ws.heatmap()->plot()->replot();
        const QSizeF cell = ws.heatmap()->cellSize();
        QVERIFY2(cell.width() >= 6 && cell.width() >= ws.heatmap()->minimumCellWidth(),
                 qPrintable(QString::number(cell.width())));
        QVERIFY(cell.height() >= Widgets::DivergenceHeatmap::MinimumCellHeightPx);
        const QFontMetrics fm(ws.heatmap()->plot()->yAxis->tickLabelFont());
        QVERIFY(cell.width() >=
                QFontMetrics(ws.heatmap()->plot()->xAxis->tickLabelFont()).height());
        const QVector<double> rows = ws.heatmap()->plot()->yAxis->tickVector();
        for (int i = 1; i < rows.size(); ++i)
            QVERIFY2((rows[i] - rows[i - 1]) * cell.height() >= fm.height() - 0.5,
                     qPrintable(u"rows %1 and %2"_s.arg(rows[i - 1]).arg(rows[i])));
        // Names elided in the middle keep the layer and the output.
        for (const QString &label : ws.heatmap()->plot()->yAxis->tickVectorLabels()) {
            QVERIFY(!label.startsWith(u"…"_s));
            QVERIFY2(label.contains(u"/"_s), qPrintable(label));
        }
    }

    void openPathsPairsTwoInputs()
    {
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper/");
        Core::SniffResult b, n;
        b.path = base + u"bench.h5"_s;
        n.path = base + u"npu.h5"_s;
        ws.openPaths({b});
        QVERIFY(!ready.wait(200)); // one side alone waits for its partner
        ws.openPaths({n});
        QVERIFY(ready.wait(30000));
        QCOMPARE(ws.comparison()->bench->path, b.path);
    }

    void thresholdsPersistAndRecompare()
    {
        QSettings().remove(u"dumps"_s);
        Widgets::LoadController loads;
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper/");
        {
            Widgets::DumpWorkspace ws(&loads);
            QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
            ws.compare(base + u"bench.h5"_s, base + u"npu.h5"_s);
            QVERIFY(ready.wait(30000));
            QCOMPARE(ws.comparison()->firstDivergent, 15);
            // A cosine threshold below every cosine in the pair: the accuracy rule then only fails
            // on MaxAbsErr > 1 or cosine < 0.9, so the first divergence moves or disappears.
            ws.cosineThresholdEdit()->setValue(0.5);
            QVERIFY(ready.wait(30000));
            QCOMPARE(ws.comparison()->options.thresholds.cosine, 0.5);
            QVERIFY(ws.comparison()->firstDivergent != 15);
        }
        Widgets::DumpWorkspace again(&loads);
        QCOMPARE(again.cosineThresholdEdit()->value(), 0.5);
        QSettings().remove(u"dumps"_s);
    }

    void seriesAcrossRuns()
    {
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        ws.resize(1400, 900);
        ws.show();
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/series/");
        ws.compare(base + u"bench"_s, base + u"npu"_s);
        QVERIFY(ready.wait(30000));
        QVERIFY(ws.series());
        QVERIFY(ws.heatmapModeBox()->isVisible());
        QCOMPARE(ws.heatmapModeBox()->count(), 5); // all metrics + 4 statistics metrics across runs
        QCOMPARE(ws.heatmap()->matrix().columnCount(), 4);
        ws.heatmapModeBox()->setCurrentIndex(4); // ΔNorm across runs
        QCOMPARE(ws.heatmap()->matrix().columnCount(), 2);
        // Clicking run 1's cell of its first divergent tensor switches the table to run 1.
        const int row = int(
            ws.heatmap()->matrix().rowLabels.indexOf(u"Functional.softmax.1.forward.output.0"_s));
        QVERIFY(row >= 0);
        ws.heatmap()->plot()->replot();
        QSignalSpy detail(&ws, &Widgets::DumpWorkspace::detailReady);
        QTest::mouseClick(
            ws.heatmap()->plot(), Qt::LeftButton, {}, ws.heatmap()->cellCenter(row, 1));
        QVERIFY(detail.count() > 0 || detail.wait(10000));
        QCOMPARE(ws.comparison(), ws.series()->runs[1]);
        QCOMPARE(ws.model()->rowCount(), 123);
        QCOMPARE(ws.tableView()->currentComparisonRow(), ws.series()->runs[1]->firstDivergent);
    }

    // The Limits menu (issue #16): the per-tensor cap and containment are settings that re-run
    // the comparison; a tensor over the cap becomes an error row naming it.
    void limitsMenuCapsAndPersists()
    {
        QSettings().remove(u"dumps"_s);
        QTemporaryDir dir;
        const QString big = dir.filePath(u"big.npy"_s);
        {
            // 1 000 001 float32 zeros: one element over a cap of one million.
            QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1000001,), }";
            while ((10 + header.size() + 1) % 64 != 0)
                header.append(' ');
            header.append('\n');
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("\x93NUMPY\x01\x00", 8));
            f.write(QByteArray(1, char(header.size())) + QByteArray(1, '\0') + header);
            f.write(QByteArray(1000001 * 4, '\0'));
        }
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        QCOMPARE(ws.elementCapEdit()->value(), 4295); // 2^32, in whole millions
        QVERIFY(!ws.allowOutsideAction()->isChecked());
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        ws.compare(big, big);
        QVERIFY(ready.wait(30000));
        QCOMPARE(ws.comparison()->rows.first().verdict, Core::Verdict::Pass);
        // Another setting changes: the exact default cap is kept, not rounded to the box.
        ws.cosineThresholdEdit()->setValue(0.98);
        QVERIFY(ready.wait(30000));
        QCOMPARE(QSettings().value(u"dumps/maxTensorElements"_s, qint64(1) << 32).toLongLong(),
                 qint64(1) << 32);
        ws.elementCapEdit()->setValue(1);
        QVERIFY(ready.wait(30000));
        QCOMPARE(QSettings().value(u"dumps/maxTensorElements"_s).toLongLong(), 1000000);
        const Core::CompareRow &row = ws.comparison()->rows.first();
        QCOMPARE(row.verdict, Core::Verdict::Error);
        QVERIFY2(row.message.contains(u"per-tensor cap"_s), qPrintable(row.message));
        ws.allowOutsideAction()->setChecked(true);
        QVERIFY(ready.wait(30000));
        QVERIFY(QSettings().value(u"dumps/allowOutsideDump"_s).toBool());
        // A new tab starts from the saved settings.
        Widgets::DumpWorkspace again(&loads);
        QCOMPARE(again.elementCapEdit()->value(), 1);
        QVERIFY(again.allowOutsideAction()->isChecked());
        QSettings().remove(u"dumps"_s);
    }

    // Issue #12: a whole msprobe run opens on the step that diverges, with the step x rank summary;
    // header, table rows, run summary and selection all say the same (one set of verdicts).
    void wholeRunOpensDivergingStep()
    {
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        ws.resize(1400, 900);
        ws.show();
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/tensor/");
        ws.compare(base + u"bench"_s, base + u"divzero"_s);
        QVERIFY(ready.wait(30000));
        QVERIFY(ws.series());
        QCOMPARE(ws.currentRun(), 1);
        QCOMPARE(ws.comparison(), ws.series()->runs[1]);
        QVERIFY(ws.runsView()->isVisible());
        QCOMPARE(ws.runsModel()->rowCount(), 2);
        const Core::DumpComparison &c = *ws.comparison();
        QVERIFY(c.firstDivergent >= 0);
        QCOMPARE(ws.tableView()->currentComparisonRow(), c.firstDivergent);
        int errors = 0;
        for (int r = 0; r < ws.model()->rowCount(); ++r)
            errors += ws.model()
                          ->index(r, Core::CompareTableModel::VerdictColumn)
                          .data(Core::CompareTableModel::SeverityRole)
                          .toInt() == int(Core::Verdict::Error);
        QCOMPARE(errors, c.countVerdict(Core::Verdict::Error));
        QString header;
        for (const QLabel *l : ws.findChildren<QLabel *>())
            if (l->text().contains(u"first divergent"_s))
                header = l->text();
        QVERIFY2(header.contains(u"%1 errors"_s.arg(errors)), qPrintable(header));
        QVERIFY(header.contains(u"Tensor.__truediv__.0.forward.output.0"_s));
        QVERIFY(header.contains(u"step1/rank"_s));
        // The run summary's step-0 row opens step 0: nothing diverges there.
        ws.runsView()->selectRow(0);
        QCOMPARE(ws.currentRun(), 0);
        QCOMPARE(ws.comparison()->firstDivergent, -1);
    }

    // Issue #30: rows of a compare result past the row cap are left out, and the header says how
    // many (the dumps/maxResultRows setting is --max-rows; 0 keeps what fits in memory).
    void resultRowCapInHeader()
    {
        QSettings().setValue(u"dumps/maxResultRows"_s, 2);
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        QSignalSpy loaded(&ws, &Widgets::DumpWorkspace::loaded);
        ws.openResult(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/"
                                                         "msprobe_compare_weight_step0.csv"));
        QVERIFY(ready.wait(30000));
        QCOMPARE(ws.comparison()->rows.size(), 2);
        QCOMPARE(loaded.size(), 1);
        const auto d = loaded.first().at(1).value<Core::Diagnostics>();
        QCOMPARE(d.count(u"rows_capped"_s), 278);
        QString header;
        for (const QLabel *l : ws.findChildren<QLabel *>())
            if (l->text().contains(u"pair(s)"_s))
                header = l->text();
        QVERIFY2(header.contains(u"278 rows of the file left out"_s), qPrintable(header));
        QSettings().remove(u"dumps/maxResultRows"_s);
        // Without the setting every row is kept and the header says nothing of a cap.
        Widgets::DumpWorkspace all(&loads);
        QSignalSpy allReady(&all, &Widgets::DumpWorkspace::comparisonReady);
        all.openResult(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/"
                                                          "msprobe_compare_weight_step0.csv"));
        QVERIFY(allReady.wait(30000));
        QCOMPARE(all.comparison()->rows.size(), 280);
        for (const QLabel *l : all.findChildren<QLabel *>())
            QVERIFY(!l->text().contains(u"rows_capped"_s));
    }

    // One dump alone: a statistics table (no placeholder heatmap) with the overflow origin.
    void singleDumpShowsStatistics()
    {
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        ws.resize(1400, 900);
        ws.show();
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::analysisReady);
        ws.analyse(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/divzero"));
        QVERIFY(ready.wait(30000));
        QVERIFY(ws.overflow());
        QVERIFY(ws.statsView()->isVisible());
        QVERIFY(!ws.heatmap()->isVisible());
        QCOMPARE(ws.statsModel()->rowCount(), 213);
        QCOMPARE(ws.overflow()->runs.size(), 2);
        // Titled by what was opened, not as a comparison (issue #29).
        QCOMPARE(ws.title(), u"Dump: divzero"_s);
    }

    void failedLoadReports()
    {
        Widgets::LoadController loads;
        Widgets::DumpWorkspace ws(&loads);
        QSignalSpy failed(&ws, &Widgets::DumpWorkspace::loadFailed);
        ws.compare(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/broken/truncated.h5"),
                   QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper/npu.h5"));
        QVERIFY(failed.wait(30000));
        QVERIFY(ws.isEmpty());
    }

private:
    QTemporaryDir m_settings;
};

QTEST_MAIN(TestDumpWorkspace)
#include "tst_dumpworkspace.moc"
