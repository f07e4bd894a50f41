#include "timeruler.h"

#include "core/trace/tracetime.h"

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
    const qint64 stepNs = tickStepNs(zoom.nsPerPx());
    const qint64 origin = zoom.rulerOrigin();
    // Round towards −∞ so that ticks left of the origin are labelled too.
    qint64 tick = zoom.visibleFrom() - origin;
    tick = (tick >= 0 ? tick / stepNs : -((-tick + stepNs - 1) / stepNs)) * stepNs;
    p.setPen(palette.color(QPalette::WindowText));
    for (; origin + tick <= zoom.visibleTo(); tick += stepNs) {
        const double x = frame.x(origin + tick);
        if (x < frame.plotLeft)
            continue;
        p.drawLine(int(x), bottom - 6, int(x), bottom - 1);
        p.drawText(QRect(int(x) + 3, labelTop, 120, bottom - labelTop - 4),
                   Qt::AlignBottom | Qt::AlignLeft,
                   Core::formatDurationNs(tick));
    }
}

} // namespace Twinscope::Widgets
