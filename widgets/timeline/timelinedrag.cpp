#include "timelinedrag.h"

#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace Twinscope::Widgets {

void TimelineDrag::press(const QPoint &pos, Qt::MouseButton button, Qt::KeyboardModifiers modifiers)
{
    m_pressed = true;
    m_moved = false;
    if (button == Qt::MiddleButton || (modifiers & Qt::ControlModifier))
        m_mode = Mode::Pan;
    else if (modifiers & Qt::ShiftModifier)
        m_mode = Mode::BoxZoom;
    else
        m_mode = Mode::AreaSelect;
    m_pressPos = m_lastPos = pos;
}

QPoint TimelineDrag::move(const QPoint &pos)
{
    if (!m_pressed)
        return {};
    // 3 px of jitter still count as a click.
    if ((pos - m_pressPos).manhattanLength() > 3)
        m_moved = true;
    const QPoint delta = pos - m_lastPos;
    m_lastPos = pos;
    return m_mode == Mode::Pan && m_moved ? delta : QPoint();
}

TimelineDrag::Outcome TimelineDrag::release(const QPoint &pos)
{
    if (!m_pressed)
        return Outcome::None;
    m_pressed = false;
    m_lastPos = pos;
    if ((pos - m_pressPos).manhattanLength() > 3)
        m_moved = true;
    if (!m_moved)
        return Outcome::Click;
    switch (m_mode) {
    case Mode::BoxZoom:
        return Outcome::BoxZoom;
    case Mode::AreaSelect:
        return Outcome::AreaSelect;
    case Mode::Pan:
        break;
    }
    return Outcome::None;
}

void TimelineDrag::paint(QPainter &p, const TimelineFrame &frame, const QPalette &palette) const
{
    if (!m_pressed || m_mode == Mode::Pan || !m_moved)
        return;
    const int left = std::max(frame.plotLeft, std::min(m_pressPos.x(), m_lastPos.x()));
    const int right = std::max(m_pressPos.x(), m_lastPos.x());
    const QRect box =
        m_mode == Mode::BoxZoom
            ? QRect(QPoint(left, frame.top), QPoint(right, frame.height))
            : QRect(QPoint(left, std::max(frame.top, std::min(m_pressPos.y(), m_lastPos.y()))),
                    QPoint(right, std::max(m_pressPos.y(), m_lastPos.y())));
    QColor fill = palette.color(QPalette::Highlight);
    fill.setAlpha(60);
    p.fillRect(box, fill);
    p.setPen(QPen(palette.color(QPalette::Highlight), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(box.adjusted(0, 0, -1, -1));
}

} // namespace Twinscope::Widgets
