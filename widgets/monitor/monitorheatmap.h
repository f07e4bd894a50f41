#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;

namespace Twinscope::Widgets {

// The monitor tab's step x module heatmap (issue #27): steps along x, modules down y (model order,
// first at the top), one colour per cell on a log scale with a labelled colour legend. Cells
// without a value are grey. Anomalies are crosses on their cells, the first departure a ring.
// Clicking a cell emits its module and step.
class MonitorHeatmap : public QWidget
{
    Q_OBJECT

public:
    explicit MonitorHeatmap(QWidget *parent = nullptr);

    struct Marker
    {
        int stepIndex = 0;
        int module = 0;
    };
    // values: steps x modules, row-major by step (values[step * modules + module]); NaN: no
    // value. Non-positive values go to the low end of the log scale (a zero NaN count is fine).
    void setCells(const std::vector<qint64> &steps,
                  const QStringList &modules,
                  const std::vector<float> &values,
                  const QString &legend,
                  double fixedLow = 0,
                  double fixedHigh = 0);
    void setAnomalies(const std::vector<Marker> &anomalies);
    void setDeparture(const Marker *departure);
    void clear();
    QCustomPlot *plot() const { return m_plot; }
    QPoint cellCenter(int stepIndex, int module) const;

signals:
    void cellClicked(int module, int stepIndex);

private:
    QCustomPlot *m_plot = nullptr;
    QCPColorMap *m_map = nullptr;
    QCPColorScale *m_scale = nullptr;
    QCPGraph *m_anomalies = nullptr;
    QCPGraph *m_departure = nullptr;
    std::vector<qint64> m_steps;
    int m_modules = 0;
};

} // namespace Twinscope::Widgets
