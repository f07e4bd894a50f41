#pragma once

#include "core/dump/modulepipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;
class QTreeView;

namespace Twinscope::Widgets {

class ModuleTreeFilter;
class ModuleTreeModel;

// The Model tab (issue #26): msprobe's module tree of an NPU dump against its benchmark (two
// dump folders of level L0/mix) or msprobe's own .vis.db, as one tree with both sides' values,
// coloured by msprobe's five bands (legend above), the path to the first divergent module
// expanded and selected. Search and filters (band, overflow, modules only) keep the matches'
// parents; the step/rank selector reruns the compare; the detail pane shows the node's inputs and
// outputs on both sides and its stack. "Show in Dumps" names the node's output tensor to the
// other tabs.
class ModelWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit ModelWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~ModelWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Model; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    QStringList summaryLines() const override;
    bool reveal(const Core::FindingLink &link) override;

    // Compares npu with bench (two dump folders), or shows npu alone when it is a .vis.db.
    void compare(const QString &npu, const QString &bench, int step = -1, int rank = -1);
    void selectNode(int node);

    const std::shared_ptr<const Core::ModulePipelineResult> &result() const { return m_result; }
    QTreeView *treeView() const { return m_tree; }
    ModuleTreeModel *model() const { return m_model; }
    ModuleTreeFilter *filter() const { return m_filter; }
    QLineEdit *searchBox() const { return m_search; }
    QComboBox *bandBox() const { return m_band; }
    QComboBox *stepRankBox() const { return m_stepRank; }
    QCheckBox *overflowBox() const { return m_overflow; }
    QTextBrowser *detail() const { return m_detail; }
    QPushButton *showParametersButton() const { return m_showParameters; }
    QPushButton *showRangesButton() const { return m_showRanges; }
    QLabel *header() const { return m_header; }

signals:
    void compared();

private:
    void onCompared(const Core::Result<Core::ModulePipelineResult> &result);
    void showCurrent();
    void expandToFirstDivergent();
    void showInDumps();
    // The current node's module (an API's enclosing one) to a checkpoint or timeline tab.
    void showModule(CrossLink::Subject subject);
    void selectWhenCompared(const QString &nodeId);

    JobSlot<Core::ModulePipelineResult> m_job;
    std::shared_ptr<const Core::ModulePipelineResult> m_result;
    QString m_npu, m_bench;
    QLabel *m_header = nullptr;
    QPushButton *m_showInDumps = nullptr;
    QPushButton *m_showParameters = nullptr;
    QPushButton *m_showRanges = nullptr;
    QComboBox *m_stepRank = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_band = nullptr;
    QCheckBox *m_overflow = nullptr;
    QCheckBox *m_modulesOnly = nullptr;
    QCheckBox *m_fuzzy = nullptr;
    QTreeView *m_tree = nullptr;
    QTextBrowser *m_detail = nullptr;
    ModuleTreeModel *m_model = nullptr;
    ModuleTreeFilter *m_filter = nullptr;
    QWidget *m_legend = nullptr;
    QString m_revealAfterCompare; // a finding's node, shown once the running compare is done
};

} // namespace Twinscope::Widgets
