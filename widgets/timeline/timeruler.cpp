#include "timeruler.h"

#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace Twinscope::Widgets {

qint64 TimeRuler::tickStepNs(double nsPerPx)
{
    double step = 1;
    while (step / nsPerPx < MinimumTickSpacingPx) {
        const double mant = step / std::pow(10.0, std::floor(std::log10(step)));
        step *= mant < 1.5 ? 2 : (mant < 3 ? 2.5 : 2);
    }
    return std::max<qint64>(1, qint64(step));
}

TimeRuler::Labels TimeRuler::labels(const TimelineZoomControl &zoom)
{
    Labels l;
    l.stepNs = tickStepNs(zoom.nsPerPx());
    const qint64 origin = zoom.rulerOrigin();
    const qint64 from = zoom.visibleFrom() - origin;
    // Floor division: the first tick at or before the window, also before the trace start.
    qint64 first = (from / l.stepNs) * l.stepNs;
    if (first > from)
        first -= l.stepNs;
    const qint64 last = zoom.visibleTo() - origin;
    const qint64 magnitude = std::max(std::abs(first), std::abs(last));
    l.scale = Core::timeScaleFor(magnitude, l.stepNs);
    if (l.scale.significantDigits(magnitude) > MaxLabelDigits) {
        l.relative = true;
        l.baseNs = first;
        l.scale = Core::timeScaleFor(last - first, l.stepNs);
    }
    return l;
}

QString TimeRuler::Labels::text(qint64 tickNs) const
{
    return relative ? Core::formatTimeNs(tickNs - baseNs, scale, true)
                    : Core::formatTimeNs(tickNs, scale);
}

QString TimeRuler::Labels::baseText() const
{
    return Core::formatTimeNs(baseNs, Core::timeScaleFor(baseNs, stepNs));
}

void TimeRuler::paintBackground(QPainter &p,
                                const TimelineFrame &frame,
                                int bottom,
                                const QPalette &palette)
{
    p.fillRect(QRect(0, 0, frame.width, bottom), palette.color(QPalette::Window));
}

void TimeRuler::paint(
    QPainter &p, const TimelineFrame &frame, int labelTop, int bottom, const QPalette &palette)
{
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(0, bottom - 1, frame.width, bottom - 1);
    const TimelineZoomControl &zoom = *frame.zoom;
    const Labels l = labels(zoom);
    const qint64 origin = zoom.rulerOrigin();
    const int right = frame.plotRight();
    const QFontMetrics fm = p.fontMetrics();
    // Round towards −∞ so that ticks left of the origin are labelled too.
    qint64 start = zoom.visibleFrom() - origin;
    start = (start >= 0 ? start / l.stepNs : -((-start + l.stepNs - 1) / l.stepNs)) * l.stepNs;
    p.setPen(palette.color(QPalette::WindowText));
    int previousRight = frame.plotLeft;
    for (qint64 tick = l.relative ? l.baseNs : start; origin + tick <= zoom.visibleTo();
         tick += l.stepNs) {
        const double x = frame.x(origin + tick);
        if (x < frame.plotLeft)
            continue;
        p.drawLine(int(x), bottom - 6, int(x), bottom - 1);
        const QString text = l.text(tick);
        const int w = fm.horizontalAdvance(text);
        int left = int(x) + 3;
        if (left + w > right) {
            // The last label: left of its tick when the previous label leaves room, else none.
            left = int(x) - 3 - w;
            if (left < previousRight + 6)
                continue;
        }
        previousRight = left + w;
        p.drawText(QRect(left, labelTop, w + 1, bottom - labelTop - 4),
                   Qt::AlignBottom | Qt::AlignLeft,
                   text);
    }
}

} // namespace Twinscope::Widgets
