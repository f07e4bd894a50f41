#include "mainwindow.h"

#include "core/common/plaintooltip.h"
#include "core/common/translations.h"
#include "core/trace/tracefiles.h"
#include "investigation.h"
#include "recentfiles.h"
#include "shortcutsdialog.h"
#include "welcomepage.h"
#include "widgets/common/diagnosticspanel.h"
#include "widgets/common/headertooltips.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/loadprogresswidget.h"
#include "widgets/common/messagebar.h"
#include "widgets/common/workspace.h"
#include "widgets/tracediff/tracecompareworkspace.h"
#include "workspacefactory.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Twinscope::Widgets;

namespace Twinscope::App {

namespace {
const int KindProperty = 0; // index into QTabWidget tab data: the workspace's FileKind
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_loads(new LoadController(this))
    , m_diagnostics(new DiagnosticsPanel(this))
    , m_progress(new LoadProgressWidget(m_loads, this))
    , m_messageBar(new MessageBar(this))
    , m_diagnosticsDock(new QDockWidget(tr("Diagnostics"), this))
    , m_stack(new QStackedWidget(this))
    , m_welcome(new WelcomePage(this))
    , m_tabs(new QTabWidget(this))
    , m_sniffJob(m_loads, this)
{
    Q_UNUSED(KindProperty);
    setWindowTitle(tr("Twinscope"));
    setAcceptDrops(true);
    resize(1400, 900);
    // Cut column titles give their whole text on hover, in every table of the application.
    qApp->installEventFilter(new HeaderToolTips(this));

    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_stack->addWidget(m_welcome);
    m_stack->addWidget(m_tabs);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_messageBar);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);

    m_diagnosticsDock->setObjectName(u"diagnosticsDock"_s);
    m_diagnosticsDock->setWidget(m_diagnostics);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    m_diagnosticsDock->hide();
    statusBar()->addPermanentWidget(m_progress);

    createActions();
    // The investigation (issue #15) keeps the opened inputs, the findings dock and the .twinscope
    // file; it needs the load controller and the tabs, so it comes after them.
    m_investigation = new Investigation(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_investigation->dock());
    m_investigation->dock()->hide();
    createMenus();
    m_welcome->setRecentFiles(RecentFiles::load());

    connect(m_welcome, &WelcomePage::openFileRequested, this, [this] { openFileDialog(false); });
    connect(m_welcome, &WelcomePage::openFolderRequested, this, [this] { openFileDialog(true); });
    connect(m_welcome, &WelcomePage::openPathRequested, this, [this](const QString &p) {
        openPaths({p});
    });
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        m_tabs->setCurrentIndex(index);
        closeCurrent();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActions);
    connect(m_messageBar, &MessageBar::linkActivated, this, [this](const QString &link) {
        QDockWidget *dock = link == u"findings"_s ? m_investigation->dock() : m_diagnosticsDock;
        dock->show();
        dock->raise();
    });

    QSettings settings;
    restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    restoreState(settings.value(u"window/state"_s).toByteArray());
    updateActions();
}

MainWindow::~MainWindow()
{
    // Workspaces talk to the load controller while they die (cancelling their jobs), and QObject
    // children die in creation order, controller first: delete the workspaces explicitly before.
    while (m_tabs->count() > 0)
        delete m_tabs->widget(0);
    // The findings panel and the investigation hold job slots too.
    QDockWidget *findings = m_investigation->dock();
    delete m_investigation;
    delete findings;
}

void MainWindow::createActions()
{
    m_openAction = new QAction(tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open timelines, profiler exports, op-info logs, dumps, loss "
                                  "logs, checkpoints or a saved investigation."));
    connect(m_openAction, &QAction::triggered, this, [this] { openFileDialog(false); });
    m_openFolderAction = new QAction(tr("Open &Folder…"), this);
    m_openFolderAction->setShortcut(tr("Ctrl+Shift+O"));
    m_openFolderAction->setStatusTip(
        tr("Open a profiler folder (a rank, a cluster, an msprof-analyze output), an msprobe dump "
           "tree, a folder of .npy files or of plogs."));
    connect(m_openFolderAction, &QAction::triggered, this, [this] { openFileDialog(true); });
    m_compareLossAction = new QAction(tr("Compare &Loss Logs…"), this);
    m_compareLossAction->setShortcut(tr("Ctrl+L"));
    m_compareLossAction->setStatusTip(
        tr("Overlay a benchmark (GPU) loss log and the log under test (NPU)."));
    connect(m_compareLossAction, &QAction::triggered, this, &MainWindow::compareLossLogs);
    m_compareCheckpointsAction = new QAction(tr("Compare &Checkpoints…"), this);
    m_compareCheckpointsAction->setStatusTip(
        tr("Compare two checkpoints parameter by parameter (PyTorch .pth, MindSpore .ckpt, …)."));
    connect(m_compareCheckpointsAction, &QAction::triggered, this, [this] {
        if (Workspace *ws = ensureWorkspace(Core::FileKind::Checkpoint)) {
            m_tabs->setCurrentWidget(ws);
            ws->chooseInputs();
        }
    });
    m_compareTracesAction = new QAction(tr("Compare &Traces…"), this);
    m_compareTracesAction->setShortcut(tr("Ctrl+Shift+C"));
    m_compareTracesAction->setStatusTip(
        tr("Compare two performance runs: why is the target's step slower than the baseline's?"));
    connect(m_compareTracesAction, &QAction::triggered, this, &MainWindow::compareTraces);
    m_stepCutoffAction = new QAction(tr("Use the Trace's First &Step as Op-Info Cut-off"), this);
    m_stepCutoffAction->setStatusTip(
        tr("Compiles after the end of the open trace's first ProfilerStep count as recompiles."));
    connect(m_stepCutoffAction, &QAction::triggered, this, &MainWindow::useTraceStepAsCutoff);
    m_closeAction = new QAction(tr("&Close"), this);
    m_closeAction->setShortcut(QKeySequence::Close);
    connect(m_closeAction, &QAction::triggered, this, &MainWindow::closeCurrent);
    m_exportAction = new QAction(tr("&Export…"), this);
    m_exportAction->setShortcut(tr("Ctrl+E"));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportCurrent);
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    m_shortcutsAction = new QAction(tr("&Keyboard Shortcuts"), this);
    m_shortcutsAction->setShortcut(QKeySequence::HelpContents);
    connect(m_shortcutsAction, &QAction::triggered, this, &MainWindow::showShortcuts);
    m_aboutAction = new QAction(tr("&About Twinscope"), this);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_openFolderAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addAction(m_compareLossAction);
    file->addAction(m_compareTracesAction);
    file->addAction(m_compareCheckpointsAction);
    file->addSeparator();
    file->addAction(m_investigation->openAction());
    file->addAction(m_investigation->saveAction());
    file->addAction(m_investigation->saveAsAction());
    file->addAction(m_investigation->exportAction());
    file->addSeparator();
    file->addAction(m_closeAction);
    file->addAction(m_exportAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *diag = m_diagnosticsDock->toggleViewAction();
    diag->setText(tr("&Diagnostics"));
    diag->setShortcut(tr("Ctrl+Shift+D"));
    view->addAction(diag);
    QAction *findings = m_investigation->dock()->toggleViewAction();
    findings->setText(tr("&Findings"));
    findings->setShortcut(tr("Ctrl+Shift+F"));
    view->addAction(findings);
    view->addAction(m_stepCutoffAction);
    view->addSeparator();
    QMenu *language = view->addMenu(tr("&Language"));
    auto *group = new QActionGroup(this);
    const QString current = QSettings().value(u"language"_s, u"system"_s).toString();
    // Language names stay in their own language so a user can always find theirs.
    const QList<QPair<QString, QString>> languages = {
        {u"system"_s, tr("System Default")}, {u"en"_s, u"English"_s}, {u"zh_CN"_s, u"简体中文"_s}};
    for (const auto &[id, name] : languages) {
        QAction *a = language->addAction(name);
        a->setCheckable(true);
        a->setChecked(id == current);
        a->setData(id);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, id = id] { setLanguage(id); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_shortcutsAction);
    help->addAction(m_aboutAction);
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = RecentFiles::load();
    for (const QString &path : recent) {
        QAction *a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(Core::plainToolTip(path));
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openPaths({path}); });
    }
    if (recent.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("Clear List")), &QAction::triggered, this, [this] {
        RecentFiles::clear();
        updateRecentMenu();
        m_welcome->setRecentFiles({});
    });
}

void MainWindow::updateActions()
{
    Workspace *ws = currentWorkspace();
    m_closeAction->setEnabled(ws != nullptr);
    m_exportAction->setEnabled(ws && !ws->exportFilter().isEmpty() && !ws->isEmpty());
    m_stack->setCurrentWidget(m_tabs->count() > 0 ? static_cast<QWidget *>(m_tabs) : m_welcome);
    updateWindowTitle();
}

void MainWindow::openPaths(const QStringList &given)
{
    // A .twinscope file is an investigation: it opens its own inputs.
    QStringList paths;
    for (const QString &p : given) {
        if (Investigation::isInvestigationPath(p))
            m_investigation->open(p);
        else
            paths << p;
    }
    if (paths.isEmpty())
        return;
    // A newer open supersedes an unfinished sniff: the slot drops its result.
    // Two trace files: whether they are ranks of one run is decided with the sniff, off the GUI
    // thread (it reads their heads).
    auto oneRun = std::make_shared<bool>(false);
    m_sniffJob.start(
        tr("Detecting file types"),
        [paths, oneRun](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            Core::Result<QList<Core::SniffResult>> r = Core::sniffPaths(paths, progress, cancel);
            if (r.isOk() && isTracePair(*r.value()))
                *oneRun =
                    Core::looksLikeRanksOfOneRun(r.value()->at(0).path, r.value()->at(1).path);
            return r;
        },
        [this, oneRun](const Core::Result<QList<Core::SniffResult>> &r) {
            if (r.isOk())
                routeSniffed(*r.value(), *oneRun);
            else if (r.isCanceled())
                statusBar()->showMessage(tr("Opening was cancelled."), 5000);
            m_offerCompare = false;
        });
}

bool MainWindow::isTracePair(const QList<Core::SniffResult> &results)
{
    // Two trace files: folders (a run's ranks, a profiler folder) open whole as before.
    return results.size() == 2 &&
           std::all_of(results.cbegin(), results.cend(), [](const Core::SniffResult &r) {
               return !r.error && !r.folder && r.kind == Core::FileKind::Trace;
           });
}

Workspace *MainWindow::tabAt(int index) const
{
    return qobject_cast<Workspace *>(m_tabs->widget(index));
}

Workspace *MainWindow::currentWorkspace() const
{
    return tabAt(m_tabs->currentIndex());
}

QList<Workspace *> MainWindow::workspaces() const
{
    QList<Workspace *> all;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (Workspace *ws = tabAt(i))
            all.append(ws);
    }
    return all;
}

Workspace *MainWindow::workspace(Core::FileKind kind) const
{
    for (Workspace *ws : workspaces()) {
        // A Compare tab holds traces too, but paths opened later go to the timeline.
        if (ws->kind() == kind && ws->takesOpenedPaths())
            return ws;
    }
    return nullptr;
}

Workspace *MainWindow::ensureWorkspace(Core::FileKind kind)
{
    if (Workspace *ws = workspace(kind))
        return ws;
    Workspace *ws = createWorkspace(kind, m_loads, m_tabs);
    if (!ws)
        return nullptr;
    connectWorkspace(ws);
    m_tabs->addTab(ws, ws->title());
    return ws;
}

void MainWindow::followCrossLink(Workspace *from, const CrossLink &link)
{
    // Tabs that follow a link may announce it again (an op type selected in the op-info table):
    // one round per user action, never a loop.
    if (m_following)
        return;
    m_following = true;
    Workspace *shown = nullptr;
    for (Workspace *ws : workspaces()) {
        if (ws != from && ws->follow(link) && !shown)
            shown = ws;
    }
    m_following = false;
    if (link.subject != CrossLink::Subject::Rank)
        return;
    // A rank's timeline: the tab that has it comes to the front, else its folder opens.
    if (shown)
        m_tabs->setCurrentWidget(shown);
    else
        openRankTimeline(link);
}

void MainWindow::openRankTimeline(const CrossLink &link)
{
    // Not open yet: the Trace tab loads the rank folder's timeline (and says so if it has none).
    Core::SniffResult folder;
    folder.path = link.path;
    folder.kind = Core::FileKind::Trace;
    folder.folder = true;
    Workspace *ws = ensureWorkspace(Core::FileKind::Trace);
    ws->openPaths({folder});
    m_tabs->setCurrentWidget(ws);
    statusBar()->showMessage(tr("Opening the timeline of rank %1").arg(link.value), 5000);
}

void MainWindow::dropIfEmpty(Workspace *ws)
{
    // A refused file gives a message and no tab (issue #11): a workspace that failed to load
    // anything goes. Checked once the workspace has handled the rest of its result.
    QTimer::singleShot(0, this, [this, guard = QPointer<Workspace>(ws)] {
        if (!guard || m_tabs->indexOf(guard) < 0 || !guard->isEmpty())
            return;
        m_tabs->removeTab(m_tabs->indexOf(guard));
        guard->deleteLater();
        updateActions();
    });
}

void MainWindow::connectWorkspace(Workspace *ws)
{
    connect(ws, &Workspace::loaded, this, [this](const QString &file, const Core::Diagnostics &d) {
        m_diagnostics->setDiagnostics(file, d);
        // Info entries (e.g. Kineto's routine flow ends without starts) are listed in the panel but
        // do not deserve a bar: only repairs and problems do. The bar sums them up in the panel's
        // words.
        // An error of this open stays on the bar: it matters more than a repair.
        if (DiagnosticsPanel::problemKinds(d) > 0 && m_openFailures == 0) {
            m_messageBar->showMessage(MessageBar::Level::Warning,
                                      tr("%1 loaded with %2 — <a href=\"details\">Details</a>")
                                          .arg(QFileInfo(file).fileName().toHtmlEscaped(),
                                               DiagnosticsPanel::summary(d).toHtmlEscaped()));
        }
        updateActions();
    });
    connect(
        ws, &Workspace::loadFailed, this, [this, ws](const QString &file, const Core::Error &e) {
            m_diagnostics->setError(file, e);
            // Several failures of one open are counted, not shown one over the other.
            ++m_openFailures;
            const QString text = m_openFailures > 1
                                     ? tr("%n path(s) could not be opened.", "", m_openFailures)
                                     : e.toString().toHtmlEscaped();
            m_messageBar->showMessage(MessageBar::Level::Error,
                                      text + u" — <a href=\"details\">"_s + tr("Details") +
                                          u"</a>"_s);
            dropIfEmpty(ws);
            updateActions();
        });
    connect(ws, &Workspace::crossLinkRequested, this, [this, ws](const CrossLink &link) {
        followCrossLink(ws, link);
    });
    connect(ws, &Workspace::statusMessage, this, [this](const QString &m) {
        statusBar()->showMessage(m, 8000);
    });
    connect(ws, &Workspace::titleChanged, this, [this, ws] {
        const int index = m_tabs->indexOf(ws);
        if (index >= 0) {
            m_tabs->setTabText(index, ws->title());
            m_tabs->setTabToolTip(index, ws->title());
        }
        updateWindowTitle();
    });
}

void MainWindow::updateWindowTitle()
{
    // The window names what is open, as editors do: "Trace: a.json — Twinscope".
    Workspace *ws = currentWorkspace();
    setWindowTitle(ws && !ws->isEmpty() ? tr("%1 — Twinscope").arg(ws->title()) : tr("Twinscope"));
}

void MainWindow::openComparison(const QString &baseline, const QString &target)
{
    auto *ws = new TraceCompareWorkspace(m_loads, m_tabs);
    connectWorkspace(ws);
    // The tab's title names both runs once they are known.
    connect(ws, &TraceCompareWorkspace::compared, this, [this, ws] {
        m_tabs->setTabText(m_tabs->indexOf(ws), ws->title());
    });
    m_tabs->addTab(ws, ws->title());
    m_tabs->setCurrentWidget(ws);
    ws->compare(baseline, target);
    m_tabs->setTabText(m_tabs->indexOf(ws), ws->title());
    RecentFiles::add(baseline);
    RecentFiles::add(target);
    updateActions();
    emit pathsRouted();
}

bool MainWindow::offerComparison(const QList<Core::SniffResult> &results, bool oneRun)
{
    // Ranks of one run are one timeline: nothing to ask.
    if (!m_offerCompare || !isTracePair(results) || oneRun)
        return false;
    auto *box = new QMessageBox(
        QMessageBox::Question,
        tr("Two traces"),
        tr("Compare %1 (baseline) with %2 (target), or open both in one timeline?")
            .arg(QFileInfo(results[0].path).fileName(), QFileInfo(results[1].path).fileName()),
        QMessageBox::NoButton,
        this);
    QPushButton *compare = box->addButton(tr("Compare"), QMessageBox::AcceptRole);
    box->addButton(tr("One timeline"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, compare, results] {
        if (box->clickedButton() == compare) {
            openComparison(results[0].path, results[1].path);
            return;
        }
        m_offerCompare = false;
        routeSniffed(results, true);
    });
    // Window-modal, never exec(): the event loop keeps running (docs/DESIGN.md §6).
    box->open();
    return true;
}

void MainWindow::routeSniffed(const QList<Core::SniffResult> &results, bool oneRun)
{
    if (offerComparison(results, oneRun))
        return;
    // Two traces of different runs given together (twinscope a.json b.json) are a comparison, the
    // first the baseline, as an investigation's benchmark and target open (issue #23); ranks of
    // one run merge into one timeline below.
    if (!m_offerCompare && isTracePair(results) && !oneRun) {
        openComparison(results[0].path, results[1].path);
        m_investigation->addInputs(results);
        m_messageBar->hide();
        updateRecentMenu();
        return;
    }
    QStringList problems;
    QMap<int, QList<Core::SniffResult>> byKind;
    for (const Core::SniffResult &r : results) {
        if (r.error) {
            m_diagnostics->setError(r.path, *r.error);
            problems << r.error->toString().toHtmlEscaped();
            continue;
        }
        if (r.kind == Core::FileKind::Unknown) {
            Core::Error e =
                Core::Error::make(Core::ErrorCode::UnknownFormat,
                                  tr("Twinscope does not recognise this content: %1.").arg(r.seen),
                                  r.path);
            m_diagnostics->setError(r.path, e);
            problems << e.toString().toHtmlEscaped();
            continue;
        }
        byKind[int(r.kind)].append(r);
        // A profiler folder opens whole: its tables in Profile, its timelines in Trace.
        for (const Core::FileKind also : r.alsoKinds)
            byKind[int(also)].append(r);
    }
    Workspace *last = nullptr;
    for (auto it = byKind.cbegin(); it != byKind.cend(); ++it) {
        const auto kind = Core::FileKind(it.key());
        Workspace *ws = ensureWorkspace(kind);
        if (!ws) {
            for (const Core::SniffResult &r : it.value()) {
                problems << tr("%1 is %2 (%3), which this version of Twinscope cannot open yet.")
                                .arg(QFileInfo(r.path).fileName(),
                                     Core::fileKindDisplayName(kind),
                                     r.producer)
                                .toHtmlEscaped();
            }
            continue;
        }
        ws->openPaths(it.value());
        m_investigation->addInputs(it.value());
        for (const Core::SniffResult &r : it.value())
            RecentFiles::add(r.path);
        last = ws;
    }
    if (last)
        m_tabs->setCurrentWidget(last);
    m_openFailures = int(problems.size());
    if (!problems.isEmpty()) {
        QString text = problems.size() == 1
                           ? problems.first()
                           : tr("%n path(s) could not be opened.", "", int(problems.size()));
        m_messageBar->showMessage(MessageBar::Level::Error,
                                  text + u" — <a href=\"details\">"_s + tr("Details") + u"</a>"_s);
    } else {
        m_messageBar->hide();
    }
    updateRecentMenu();
    m_welcome->setRecentFiles(RecentFiles::load());
    updateActions();
    emit pathsRouted();
}

void MainWindow::closeCurrent()
{
    Workspace *ws = currentWorkspace();
    if (!ws)
        return;
    ws->closeAll();
    m_tabs->removeTab(m_tabs->indexOf(ws));
    ws->deleteLater();
    updateActions();
}

void MainWindow::exportCurrent()
{
    Workspace *ws = currentWorkspace();
    if (!ws || ws->exportFilter().isEmpty())
        return;
    auto *dialog = new QFileDialog(this, tr("Export"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilter(ws->exportFilter());
    // A name to start from, following the chosen format; the folder of the last open or export.
    const QString folder =
        QSettings().value(u"lastExportDir"_s, QSettings().value(u"lastOpenDir"_s)).toString();
    if (!folder.isEmpty())
        dialog->setDirectory(folder);
    auto suggest = [dialog, ws](const QString &filter) {
        const QString name = ws->exportName(filter);
        if (!name.isEmpty())
            dialog->selectFile(name);
        dialog->setDefaultSuffix(QFileInfo(name).suffix());
    };
    suggest(dialog->selectedNameFilter());
    connect(dialog, &QFileDialog::filterSelected, dialog, suggest);
    // Wide enough that no label or file name is cut off in Qt's own dialog.
    dialog->resize(std::max(dialog->sizeHint().width(), 860), 520);
    connect(dialog, &QFileDialog::fileSelected, this, [this, ws, dialog](const QString &path) {
        QString error;
        QSettings().setValue(u"lastExportDir"_s, QFileInfo(path).absolutePath());
        if (ws->exportTo(path, dialog->selectedNameFilter(), &error))
            statusBar()->showMessage(tr("Exported to %1").arg(path), 8000);
        else
            m_messageBar->showMessage(
                MessageBar::Level::Error,
                tr("Export to %1 failed: %2").arg(path, error).toHtmlEscaped());
    });
    dialog->open(); // window-modal and asynchronous: no nested event loop
}

void MainWindow::openFileDialog(bool folder)
{
    auto *dialog = new QFileDialog(this, folder ? tr("Open Folder") : tr("Open Files"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(folder ? QFileDialog::Directory : QFileDialog::ExistingFiles);
    if (!folder)
        // One filter per kind of input, so the dialog itself says what Twinscope opens.
        dialog->setNameFilters(
            {tr("All supported files (*.json *.gz *.log *.txt *.jsonl *.csv *.h5 *.hdf5 *.npy "
                "*.npz *.pkl *.pt *.pth *.bin *.ckpt *.safetensors *.db *.twinscope)"),
             tr("Timelines (*.json *.gz)"),
             tr("Profiler exports (*.db *.csv *.json)"),
             tr("Op-info logs (*.log *.txt)"),
             tr("Paired dumps (*.h5 *.hdf5 *.npy *.npz *.pkl *.pt *.json)"),
             tr("Loss logs (*.log *.txt *.jsonl *.json *.csv)"),
             tr("Checkpoints (*.pt *.pth *.bin *.ckpt *.safetensors)"),
             tr("Investigations (*.twinscope)"),
             tr("All files (*)")});
    dialog->setDirectory(QSettings().value(u"lastOpenDir"_s).toString());
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) {
        if (!files.isEmpty())
            QSettings().setValue(u"lastOpenDir"_s, QFileInfo(files.first()).absolutePath());
        openPaths(files);
    });
    dialog->open();
}

void MainWindow::compareLossLogs()
{
    // Two questions rather than one multi-selection: a file dialog does not keep the click order,
    // and which log is the benchmark matters (differences are relative to it).
    auto *first = new QFileDialog(this, tr("Choose the benchmark loss log (e.g. the GPU run)"));
    first->setAttribute(Qt::WA_DeleteOnClose);
    first->setFileMode(QFileDialog::ExistingFile);
    first->setDirectory(QSettings().value(u"lastOpenDir"_s).toString());
    connect(first, &QFileDialog::fileSelected, this, [this](const QString &benchmark) {
        auto *second =
            new QFileDialog(this, tr("Choose the loss log under test (e.g. the NPU run)"));
        second->setAttribute(Qt::WA_DeleteOnClose);
        second->setFileMode(QFileDialog::ExistingFile);
        second->setDirectory(QFileInfo(benchmark).absolutePath());
        connect(
            second, &QFileDialog::fileSelected, this, [this, benchmark](const QString &underTest) {
                QSettings().setValue(u"lastOpenDir"_s, QFileInfo(underTest).absolutePath());
                openPaths({benchmark, underTest});
            });
        second->open();
    });
    first->open();
}

void MainWindow::compareTraces()
{
    // Two questions, as for loss logs: the order decides which run the differences are about.
    auto *first = new QFileDialog(this, tr("Choose the baseline trace (e.g. the GPU run)"));
    first->setAttribute(Qt::WA_DeleteOnClose);
    first->setFileMode(QFileDialog::ExistingFile);
    first->setDirectory(QSettings().value(u"lastOpenDir"_s).toString());
    connect(first, &QFileDialog::fileSelected, this, [this](const QString &baseline) {
        auto *second = new QFileDialog(this, tr("Choose the target trace (e.g. the NPU run)"));
        second->setAttribute(Qt::WA_DeleteOnClose);
        second->setFileMode(QFileDialog::ExistingFile);
        second->setDirectory(QFileInfo(baseline).absolutePath());
        connect(second, &QFileDialog::fileSelected, this, [this, baseline](const QString &target) {
            QSettings().setValue(u"lastOpenDir"_s, QFileInfo(target).absolutePath());
            openComparison(baseline, target);
        });
        second->open();
    });
    first->open();
}

void MainWindow::useTraceStepAsCutoff()
{
    Workspace *trace = workspace(Core::FileKind::Trace);
    Workspace *opinfo = workspace(Core::FileKind::OpInfo);
    if (!trace || !opinfo || trace->isEmpty()) {
        m_messageBar->showMessage(MessageBar::Level::Info,
                                  tr("Open a profiler trace and a host log first."));
        return;
    }
    const std::optional<qint64> end = trace->firstStepEndNs();
    if (!end) {
        m_messageBar->showMessage(MessageBar::Level::Info,
                                  tr("The open trace has no ProfilerStep or Iteration slice."));
        return;
    }
    opinfo->follow({CrossLink::Subject::Cutoff, {}, *end, {}});
    m_tabs->setCurrentWidget(opinfo);
}

void MainWindow::setLanguage(const QString &language)
{
    QSettings().setValue(u"language"_s, language);
    m_messageBar->showMessage(MessageBar::Level::Info,
                              tr("The language changes the next time Twinscope starts."));
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(findChildren<QAction *>(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout()
{
    auto *box = new QMessageBox(
        QMessageBox::Information,
        tr("About Twinscope"),
        tr("<h3>Twinscope %1</h3><p>Timelines, op-info logs, paired dumps and loss curves "
           "for porting training from GPUs to Ascend NPUs.</p><p>Built with Qt %2.</p>")
            .arg(Core::versionString(), QString::fromLatin1(qVersion())),
        QMessageBox::Close,
        this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    m_offerCompare = true; // two dropped traces: ask whether to compare them
    openPaths(paths);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_loads->cancelAll();
    m_investigation->sessionEnded();
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    QMainWindow::closeEvent(event);
}

} // namespace Twinscope::App
