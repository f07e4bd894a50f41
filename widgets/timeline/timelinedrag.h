#pragma once

#include "timelineframe.h"

#include <QPoint>

class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// What a drag on the timeline does, as in Perfetto: a plain left drag selects an area (a time
// range over the tracks it crosses), Shift+drag zooms to the dragged range, and Ctrl+drag or a
// middle-button drag pans (and scrolls the rows); a press and release within 3 px is a click. The
// rubber band it paints while dragging is an overlay; the area that stays selected afterwards is
// the view's.
class TimelineDrag
{
public:
    enum class Outcome { None, Click, BoxZoom, AreaSelect };

    void press(const QPoint &pos, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    // The mouse moved to pos: how far to move the content by, zero unless panning.
    QPoint move(const QPoint &pos);
    Outcome release(const QPoint &pos);
    bool isPressed() const { return m_pressed; }
    bool isPanning() const { return m_pressed && m_mode == Mode::Pan; }
    QPoint pressPos() const { return m_pressPos; }
    // The rubber band of a Shift+drag (full height) or of an area being selected (the box).
    void paint(QPainter &p, const TimelineFrame &frame, const QPalette &palette) const;

private:
    enum class Mode { Pan, BoxZoom, AreaSelect };
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_pressed = false;
    bool m_moved = false;
    Mode m_mode = Mode::AreaSelect;
};

} // namespace Twinscope::Widgets
