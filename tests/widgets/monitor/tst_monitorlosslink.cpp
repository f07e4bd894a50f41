// The monitor finding leads to the loss fork (issue #27): in the real window, an investigation of
// a loss pair that forks at step 3 and a monitor pair with a planted departure draws the
// monitor.first_departure finding; its details offer the loss curves at the fork, and following
// that link brings the Loss tab forward centred on step 3 with the crosshair and readout on it.
// Its own link still opens the Monitor tab.
#include "app/gui/investigation.h"
#include "app/gui/mainwindow.h"
#include "common/monitorgenerator.h"
#include "common/testdata.h"
#include "core/triage/investigationfile.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/investigation/findingspanel.h"
#include "widgets/loss/lossplotview.h"
#include "widgets/loss/lossworkspace.h"
#include "widgets/monitor/monitorworkspace.h"

#include <QFile>
#include <QJsonArray>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class tst_MonitorLossLink : public QObject
{
    Q_OBJECT

private slots:
    void departureLinksToLossFork();
};

void tst_MonitorLossLink::departureLinksToLossFork()
{
    // Everything inside one folder, the investigation's own: it opens without asking consent.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    MonitorGenSpec spec;
    spec.seed = 3;
    spec.plantStep = 70;
    spec.plantModule = 13;
    const QString gpuMon = tmp.filePath(u"gpu_monitor"_s);
    const QString npuMon = tmp.filePath(u"npu_monitor"_s);
    QVERIFY(writeMonitorRun(gpuMon, spec, 0));
    QVERIFY(writeMonitorRun(npuMon, spec, 1));
    const QString gpuLoss = tmp.filePath(u"gpu_loss.txt"_s);
    const QString npuLoss = tmp.filePath(u"npu_loss.txt"_s);
    QVERIFY(QFile::copy(sharedData(u"loss/troubleshooter_gpu_loss.txt"_s), gpuLoss));
    QVERIFY(QFile::copy(sharedData(u"loss/troubleshooter_npu_loss.txt"_s), npuLoss));

    Core::InvestigationFile inv;
    inv.title = u"monitor and loss"_s;
    inv.inputs = {{gpuLoss, u"loss"_s, Core::InputRole::Benchmark, -1, -1, {}},
                  {npuLoss, u"loss"_s, Core::InputRole::Target, -1, -1, {}},
                  {gpuMon, u"monitor"_s, Core::InputRole::Benchmark, -1, -1, {}},
                  {npuMon, u"monitor"_s, Core::InputRole::Target, -1, -1, {}}};
    const QString path = tmp.filePath(u"fork.twinscope"_s);
    QCOMPARE(Core::writeInvestigationFile(inv, path), std::nullopt);

    App::MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openPaths({path});
    Widgets::FindingsPanel *panel = w.investigation()->panel();
    int row = -1;
    auto loss = [&w] {
        return qobject_cast<Widgets::LossWorkspace *>(w.workspace(Core::FileKind::Loss));
    };
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            row = -1;
            for (size_t i = 0; i < panel->findings().size(); ++i)
                if (panel->findings()[i].code == u"monitor.first_departure"_s)
                    row = int(i);
            return row >= 0 && !w.loadController()->isRunning() && loss() && loss()->comparison() &&
                   w.workspace(Core::FileKind::Monitor);
        }(),
        120000);
    const Core::Finding &f = panel->findings()[size_t(row)];
    QCOMPARE(f.evidence.value(u"loss_fork_step"_s).toInt(), 3);
    QCOMPARE(f.alsoLinks.size(), 1);
    QCOMPARE(f.alsoLinks[0].view, Core::FindingLink::View::LossStep);
    QCOMPARE(f.alsoLinks[0].step, 3);
    QCOMPARE(Core::findingJson(f).value(u"also_links"_s).toArray().size(), 1);

    // The details name the loss link; following it brings the Loss tab forward at the fork.
    QTreeWidgetItem *item = panel->list()->topLevelItem(row);
    panel->list()->setCurrentItem(item);
    auto *details = panel->findChild<QTextBrowser *>();
    QVERIFY(details);
    QVERIFY2(details->toPlainText().contains(u"the loss curves at step 3"_s),
             qPrintable(details->toPlainText()));
    QVERIFY(details->toHtml().contains(u"also:0"_s));
    // Move the Loss tab's view away first, so that the reveal is what brings step 3 back.
    Widgets::LossPlotView *plot = loss()->plot();
    plot->stepAxis()->setRange(30, 40);
    w.tabs()->setCurrentWidget(w.workspace(Core::FileKind::Monitor));
    emit details->anchorClicked(QUrl(u"also:0"_s));
    QCOMPARE(w.tabs()->currentWidget(), loss());
    const QCPRange x = plot->stepAxis()->range();
    QVERIFY2(x.lower < 3 && x.upper > 3, qPrintable(u"%1..%2"_s.arg(x.lower).arg(x.upper)));
    QVERIFY2(qAbs(x.center() - 3) < 1e-9, qPrintable(QString::number(x.center())));
    QVERIFY2(plot->readoutText().startsWith(u"step 3\n"_s), qPrintable(plot->readoutText()));

    // A link number out of range, or another scheme, opens nothing.
    w.tabs()->setCurrentWidget(w.workspace(Core::FileKind::Monitor));
    emit details->anchorClicked(QUrl(u"also:7"_s));
    emit details->anchorClicked(QUrl(u"https://example.invalid/"_s));
    QCOMPARE(w.tabs()->currentWidget(), w.workspace(Core::FileKind::Monitor));

    // The finding's own link still opens the Monitor tab on the departure.
    w.tabs()->setCurrentWidget(loss());
    emit panel->list()->itemActivated(item, 0);
    QCOMPARE(w.tabs()->currentWidget(), w.workspace(Core::FileKind::Monitor));
}

QTEST_MAIN(tst_MonitorLossLink)
#include "tst_monitorlosslink.moc"
