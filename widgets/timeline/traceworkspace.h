#pragma once

#include "core/trace/tracepipeline.h"
#include "timelineview.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;

namespace Twinscope::Core {
class OpStatisticsModel;
}

namespace Twinscope::Widgets {

class SliceDetailsWidget;

// The Trace tab: a timeline of one or more chrome traces (one group per file or rank) with a
// details pane and search, and an op-statistics table with CSV export. Files load through the
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
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;

    TimelineView *timeline() const { return m_view; }
    SliceDetailsWidget *details() const { return m_details; }
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
    void startLoad();
    void onLoaded(const Core::Result<Core::TraceAnalysis> &result);
    void rebuild();
    void runSearch();
    void startRangeStatistics(qint64 fromNs, qint64 toNs, const QList<QPair<int, int>> &tracks);

    QTabWidget *m_tabs = nullptr;
    TimelineView *m_view = nullptr;
    SliceDetailsWidget *m_details = nullptr;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_regex = nullptr;
    QCheckBox *m_allFlows = nullptr;
    QLabel *m_hits = nullptr;
    QLabel *m_offsetLabel = nullptr;
    QComboBox *m_offsetGroup = nullptr; // which file/rank the offset box shifts
    QDoubleSpinBox *m_offsetUs = nullptr;
    QLineEdit *m_statsFilter = nullptr;
    QTimer *m_filterDebounce = nullptr;
    QTableView *m_statsTable = nullptr;
    Core::OpStatisticsModel *m_statsModel = nullptr;
    QSortFilterProxyModel *m_statsProxy = nullptr;
    Core::OpStatisticsModel *m_rangeModel = nullptr;
    QLabel *m_rangeLabel = nullptr;

    QStringList m_pending;               // paths (files or folders) not loaded yet
    std::vector<TimelineInput> m_loaded; // in open order
    JobSlot<Core::TraceAnalysis> m_loadJob;
    JobSlot<Core::OpStatistics> m_rangeJob;
};

} // namespace Twinscope::Widgets
