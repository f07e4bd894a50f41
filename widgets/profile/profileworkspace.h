#pragma once

#include "core/profile/profilepipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

#include <memory>

class QComboBox;
class QLabel;
class QTabWidget;

namespace Twinscope::Widgets {

class ClusterView;
class CommunicationView;
class FilesView;
class KernelView;
class MemoryView;
class StepView;

// The Profile tab (issue #11): Ascend profiler folders and clusters. A summary line, a rank
// selector (all ranks merged, or one rank's own tables) and views for kernels, steps,
// communication, memory, the cluster and the files read. Loading runs the profile pipeline through
// the LoadController; views that have nothing to show are disabled with a tool tip that says why.
class ProfileWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit ProfileWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~ProfileWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Profile; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    QString exportFilter() const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;

    const Core::ProfileAnalysis *analysis() const { return m_analysis.get(); }
    // Selects the op type's row in the kernel table (a link from another tab); false if absent.
    bool selectOpType(const QString &type);
    bool reveal(const Core::FindingLink &link) override;
    // The header's lines in plain text: ranks, steps per rank, the dominant phase, slow ranks.
    QStringList summaryLines() const override;
    void showRank(int rank); // -1: all ranks

    QLabel *summary() const { return m_summary; }
    QComboBox *rankBox() const { return m_rank; }
    QTabWidget *tabs() const { return m_tabs; }
    KernelView *kernels() const { return m_kernels; }
    StepView *steps() const { return m_steps; }
    CommunicationView *communication() const { return m_communication; }
    MemoryView *memory() const { return m_memory; }
    ClusterView *cluster() const { return m_cluster; }
    FilesView *files() const { return m_files; }

signals:
    // An op type chosen in the kernel table: the main window searches the timeline for it and
    // shows its compile signatures in the op-info tab.
    void opTypeSelected(const QString &type);
    // A rank chosen in the cluster view: the main window shows its timeline.
    void rankTimelineRequested(int rank, const QString &path);
    void analysisUpdated();

private:
    void startLoad();
    void showLoaded(const std::shared_ptr<const Core::ProfileAnalysis> &analysis);
    void fillViews();
    void updateSummary();
    void enableTabs();

    QStringList m_paths;
    std::shared_ptr<const Core::ProfileAnalysis> m_analysis;
    JobSlot<Core::ProfileAnalysis> m_job;
    int m_shownRank = -1;

    QLabel *m_summary = nullptr;
    QComboBox *m_rank = nullptr;
    QTabWidget *m_tabs = nullptr;
    KernelView *m_kernels = nullptr;
    StepView *m_steps = nullptr;
    CommunicationView *m_communication = nullptr;
    MemoryView *m_memory = nullptr;
    ClusterView *m_cluster = nullptr;
    FilesView *m_files = nullptr;
};

} // namespace Twinscope::Widgets
