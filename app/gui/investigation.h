#pragma once

#include "core/common/filesniffer.h"
#include "core/triage/finding.h"
#include "core/triage/investigationfile.h"
#include "core/triage/recovery.h"
#include "core/triage/workspacetrust.h"
#include "widgets/common/jobslot.h"

#include <QObject>

#include <memory>

class QAction;
class QDockWidget;

namespace Twinscope::Widgets {
class ChecklistPanel;
class FindingsPanel;
} // namespace Twinscope::Widgets

namespace Twinscope::App {

class MainWindow;

// One investigation per window (issue #15): the inputs opened so far with their roles (the
// first of a kind is the benchmark, the second the run under test, as the tabs take them), the
// notes, the findings panel (a dock) and the .twinscope file behind them: File ▸ Open / Save /
// Save As Investigation, Export Findings Report (PDF or HTML), crash recovery through a
// RecoveryAutosaver, and the findings' links, which open the evidence in its tab.
class Investigation : public QObject
{
    Q_OBJECT

public:
    explicit Investigation(MainWindow *window);
    ~Investigation() override;

    QAction *openAction() const { return m_open; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QAction *exportAction() const { return m_export; }
    QDockWidget *dock() const { return m_dock; }
    Widgets::FindingsPanel *panel() const { return m_panel; }
    Widgets::ChecklistPanel *checklistPanel() const { return m_checklist; }

    const Core::InvestigationFile &workspace() const { return m_workspace; }
    QString filePath() const { return m_path; }

    static bool isInvestigationPath(const QString &path);
    // Paths the main window routed to a tab join the investigation.
    void addInputs(const QList<Core::SniffResult> &inputs);
    // Reads a .twinscope file off the GUI thread, then opens its inputs (benchmarks first).
    void open(const QString &path);
    bool saveTo(const QString &path, QString *error);
    bool writeReport(const QString &path, QString *error) const;
    // Turns crash recovery (the autosave) on: the real app's interactive sessions; tests point
    // TWINSCOPE_RECOVERY_DIR at a temporary folder first.
    void enableRecovery();
    // Turns recovery on and offers the recovery file of a session that ended without closing.
    void offerRecovery();
    // The window closes normally: the recovery file is not needed.
    void sessionEnded();

signals:
    void changed();

private:
    void apply(const Core::InvestigationFile &workspace, const QString &path);
    void askConsent(const Core::InvestigationFile &workspace,
                    const Core::WorkspaceReview &review,
                    const QString &path);
    void touched();
    void openEvidence(const Core::FindingLink &link);
    void saveAsDialog();
    void exportDialog();
    void openDialog();
    void updateTitle();

    MainWindow *m_window;
    Widgets::FindingsPanel *m_panel;
    Widgets::ChecklistPanel *m_checklist;
    QDockWidget *m_dock;
    QAction *m_open;
    QAction *m_save;
    QAction *m_saveAs;
    QAction *m_export;
    Core::InvestigationFile m_workspace;
    QString m_path;
    std::unique_ptr<Core::RecoveryAutosaver> m_autosaver;
    Widgets::JobSlot<Core::InvestigationFile> m_openJob;
    bool m_recovery = false;
};

} // namespace Twinscope::App
