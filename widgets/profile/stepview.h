#pragma once

#include "core/models/phasetablemodel.h"

#include <QWidget>

class QCustomPlot;
class QLabel;

namespace Twinscope::Widgets {

class ProfileTableView;

// Steps of one rank (or the ranks' means) as a table and as stacked phase bars per row:
// Computing, Communication (not overlapped), Free and, with pipeline parallelism, Bubble — the
// breakdown of step_trace_time.csv, so a bar's height is the step time msprof-analyze counts.
class StepView : public QWidget
{
    Q_OBJECT

public:
    explicit StepView(QWidget *parent = nullptr);

    void setRows(std::vector<Core::PhaseRow> rows, const QString &labelHeader, const QString &note);

    Core::PhaseTableModel *model() const { return m_model; }
    ProfileTableView *table() const { return m_table; }
    QCustomPlot *plot() const { return m_plot; }

signals:
    void rowActivated(int key);

protected:
    void changeEvent(QEvent *event) override;

private:
    void replot();
    Core::PhaseTableModel *m_model;
    ProfileTableView *m_table;
    QCustomPlot *m_plot;
    QLabel *m_note;
};

// The colour of a phase in every Profile chart (bars, legends, heatmap headers).
QColor phaseColor(Core::StepPhase phase);

} // namespace Twinscope::Widgets
