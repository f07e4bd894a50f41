#pragma once

#include "core/opinfo/compilechart.h"

#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemRect;
class QCPItemText;

namespace Twinscope::Widgets {

// Compile events over time, one row per op type (the recompile chart): first compiles, repeats,
// new signatures (recompiles) and truncated records as scatter points, the cut-off as a line.
class CompileChartView : public QWidget
{
    Q_OBJECT

public:
    explicit CompileChartView(QWidget *parent = nullptr);

    void setChart(const Core::CompileChartData &chart);
    void setSelectedType(const QString &type);
    QCustomPlot *plot() const { return m_plot; }

signals:
    void typeClicked(const QString &type);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyColours();

    QCustomPlot *m_plot = nullptr;
    QCPGraph *m_graphs[Core::CompileChartData::KindCount] = {};
    QCPItemStraightLine *m_cutoff = nullptr;
    QCPItemRect *m_selection = nullptr;
    QCPItemText *m_empty = nullptr;
    QStringList m_rows;
};

} // namespace Twinscope::Widgets
