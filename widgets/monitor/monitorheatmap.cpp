#include "monitorheatmap.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace Twinscope::Widgets {

MonitorHeatmap::MonitorHeatmap(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumHeight(160);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    // A log scale: gradient norms of one model span decades, and a linear scale would show one
    // hot row and a flat field.
    m_scale->setDataScaleType(QCPAxis::stLogarithmic);
    m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_scale->axis()->setNumberFormat(QStringLiteral("eb"));
    m_scale->axis()->setNumberPrecision(0);
    // Viridis: sequential and colour-blind safe; grey marks cells without a value.
    QCPColorGradient gradient;
    gradient.setColorStops({{0.0, QColor(0x44, 0x01, 0x54)},
                            {0.25, QColor(0x3b, 0x52, 0x8b)},
                            {0.5, QColor(0x21, 0x91, 0x8c)},
                            {0.75, QColor(0x5e, 0xc9, 0x62)},
                            {1.0, QColor(0xfd, 0xe7, 0x25)}});
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(QColor(200, 200, 200));
    m_map->setGradient(gradient);
    m_map->setInterpolate(false);
    auto *margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_plot->xAxis->setLabel(tr("step"));
    m_plot->yAxis->setLabel(tr("module"));
    m_plot->yAxis->setRangeReversed(true); // the model's first module at the top
    m_anomalies = m_plot->addGraph();
    m_anomalies->setLineStyle(QCPGraph::lsNone);
    m_anomalies->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCross, QPen(QColor(255, 80, 80), 1.5), Qt::NoBrush, 7));
    m_anomalies->setName(tr("msprobe anomaly"));
    m_departure = m_plot->addGraph();
    m_departure->setLineStyle(QCPGraph::lsNone);
    m_departure->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(230, 0, 0), 2.5), Qt::NoBrush, 16));
    m_departure->setName(tr("first departure"));
    // The legend in a row under the plot: inside, it would hide the cells it explains.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *e) {
        if (!m_plot->axisRect()->rect().contains(e->pos()))
            return;
        double key = 0;
        double value = 0;
        m_map->pixelsToCoords(e->pos(), key, value);
        const int module = int(std::lround(value));
        const int step = int(std::lround(key)); // x is the step index (see setCells)
        if (module < 0 || module >= m_modules || step < 0 || step >= int(m_steps.size()))
            return;
        emit cellClicked(module, step);
    });
}

void MonitorHeatmap::setCells(const std::vector<qint64> &steps,
                              const QStringList &modules,
                              const std::vector<float> &values,
                              const QString &legend,
                              double fixedLow,
                              double fixedHigh)
{
    m_steps = steps;
    m_modules = int(modules.size());
    const int nS = int(steps.size());
    const int nM = m_modules;
    if (nS == 0 || nM == 0) {
        clear();
        return;
    }
    // Cells are step indices: steps may be sparse (every 10th), and the map needs equal cells.
    // The x axis shows step numbers through a text ticker when the steps are not 0..n-1.
    auto *grid = new QCPColorMapData(nS, nM, QCPRange(0, nS - 1), QCPRange(0, nM - 1));
    double low = HUGE_VAL;
    double high = 0;
    for (float v : values)
        if (std::isfinite(v) && std::fabs(v) > 0) {
            low = std::min(low, double(std::fabs(v)));
            high = std::max(high, double(std::fabs(v)));
        }
    if (fixedHigh > fixedLow && fixedLow > 0) {
        low = fixedLow;
        high = fixedHigh;
    }
    if (!(high > 0)) {
        low = 1e-3;
        high = 1;
    }
    if (high <= low)
        high = low * 10;
    for (int s = 0; s < nS; ++s)
        for (int m = 0; m < nM; ++m) {
            const float v = values[size_t(s) * size_t(nM) + size_t(m)];
            double z = std::fabs(double(v));
            if (std::isnan(v))
                z = std::nan("");
            else if (!(z > 0))
                z = low; // zero: the low end, not a hole
            else if (std::isinf(z))
                z = high;
            grid->setCell(s, m, z);
        }
    m_map->setData(grid);
    m_map->setDataRange(QCPRange(low, high));
    m_scale->axis()->setLabel(legend);
    QSharedPointer<QCPAxisTickerText> xt(new QCPAxisTickerText);
    const int xEvery = std::max(1, nS / 10);
    for (int s = 0; s < nS; s += xEvery)
        xt->addTick(s, QString::number(steps[size_t(s)]));
    m_plot->xAxis->setTicker(xt);
    QSharedPointer<QCPAxisTickerText> yt(new QCPAxisTickerText);
    // A label per row while they fit; beyond, every n-th (a thousand names are a blob).
    const int rowsFit = std::max(1, m_plot->axisRect()->height() / (fontMetrics().height() + 2));
    const int yEvery = std::max(1, (nM + rowsFit - 1) / rowsFit);
    for (int m = 0; m < nM; m += yEvery)
        yt->addTick(m, fontMetrics().elidedText(modules[m], Qt::ElideMiddle, 220));
    m_plot->yAxis->setTicker(yt);
    m_plot->xAxis->setRange(-0.5, nS - 0.5);
    m_plot->yAxis->setRange(-0.5, nM - 0.5);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MonitorHeatmap::setAnomalies(const std::vector<Marker> &anomalies)
{
    QVector<double> x;
    QVector<double> y;
    for (const Marker &a : anomalies) {
        x << a.stepIndex;
        y << a.module;
    }
    m_anomalies->setData(x, y);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MonitorHeatmap::setDeparture(const Marker *departure)
{
    if (departure)
        m_departure->setData({double(departure->stepIndex)}, {double(departure->module)});
    else
        m_departure->data()->clear();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MonitorHeatmap::clear()
{
    m_map->data()->clear();
    m_anomalies->data()->clear();
    m_departure->data()->clear();
    m_steps.clear();
    m_modules = 0;
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QPoint MonitorHeatmap::cellCenter(int stepIndex, int module) const
{
    double x = 0;
    double y = 0;
    m_map->coordsToPixels(stepIndex, module, x, y);
    return QPoint(int(x), int(y));
}

} // namespace Twinscope::Widgets
