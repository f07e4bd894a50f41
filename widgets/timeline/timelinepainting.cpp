// TimelineView's paint passes: rows, overlays, labels, ruler. Each part paints itself; this file
// only fixes the order and draws the small overlays that belong to the view's own state
// (selection, hover, area selection), for the screen and for an export alike.
#include "core/trace/tracetime.h"
#include "timelineview.h"

#include <QPainter>

#include <algorithm>

namespace Twinscope::Widgets {

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const TimelineFrame f = frame();
    paintFrame(p, f);
    if (m_hover.isValid() && !m_drag.isPressed()) {
        const QRect r = sliceRect(f, m_hover.dataset, m_hover.slice);
        if (!r.isNull()) {
            p.save();
            p.setClipRect(QRect(LabelWidth, RulerHeight, f.width - LabelWidth, height()));
            QColor c = palette().color(QPalette::Text);
            c.setAlpha(160);
            p.setPen(QPen(c, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(0, 0, -1, -1));
            p.restore();
        }
    }
    m_drag.paint(p, f, palette());
}

void TimelineView::paintFrame(QPainter &p, const TimelineFrame &f)
{
    p.setRenderHint(QPainter::Antialiasing, false);
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, f.width, f.height), pal.color(QPalette::Base));
    // Rows and what is drawn over them, clipped below the ruler. Only the rows come from the
    // level-of-detail cache; selection, search hits, flows and the area are overlays.
    p.save();
    p.setClipRect(QRect(0, RulerHeight, f.width, f.height - RulerHeight));
    m_tracks.paint(p, f, pal, font(), m_search);
    paintArea(p, f);
    paintSelection(p, f);
    m_flows.paint(p, f, m_inputs, m_rows, m_offsets, m_selection, pal);
    p.restore();
    m_labels.paint(p, f, m_inputs, m_rows, pal, font());
    TimeRuler::paintBackground(p, f, RulerHeight, pal);
    m_overview.paint(p, f, pal);
    TimeRuler::paint(p, f, OverviewHeight, RulerHeight, pal);
    paintCorner(p, f);
}

void TimelineView::paintCorner(QPainter &p, const TimelineFrame &f) const
{
    // Above the label column: what the two strips to the right show.
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, LabelWidth, RulerHeight), pal.color(QPalette::Window));
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(6, 0, LabelWidth - 10, OverviewHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               tr("Overview"));
    // Zoomed in far from the start the ticks count from a base time: the corner names it.
    const TimeRuler::Labels labels = TimeRuler::labels(*f.zoom);
    p.drawText(QRect(6, OverviewHeight, LabelWidth - 10, RulerHeight - OverviewHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               labels.relative
                   ? tr("Ticks from %1").arg(labels.baseText())
                   : tr("Window %1").arg(Core::formatDurationNs(f.zoom->visibleSpan())));
}

QRect TimelineView::sliceRect(const TimelineFrame &f, int dataset, quint32 slice) const
{
    const Core::TraceDataset &ds = *m_inputs[size_t(dataset)].dataset;
    const int track = ds.trackOfSlice(slice);
    const int row = m_rows.rowOfLane(dataset, track, ds.laneOfSlice(track, slice));
    if (row < 0)
        return {};
    const TimelineRow &r = m_rows.rows()[size_t(row)];
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
    const QRect r = sliceRect(f, m_selection.dataset, m_selection.slice);
    if (r.isNull())
        return;
    p.setPen(QPen(palette().color(QPalette::Text), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.intersected(QRect(LabelWidth - 2, 0, f.width, f.height)));
}

void TimelineView::paintArea(QPainter &p, const TimelineFrame &f) const
{
    if (!f.zoom->hasSelection())
        return;
    // Perfetto's area selection: the time range shaded on the tracks it covers, its edges drawn
    // across the whole height so that it is found again after scrolling.
    const int x0 = int(std::clamp(f.x(f.zoom->selectionFrom()), double(LabelWidth), 1e6));
    const int x1 = int(std::clamp(f.x(f.zoom->selectionTo()), -1e6, double(f.width)));
    if (x1 < LabelWidth || x0 > f.width)
        return;
    QColor fill = palette().color(QPalette::Highlight);
    fill.setAlpha(45);
    const auto &rows = m_rows.rows();
    for (int r = std::max(0, m_rows.rowAt(f.scroll)); r < int(rows.size()); ++r) {
        const TimelineRow &row = rows[size_t(r)];
        const int y = f.rowTop(row);
        if (y > f.height)
            break;
        if (row.track >= 0 && m_areaTracks.contains(qMakePair(row.dataset, row.track)))
            p.fillRect(QRect(x0, y, std::max(1, x1 - x0), row.height), fill);
    }
    p.setPen(QPen(palette().color(QPalette::Highlight), 1));
    p.drawLine(x0, f.top, x0, f.height);
    p.drawLine(x1, f.top, x1, f.height);
}

} // namespace Twinscope::Widgets
