#pragma once

#include "core/dump/divergencematrix.h"
#include "core/dump/tensordetail.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSplitter;

namespace Twinscope::Core {
class CompareTableModel;
}

namespace Twinscope::Widgets {

class CompareTableView;
class DivergenceHeatmap;
class TensorDetailPane;

// The dump-comparison tab: two inputs (benchmark first, NPU second) are loaded and compared off the
// GUI thread; the per-layer heatmap, the compare table and the detail pane stay in sync on
// selection.
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

    void compare(const QString &benchPath, const QString &npuPath);
    void selectRow(int comparisonRow); // table, heatmap and detail pane follow

    const std::shared_ptr<const Core::DumpComparison> &comparison() const { return m_comparison; }
    // Several runs (msprobe step/rank folders on both sides): the heatmap can show one metric per
    // run.
    const std::shared_ptr<const Core::DumpSeries> &series() const { return m_series; }
    QComboBox *heatmapModeBox() const { return m_mode; }
    void showRun(int run);
    Core::CompareTableModel *model() const { return m_model; }
    DivergenceHeatmap *heatmap() const { return m_heatmap; }
    CompareTableView *tableView() const { return m_table; }
    QDoubleSpinBox *cosineThresholdEdit() const { return m_cosine; }
    TensorDetailPane *detailPane() const { return m_detail; }

signals:
    void comparisonReady();
    void detailReady(int comparisonRow);

private:
    void onCompared(const Core::Result<Core::DumpSeries> &result);
    Core::CompareOptions options() const;
    void saveThresholds();
    void showComparison(std::shared_ptr<const Core::DumpComparison> comparison,
                        const QString &label);
    void updateHeatmap();

    Core::CompareTableModel *m_model;
    DivergenceHeatmap *m_heatmap;
    CompareTableView *m_table;
    TensorDetailPane *m_detail;
    QSplitter *m_upper = nullptr; // heatmap | table
    QLabel *m_header;
    QDoubleSpinBox *m_cosine;
    QDoubleSpinBox *m_maxAbs;
    QDoubleSpinBox *m_statTolerance;
    QComboBox *m_mode;
    std::shared_ptr<const Core::DumpSeries> m_series;
    int m_run = 0;
    std::shared_ptr<const Core::DumpComparison> m_comparison;
    QStringList m_pending; // paths waiting for their partner
    QString m_benchPath, m_npuPath;
    JobSlot<Core::DumpSeries> m_compareJob;
    JobSlot<Core::TensorDetail> m_detailJob;
    bool m_syncing = false;
};

} // namespace Twinscope::Widgets
