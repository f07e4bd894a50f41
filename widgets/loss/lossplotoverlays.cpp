// The overlays of LossPlotView: NaN/Inf, overflow and divergence markers, crosshair and readout.
#include "lossplotview.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// At most this many markers of one kind per run: beyond that they only hide the curve.
constexpr int MaxMarkers = 100;
QString formatValue(double v)
{
    if (std::isnan(v))
        return u"NaN"_s;
    if (std::isinf(v))
        return v > 0 ? u"Inf"_s : u"-Inf"_s;
    return QLocale().toString(v, 'g', 7);
}

// Index of the point of x (ascending) nearest to value, or -1.
qsizetype nearest(const std::vector<double> &x, double value)
{
    if (x.empty())
        return -1;
    const auto it = std::lower_bound(x.begin(), x.end(), value);
    if (it == x.begin())
        return 0;
    if (it == x.end())
        return qsizetype(x.size()) - 1;
    const qsizetype i = it - x.begin();
    return (x[size_t(i)] - value) < (value - x[size_t(i) - 1]) ? i : i - 1;
}

} // namespace

QCPItemText *LossPlotView::addMarker(
    QCPAxisRect *rect, double step, double yRatio, const QString &text, const QColor &color)
{
    auto *item = new QCPItemText(this);
    item->setClipAxisRect(rect);
    item->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    item->position->setAxisRect(rect);
    item->position->setTypeX(QCPItemPosition::ptPlotCoords);
    item->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(step, yRatio);
    item->setPositionAlignment(Qt::AlignHCenter | (yRatio < 0.5 ? Qt::AlignTop : Qt::AlignBottom));
    item->setText(text);
    item->setColor(color);
    item->setSelectable(false);
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.8);
    item->setFont(f);
    m_markers.append(item);
    return item;
}

void LossPlotView::rebuildMarkers()
{
    for (QCPAbstractItem *item : std::as_const(m_markers))
        removeItem(item);
    m_markers.clear();
    m_markedStep.reset();
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        const LossPlotRun &r = m_runs[i];
        if (!r.visible || !r.run)
            continue;
        const QColor color = runColor(int(i));
        // NaN/Inf are kept out of the curve (they ruin autoscaling) and shown as labels at the top.
        if (const LossSeries *s = r.run->find(m_metric)) {
            int shown = 0;
            for (size_t k = 0; k < s->values.size() && shown < MaxMarkers; ++k) {
                const double v = s->values[k];
                if (std::isfinite(v))
                    continue;
                addMarker(m_main,
                          double(s->steps[k] + r.stepOffset),
                          0.01,
                          std::isnan(v) ? tr("NaN") : (v > 0 ? tr("Inf") : tr("-Inf")),
                          color);
                ++shown;
            }
        }
        // Overflow indicators (METRICS.md §6): skipped or NaN iterations, overflow flags,
        // loss-scale drops, as small labels along the bottom.
        struct Indicator
        {
            QString series;
            QString label;
            bool drop;
        };
        const Indicator indicators[] = {{u"number of skipped iterations"_s, tr("skipped"), false},
                                        {u"number of nan iterations"_s, tr("NaN iter."), false},
                                        {u"overflow"_s, tr("overflow"), false},
                                        {u"loss scale"_s, tr("scale ↓"), true},
                                        {u"scale"_s, tr("scale ↓"), true}};
        for (const Indicator &ind : indicators) {
            const LossSeries *s = r.run->find(ind.series);
            if (!s)
                continue;
            int shown = 0;
            for (size_t k = 0; k < s->values.size() && shown < MaxMarkers; ++k) {
                const bool hit =
                    ind.drop ? (k > 0 && s->values[k] < s->values[k - 1]) : s->values[k] > 0.0;
                if (!hit)
                    continue;
                addMarker(
                    m_main, double(s->steps[k] + r.stepOffset), 0.99, u"▲ "_s + ind.label, color);
                ++shown;
            }
        }
    }
    if (m_comparison && m_comparison->firstDivergentStep) {
        const qint64 d = *m_comparison->firstDivergentStep;
        m_markedStep = d;
        const QColor red(0xd6, 0x27, 0x28);
        for (QCPAxisRect *rect : {m_main, m_diff}) {
            auto *line = new QCPItemStraightLine(this);
            line->setClipAxisRect(rect);
            for (QCPItemPosition *p : {line->point1, line->point2}) {
                p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                p->setAxisRect(rect);
                p->setTypeX(QCPItemPosition::ptPlotCoords);
                p->setTypeY(QCPItemPosition::ptAxisRectRatio);
            }
            line->point1->setCoords(double(d), 0);
            line->point2->setCoords(double(d), 1);
            line->setPen(QPen(red, 1.5, Qt::DashLine));
            line->setSelectable(false);
            m_markers.append(line);
        }
        QCPItemText *label = addMarker(m_main,
                                       double(d),
                                       0.10,
                                       tr("first divergent step %1 (k = %2)")
                                           .arg(QLocale().toString(d))
                                           .arg(m_comparison->options.k),
                                       red);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(4, 2, 4, 2));
        label->setFont(font());
        QColor bg = palette().color(QPalette::Base);
        bg.setAlpha(200);
        label->setBrush(bg);
    }
}

QString LossPlotView::showCrosshairAt(double step)
{
    const Curve *anchor = nullptr;
    for (const Curve &c : m_curves) {
        if (c.run >= 0 && !c.smoothed && m_runs[c.run].visible && !c.x.empty()) {
            anchor = &c;
            break;
        }
    }
    if (!anchor) {
        m_readout->setVisible(false);
        return {};
    }
    const double x = anchor->x[size_t(nearest(anchor->x, step))];
    m_crossMain->point1->setCoords(x, 0);
    m_crossMain->point2->setCoords(x, 1);
    m_crossDiff->point1->setCoords(x, 0);
    m_crossDiff->point2->setCoords(x, 1);
    m_crossMain->setVisible(true);
    m_crossDiff->setVisible(true);
    QStringList lines{tr("step %1").arg(QLocale().toString(qint64(x)))};
    for (size_t i = 0; i + 1 < m_curves.size(); ++i) {
        const Curve &raw = m_curves[i];
        if (raw.run < 0 || raw.smoothed || !m_runs[raw.run].visible)
            continue;
        const auto it = std::lower_bound(raw.x.begin(), raw.x.end(), x);
        if (it == raw.x.end() || *it != x) {
            lines.append(tr("%1: no point").arg(m_runs[raw.run].label));
            continue;
        }
        const size_t k = size_t(it - raw.x.begin());
        QString line = tr("%1: %2").arg(m_runs[raw.run].label, formatValue(raw.y[k]));
        if (m_smoothing > 0.0)
            line += tr(" (smoothed %1)").arg(formatValue(m_curves[i + 1].y[k]));
        lines.append(line);
    }
    if (m_comparison) {
        const auto &steps = m_comparison->steps;
        const auto it = std::lower_bound(steps.begin(), steps.end(), qint64(x));
        if (it != steps.end() && double(*it) == x) {
            const size_t k = size_t(it - steps.begin());
            lines.append(tr("B − A: %1 (relative %2)")
                             .arg(formatValue(m_comparison->signedDiff[k]),
                                  formatValue(m_comparison->relDiff[k])));
        }
    }
    m_readout->setText(lines.join(u'\n'));
    m_readout->setVisible(true);
    return m_readout->text();
}

QString LossPlotView::readoutText() const
{
    return m_readout->visible() ? m_readout->text() : QString();
}

void LossPlotView::mouseMoveEvent(QMouseEvent *event)
{
    QCustomPlot::mouseMoveEvent(event);
    const QPointF pos = event->position();
    if (m_main->rect().contains(pos.toPoint()) || m_diff->rect().contains(pos.toPoint())) {
        showCrosshairAt(m_main->axis(QCPAxis::atBottom)->pixelToCoord(pos.x()));
    } else {
        m_crossMain->setVisible(false);
        m_crossDiff->setVisible(false);
        m_readout->setVisible(false);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void LossPlotView::leaveEvent(QEvent *event)
{
    QCustomPlot::leaveEvent(event);
    m_crossMain->setVisible(false);
    m_crossDiff->setVisible(false);
    m_readout->setVisible(false);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace Twinscope::Widgets
