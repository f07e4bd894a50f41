#include "timelinezoomcontrol.h"

#include <algorithm>
#include <cmath>

namespace Twinscope::Widgets {

TimelineZoomControl::TimelineZoomControl(QObject *parent)
    : QObject(parent)
{}

void TimelineZoomControl::setTrace(qint64 fromNs, qint64 toNs)
{
    m_traceFrom = fromNs;
    m_traceTo = std::max(toNs, fromNs + MinimumRangeNs);
}

void TimelineZoomControl::setPlotWidth(int px)
{
    m_widthPx = std::max(1, px);
}

double TimelineZoomControl::xOf(qint64 displayNs) const
{
    return double(displayNs - m_from) * double(m_widthPx) / double(m_to - m_from);
}

qint64 TimelineZoomControl::timeAt(double x) const
{
    return m_from + qint64(std::llround(x * double(m_to - m_from) / double(m_widthPx)));
}

bool TimelineZoomControl::setVisibleRange(qint64 fromNs, qint64 toNs, bool remember)
{
    if (toNs - fromNs < MinimumRangeNs) {
        const qint64 mid = fromNs / 2 + toNs / 2;
        fromNs = mid - MinimumRangeNs / 2;
        toNs = fromNs + MinimumRangeNs;
    }
    // Allow a margin of one view width around the trace, no further: far outside there is
    // nothing to see and the way back is long.
    const qint64 span = toNs - fromNs;
    const qint64 reachFrom = m_linked ? std::min(m_traceFrom, m_linked->first) : m_traceFrom;
    const qint64 reachTo = m_linked ? std::max(m_traceTo, m_linked->second) : m_traceTo;
    const qint64 traceSpan = reachTo - reachFrom;
    if (span > 2 * traceSpan) {
        fromNs = reachFrom - traceSpan / 2;
        toNs = reachTo + traceSpan / 2;
    }
    if (fromNs == m_from && toNs == m_to)
        return false;
    if (remember)
        m_history.emplace_back(m_from, m_to);
    if (m_history.size() > size_t(MaximumHistory))
        m_history.erase(m_history.begin());
    m_from = fromNs;
    m_to = toNs;
    emit windowChanged(m_from, m_to);
    return true;
}

void TimelineZoomControl::resetZoom(bool remember)
{
    const qint64 margin = std::max<qint64>(1, (m_traceTo - m_traceFrom) / 100);
    setVisibleRange(m_traceFrom - margin, m_traceTo + margin, remember);
}

bool TimelineZoomControl::undoZoom()
{
    if (m_history.empty())
        return false;
    const auto [f, t] = m_history.back();
    m_history.pop_back();
    setVisibleRange(f, t, false);
    return true;
}

void TimelineZoomControl::zoomAt(double factor, double x)
{
    const double frac = std::clamp(x / double(m_widthPx), 0.0, 1.0);
    const double span = double(m_to - m_from);
    const double newSpan = std::max(double(MinimumRangeNs), span * factor);
    const qint64 anchor = m_from + qint64(span * frac);
    const qint64 from = anchor - qint64(newSpan * frac);
    setVisibleRange(from, from + qint64(newSpan));
}

void TimelineZoomControl::pan(double fractionOfWidth)
{
    const qint64 delta = qint64(double(m_to - m_from) * fractionOfWidth);
    setVisibleRange(m_from + delta, m_to + delta, false);
}

void TimelineZoomControl::dragBy(double dx)
{
    const qint64 delta = qint64(dx * double(m_to - m_from) / double(m_widthPx));
    setVisibleRange(m_from - delta, m_to - delta, false);
}

void TimelineZoomControl::centreOn(qint64 t)
{
    const qint64 span = m_to - m_from;
    setVisibleRange(t - span / 2, t - span / 2 + span);
}

void TimelineZoomControl::setSelection(qint64 fromNs, qint64 toNs)
{
    if (toNs < fromNs)
        std::swap(fromNs, toNs);
    if (fromNs == m_selectionFrom && toNs == m_selectionTo)
        return;
    m_selectionFrom = fromNs;
    m_selectionTo = toNs;
    emit selectionChanged(m_selectionFrom, m_selectionTo);
}

void TimelineZoomControl::clearSelection()
{
    setSelection(0, 0);
}

} // namespace Twinscope::Widgets
