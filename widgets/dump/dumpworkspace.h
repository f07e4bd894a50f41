#pragma once

#include "core/dump/divergencematrix.h"
#include "core/dump/overflowanalysis.h"
#include "core/dump/tensordetail.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QSpinBox;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace Twinscope::Core {
class CompareTableModel;
class RunSummaryModel;
class TensorStatsModel;
} // namespace Twinscope::Core

namespace Twinscope::Widgets {

class CompareTableView;
class DivergenceHeatmap;
class TensorDetailPane;

// The dump-comparison tab: two inputs (benchmark first, NPU second) are loaded and compared off the
// GUI thread; the per-layer heatmap, the compare table and the detail pane stay in sync on
// selection, and the first divergent tensor is selected on arrival. Whole runs (step*/rank* trees)
// add a step x rank summary whose rows open their run. One dump alone shows its statistics table
// (single-side overflow analysis); a compare-result file shows as a comparison.
class DumpWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit DumpWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~DumpWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Dump; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    QString exportFilter() const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;
    bool reveal(const Core::FindingLink &link) override;
    QList<ReportImage> reportFigures() const override;
    // A tensor named by another tab (the Model tab's node output, issue #26): its comparison row,
    // by key, else the first row of the call it names.
    bool follow(const Twinscope::Widgets::CrossLink &link) override;

    void compare(const QString &benchPath, const QString &npuPath);
    // Paths as the window sniffed them: the readers use those results (sniffed = true).
    void compare(const Core::SniffResult &bench, const Core::SniffResult &npu, bool sniffed = true);
    // One dump, no benchmark: every tensor's statistics, NaN/Inf and fp16 saturation, and the
    // first overflowing call, in a statistics table (issue #12). An msprobe/ptdbg compare result
    // (CSV, .xlsx) opens as a comparison instead.
    void analyse(const QString &path, const std::optional<Core::SniffResult> &sniff = std::nullopt);
    void openResult(const QString &path);
    void selectRow(int comparisonRow); // table, heatmap and detail pane follow

    const std::shared_ptr<const Core::DumpComparison> &comparison() const { return m_comparison; }
    // Several runs (msprobe step/rank folders on both sides): the heatmap can show one metric per
    // run.
    const std::shared_ptr<const Core::DumpSeries> &series() const { return m_series; }
    QComboBox *heatmapModeBox() const { return m_mode; }
    void showRun(int run);
    int currentRun() const { return m_run; }
    Core::CompareTableModel *model() const { return m_model; }
    Core::RunSummaryModel *runsModel() const { return m_runsModel; }
    QTableView *runsView() const { return m_runs; }
    Core::TensorStatsModel *statsModel() const { return m_statsModel; }
    QTableView *statsView() const { return m_statsView; }
    const std::shared_ptr<const Core::OverflowSeries> &overflow() const { return m_overflow; }
    DivergenceHeatmap *heatmap() const { return m_heatmap; }
    CompareTableView *tableView() const { return m_table; }
    QDoubleSpinBox *cosineThresholdEdit() const { return m_cosine; }
    // Limits menu (issue #16): the per-tensor element cap in millions, and whether files a dump
    // names outside its folder are read.
    QSpinBox *elementCapEdit() const { return m_capMillions; }
    QAction *allowOutsideAction() const { return m_allowOutside; }
    TensorDetailPane *detailPane() const { return m_detail; }

signals:
    void comparisonReady();
    void analysisReady();
    void detailReady(int comparisonRow);

private:
    void onCompared(const Core::Result<Core::DumpSeries> &result);
    void onAnalysed(const Core::Result<Core::OverflowSeries> &result);
    void showAnalysis(int run);
    void setSingleMode(bool single);
    Core::CompareOptions options() const;
    void saveThresholds();
    void addLimitsMenu(QHBoxLayout *bar);
    void showComparison(std::shared_ptr<const Core::DumpComparison> comparison,
                        const QString &label);
    void showRun(int run, const std::shared_ptr<const Core::DumpSeries> &series);
    void updateHeatmap();

    Core::CompareTableModel *m_model;
    Core::RunSummaryModel *m_runsModel;
    QTableView *m_runs;
    Core::TensorStatsModel *m_statsModel;
    QSortFilterProxyModel *m_statsProxy;
    QTableView *m_statsView;
    std::shared_ptr<const Core::OverflowSeries> m_overflow;
    DivergenceHeatmap *m_heatmap;
    CompareTableView *m_table;
    TensorDetailPane *m_detail;
    QSplitter *m_upper = nullptr; // heatmap | table
    QLabel *m_header;
    QDoubleSpinBox *m_cosine;
    QDoubleSpinBox *m_maxAbs;
    QDoubleSpinBox *m_statTolerance;
    QComboBox *m_mode;
    QSpinBox *m_capMillions = nullptr;
    QAction *m_allowOutside = nullptr;
    std::shared_ptr<const Core::DumpSeries> m_series;
    int m_run = 0;
    std::shared_ptr<const Core::DumpComparison> m_comparison;
    QList<Core::SniffResult> m_pending; // paths waiting for their partner, as sniffed
    QString m_benchPath, m_npuPath;
    // Rows of an imported compare result left out at the row cap (rows_capped): in the header.
    qint64 m_rowsCapped = 0;
    JobSlot<Core::DumpSeries> m_compareJob;
    JobSlot<Core::OverflowSeries> m_singleJob;
    JobSlot<Core::TensorDetail> m_detailJob;
    bool m_syncing = false;
};

} // namespace Twinscope::Widgets
