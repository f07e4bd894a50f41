// The findings panel in the real main window (issue #15): opening a .twinscope investigation
// opens its inputs in their tabs and lists the findings; activating a finding opens its evidence
// (the dump row, the timeline search, the op-info type, the loss plot at the step); Save writes
// the investigation back exactly; the report exports as PDF and HTML with the findings in it.
#include "app/gui/investigation.h"
#include "app/gui/mainwindow.h"
#include "common/testdata.h"
#include "common/triageinvestigation.h"
#include "core/common/translations.h"
#include "core/models/optypetablemodel.h"
#include "core/triage/investigationfile.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/investigation/checklistpanel.h"
#include "widgets/investigation/findingspanel.h"
#include "widgets/loss/lossplotview.h"
#include "widgets/loss/lossworkspace.h"
#include "widgets/opinfo/opinfoworkspace.h"
#include "widgets/tables/comparetableview.h"
#include "widgets/trace/traceworkspace.h"
#include "widgets/tracediff/tracecompareworkspace.h"

#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);

Core::InvestigationFile investigation()
{
    Core::InvestigationFile ws = TestInvestigation::lossDumpTraceOpinfo(u"synthetic"_s);
    ws.notes = u"fork at 40"_s;
    return ws;
}

// The row of the first finding with this code, or -1.
int rowOf(Widgets::FindingsPanel *panel, const QString &code)
{
    for (size_t i = 0; i < panel->findings().size(); ++i) {
        if (panel->findings()[i].code == code)
            return int(i);
    }
    return -1;
}

void activate(Widgets::FindingsPanel *panel, int row)
{
    QTreeWidgetItem *item = panel->list()->topLevelItem(row);
    panel->list()->setCurrentItem(item);
    emit panel->list()->itemActivated(item, 0);
}

bool idle(App::MainWindow &w)
{
    return !w.loadController()->isRunning();
}

// The inputs live in tests/data, outside the workspace's temporary folder: opening it asks first
// (issue #31). Clicks the consent box's button objectName; false when no box came.
bool answerConsent(App::MainWindow &w, const char *button)
{
    QMessageBox *box = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            box = w.findChild<QMessageBox *>(u"workspaceConsent"_s);
            return box && box->isVisible();
        },
        30000);
    if (!shown)
        return false;
    auto *b = box->findChild<QPushButton *>(QString::fromLatin1(button));
    if (!b)
        return false;
    b->click();
    return true;
}

void openTrusted(App::MainWindow &w, const QString &path)
{
    w.openPaths({path});
    QVERIFY(answerConsent(w, "openEverything"));
}

} // namespace

class tst_FindingsPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void openListsFindingsAndLinksOpenTheEvidence();
    void saveWritesTheInvestigationBack();
    void reportExportsAsPdfAndHtml();
    void openedFilesJoinTheInvestigation();
    void untrustedWorkspaceOpensOnlyItsFolder();

private:
    QTemporaryDir m_dir;
};

void tst_FindingsPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"TwinscopeTest"_s);
    QSettings().clear();
    qputenv("TWINSCOPE_RECOVERY_DIR", m_dir.filePath(u"recovery"_s).toUtf8());
    Core::installTranslators(QCoreApplication::instance(), u"en"_s);
    QCOMPARE(Core::writeInvestigationFile(investigation(), m_dir.filePath(u"a.twinscope"_s)),
             std::nullopt);
}

void tst_FindingsPanel::openListsFindingsAndLinksOpenTheEvidence()
{
    App::MainWindow w;
    w.resize(1400, 900);
    w.show();
    openTrusted(w, m_dir.filePath(u"a.twinscope"_s));
    Widgets::FindingsPanel *panel = w.investigation()->panel();
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(panel, u"opinfo.recompile"_s) >= 0 && idle(w), 30000);
    QVERIFY(w.investigation()->dock()->isVisible());
    QCOMPARE(panel->list()->topLevelItemCount(), int(panel->findings().size()));
    QCOMPARE(panel->notes(), u"fork at 40"_s);
    QCOMPARE(w.tabs()->count(), 4);

    // The dump finding opens the comparison at its row.
    const int nan = rowOf(panel, u"dump.nan_origin"_s);
    QVERIFY(nan >= 0);
    activate(panel, nan);
    auto *dump = qobject_cast<Widgets::DumpWorkspace *>(w.tabs()->currentWidget());
    QVERIFY(dump);
    const int row = panel->findings()[size_t(nan)].link.row;
    QCOMPARE(dump->tableView()->currentComparisonRow(), row);

    // A slower kernel opens the comparison the two traces opened as (issue #23), at its op.
    const int op = rowOf(panel, u"trace.op_slower"_s);
    activate(panel, op);
    auto *compare = qobject_cast<Widgets::TraceCompareWorkspace *>(w.tabs()->currentWidget());
    QVERIFY(compare);
    QCOMPARE(compare->opFilterText(), panel->findings()[size_t(op)].link.name);

    // A recompile opens op-info at its type.
    const int recompile = rowOf(panel, u"opinfo.recompile"_s);
    activate(panel, recompile);
    auto *opinfo = qobject_cast<Widgets::OpInfoWorkspace *>(w.tabs()->currentWidget());
    QVERIFY(opinfo);
    const QModelIndexList selected = opinfo->opTable()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().data(Core::OpTypeTableModel::KeyRole).toString(),
             panel->findings()[size_t(recompile)].link.name);

    // The loss fork centres the plot on its step.
    activate(panel, rowOf(panel, u"loss.fork_later"_s));
    auto *loss = qobject_cast<Widgets::LossWorkspace *>(w.tabs()->currentWidget());
    QVERIFY(loss);
    const QCPRange x = loss->plot()->axisRect(0)->axis(QCPAxis::atBottom)->range();
    QVERIFY(x.contains(40));
    QVERIFY(qAbs(x.center() - 40) < 1e-6);
}

void tst_FindingsPanel::saveWritesTheInvestigationBack()
{
    App::MainWindow w;
    openTrusted(w, m_dir.filePath(u"a.twinscope"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!w.investigation()->panel()->findings().empty() && idle(w), 30000);
    QCOMPARE(w.investigation()->filePath(), m_dir.filePath(u"a.twinscope"_s));
    // The checklist is filled in from the evidence; the user's own setting is kept and saved.
    Widgets::ChecklistPanel *checklist = w.investigation()->checklistPanel();
    QCOMPARE(checklist->checklist().find(u"mp.01"_s)->state, Core::ChecklistState::Problem);
    QVERIFY(checklist->checklist().find(u"mp.01"_s)->fromEvidence);
    QCOMPARE(checklist->checklist().find(u"sc.03"_s)->state, Core::ChecklistState::NoProblem);
    checklist->setState(u"ds.04"_s, Core::ChecklistState::NotApplicable);
    QCOMPARE(w.investigation()->workspace().checklist.find(u"ds.04"_s)->state,
             Core::ChecklistState::NotApplicable);
    QString error;
    const QString copy = m_dir.filePath(u"b.twinscope"_s);
    QVERIFY2(w.investigation()->saveTo(copy, &error), qPrintable(error));
    const Core::Result<Core::InvestigationFile> back = Core::readInvestigationFile(copy);
    QVERIFY(back.isOk());
    Core::InvestigationFile expected = investigation();
    QCOMPARE(back.value()->inputs, expected.inputs);
    QCOMPARE(back.value()->notes, expected.notes);
    QCOMPARE(back.value()->checklist, w.investigation()->workspace().checklist);
    QCOMPARE(back.value()->checklist.find(u"ds.04"_s)->state, Core::ChecklistState::NotApplicable);
    QCOMPARE(back.value()->checklist.find(u"mp.01"_s)->state, Core::ChecklistState::Problem);
}

void tst_FindingsPanel::reportExportsAsPdfAndHtml()
{
    App::MainWindow w;
    openTrusted(w, m_dir.filePath(u"a.twinscope"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!w.investigation()->panel()->findings().empty() && idle(w), 30000);
    QString error;
    const QString pdf = m_dir.filePath(u"report.pdf"_s);
    QVERIFY2(w.investigation()->writeReport(pdf, &error), qPrintable(error));
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.read(5) == "%PDF-");
    QVERIFY(f.size() > 10000);
    // docs/images shows this report's pages: TWINSCOPE_KEEP_REPORT=DIR keeps a copy.
    if (const QString keep = qEnvironmentVariable("TWINSCOPE_KEEP_REPORT"); !keep.isEmpty())
        QFile::copy(pdf, keep + u"/findings-report.pdf"_s);
    const QString html = m_dir.filePath(u"report.html"_s);
    QVERIFY2(w.investigation()->writeReport(html, &error), qPrintable(error));
    QFile h(html);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(h.readAll());
    for (const Core::Finding &finding : w.investigation()->panel()->findings())
        QVERIFY2(text.contains(finding.text.toHtmlEscaped()), qPrintable(finding.code));
    QVERIFY(text.contains(u"fork at 40"_s));
    QVERIFY(!text.contains(u"src=\"http"_s)); // self-contained
    // The loss plot is embedded in the file itself.
    QVERIFY(text.contains(u"<img src=\"data:image/png;base64,"_s));
    QVERIFY(!text.contains(u"src=\"loss.png\""_s));
}

void tst_FindingsPanel::openedFilesJoinTheInvestigation()
{
    // Files opened one by one become the investigation, the first of a kind the benchmark.
    App::MainWindow w;
    w.openPaths({Data + u"/triage/loss_bench.log"_s, Data + u"/triage/loss_npu.log"_s});
    QTRY_VERIFY_WITH_TIMEOUT(
        rowOf(w.investigation()->panel(), u"loss.fork_later"_s) >= 0 && idle(w), 30000);
    const auto &inputs = w.investigation()->workspace().inputs;
    QCOMPARE(inputs.size(), 2);
    QCOMPARE(inputs[0].role, Core::InputRole::Benchmark);
    QCOMPARE(inputs[1].role, Core::InputRole::Target);
    // The recovery file holds the unsaved investigation only once recovery is on.
    QVERIFY(Core::findRecoveryFiles().isEmpty());
}

// Issue #31: a workspace naming files outside its folder and bringing a knowledge file. The
// consent box lists them as plain text; "Open Only Its Folder" opens none of them, so no tab
// opens, no finding is drawn from them and the knowledge file is not applied.
void tst_FindingsPanel::untrustedWorkspaceOpensOnlyItsFolder()
{
    Core::InvestigationFile ws = investigation();
    QFile knowledge(m_dir.filePath(u"exfiltrate.json"_s));
    QVERIFY(knowledge.open(QIODevice::WriteOnly));
    knowledge.write("{}");
    knowledge.close();
    ws.mappings.append({knowledge.fileName(), u"knowledge"_s});
    ws.inputs.append({u"/etc/passwd"_s, u"log"_s, Core::InputRole::Log, -1, -1, u"<b>x</b>"_s});
    const QString path = m_dir.filePath(u"untrusted.twinscope"_s);
    QCOMPARE(Core::writeInvestigationFile(ws, path), std::nullopt);
    App::MainWindow w;
    w.openPaths({path});
    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((box = w.findChild<QMessageBox *>(u"workspaceConsent"_s)), 30000);
    QCOMPARE(box->textFormat(), Qt::PlainText);
    QVERIFY(box->text().contains(u"/etc/passwd"_s));
    QVERIFY(box->text().contains(knowledge.fileName()));
    QVERIFY(answerConsent(w, "openInside"));
    QTRY_VERIFY_WITH_TIMEOUT(w.investigation()->filePath() == path && idle(w), 30000);
    QCOMPARE(w.tabs()->count(), 0);
    QVERIFY(w.investigation()->workspace().inputs.isEmpty());
    QVERIFY(w.investigation()->workspace().mappings.isEmpty());
    QVERIFY(w.investigation()->panel()->findings().empty());
}

QTEST_MAIN(tst_FindingsPanel)
#include "tst_findingspanel.moc"
