#pragma once

#include "core/trace/tracealign.h"
#include "core/trace/tracepipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"
#include "widgets/timeline/timelineview.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;

namespace Twinscope::Core {
class OpStatisticsModel;
}

namespace Twinscope::Widgets {

class SliceDetailsWidget;
class TimelineDrawer;

// The Trace tab: a timeline of one or more chrome traces (one group per file or rank) with search
// and a bottom drawer for the selected slice and the selected area, and an op-statistics table
// (by op type or by name) with CSV export. Files load through the
// LoadController, statistics are computed there too; the GUI thread only lays out and paints.
class TraceWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit TraceWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~TraceWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Trace; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    QString exportFilter() const override;
    QString exportName(const QString &filter) const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;
    bool reveal(const Core::FindingLink &link) override;
    std::optional<qint64> firstStepEndNs() const override;
    bool follow(const Twinscope::Widgets::CrossLink &link) override;
    // A model-tree module's ranges (issue #26); says in the status bar when the trace has none.
    bool followModule(const CrossLink &link);

    TimelineView *timeline() const { return m_view; }
    SliceDetailsWidget *details() const { return m_details; }
    TimelineDrawer *drawer() const { return m_drawer; }
    QComboBox *statisticsGrouping() const { return m_statsGroup; }
    Core::OpStatisticsModel *statisticsModel() const { return m_statsModel; }
    QSortFilterProxyModel *statisticsProxy() const { return m_statsProxy; }
    Core::OpStatisticsModel *rangeModel() const { return m_rangeModel; }
    QLineEdit *searchBox() const { return m_search; }
    QComboBox *offsetGroup() const { return m_offsetGroup; }
    QDoubleSpinBox *offsetSpin() const { return m_offsetUs; }
    // Scrolls to the first file loaded from path (a file, or a folder such as a rank's profiler
    // folder); false when none of the open files is there.
    bool revealPath(const QString &path);

private:
    // Construction phases (traceworkspacepages.cpp).
    QWidget *createTimelinePage();
    QHBoxLayout *createToolBar(QWidget *timelinePage);
    QWidget *createStatisticsPage();
    void connectSearch();
    void connectTimeline();
    QWidget *createAreaPage();
    void layoutDrawer();
    void showStatistics();
    QStringList exportFilters() const;
    void startLoad();
    void onLoaded(const Core::Result<Core::TraceAnalysis> &result);
    void rebuild();
    void runSearch();
    void startRangeStatistics(qint64 fromNs, qint64 toNs, const QList<QPair<int, int>> &tracks);
    // Runs (issue #10): files of one folder or job keep their clock; separate runs are aligned
    // at their first complete step unless the user picks another mode in the run's header.
    std::vector<Core::TraceAlignInput> alignInputs() const;
    void applyAlignment();
    void chooseAlignment(int dataset, const QPoint &globalPos);
    static QString alignModeName(Core::TraceAlignMode mode);

    QTabWidget *m_tabs = nullptr;
    TimelineView *m_view = nullptr;
    SliceDetailsWidget *m_details = nullptr;
    QSplitter *m_split = nullptr;
    TimelineDrawer *m_drawer = nullptr;
    int m_drawerHeight = 260;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_regex = nullptr;
    QCheckBox *m_allFlows = nullptr;
    QCheckBox *m_byCategory = nullptr;
    QPushButton *m_help = nullptr;
    QLabel *m_hits = nullptr;
    QLabel *m_offsetLabel = nullptr;
    QComboBox *m_offsetGroup = nullptr; // which file/rank the offset box shifts
    QDoubleSpinBox *m_offsetUs = nullptr;
    QLineEdit *m_statsFilter = nullptr;
    QComboBox *m_statsGroup = nullptr;
    QTimer *m_filterDebounce = nullptr;
    QTableView *m_statsTable = nullptr;
    Core::OpStatisticsModel *m_statsModel = nullptr;
    QSortFilterProxyModel *m_statsProxy = nullptr;
    Core::OpStatisticsModel *m_rangeModel = nullptr;
    std::shared_ptr<const Core::OpStatistics> m_stats;      // as computed (by name)
    std::shared_ptr<const Core::OpStatistics> m_rangeStats; // of the area selection
    QLabel *m_rangeLabel = nullptr;

    QStringList m_pending;               // paths (files or folders) not loaded yet
    std::vector<TimelineInput> m_loaded; // in open order, grouped by run; groupTooltip = input path
    std::vector<std::shared_ptr<const Core::TraceSteps>> m_steps; // parallel to m_loaded
    std::vector<int> m_runs;                                      // parallel to m_loaded
    std::vector<Core::TraceAlignMode> m_alignModes;               // per run
    JobSlot<Core::TraceAnalysis> m_loadJob;
    JobSlot<Core::OpStatistics> m_rangeJob;
};

} // namespace Twinscope::Widgets
