#pragma once

#include "core/trace/tracediffpipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QVBoxLayout;
class QTableView;

namespace Twinscope::Core {
class CategoryDiffModel;
class OpDiffModel;
class OpShapeModel;
class PhaseDiffModel;
class StepDiffModel;
} // namespace Twinscope::Core

namespace Twinscope::Widgets {

class CompareCharts;
class PhaseBarDelegate;
class StackedTimelines;

// Op statistics by input shape of both runs, computed on demand (it reads every op's args).
struct OpShapeTables
{
    std::vector<Core::OpShapeRow> baseline, target;
    double baselineScale = 1, targetScale = 1;
};

// The Compare tab (issue #10): "why is the target's step slower?" Two runs (a trace or a folder of
// ranks each) as baseline and target, swappable: a summary line, the steps side by side with their
// phase bars, the compared steps' phases, where the step time went by category, the op diff at
// two levels, the two timelines stacked and aligned at the compared steps, ops by input shape.
// Loading and comparing run in job slots (progress and Cancel in the status bar); a swap, another
// step or a mapping file re-compares the loaded runs without reading them again.
class TraceCompareWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit TraceCompareWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~TraceCompareWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Trace; }
    bool takesOpenedPaths() const override { return false; }
    // A trace finding's op: the Op diff filtered to it (an investigation's two traces open here).
    bool reveal(const Core::FindingLink &link) override;
    QString opFilterText() const;
    QString title() const override;
    // Two paths: the first is the baseline.
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    void compare(const QString &baseline, const QString &target);
    bool isEmpty() const override;
    void closeAll() override;
    QString exportFilter() const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;

    void swapSides();
    // -2: every step, -1: the median step, N: the N-th step of each run.
    void setStepChoice(int choice);
    void setFamilyFile(const QString &path);

    // For tests and screenshots.
    std::shared_ptr<const Core::TraceDiff> diff() const { return m_diff; }
    QString summaryText() const;
    // The headline and the steps each side used: what the consistency test and the report read.
    QStringList summaryLines() const override;
    Core::OpDiffModel *opModel() const { return m_opModel; }
    Core::CategoryDiffModel *categoryModel() const { return m_categoryModel; }
    Core::StepDiffModel *stepModel() const { return m_stepModel; }
    Core::PhaseDiffModel *phaseModel() const { return m_phaseModel; }
    Core::OpShapeModel *shapeModel() const { return m_shapeModel; }
    StackedTimelines *timelines() const { return m_timelines; }
    CompareCharts *charts() const { return m_charts; }
    // Shows the op's row in the Op diff table (what clicking its bar in the charts does).
    void showOpRow(const QString &name, Core::OpLevel level);
    QTabWidget *tabs() const { return m_tabs; }
    QTableView *opTable() const { return m_opTable; }
    bool isBusy() const;

signals:
    void compared();

private:
    // Construction phases (tracecomparepages.cpp).
    void createTopBar(QVBoxLayout *layout);
    QWidget *createChartsPage();
    QWidget *createStepsPage();
    QWidget *createCategoriesPage();
    QWidget *createOpsPage();
    QWidget *createShapesPage();
    void startLoad();
    void recompare();
    void showDiff(std::shared_ptr<const Core::TraceDiff> diff);
    void startShapes();
    void highlightOp(const QModelIndex &proxyIndex);
    Core::TraceDiffOptions options() const;

    QLabel *m_summary = nullptr;
    QLabel *m_sides = nullptr;
    QPushButton *m_swap = nullptr;
    QComboBox *m_step = nullptr;
    QPushButton *m_mapButton = nullptr;
    QComboBox *m_level = nullptr;
    QLineEdit *m_opFilter = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableView *m_stepTable = nullptr;
    QTableView *m_phaseTable = nullptr;
    QTableView *m_categoryTable = nullptr;
    QTableView *m_opTable = nullptr;
    QTableView *m_shapeTable = nullptr;
    StackedTimelines *m_timelines = nullptr;
    CompareCharts *m_charts = nullptr;
    PhaseBarDelegate *m_bars = nullptr;
    Core::StepDiffModel *m_stepModel = nullptr;
    Core::PhaseDiffModel *m_phaseModel = nullptr;
    Core::CategoryDiffModel *m_categoryModel = nullptr;
    Core::OpDiffModel *m_opModel = nullptr;
    Core::OpShapeModel *m_shapeModel = nullptr;
    QSortFilterProxyModel *m_opProxy = nullptr;

    QString m_baselinePath, m_targetPath, m_familyFile;
    std::shared_ptr<const Core::TraceDiffSide> m_baseline, m_target;
    std::shared_ptr<const Core::OpFamilyMap> m_families;
    std::shared_ptr<const Core::TraceDiff> m_diff;
    int m_stepChoice = -1;
    JobSlot<Core::TraceDiffAnalysis> m_loadJob;
    JobSlot<Core::TraceDiff> m_compareJob;
    JobSlot<OpShapeTables> m_shapeJob;
};

} // namespace Twinscope::Widgets
