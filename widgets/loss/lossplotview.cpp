#include "lossplotview.h"

#include "core/common/plaintooltip.h"
#include "core/loss/losscurvemath.h"
#include "stepticker.h"
#include "widgets/common/svgexport.h"

#include <QHelpEvent>
#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// Above this many drawn points per pixel column (all curves together), curves are painted without
// antialiasing and with 1 px pens: antialiased 2 px zig-zags cost ~20 ms a frame at 1920x1080,
// crisp ones ~2 ms (docs/PERFORMANCE.md).
constexpr qsizetype AntialiasedPointsPerColumn = 2;

QVector<double> toVector(const std::vector<double> &v)
{
    return QVector<double>(v.begin(), v.end());
}

} // namespace

LossPlotView::LossPlotView(QWidget *parent)
    : QCustomPlot(parent)
{
    setMouseTracking(true);
    setAntialiasedElements(QCP::aeNone);
    setNoAntialiasingOnDrag(true);
    plotLayout()->clear();
    m_main = new QCPAxisRect(this);
    m_diff = new QCPAxisRect(this);
    // The legend has a row of its own above the plots: inside the plot it covered the divergence
    // annotation and the curves' ends.
    m_legend = new QCPLegend;
    plotLayout()->addElement(0, 0, m_legend);
    plotLayout()->addElement(1, 0, m_main);
    plotLayout()->addElement(2, 0, m_diff);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 2.6);
    plotLayout()->setRowStretchFactor(2, 1.0);
    plotLayout()->setRowSpacing(4);
    m_margins = new QCPMarginGroup(this);
    m_main->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
    m_diff->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
    xAxis = m_main->axis(QCPAxis::atBottom);
    yAxis = m_main->axis(QCPAxis::atLeft);
    xAxis2 = nullptr;
    yAxis2 = nullptr;
    for (QCPAxisRect *rect : {m_main, m_diff}) {
        rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
        rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
        rect->axis(QCPAxis::atBottom)->setTicker(QSharedPointer<StepTicker>::create());
        rect->axis(QCPAxis::atBottom)->setNumberFormat(u"f"_s);
        rect->axis(QCPAxis::atBottom)->setNumberPrecision(0);
    }
    // The difference plot's x axis carries the step labels for both.
    m_main->axis(QCPAxis::atBottom)->setTickLabels(false);
    m_diff->axis(QCPAxis::atBottom)->setLabel(tr("Step"));
    m_diff->axis(QCPAxis::atLeft)->setLabel(tr("B − A"));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_legend->setLayer(u"legend"_s);
    m_legend->setSelectableParts(QCPLegend::spItems);
    m_legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_legend->setWrap(3);
    m_legend->setMargins(QMargins(4, 2, 4, 2));
    legend = m_legend;

    auto makeCross = [this](QCPAxisRect *rect) {
        auto *line = new QCPItemStraightLine(this);
        line->setClipAxisRect(rect);
        for (QCPItemPosition *p : {line->point1, line->point2}) {
            p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            p->setAxisRect(rect);
            p->setTypeX(QCPItemPosition::ptPlotCoords);
            p->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        line->point1->setCoords(0, 0);
        line->point2->setCoords(0, 1);
        line->setVisible(false);
        line->setSelectable(false);
        return line;
    };
    m_crossMain = makeCross(m_main);
    m_crossDiff = makeCross(m_diff);
    m_readout = new QCPItemText(this);
    m_readout->setClipAxisRect(m_main);
    m_readout->position->setAxisRect(m_main);
    m_readout->position->setType(QCPItemPosition::ptAxisRectRatio);
    // Bottom left: loss curves fall to the right, so that corner is usually empty.
    m_readout->position->setCoords(0.01, 0.97);
    m_readout->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_readout->setTextAlignment(Qt::AlignLeft);
    m_readout->setPadding(QMargins(6, 4, 6, 4));
    m_readout->setVisible(false);
    m_readout->setSelectable(false);

    connect(m_main->axis(QCPAxis::atBottom),
            qOverload<const QCPRange &>(&QCPAxis::rangeChanged),
            this,
            &LossPlotView::onXRangeChanged);
    connect(m_diff->axis(QCPAxis::atBottom),
            qOverload<const QCPRange &>(&QCPAxis::rangeChanged),
            this,
            &LossPlotView::onXRangeChanged);
    connect(this, &QCustomPlot::legendClick, this, &LossPlotView::onLegendClick);
    applyColors();
}

LossPlotView::~LossPlotView() = default;

QColor LossPlotView::runColor(int index)
{
    // Tableau 10, as matplotlib users know the runs: benchmark blue, run under test orange.
    static const QRgb colors[] = {0x1f77b4,
                                  0xff7f0e,
                                  0x2ca02c,
                                  0xd62728,
                                  0x9467bd,
                                  0x8c564b,
                                  0xe377c2,
                                  0x7f7f7f,
                                  0xbcbd22,
                                  0x17becf};
    return QColor(colors[index % 10]);
}

void LossPlotView::setRuns(const QList<LossPlotRun> &runs, const QString &metric)
{
    m_runs = runs;
    m_metric = metric;
    // The metric names the axis and, for the difference, its unit when the name has one:
    // "elapsed time per iteration (ms)" gives "B − A (ms)".
    m_main->axis(QCPAxis::atLeft)->setLabel(metric);
    const qsizetype open = metric.lastIndexOf(u'(');
    const QString unit = metric.endsWith(u')') && open > 0
                             ? metric.mid(open + 1, metric.size() - open - 2)
                             : QString();
    m_diff->axis(QCPAxis::atLeft)
        ->setLabel(unit.isEmpty() ? tr("B − A") : tr("B − A (%1)").arg(unit));
    m_comparison.reset();
    buildCurves();
    resetView();
}

void LossPlotView::setComparison(std::shared_ptr<const LossComparison> comparison)
{
    m_comparison = std::move(comparison);
    // Drop the difference curves of an earlier comparison; the run curves stay.
    for (auto it = m_curves.begin(); it != m_curves.end();) {
        if (it->run < 0) {
            removeGraph(it->graph);
            it = m_curves.erase(it);
        } else {
            ++it;
        }
    }
    if (m_comparison) {
        const LossComparison &c = *m_comparison;
        Curve upper;
        Curve lower;
        Curve diff;
        upper.run = lower.run = diff.run = -1;
        for (size_t i = 0; i < c.steps.size(); ++i) {
            const double x = double(c.steps[i]);
            if (std::isfinite(c.benchmark[i])) {
                const double tol = c.options.atol + c.options.rtol * std::fabs(c.benchmark[i]);
                upper.x.push_back(x);
                upper.y.push_back(tol);
                lower.x.push_back(x);
                lower.y.push_back(-tol);
            }
            if (std::isfinite(c.signedDiff[i])) {
                diff.x.push_back(x);
                diff.y.push_back(c.signedDiff[i]);
            }
        }
        QCPAxis *key = m_diff->axis(QCPAxis::atBottom);
        QCPAxis *value = m_diff->axis(QCPAxis::atLeft);
        lower.graph = addGraph(key, value);
        upper.graph = addGraph(key, value);
        diff.graph = addGraph(key, value);
        diff.difference = true;
        for (Curve *curve : {&lower, &upper, &diff})
            curve->pyramid = MinMaxPyramid(curve->y);
        for (QCPGraph *g : {lower.graph, upper.graph, diff.graph})
            g->removeFromLegend(m_legend);
        diff.graph->setName(tr("B − A"));
        diff.graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 3));
        m_curves.push_back(std::move(lower));
        m_curves.push_back(std::move(upper));
        m_curves.push_back(std::move(diff));
    }
    applyColors();
    rebuildMarkers();
    rescaleY();
    redecimate();
    replot(QCustomPlot::rpQueuedReplot);
}

void LossPlotView::buildCurves()
{
    clearGraphs();
    m_curves.clear();
    m_legend->clearItems();
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        const LossPlotRun &r = m_runs[i];
        const LossSeries *s = r.run ? r.run->find(m_metric) : nullptr;
        if (!s)
            continue;
        Curve raw;
        raw.run = int(i);
        raw.x.reserve(s->steps.size());
        for (qint64 step : s->steps)
            raw.x.push_back(double(step + r.stepOffset));
        raw.y = s->values;
        raw.pyramid = MinMaxPyramid(raw.y);
        raw.graph = addGraph(m_main->axis(QCPAxis::atBottom), m_main->axis(QCPAxis::atLeft));
        raw.graph->removeFromLegend(m_legend);
        Curve smooth;
        smooth.run = int(i);
        smooth.smoothed = true;
        smooth.x = raw.x;
        smooth.graph = addGraph(m_main->axis(QCPAxis::atBottom), m_main->axis(QCPAxis::atLeft));
        smooth.graph->setName(r.label);
        m_curves.push_back(std::move(raw));
        m_curves.push_back(std::move(smooth));
    }
    updateSmoothing();
    applyColors();
    rebuildMarkers();
}

void LossPlotView::updateSmoothing()
{
    for (size_t i = 0; i < m_curves.size(); ++i) {
        Curve &c = m_curves[i];
        if (!c.smoothed)
            continue;
        // The raw curve of the same run precedes its smoothed one; smooth the raw points, never the
        // decimated ones (METRICS.md §9.2).
        c.y = m_smoothing > 0.0 ? smoothEma(m_curves[i - 1].y, m_smoothing) : m_curves[i - 1].y;
        c.pyramid = MinMaxPyramid(c.y);
    }
}

void LossPlotView::setSmoothing(double weight)
{
    m_smoothing = std::clamp(weight, 0.0, 0.999);
    updateSmoothing();
    applyColors();
    redecimate();
    replot(QCustomPlot::rpQueuedReplot);
}

void LossPlotView::setLogY(bool on)
{
    m_logY = on;
    QCPAxis *y = m_main->axis(QCPAxis::atLeft);
    y->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (on)
        y->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else
        y->setTicker(QSharedPointer<QCPAxisTicker>::create());
    rescaleY();
    replot(QCustomPlot::rpQueuedReplot);
}

void LossPlotView::setRobustRange(bool on)
{
    m_robust = on;
    rescaleY();
    replot(QCustomPlot::rpQueuedReplot);
}

void LossPlotView::resetView()
{
    double lo = std::numeric_limits<double>::max();
    double hi = std::numeric_limits<double>::lowest();
    for (const Curve &c : m_curves) {
        if (c.run < 0 || !m_runs[c.run].visible || c.x.empty())
            continue;
        lo = std::min(lo, c.x.front());
        hi = std::max(hi, c.x.back());
    }
    if (lo > hi) {
        lo = 0;
        hi = 1;
    }
    const double pad = std::max(0.5, (hi - lo) * 0.02);
    m_main->axis(QCPAxis::atBottom)->setRange(lo - pad, hi + pad);
    rescaleY();
    redecimate();
    replot(QCustomPlot::rpQueuedReplot);
}

void LossPlotView::rescaleY()
{
    std::vector<const std::vector<double> *> visible;
    std::vector<double> positives;
    for (const Curve &c : m_curves) {
        if (c.run >= 0 && !c.smoothed && m_runs[c.run].visible)
            visible.push_back(&c.y);
    }
    std::pair<double, double> range{1.0, 0.0};
    if (m_robust) {
        range = robustRange(visible, 0.05, 0.95, 1.0);
    } else {
        for (const auto *v : visible) {
            for (double y : *v) {
                if (!std::isfinite(y))
                    continue;
                range.first = range.first > range.second ? y : std::min(range.first, y);
                range.second = range.first > range.second ? y : std::max(range.second, y);
            }
        }
        if (range.first <= range.second) {
            const double m = std::max((range.second - range.first) * 0.05, 1e-12);
            range = {range.first - m, range.second + m};
        }
    }
    if (range.first > range.second)
        range = {0.0, 1.0};
    if (m_logY && range.first <= 0.0) {
        double minPositive = std::numeric_limits<double>::max();
        for (const auto *v : visible) {
            for (double y : *v) {
                if (std::isfinite(y) && y > 0.0)
                    minPositive = std::min(minPositive, y);
            }
        }
        range.first = minPositive < std::numeric_limits<double>::max() ? minPositive * 0.9 : 1e-6;
        range.second = std::max(range.second, range.first * 10.0);
    }
    m_main->axis(QCPAxis::atLeft)->setRange(range.first, range.second);

    double extent = 0.0; // of the tolerance band
    for (const Curve &c : m_curves) {
        if (c.run >= 0 || c.difference)
            continue;
        for (double y : c.y)
            extent = std::max(extent, std::fabs(y));
    }
    m_diff->axis(QCPAxis::atLeft)->setRange(differenceRange(extent));
}

QCPRange LossPlotView::differenceDataRange() const
{
    // Plain doubles: QCPRange's constructor swaps its bounds, so it cannot start empty.
    double lower = std::numeric_limits<double>::infinity();
    double upper = -std::numeric_limits<double>::infinity();
    for (const Curve &c : m_curves) {
        if (!c.difference)
            continue;
        for (double y : c.y) {
            if (std::isfinite(y)) {
                lower = std::min(lower, y);
                upper = std::max(upper, y);
            }
        }
    }
    QCPRange r;
    r.lower = lower;
    r.upper = upper;
    return r; // lower > upper when there is no difference
}

QCPRange LossPlotView::differenceRange(double bandExtent) const
{
    // Scaled to the differences, not to the tolerance band: a real difference of 1.6e-3 drew as
    // a flat line inside a ±0.13 band. The band is an outline that may run off the plot. Zero
    // joins the range when it is near the data (a difference reads against it); identical runs
    // show the band instead.
    QCPRange r = differenceDataRange();
    if (r.lower > r.upper)
        return QCPRange(-1.0, 1.0);
    double span = r.upper - r.lower;
    if (!(span > 0.0)) {
        const double half = bandExtent > 0.0 && std::isfinite(bandExtent)
                                ? bandExtent
                                : std::max(std::fabs(r.lower), 1.0);
        return QCPRange(r.lower - half * 1.1, r.upper + half * 1.1);
    }
    if (r.lower > 0.0 && r.lower <= span / 2)
        r.lower = 0.0;
    if (r.upper < 0.0 && -r.upper <= span / 2)
        r.upper = 0.0;
    span = r.upper - r.lower;
    return QCPRange(r.lower - span * 0.08, r.upper + span * 0.08);
}

QCPRange LossPlotView::differenceAxisRange() const
{
    return m_diff->axis(QCPAxis::atLeft)->range();
}

QCPAxis *LossPlotView::stepAxis() const
{
    return m_diff->axis(QCPAxis::atBottom);
}

QCPAxis *LossPlotView::valueAxis() const
{
    return m_main->axis(QCPAxis::atLeft);
}

QCPAxis *LossPlotView::differenceAxis() const
{
    return m_diff->axis(QCPAxis::atLeft);
}

void LossPlotView::onXRangeChanged(const QCPRange &range)
{
    if (m_linking)
        return;
    // Linked x axes with a re-entrancy guard (docs/DESIGN.md §7).
    m_linking = true;
    m_main->axis(QCPAxis::atBottom)->setRange(range);
    m_diff->axis(QCPAxis::atBottom)->setRange(range);
    m_linking = false;
    redecimate();
}

void LossPlotView::redecimate()
{
    const QCPRange range = m_main->axis(QCPAxis::atBottom)->range();
    // Before the first layout the axis rect is not sized yet: judge by the widget then.
    const int columns = std::max({100, m_main->width(), width() * 2 / 3});
    qsizetype drawn = 0;
    for (const Curve &c : m_curves) {
        const DecimatedCurve d =
            decimateMinMax(c.x, c.y, range.lower, range.upper, columns, &c.pyramid);
        c.graph->setData(toVector(d.x), toVector(d.y), true);
        drawn += qsizetype(d.x.size());
    }
    // Antialiased dense curves cost more than the whole decimation: draw them crisp, keep short
    // logs smooth.
    const bool dense = drawn > AntialiasedPointsPerColumn * columns;
    setNotAntialiasedElements(dense ? QCP::aePlottables : QCP::aeNone);
    if (dense != m_dense) {
        m_dense = dense;
        applyColors();
    }
}

bool LossPlotView::saveSvg(const QString &path, const QString &title, const QString &description)
{
    return writePlotSvg(this, path, title, description);
}

qsizetype LossPlotView::drawnPointCount() const
{
    qsizetype n = 0;
    for (const Curve &c : m_curves)
        n += c.graph->dataCount();
    return n;
}

void LossPlotView::applyColors()
{
    const QPalette pal = palette();
    setBackground(pal.brush(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlpha(90);
    for (QCPAxisRect *rect : {m_main, m_diff}) {
        rect->setBackground(pal.brush(QPalette::Base));
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(text));
            axis->setTickPen(QPen(text));
            axis->setSubTickPen(QPen(text));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
            axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        }
    }
    QColor legendBg = pal.color(QPalette::Base);
    legendBg.setAlpha(220);
    m_legend->setBrush(legendBg);
    m_legend->setBorderPen(Qt::NoPen);
    m_legend->setTextColor(text);
    m_readout->setBrush(legendBg);
    m_readout->setPen(QPen(pal.color(QPalette::Mid)));
    m_readout->setColor(text);
    QColor cross = text;
    cross.setAlpha(120);
    m_crossMain->setPen(QPen(cross, 1, Qt::DashLine));
    m_crossDiff->setPen(QPen(cross, 1, Qt::DashLine));

    const bool smoothing = m_smoothing > 0.0;
    int diffIndex = 0;
    for (Curve &c : m_curves) {
        if (c.run >= 0) {
            QColor color = runColor(c.run);
            const bool visible = m_runs[c.run].visible;
            if (c.smoothed) {
                // Wide pens go through QPainter's stroker: on dense curves that alone costs ~20 ms
                // a frame, so dense curves get cosmetic 1 px pens.
                QPen pen(color, m_dense ? 1.0 : 2.0);
                // B is dashed over A, so that identical curves still show A between the dashes.
                if (c.run == 1 && !m_dense)
                    pen.setDashPattern({4.0, 2.5});
                c.graph->setPen(pen);
                c.graph->setVisible(visible);
            } else {
                // The raw curve stays visible, faint under the smoothed one (TensorBoard).
                if (smoothing)
                    color.setAlpha(70);
                c.graph->setPen(QPen(color, 1.0));
                c.graph->setVisible(visible && smoothing);
            }
            continue;
        }
        // Difference plot: the tolerance band's two edges as an outline (a fill hid the
        // difference when the band was wider than it), then the difference itself.
        if (diffIndex < 2) {
            QColor band = pal.color(QPalette::Text);
            band.setAlpha(140);
            c.graph->setPen(QPen(band, 1.0, Qt::DashLine));
            c.graph->setBrush(Qt::NoBrush);
        } else {
            const QColor color = runColor(1);
            c.graph->setPen(QPen(color, 1.2));
            c.graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 3));
        }
        ++diffIndex;
    }
    // Without smoothing the smoothed graph shows the raw values and carries the legend entry.
    replot(QCustomPlot::rpQueuedReplot);
}

QString LossPlotView::toolTipAt(const QPoint &pos) const
{
    for (int i = 0; i < m_legend->itemCount(); ++i) {
        auto *entry = qobject_cast<QCPPlottableLegendItem *>(m_legend->item(i));
        if (!entry || !entry->outerRect().contains(pos))
            continue;
        for (const Curve &c : m_curves) {
            if (c.graph == entry->plottable() && c.run >= 0)
                return m_runs[c.run].toolTip.isEmpty() ? m_runs[c.run].label
                                                       : m_runs[c.run].toolTip;
        }
    }
    return {};
}

bool LossPlotView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else // run labels and paths are the user's text (issue #31)
            QToolTip::showText(help->globalPos(), Core::plainToolTip(text), this);
        return true;
    }
    return QCustomPlot::event(event);
}

void LossPlotView::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColors();
}

void LossPlotView::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event);
    redecimate();
}

void LossPlotView::onLegendClick(QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *)
{
    auto *entry = qobject_cast<QCPPlottableLegendItem *>(item);
    if (!entry)
        return;
    for (const Curve &c : m_curves) {
        if (c.graph != entry->plottable() || c.run < 0)
            continue;
        const int run = c.run;
        m_runs[run].visible = !m_runs[run].visible;
        entry->setTextColor(m_runs[run].visible ? palette().color(QPalette::Text)
                                                : palette().color(QPalette::PlaceholderText));
        applyColors();
        rebuildMarkers();
        emit runVisibilityChanged(run, m_runs[run].visible);
        break;
    }
}

} // namespace Twinscope::Widgets
