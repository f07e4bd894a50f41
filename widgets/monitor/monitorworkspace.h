#pragma once

#include "core/monitor/monitorpipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

#include <memory>

class QComboBox;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace Twinscope::Widgets {

class MonitorHeatmap;

// The "Training monitor" tab (issue #27): msprobe's per-module statistics over steps as a step x
// module heatmap per metric (log colour scale), a rank selector, the curves of a clicked module,
// and msprobe's anomalies listed and marked on the heatmap. Two monitor folders opened together
// are benchmark A and run under test B: the heatmap can show the gap over each module's noise
// floor, and the first departure is ringed and stated.
class MonitorWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit MonitorWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~MonitorWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Monitor; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    void chooseInputs() override;
    bool reveal(const Core::FindingLink &link) override;
    QList<ReportImage> reportFigures() const override;
    QStringList summaryLines() const override;
    bool follow(const Twinscope::Widgets::CrossLink &link) override;

    // For tests.
    MonitorHeatmap *heatmap() const { return m_heatmap; }
    QCustomPlot *curves() const { return m_curves; }
    QTableWidget *anomalyTable() const { return m_anomalies; }
    QComboBox *rankBox() const { return m_rank; }
    QComboBox *metricBox() const { return m_metric; }
    QComboBox *viewBox() const { return m_view; }
    std::shared_ptr<const Core::MonitorAnalysis> analysis() const { return m_analysis; }
    QString summaryText() const;
    bool isBusy() const;
    void selectModule(const QString &module);
    QString selectedModule() const { return m_module; }

private:
    void onDone(const Core::Result<Core::MonitorAnalysis> &r);
    void fillChoosers();
    void redraw();
    void drawCurves();
    void fillAnomalies();
    const Core::MonitorRank *rankOf(int run) const;

    QStringList m_paths;
    std::shared_ptr<const Core::MonitorAnalysis> m_analysis;
    JobSlot<Core::MonitorAnalysis> m_job;
    QString m_module;

    MonitorHeatmap *m_heatmap = nullptr;
    QCustomPlot *m_curves = nullptr;
    QTableWidget *m_anomalies = nullptr;
    QComboBox *m_rank = nullptr;
    QComboBox *m_metric = nullptr;
    QComboBox *m_view = nullptr;
    QLabel *m_summary = nullptr;
};

} // namespace Twinscope::Widgets
