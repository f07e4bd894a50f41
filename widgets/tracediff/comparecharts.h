#pragma once

#include "core/trace/tracediff.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;

namespace Twinscope::Widgets {

// The Compare tab's answer at a glance (issue #29), drawn from the TraceDiff core computed:
// - where the step went: one stacked bar per side by category, the gap written beside them;
// - which ops moved: diverging bars of the 20 largest op deltas, slower to the right, faster to
//   the left; ops that only wait for the device (aten::item, stream synchronisation) are marked as
//   symptoms, since they grow with whatever slower work was queued before them;
// - the device phases of both sides as bars with their values.
// Clicking an op bar asks for that op in the Op diff table (opChosen).
class CompareCharts : public QWidget
{
    Q_OBJECT

public:
    static constexpr int TopOps = 20;

    explicit CompareCharts(QWidget *parent = nullptr);

    void setDiff(std::shared_ptr<const Core::TraceDiff> diff);

    // For tests and screenshots.
    QCustomPlot *stepPlot() const { return m_steps; }
    QCustomPlot *opPlot() const { return m_ops; }
    QCustomPlot *phasePlot() const { return m_phases; }
    QString gapText() const { return m_gapText; }
    // The op rows drawn, top to bottom (indices into TraceDiff::ops), and their axis labels.
    const std::vector<int> &opRows() const { return m_opRows; }
    QStringList opLabels() const;

signals:
    void opChosen(const QString &name, Core::OpLevel level);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void plotSteps();
    void plotOps();
    void plotPhases();
    void styleAxes(QCustomPlot *plot);
    int stepLegendColumns() const;

    std::shared_ptr<const Core::TraceDiff> m_diff;
    QCustomPlot *m_steps;
    QCustomPlot *m_ops;
    QCustomPlot *m_phases;
    QLabel *m_noPhases;
    QString m_gapText;
    std::vector<int> m_opRows;
};

} // namespace Twinscope::Widgets
