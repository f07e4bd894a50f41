#pragma once

#include "timelineframe.h"

class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// The time ruler under the overview strip: ticks at 1, 2 or 5 × 10^k ns, labelled relative to
// the start of the trace, as the user thinks of times.
class TimeRuler
{
public:
    static constexpr int Height = 26;
    // Ticks closer than this would make their labels ("123.45 ms") run into each other.
    static constexpr int MinimumTickSpacingPx = 90;

    // The smallest step of 1, 2 or 5 × 10^k ns that keeps ticks MinimumTickSpacingPx apart.
    static qint64 tickStepNs(double nsPerPx);
    // Fills the whole band [0, bottom) across the widget: the overview paints on top of it.
    static void
    paintBackground(QPainter &p, const TimelineFrame &frame, int bottom, const QPalette &palette);
    // The bottom line and the ticks with their labels between labelTop and bottom.
    static void paint(
        QPainter &p, const TimelineFrame &frame, int labelTop, int bottom, const QPalette &palette);
};

} // namespace Twinscope::Widgets
