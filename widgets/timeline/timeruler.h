#pragma once

#include "core/trace/tracetime.h"
#include "timelineframe.h"

#include <QString>

class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// The time ruler under the overview strip: ticks at 1, 2 or 5 × 10^k ns, labelled relative to
// the start of the trace, as the user thinks of times. All labels of one frame share one unit and
// precision ("0 ms, 500 ms, 1000 ms" or "0.5 s, 1.0 s", never "500.00 ms | 1.000 s"). Zoomed in
// far from the start, where a label would need more than MaxLabelDigits digits, the ticks count
// from a base time instead ("+200 ns") and the corner shows that base.
class TimeRuler
{
public:
    static constexpr int Height = 26;
    // Ticks closer than this would make their labels ("123.45 ms") run into each other.
    static constexpr int MinimumTickSpacingPx = 90;
    // "12345.678 ms" is about as long as a label can be at MinimumTickSpacingPx.
    static constexpr int MaxLabelDigits = 8;

    // How the ticks of one frame are labelled.
    struct Labels
    {
        qint64 stepNs = 1;
        Core::TimeScale scale;
        bool relative = false; // labels count from baseNs ("+200 ns")
        qint64 baseNs = 0;     // since the trace start; the first tick at or before the window
        QString text(qint64 tickNs) const; // tickNs since the trace start
        QString baseText() const;          // the base, precise to the step
    };

    // The smallest step of 1, 2 or 5 × 10^k ns that keeps ticks MinimumTickSpacingPx apart.
    static qint64 tickStepNs(double nsPerPx);
    static Labels labels(const TimelineZoomControl &zoom);
    // Fills the whole band [0, bottom) across the widget: the overview paints on top of it.
    static void
    paintBackground(QPainter &p, const TimelineFrame &frame, int bottom, const QPalette &palette);
    // The bottom line and the ticks with their labels between labelTop and bottom. A label that
    // would run past the plot's right edge is drawn left of its tick, so none is cut off.
    static void paint(
        QPainter &p, const TimelineFrame &frame, int labelTop, int bottom, const QPalette &palette);
};

} // namespace Twinscope::Widgets
