#pragma once

#include "core/common/filesniffer.h"
#include "widgets/common/jobslot.h"

#include <QMainWindow>

class QAction;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QTabWidget;

namespace Twinscope::Widgets {
class DiagnosticsPanel;
class LoadController;
class LoadProgressWidget;
class MessageBar;
class Workspace;
struct CrossLink;
} // namespace Twinscope::Widgets

namespace Twinscope::App {

class Investigation;
class WelcomePage;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // The one way in: File ▸ Open, drag-and-drop, Open Recent and the command line all end here.
    // Paths are sniffed off the GUI thread, then routed to the workspace of their kind.
    void openPaths(const QStringList &paths);
    // Two traces (a file or a folder of ranks each) in a Compare tab, the first as baseline.
    void openComparison(const QString &baseline, const QString &target);

    Widgets::LoadController *loadController() const { return m_loads; }
    Widgets::DiagnosticsPanel *diagnosticsPanel() const { return m_diagnostics; }
    Widgets::MessageBar *messageBar() const { return m_messageBar; }
    QTabWidget *tabs() const { return m_tabs; }
    // The tab that takes paths of this kind (not a comparison tab), or null.
    Widgets::Workspace *workspace(Core::FileKind kind) const;
    // Every open tab, in tab order.
    QList<Widgets::Workspace *> workspaces() const;
    Investigation *investigation() const { return m_investigation; }

signals:
    // After the sniffed paths were handed to their workspaces (or rejected with a message).
    void pathsRouted();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenus();
    void updateRecentMenu();
    void updateActions();
    void updateWindowTitle();
    // oneRun: the results are two traces that look like ranks of one run (decided off the GUI
    // thread with the sniff): they merge into one timeline; two traces of different runs compare.
    void routeSniffed(const QList<Core::SniffResult> &results, bool oneRun = false);
    Widgets::Workspace *ensureWorkspace(Core::FileKind kind);
    void closeCurrent();
    void exportCurrent();
    void showAbout();
    void showShortcuts();
    void openFileDialog(bool folder);
    void compareLossLogs();
    void compareTraces();
    // Two dropped traces: compare them, or open them as one timeline (the user's choice).
    bool offerComparison(const QList<Core::SniffResult> &results, bool oneRun);
    // Exactly two trace files (not folders), both readable.
    static bool isTracePair(const QList<Core::SniffResult> &results);
    void useTraceStepAsCutoff();
    void setLanguage(const QString &language);
    void connectWorkspace(Widgets::Workspace *workspace);
    // A tab named something (an op type, a rank): every other tab shows it if it can.
    void followCrossLink(Widgets::Workspace *from, const Widgets::CrossLink &link);
    void openRankTimeline(const Widgets::CrossLink &link);
    Widgets::Workspace *tabAt(int index) const;
    Widgets::Workspace *currentWorkspace() const;
    void dropIfEmpty(Widgets::Workspace *workspace);
    void reportLoadResult();

    Widgets::LoadController *m_loads;
    Widgets::DiagnosticsPanel *m_diagnostics;
    Widgets::LoadProgressWidget *m_progress;
    Widgets::MessageBar *m_messageBar;
    QDockWidget *m_diagnosticsDock;
    QStackedWidget *m_stack;
    WelcomePage *m_welcome;
    Investigation *m_investigation = nullptr;
    QTabWidget *m_tabs;
    QMenu *m_recentMenu = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_openFolderAction = nullptr;
    QAction *m_compareLossAction = nullptr;
    QAction *m_compareCheckpointsAction = nullptr;
    QAction *m_compareTracesAction = nullptr;
    bool m_offerCompare = false; // the paths being routed were dropped
    QAction *m_stepCutoffAction = nullptr;
    QAction *m_closeAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_shortcutsAction = nullptr;
    QAction *m_aboutAction = nullptr;
    Widgets::JobSlot<QList<Core::SniffResult>> m_sniffJob;
    int m_openFailures = 0;   // paths of the latest open that could not be opened
    bool m_following = false; // a cross-link is being handed out: tabs that echo it are ignored
};

} // namespace Twinscope::App
