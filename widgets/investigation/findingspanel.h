#pragma once

#include "core/triage/triagepipeline.h"
#include "widgets/common/jobslot.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTextBrowser;
class QTreeWidget;

namespace Twinscope::Widgets {

// The findings of an investigation (issue #15): the problems first (critical, warning, info),
// then what was found to be fine, each row with its evidence and next action; the selected
// finding's reasoning, evidence and guide below, and the investigation's notes. Activating a row
// (double-click, Enter) asks the main window to open its evidence (linkActivated). The findings
// are drawn by runTriagePipeline on a worker, one job at a time (a newer investigation supersedes
// a running one).
class FindingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FindingsPanel(LoadController *loads, QWidget *parent = nullptr);

    // Draws the findings of these inputs again (after an open, a role change or a new setting).
    void setInvestigation(const Core::InvestigationFile &workspace);
    const Core::FindingList &findings() const { return m_findings; }
    std::shared_ptr<const Core::TriageAnalysis> analysis() const { return m_analysis; }
    bool isBusy() const { return m_job.isRunning(); }

    QString notes() const;
    void setNotes(const QString &notes);

    QTreeWidget *list() const { return m_list; }
    QLabel *summary() const { return m_summary; }

signals:
    void linkActivated(const Twinscope::Core::FindingLink &link);
    void findingsChanged();
    void notesEdited();

protected:
    void changeEvent(QEvent *event) override;

private:
    void showFindings();
    void showDetails();
    void retranslate();

    QLabel *m_summary;
    QTreeWidget *m_list;
    QTextBrowser *m_details;
    QLabel *m_notesLabel;
    QPlainTextEdit *m_notes;
    Core::FindingList m_findings;
    std::shared_ptr<const Core::TriageAnalysis> m_analysis;
    JobSlot<Core::TriageAnalysis> m_job;
    bool m_settingNotes = false;
};

} // namespace Twinscope::Widgets
