// TimelineView's hover tool tips and its rendering for export: what the pointer is over, and the
// whole content at a chosen range for File ▸ Export.
#include "core/trace/tracetime.h"
#include "slicedetailswidget.h"
#include "timelineview.h"

#include <QPainter>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

// Kernel names run to hundreds of characters; a tool tip wider than the screen helps nobody.
constexpr int MaxToolTipName = 160;
// An instant mark is 8 px wide: the pointer finds it within half of that.
constexpr int InstantSlackPx = 4;

QString shortName(const QString &name)
{
    return name.size() <= MaxToolTipName
               ? name
               : name.left(MaxToolTipName / 2) + u"…"_s + name.right(MaxToolTipName / 2 - 1);
}

} // namespace

QString TimelineView::toolTipAt(const QPoint &pos) const
{
    if (pos.x() < LabelWidth || pos.y() < RulerHeight)
        return {};
    if (const Selection s = sliceAt(pos); s.isValid()) {
        const Core::TraceDataset &ds = *m_inputs[size_t(s.dataset)].dataset;
        return tr("%1\nDuration: %2\nSelf time: %3\nStart: %4")
            .arg(shortName(ds.strings.string(ds.sliceName[s.slice])),
                 Core::formatDurationNs(ds.sliceDuration[s.slice]),
                 Core::formatDurationNs(SliceDetailsWidget::selfTime(ds, s.slice)),
                 Core::formatDurationNs(m_offsets.sliceStart(m_inputs, s) - m_zoom->traceFrom()));
    }
    const int index = m_rows.rowAt(pos.y() - RulerHeight + scrollY());
    if (index < 0)
        return {};
    const TimelineRow &row = m_rows.rows()[size_t(index)];
    if (row.track < 0)
        return {};
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceTrack &track = ds.tracks[size_t(row.track)];
    const TimelineFrame f = frame();
    const qint64 off = m_offsets.of(row.dataset);
    const qint64 t = f.timeAt(pos.x()) - off;
    if (row.kind == TimelineRow::Kind::Instants) {
        // The instant nearest the pointer within a few pixels.
        const qint64 slack = qint64(InstantSlackPx * f.zoom->nsPerPx());
        const auto begin = ds.instantTs.begin() + track.instantBegin;
        const auto end = ds.instantTs.begin() + track.instantEnd;
        auto it = std::lower_bound(begin, end, t - slack);
        if (it == end || *it > t + slack)
            return {};
        if (it + 1 != end && *(it + 1) <= t + slack && *(it + 1) - t < t - *it)
            ++it;
        const size_t i = size_t(it - ds.instantTs.begin());
        return tr("%1\nInstant at %2")
            .arg(shortName(ds.strings.string(ds.instantName[i])),
                 Core::formatDurationNs(*it + off - m_zoom->traceFrom()));
    }
    if (row.kind == TimelineRow::Kind::Counter) {
        // The sample in force at the pointer: counters are step functions.
        const auto begin = ds.counterTs.begin() + track.counterBegin;
        const auto end = ds.counterTs.begin() + track.counterEnd;
        auto it = std::upper_bound(begin, end, t);
        if (it == begin)
            return {};
        --it;
        const size_t i = size_t(it - ds.counterTs.begin());
        return tr("%1\nValue: %2 at %3")
            .arg(shortName(ds.trackDisplayName(row.track)),
                 QLocale().toString(ds.counterValue[i], 'g', 6),
                 Core::formatDurationNs(*it + off - m_zoom->traceFrom()));
    }
    return {};
}

QSize TimelineView::rangeImageSize() const
{
    // Every row, unscrolled; a QImage taller than 16 Ki rows of pixels costs more memory than a
    // picture of that many tracks is worth.
    return QSize(std::max(width(), LabelWidth + 200),
                 std::min(RulerHeight + m_rows.contentHeight(), 16384));
}

void TimelineView::renderRange(QPainter &p, qint64 fromNs, qint64 toNs)
{
    const QSize size = rangeImageSize();
    TimelineZoomControl zoom;
    zoom.setTrace(m_zoom->traceFrom(), m_zoom->traceTo());
    zoom.setPlotWidth(size.width() - LabelWidth);
    zoom.setVisibleRange(fromNs, toNs, false);
    if (m_zoom->hasSelection())
        zoom.setSelection(m_zoom->selectionFrom(), m_zoom->selectionTo());
    paintFrame(p, TimelineFrame{&zoom, LabelWidth, RulerHeight, 0, size.width(), size.height()});
}

} // namespace Twinscope::Widgets
