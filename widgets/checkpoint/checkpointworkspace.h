#pragma once

#include "core/checkpoint/checkpointpipeline.h"
#include "core/dump/tensordetail.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;

namespace Twinscope::Core {
class CompareTableModel;
class ParameterMappingModel;
} // namespace Twinscope::Core

namespace Twinscope::Widgets {

class CompareTableView;
class DivergenceHeatmap;
class TensorDetailPane;

// The Checkpoints tab (issue #13): two checkpoints (A, usually PyTorch, and B, usually MindSpore)
// are loaded and compared off the GUI thread by runCheckpointPipeline. The header says the
// structure check first; the Comparison page reuses the dump comparison's heatmap (parameters
// grouped by layer), compare table and detail pane; the Structure page lists how every name was
// paired and what was left over. "Compare updates…" adds the before-step checkpoints.
class CheckpointWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit CheckpointWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~CheckpointWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Checkpoint; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    QString exportFilter() const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;

    // Compares A with B; with both before paths, their updates (after − before).
    void compare(const QString &a,
                 const QString &b,
                 const QString &beforeA = {},
                 const QString &beforeB = {});
    void selectRow(int comparisonRow); // table, heatmap, mapping and detail pane follow
    // File > Compare Checkpoints...: asks for A, then B, and compares them whatever their sniffed
    // kind (an HDF5 or .npz of parameters otherwise opens as a dump).
    void chooseFiles();
    void chooseInputs() override { chooseFiles(); }
    bool reveal(const Core::FindingLink &link) override;
    // A model-tree module's parameters (issue #26): the table filtered to its prefix.
    bool follow(const Twinscope::Widgets::CrossLink &link) override;

    const std::shared_ptr<const Core::CheckpointComparison> &comparison() const
    {
        return m_comparison;
    }
    QLabel *header() const { return m_header; }
    QTabWidget *pages() const { return m_pages; }
    QComboBox *heatmapModeBox() const { return m_mode; }
    QPushButton *updateButton() const { return m_update; }
    DivergenceHeatmap *heatmap() const { return m_heatmap; }
    CompareTableView *tableView() const { return m_table; }
    Core::CompareTableModel *model() const { return m_model; }
    Core::ParameterMappingModel *mappingModel() const { return m_mappingModel; }
    QTableView *mappingView() const { return m_mappingView; }
    TensorDetailPane *detailPane() const { return m_detail; }

signals:
    void comparisonReady();
    void detailReady(int comparisonRow);

private:
    void onCompared(const Core::Result<Core::CheckpointComparison> &result);
    void chooseBeforeFiles();
    void askForFile(const QString &caption,
                    const QString &near,
                    std::function<void(const QString &)> done);
    void updateHeatmap();
    QString structureText() const;
    QWidget *buildComparisonPage();
    QWidget *buildStructurePage();

    Core::CompareTableModel *m_model;
    Core::ParameterMappingModel *m_mappingModel;
    DivergenceHeatmap *m_heatmap;
    CompareTableView *m_table;
    TensorDetailPane *m_detail;
    QTableView *m_mappingView;
    QSortFilterProxyModel *m_mappingProxy;
    QLineEdit *m_mappingFilter;
    QLabel *m_header;
    QComboBox *m_mode;
    QPushButton *m_update;
    QTabWidget *m_pages;
    std::shared_ptr<const Core::CheckpointComparison> m_comparison;
    Core::CheckpointPipelineInput m_input;
    QStringList m_pending; // paths waiting for their partner
    JobSlot<Core::CheckpointComparison> m_compareJob;
    JobSlot<Core::TensorDetail> m_detailJob;
    bool m_syncing = false;
};

} // namespace Twinscope::Widgets
