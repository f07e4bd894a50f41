#include "timelineflows.h"

#include "trackpainter.h"

#include <QPainter>
#include <QPainterPath>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace Twinscope::Widgets {

std::vector<std::pair<int, quint32>>
TimelineFlows::collect(const std::vector<TimelineInput> &inputs,
                       const TimelineOffsets &offsets,
                       const TimelineZoomControl &zoom,
                       TimelineSliceRef selection) const
{
    std::vector<std::pair<int, quint32>> flows;
    if (m_showAll) {
        for (int d = 0; d < int(inputs.size()); ++d) {
            const Core::TraceDataset &ds = *inputs[size_t(d)].dataset;
            const qint64 off = offsets.of(d);
            for (quint32 f = 0; f < quint32(ds.flows.size()) && flows.size() < MaximumShown; ++f) {
                const Core::TraceFlow &fl = ds.flows[f];
                if (fl.toNs + off >= zoom.visibleFrom() && fl.fromNs + off <= zoom.visibleTo())
                    flows.emplace_back(d, f);
            }
        }
    } else if (selection.isValid()) {
        const Core::TraceDataset &ds = *inputs[size_t(selection.dataset)].dataset;
        const quint32 s = selection.slice;
        // The flow indices sorted by source and by target slice: two binary searches.
        auto collectFrom = [&](const std::vector<quint32> &index, bool from) {
            auto lo = std::lower_bound(index.begin(), index.end(), s, [&](quint32 f, quint32 v) {
                return (from ? ds.flows[f].fromSlice : ds.flows[f].toSlice) < v;
            });
            for (;
                 lo != index.end() && (from ? ds.flows[*lo].fromSlice : ds.flows[*lo].toSlice) == s;
                 ++lo)
                flows.emplace_back(selection.dataset, *lo);
        };
        collectFrom(ds.flowsByFrom, true);
        collectFrom(ds.flowsByTo, false);
    }
    return flows;
}

void TimelineFlows::paint(QPainter &p,
                          const TimelineFrame &frame,
                          const std::vector<TimelineInput> &inputs,
                          const TimelineRows &rows,
                          const TimelineOffsets &offsets,
                          TimelineSliceRef selection,
                          const QPalette &palette) const
{
    const auto flows = collect(inputs, offsets, *frame.zoom, selection);
    if (flows.empty())
        return;
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor c = TrackPainter::isDark(palette) ? QColor(255, 170, 60) : QColor(200, 60, 20);
    p.setPen(QPen(c, 1.5));
    p.setBrush(c);
    for (const auto &[d, f] : flows) {
        const Core::TraceDataset &ds = *inputs[size_t(d)].dataset;
        const Core::TraceFlow &fl = ds.flows[f];
        // The middle of the endpoint slice's lane, or of its track when the flow has no slice.
        auto endpointY = [&](int track, quint32 slice) {
            const int row = slice != Core::TraceFlow::Unbound
                                ? rows.rowOfLane(d, track, ds.laneOfSlice(track, slice))
                                : rows.firstRowOfTrack(d, track);
            if (row < 0)
                return -1;
            const TimelineRow &r = rows.rows()[size_t(row)];
            return frame.rowTop(r) + r.height / 2;
        };
        const int y0 = endpointY(fl.fromTrack, fl.fromSlice);
        const int y1 = endpointY(fl.toTrack, fl.toSlice);
        if (y0 < 0 || y1 < 0)
            continue;
        const qint64 off = offsets.of(d);
        // Clamped so that far-off endpoints do not overflow the path maths.
        const QPointF a(std::clamp(frame.x(fl.fromNs + off), -1e5, 1e5), y0);
        const QPointF b(std::clamp(frame.x(fl.toNs + off), -1e5, 1e5), y1);
        QPainterPath path(a);
        const double dx = std::max(20.0, std::abs(b.x() - a.x()) / 2);
        path.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b);
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setBrush(c);
        const QPointF head[3] = {b, b + QPointF(-7, -4), b + QPointF(-7, 4)};
        p.drawPolygon(head, 3);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setBrush(Qt::NoBrush);
}

} // namespace Twinscope::Widgets
