// The Monitor tab (issue #27): a planted pair opens on the departing rank and metric as a gap
// heatmap with the departure ringed, a click shows the module's curves of both runs, anomalies
// are listed; the sniffer sends monitor folders here; 200 steps x 1 000 modules x 8 metrics load
// and draw in well under 2 s (time printed for docs/PERFORMANCE.md).
#include "common/monitorgenerator.h"
#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/monitor/monitorheatmap.h"
#include "widgets/monitor/monitorworkspace.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace Twinscope::Core;
using namespace Twinscope::Widgets;

class tst_MonitorWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void sniffedAsMonitor()
    {
        const QString real = QStringLiteral(TWINSCOPE_TEST_DATA "/monitor/msprobe_real");
        QCOMPARE(sniffPath(real).kind, FileKind::Monitor);
        QCOMPARE(sniffPath(real + QStringLiteral("/csv2db/monitor_metrics.db")).kind,
                 FileKind::Monitor);
        QCOMPARE(sniffPath(real + QStringLiteral("/anomaly_detected/rank0/anomaly.json")).kind,
                 FileKind::Monitor);
        QCOMPARE(fileKindId(FileKind::Monitor), QStringLiteral("monitor"));
    }

    void plantedPairShowsDeparture()
    {
        MonitorGenSpec spec;
        spec.seed = 9;
        spec.plantStep = 120;
        spec.plantModule = 7;
        spec.plantRank = 0;
        QTemporaryDir tmp;
        const QString a = tmp.filePath(QStringLiteral("gpu"));
        const QString b = tmp.filePath(QStringLiteral("npu"));
        QVERIFY(writeMonitorRun(a, spec, 0));
        QVERIFY(writeMonitorRun(b, spec, 1));
        LoadController loads;
        MonitorWorkspace w(&loads);
        w.resize(1600, 1000);
        w.show();
        w.openPaths({sniffPath(a), sniffPath(b)});
        QVERIFY(QTest::qWaitFor([&] { return w.analysis() && !w.isBusy(); }, 20000));
        QCOMPARE(w.rankBox()->currentData().toInt(), 0);
        QCOMPARE(w.metricBox()->currentText(), QStringLiteral("grad_reduced.norm"));
        QCOMPARE(w.viewBox()->currentData().toInt(), 2); // the gap
        QCOMPARE(w.selectedModule(), monitorGenModuleName(7));
        QVERIFY(w.summaryText().contains(QStringLiteral("First departure: step 120, rank 0")));
        QCOMPARE(w.curves()->graphCount(), 2);
        QCOMPARE(w.heatmap()->plot()->graph(1)->dataCount(), 1); // the ring
        QCOMPARE(w.anomalyTable()->rowCount(), 6);               // 3 per run on rank 0
        // A click on another module's cell shows its curves.
        QTest::qWait(50);
        const QPoint p = w.heatmap()->cellCenter(10, 3);
        QTest::mouseClick(w.heatmap()->plot(), Qt::LeftButton, {}, p);
        QCOMPARE(w.selectedModule(), monitorGenModuleName(3));
        QCOMPARE(w.curves()->graphCount(), 2);
        QCOMPARE(w.summaryLines().size(), 3);
        const Twinscope::Core::FindingLink link{FindingLink::View::KindRow,
                                                b,
                                                QStringLiteral("monitor"),
                                                QStringLiteral("grad_reduced.norm|") +
                                                    monitorGenModuleName(7),
                                                120,
                                                0,
                                                0};
        QVERIFY(w.reveal(link));
        QCOMPARE(w.selectedModule(), monitorGenModuleName(7));
    }

    void thousandModulesLoadAndDraw()
    {
        MonitorGenSpec spec;
        spec.ranks = 1;
        spec.modules = 1000;
        spec.steps = 200;
        spec.stepsPerFile = 50;
        spec.prefixes = {QStringLiteral("grad_reduced"), QStringLiteral("param_updated")};
        spec.stats = {QStringLiteral("norm"),
                      QStringLiteral("min"),
                      QStringLiteral("max"),
                      QStringLiteral("mean")};
        spec.anomalies = false;
        QTemporaryDir tmp;
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("a")), spec, 0));
        LoadController loads;
        MonitorWorkspace w(&loads);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QElapsedTimer t;
        t.start();
        w.openPaths({sniffPath(tmp.filePath(QStringLiteral("a")))});
        QVERIFY(QTest::qWaitFor([&] { return w.analysis() && !w.isBusy(); }, 20000));
        w.heatmap()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const qint64 loadDraw = t.elapsed();
        // Every metric drawn once more, as a user flipping through them.
        t.restart();
        for (int i = 0; i < w.metricBox()->count(); ++i) {
            w.metricBox()->setCurrentIndex(i);
            w.heatmap()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        }
        const qint64 perMetric = t.elapsed() / std::max(1, w.metricBox()->count());
        qInfo("monitor tab: 200 steps x 1000 modules x 8 metrics load+draw %lld ms, redraw per "
              "metric %lld ms",
              loadDraw,
              perMetric);
        QCOMPARE(w.metricBox()->count(), 8);
        QVERIFY2(loadDraw < 8000, qPrintable(QString::number(loadDraw)));
    }
};

QTEST_MAIN(tst_MonitorWorkspace)
#include "tst_monitorworkspace.moc"
