#include "investigation.h"

#include "core/triage/triagereport.h"
#include "mainwindow.h"
#include "recentfiles.h"
#include "widgets/common/messagebar.h"
#include "widgets/common/workspace.h"
#include "widgets/investigation/checklistpanel.h"
#include "widgets/investigation/findingspanel.h"
#include "widgets/investigation/reportwriter.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Twinscope::Widgets;

namespace Twinscope::App {

namespace {

constexpr char16_t Suffix[] = u".twinscope";

} // namespace

Investigation::Investigation(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_panel(new FindingsPanel(window->loadController(), window))
    , m_checklist(new ChecklistPanel(window))
    , m_dock(new QDockWidget(tr("Findings"), window))
    , m_open(new QAction(tr("Open &Investigation…"), this))
    , m_save(new QAction(tr("&Save Investigation"), this))
    , m_saveAs(new QAction(tr("Save Investigation &As…"), this))
    , m_export(new QAction(tr("Export Findings &Report…"), this))
    , m_openJob(window->loadController(), this)
{
    m_dock->setObjectName(u"findingsDock"_s);
    auto *pages = new QTabWidget(m_dock);
    pages->setDocumentMode(true);
    pages->addTab(m_panel, tr("Findings"));
    pages->addTab(m_checklist, tr("Precision Checklist"));
    m_dock->setWidget(pages);
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_export->setStatusTip(tr("Findings, checklist and notes as one PDF or HTML file."));
    connect(m_open, &QAction::triggered, this, &Investigation::openDialog);
    connect(m_save, &QAction::triggered, this, [this] {
        if (m_path.isEmpty())
            return saveAsDialog();
        QString error;
        if (!saveTo(m_path, &error))
            m_window->messageBar()->showMessage(MessageBar::Level::Error, error.toHtmlEscaped());
    });
    connect(m_saveAs, &QAction::triggered, this, &Investigation::saveAsDialog);
    connect(m_export, &QAction::triggered, this, &Investigation::exportDialog);
    connect(m_panel, &FindingsPanel::linkActivated, this, &Investigation::openEvidence);
    connect(m_panel, &FindingsPanel::notesEdited, this, [this] {
        m_workspace.notes = m_panel->notes();
        touched();
    });
    connect(m_checklist, &ChecklistPanel::edited, this, [this] {
        m_workspace.checklist = m_checklist->checklist();
        touched();
    });
    connect(m_panel, &FindingsPanel::findingsChanged, this, [this] {
        // The evidence fills in the items the user has not set.
        if (const auto analysis = m_panel->analysis()) {
            Core::applySuggestions(m_workspace.checklist, analysis->checklist);
            m_checklist->setChecklist(m_workspace.checklist);
        }
        // Files opened one by one: the findings are announced, not docked, so that the views keep
        // their room at 1024 x 700 (issue #14); an opened investigation shows its dock itself.
        const int n = int(m_panel->findings().size());
        if (n > 0 && !m_dock->isVisible() && !m_window->messageBar()->isVisible())
            m_window->messageBar()->showMessage(
                MessageBar::Level::Info,
                tr("%n finding(s) drawn from the evidence", nullptr, n) +
                    u" — <a href=\"findings\">"_s + tr("Show findings") + u"</a>"_s);
    });
}

Investigation::~Investigation() = default;

bool Investigation::isInvestigationPath(const QString &path)
{
    return path.endsWith(QString::fromUtf16(Suffix), Qt::CaseInsensitive);
}

void Investigation::addInputs(const QList<Core::SniffResult> &inputs)
{
    bool added = false;
    for (const Core::SniffResult &r : inputs) {
        if (r.error || r.kind == Core::FileKind::Unknown)
            continue;
        const QString path = QFileInfo(r.path).absoluteFilePath();
        const QString kind = Core::fileKindId(r.kind);
        const auto same = [&](const Core::InvestigationInput &in) {
            return in.path == path;
        };
        if (std::any_of(m_workspace.inputs.cbegin(), m_workspace.inputs.cend(), same))
            continue;
        // The tabs take the first input of a kind as the benchmark and the next as the run under
        // test; op-info logs are the NPU side's own.
        qsizetype ofKind = 0;
        for (const Core::InvestigationInput &in : m_workspace.inputs)
            ofKind += in.kind == kind ? 1 : 0;
        Core::InvestigationInput in;
        in.path = path;
        in.kind = kind;
        in.role = r.kind == Core::FileKind::OpInfo ? Core::InputRole::Target
                  : ofKind == 0                    ? Core::InputRole::Benchmark
                  : ofKind == 1                    ? Core::InputRole::Target
                                                   : Core::InputRole::Other;
        m_workspace.inputs.append(in);
        added = true;
    }
    if (!added)
        return;
    m_panel->setInvestigation(m_workspace);
    touched();
}

void Investigation::open(const QString &path)
{
    m_openJob.start(
        tr("Opening the investigation"),
        [path](Core::ProgressSink &, const Core::CancelToken &) {
            return Core::readInvestigationFile(path);
        },
        [this, path](const Core::Result<Core::InvestigationFile> &r) {
            if (!r.isOk()) {
                if (r.isFailed())
                    m_window->messageBar()->showMessage(MessageBar::Level::Error,
                                                        r.error().toString().toHtmlEscaped());
                return;
            }
            RecentFiles::add(path);
            const Core::WorkspaceReview review =
                Core::reviewWorkspace(*r.value(), QFileInfo(path).absolutePath());
            if (review.needsConsent())
                askConsent(*r.value(), review, path);
            else
                apply(*r.value(), path);
        });
}

void Investigation::askConsent(const Core::InvestigationFile &workspace,
                               const Core::WorkspaceReview &review,
                               const QString &path)
{
    // A workspace is what colleagues send each other (issue #31): inputs outside its folder and
    // knowledge files or name mappings (regexes that act on the evidence) wait for the user.
    QStringList lines;
    for (const Core::RefusedInput &in : review.outside)
        lines << tr("Input %1: %2").arg(in.input.path, in.reason);
    for (const Core::MappingFile &m : review.mappings)
        lines << tr("Applies a %1 file: %2").arg(m.kind, m.path);
    if (review.settingsChanged)
        lines << tr("Sets its own thresholds (shown in the findings' evidence).");
    auto *box = new QMessageBox(QMessageBox::Warning,
                                tr("Open Files outside the Investigation?"),
                                tr("This investigation names files outside its folder or brings "
                                   "its own knowledge files and name mappings. Open them only if "
                                   "you trust where it came from.\n\n%1")
                                    .arg(lines.join(u'\n')),
                                QMessageBox::NoButton,
                                m_window);
    box->setObjectName(u"workspaceConsent"_s);
    box->setTextFormat(Qt::PlainText); // paths are the sender's text, never markup
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *all = box->addButton(tr("Open Everything"), QMessageBox::AcceptRole);
    all->setObjectName(u"openEverything"_s);
    QPushButton *inside = box->addButton(tr("Open Only Its Folder"), QMessageBox::RejectRole);
    inside->setObjectName(u"openInside"_s);
    box->setDefaultButton(inside);
    box->setEscapeButton(inside);
    connect(box, &QMessageBox::finished, this, [this, box, all, workspace, review, path] {
        const bool trusted = box->clickedButton() == all;
        const Core::ReviewedWorkspace opened =
            Core::applyReview(workspace, review, trusted, trusted);
        apply(opened.workspace, path);
        if (!opened.refused.isEmpty() || !opened.withheld.isEmpty())
            m_window->messageBar()->showMessage(
                MessageBar::Level::Warning,
                tr("%n input(s) or mapping file(s) of the investigation were not opened.",
                   "",
                   int(opened.refused.size() + opened.withheld.size())));
    });
    box->open();
}

void Investigation::apply(const Core::InvestigationFile &workspace, const QString &path)
{
    m_workspace = workspace;
    m_path = path;
    m_panel->setNotes(workspace.notes);
    m_checklist->setChecklist(workspace.checklist);
    const QList<Core::InvestigationInput> missing = Core::missingInputs(workspace);
    if (!missing.isEmpty()) {
        QStringList names;
        for (const Core::InvestigationInput &in : missing)
            names << in.path;
        m_window->messageBar()->showMessage(
            MessageBar::Level::Warning,
            tr("%n input(s) of the investigation no longer exist and were not opened: %1",
               "",
               int(missing.size()))
                .arg(names.join(u", "_s))
                .toHtmlEscaped());
    }
    // Benchmarks first: the tabs take the first input of a kind as the benchmark.
    QList<Core::InvestigationInput> inputs = workspace.inputs;
    std::stable_sort(inputs.begin(), inputs.end(), [](const auto &a, const auto &b) {
        return (a.role == Core::InputRole::Benchmark) > (b.role == Core::InputRole::Benchmark);
    });
    // A benchmark trace and a target trace are two runs: they open as a comparison, not as one
    // timeline with the profiler's ranks (issue #23).
    QString benchTrace, targetTrace;
    for (const Core::InvestigationInput &in : std::as_const(inputs)) {
        if (in.kind != Core::fileKindId(Core::FileKind::Trace) || missing.contains(in))
            continue;
        if (in.role == Core::InputRole::Benchmark && benchTrace.isEmpty())
            benchTrace = in.path;
        else if (in.role == Core::InputRole::Target && targetTrace.isEmpty())
            targetTrace = in.path;
    }
    const bool compareTraces = !benchTrace.isEmpty() && !targetTrace.isEmpty();
    QStringList paths;
    for (const Core::InvestigationInput &in : inputs) {
        if (missing.contains(in) ||
            (compareTraces && (in.path == benchTrace || in.path == targetTrace)))
            continue;
        paths << in.path;
    }
    m_panel->setInvestigation(m_workspace);
    m_dock->show();
    if (compareTraces)
        m_window->openComparison(benchTrace, targetTrace);
    if (!paths.isEmpty())
        m_window->openPaths(paths);
    updateTitle();
}

bool Investigation::saveTo(const QString &path, QString *error)
{
    m_workspace.notes = m_panel->notes();
    if (m_workspace.title.isEmpty())
        m_workspace.title = QFileInfo(path).completeBaseName();
    if (auto e = Core::writeInvestigationFile(m_workspace, path)) {
        if (error)
            *error = e->toString();
        return false;
    }
    m_path = path;
    if (m_autosaver) {
        m_autosaver->setWorkspacePath(path);
        m_autosaver->discard();
    }
    RecentFiles::add(path);
    updateTitle();
    m_window->statusBar()->showMessage(tr("Saved the investigation to %1").arg(path), 8000);
    return true;
}

bool Investigation::writeReport(const QString &path, QString *error) const
{
    Core::InvestigationFile ws = m_workspace;
    ws.notes = m_panel->notes();
    // The key plots as they are on screen (the loss curves, the divergence heatmap), each tab's
    // own.
    QList<Core::ReportFigure> figures;
    QList<QPair<QString, QImage>> images;
    for (const Workspace *tab : m_window->workspaces()) {
        if (tab->isEmpty())
            continue;
        for (const Widgets::ReportImage &figure : tab->reportFigures()) {
            figures.append({figure.title, figure.fileName});
            images.append({figure.fileName, figure.image});
        }
    }
    return Widgets::writeReport(
        Core::triageReportHtml(ws, m_panel->findings(), figures), path, error, images);
}

void Investigation::enableRecovery()
{
    m_recovery = true;
}

void Investigation::offerRecovery()
{
    enableRecovery();
    const QList<Core::RecoveryCandidate> found = Core::findRecoveryFiles();
    if (found.isEmpty())
        return;
    const Core::RecoveryCandidate c = found.first();
    auto *box = new QMessageBox(
        QMessageBox::Question,
        tr("Restore the Investigation?"),
        tr("Twinscope did not close normally. Restore the investigation saved at %1%2?")
            .arg(QLocale().toString(c.savedAt.toLocalTime(), QLocale::ShortFormat),
                 c.workspacePath.isEmpty() ? QString() : u" ("_s + c.workspacePath + u")"_s),
        QMessageBox::Yes | QMessageBox::Discard,
        m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, c](int result) {
        if (result == QMessageBox::Yes) {
            QString of;
            const Core::Result<Core::InvestigationFile> r =
                Core::readRecoveryFile(c.recoveryPath, &of);
            if (r.isOk()) {
                apply(*r.value(), of);
                touched(); // the restored state is unsaved until the user saves it
            }
        }
        Core::discardRecoveryFile(c.recoveryPath);
    });
    box->open();
}

void Investigation::sessionEnded()
{
    if (m_autosaver)
        m_autosaver->discard();
}

void Investigation::touched()
{
    emit changed();
    if (!m_recovery)
        return;
    // Created on the first change, so a window that never investigates writes nothing.
    if (!m_autosaver) {
        m_autosaver = std::make_unique<Core::RecoveryAutosaver>();
        m_autosaver->setWorkspacePath(m_path);
    }
    Core::InvestigationFile ws = m_workspace;
    ws.notes = m_panel->notes();
    m_autosaver->changed(ws);
}

void Investigation::openEvidence(const Core::FindingLink &link)
{
    const QList<Core::FileKind> kinds = Core::findingLinkKinds(link);
    if (kinds.isEmpty())
        return;
    // The evidence is shown only within the inputs of the finding's own evidence (issue #23): a
    // tab that holds other files of the kind refuses the link (reveal() is false), and the next
    // tab that holds the finding's file shows it, else that file opens.
    for (const Core::FileKind kind : kinds) {
        Workspace *primary = m_window->workspace(kind);
        if (primary && primary->reveal(link)) {
            m_window->tabs()->setCurrentWidget(primary);
            return;
        }
        // A tab of the kind that takes no later paths (the comparison an investigation's two
        // traces open as) shows the evidence when it can.
        for (Workspace *ws : m_window->workspaces()) {
            if (ws != primary && ws->kind() == kind && ws->reveal(link)) {
                m_window->tabs()->setCurrentWidget(ws);
                return;
            }
        }
        // A link that names no file, or one of a kind whose tab holds one pair of inputs (loss,
        // dumps, op-info): its kind's tab, as before. Timelines and profiler folders gather
        // unrelated files, so there the finding's own file opens instead.
        const bool gathers = kind == Core::FileKind::Trace || kind == Core::FileKind::Profile;
        if (primary && (link.file.isEmpty() || !gathers)) {
            m_window->tabs()->setCurrentWidget(primary);
            return;
        }
    }
    if (!link.file.isEmpty())
        m_window->openPaths({link.file});
}

void Investigation::saveAsDialog()
{
    auto *dialog = new QFileDialog(m_window, tr("Save Investigation"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilter(tr("Twinscope investigations (*.twinscope)"));
    dialog->setDefaultSuffix(u"twinscope"_s);
    if (!m_path.isEmpty())
        dialog->selectFile(m_path);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        QString error;
        if (!saveTo(path, &error))
            m_window->messageBar()->showMessage(MessageBar::Level::Error, error.toHtmlEscaped());
    });
    dialog->open();
}

void Investigation::exportDialog()
{
    auto *dialog = new QFileDialog(m_window, tr("Export Findings Report"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilters({tr("PDF (*.pdf)"), tr("HTML (*.html)")});
    dialog->setDefaultSuffix(u"pdf"_s);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        QString error;
        if (writeReport(path, &error))
            m_window->statusBar()->showMessage(tr("Exported to %1").arg(path), 8000);
        else
            m_window->messageBar()->showMessage(
                MessageBar::Level::Error,
                tr("Export to %1 failed: %2").arg(path, error).toHtmlEscaped());
    });
    dialog->open();
}

void Investigation::openDialog()
{
    auto *dialog = new QFileDialog(m_window, tr("Open Investigation"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setNameFilter(tr("Twinscope investigations (*.twinscope)"));
    connect(dialog, &QFileDialog::fileSelected, this, &Investigation::open);
    dialog->open();
}

void Investigation::updateTitle()
{
    m_dock->setWindowTitle(
        m_path.isEmpty() ? tr("Findings") : tr("Findings — %1").arg(QFileInfo(m_path).fileName()));
}

} // namespace Twinscope::App
