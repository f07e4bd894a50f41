#include "timelinedrag.h"

#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace Twinscope::Widgets {

void TimelineDrag::press(const QPoint &pos, Qt::KeyboardModifiers modifiers)
{
    m_pressed = true;
    m_moved = false;
    m_boxZoom = modifiers & Qt::ShiftModifier;
    m_rangeSelect = !m_boxZoom && (modifiers & Qt::ControlModifier);
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
    return !m_boxZoom && !m_rangeSelect && m_moved ? delta : QPoint();
}

TimelineDrag::Outcome TimelineDrag::release(const QPoint &pos)
{
    if (!m_pressed)
        return Outcome::None;
    m_pressed = false;
    m_lastPos = pos;
    const bool boxZoom = m_boxZoom;
    const bool rangeSelect = m_rangeSelect;
    m_boxZoom = m_rangeSelect = false;
    if (!m_moved)
        return Outcome::Click;
    if (boxZoom)
        return Outcome::BoxZoom;
    return rangeSelect ? Outcome::RangeSelect : Outcome::None;
}

void TimelineDrag::paint(QPainter &p, const TimelineFrame &frame, const QPalette &palette) const
{
    if (!m_pressed || !(m_boxZoom || m_rangeSelect) || !m_moved)
        return;
    const QRect box = m_boxZoom
                          ? QRect(QPoint(std::min(m_pressPos.x(), m_lastPos.x()), frame.top),
                                  QPoint(std::max(m_pressPos.x(), m_lastPos.x()), frame.height))
                          : QRect(m_pressPos, m_lastPos).normalized();
    QColor fill = palette.color(QPalette::Highlight);
    fill.setAlpha(60);
    p.fillRect(box, fill);
}

} // namespace Twinscope::Widgets
