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

class MessageBar;
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
    // The timeline shows a preview of the file being loaded (issue #28); the banner says so.
    bool isShowingPreview() const { return m_preview.shown; }
    MessageBar *previewBanner() const { return m_previewBanner; }
    // How large a file must be to get a head preview, and how much of it (tests make both small).
    void setPreviewSettings(const Core::TracePreviewSettings &s) { m_previewSettings = s; }
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
    // First paint while loading (traceworkspacepreview.cpp).
    void requestPreviews(Core::TracePipelineInput &input);
    void showPreview(quint64 generation, const Core::TracePreview &preview);
    void updatePreviewBanner(int permille);
    // Takes the preview away; with keepRange the view range the user chose is remembered for the
    // loaded trace (restorePreviewRange).
    void endPreview(bool keepRange);
    void restorePreviewRange();
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
    // Previews come from a loading thread through this relay (deleted on the GUI thread), so a
    // preview posted after the workspace is gone is dropped with the relay's queued calls.
    std::shared_ptr<QObject> m_previewRelay;
    quint64 m_loadGeneration = 0; // a preview of an older load is dropped
    struct PreviewState
    {
        bool shown = false;
        bool whole = false;
        qint64 bytesRead = 0, fileBytes = 0;
        QString path;
        bool userRange = false; // the user zoomed or panned the preview
        qint64 fromNs = 0, toNs = 0;
    } m_preview;
    MessageBar *m_previewBanner = nullptr;
    Core::TracePreviewSettings m_previewSettings;
    JobSlot<Core::OpStatistics> m_rangeJob;
};

} // namespace Twinscope::Widgets
