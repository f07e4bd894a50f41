#pragma once

#include "core/profile/profileanalysis.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QCPColorMap;
class QLabel;

namespace Twinscope::Core {
class PhaseTableModel;
}

namespace Twinscope::Widgets {

class ProfileTableView;

// The cluster view (issue #11): one row per rank with its mean phases, a rank × phase heatmap
// coloured by how far each value is from the median of all ranks (in units of the slow-rank rule's
// threshold, so a cell past +1 is a slow rank), and the slow ranks and links with the rule that
// named them. Clicking a rank asks for its timeline.
class ClusterView : public QWidget
{
    Q_OBJECT

public:
    explicit ClusterView(QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const Core::ProfileAnalysis> analysis);

    Core::PhaseTableModel *model() const { return m_model; }
    ProfileTableView *table() const { return m_table; }
    QCustomPlot *heatmap() const { return m_plot; }
    QLabel *findings() const { return m_findings; }
    // The heatmap cell of a rank row and phase column, for tests.
    QPoint cellCenter(int rankRow, int column) const;
    // The heatmap cell's value in thresholds over the median (NaN: unknown), for tests.
    double cellValue(int rankRow, int column) const;
    static constexpr Core::StepPhase Columns[] = {Core::StepPhase::Computing,
                                                  Core::StepPhase::CommunicationNotOverlapped,
                                                  Core::StepPhase::Overlapped,
                                                  Core::StepPhase::Free,
                                                  Core::StepPhase::Bubble};

signals:
    void rankActivated(int rank, const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fillHeatmap();
    void fillFindings();
    void activateRow(int row);
    std::shared_ptr<const Core::ProfileAnalysis> m_analysis;
    Core::PhaseTableModel *m_model;
    ProfileTableView *m_table;
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QLabel *m_findings;
};

} // namespace Twinscope::Widgets
