#pragma once

#include "timelineframe.h"

#include <QPoint>

class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// What a left-button drag on the timeline does: a plain drag pans (and scrolls the rows),
// Shift+drag zooms to the dragged range, Ctrl+drag picks a time range over the tracks it crosses;
// a press and release within 3 px is a click. The rubber band it paints is an overlay.
class TimelineDrag
{
public:
    enum class Outcome { None, Click, BoxZoom, RangeSelect };

    void press(const QPoint &pos, Qt::KeyboardModifiers modifiers);
    // The mouse moved to pos: how far to move the content by, zero unless panning.
    QPoint move(const QPoint &pos);
    Outcome release(const QPoint &pos);
    bool isPressed() const { return m_pressed; }
    QPoint pressPos() const { return m_pressPos; }
    // The rubber band of a Shift+drag (full height) or a Ctrl+drag (the dragged box).
    void paint(QPainter &p, const TimelineFrame &frame, const QPalette &palette) const;

private:
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_pressed = false;
    bool m_moved = false;
    bool m_boxZoom = false;
    bool m_rangeSelect = false;
};

} // namespace Twinscope::Widgets
