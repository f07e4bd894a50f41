// TimelineView's paint passes: rows, overlays, labels, ruler. Each part paints itself; this file
// only fixes the order and draws the two small overlays that belong to the view's own state.
#include "core/trace/tracetime.h"
#include "timelineview.h"

#include <QPainter>

#include <algorithm>

namespace Twinscope::Widgets {

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QPalette pal = palette();
    const TimelineFrame f = frame();
    p.fillRect(rect(), pal.color(QPalette::Base));
    // Rows and what is drawn over them, clipped below the ruler. Only the rows come from the
    // level-of-detail cache; selection, search hits, flows and the rubber band are overlays.
    p.save();
    p.setClipRect(QRect(0, RulerHeight, width(), height() - RulerHeight));
    m_tracks.paint(p, f, pal, font(), m_search);
    paintSelection(p, f);
    m_flows.paint(p, f, m_inputs, m_rows, m_offsets, m_selection, pal);
    p.restore();
    m_labels.paint(p, f, m_inputs, m_rows, pal, font());
    TimeRuler::paintBackground(p, f, RulerHeight, pal);
    m_overview.paint(p, f, pal);
    TimeRuler::paint(p, f, OverviewHeight, RulerHeight, pal);
    paintCorner(p);
    m_drag.paint(p, f, pal);
}

void TimelineView::paintCorner(QPainter &p) const
{
    // Above the label column: what the two strips to the right show.
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, LabelWidth, RulerHeight), pal.color(QPalette::Window));
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(6, 0, LabelWidth - 10, OverviewHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               tr("Overview"));
    p.drawText(QRect(6, OverviewHeight, LabelWidth - 10, RulerHeight - OverviewHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               tr("Window %1").arg(Core::formatDurationNs(m_zoom->visibleSpan())));
}

QRect TimelineView::sliceRect(int dataset, quint32 slice) const
{
    const Core::TraceDataset &ds = *m_inputs[size_t(dataset)].dataset;
    const int track = ds.trackOfSlice(slice);
    const int row = m_rows.rowOfLane(dataset, track, ds.laneOfSlice(track, slice));
    if (row < 0)
        return {};
    const TimelineRow &r = m_rows.rows()[size_t(row)];
    const TimelineFrame f = frame();
    const qint64 off = m_offsets.of(dataset);
    // Clamped so that a zoomed-in long slice does not overflow int.
    const double x0 = std::clamp(f.x(ds.sliceStart[slice] + off), -1e6, 1e6);
    const double x1 = std::clamp(f.x(ds.sliceEnd(slice) + off), -1e6, 1e6);
    return QRect(int(x0), f.rowTop(r) + 1, std::max(2, int(x1 - x0)), r.height - 2);
}

void TimelineView::paintSelection(QPainter &p, const TimelineFrame &f) const
{
    if (!m_selection.isValid())
        return;
    const QRect r = sliceRect(m_selection.dataset, m_selection.slice);
    if (r.isNull())
        return;
    p.setPen(QPen(palette().color(QPalette::Text), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.intersected(QRect(LabelWidth - 2, 0, f.width, f.height)));
}

} // namespace Twinscope::Widgets
