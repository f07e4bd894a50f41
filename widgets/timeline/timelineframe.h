#pragma once

#include "timelinerows.h"
#include "timelinezoomcontrol.h"

namespace Twinscope::Widgets {

// Where things are on screen for one paint or hit test: the plot starts at plotLeft, the rows at
// top (scrolled by scroll), and times map through the zoom control. Shared by the painters so
// that each of them stays a small class without a back pointer to the view.
struct TimelineFrame
{
    const TimelineZoomControl *zoom = nullptr;
    int plotLeft = 0; // x of the plot's left edge (the label column's width)
    int top = 0;      // y of the first row's top edge before scrolling (the ruler's height)
    int scroll = 0;   // vertical scroll offset in pixels
    int width = 0;    // of the whole widget
    int height = 0;

    double x(qint64 displayNs) const { return plotLeft + zoom->xOf(displayNs); }
    qint64 timeAt(double widgetX) const { return zoom->timeAt(widgetX - plotLeft); }
    int rowTop(const TimelineRow &row) const { return top + row.y - scroll; }
    int plotRight() const { return plotLeft + zoom->plotWidth(); }
};

} // namespace Twinscope::Widgets
