#include "timelineoverview.h"

#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace Twinscope::Widgets {

void TimelineOverview::build(const std::vector<TimelineInput> &inputs,
                             const TimelineOffsets &offsets,
                             qint64 traceFromNs,
                             qint64 traceToNs)
{
    std::vector<double> busy(Buckets, 0.0);
    const double bucketNs = double(traceToNs - traceFromNs) / Buckets;
    for (size_t d = 0; d < inputs.size(); ++d) {
        const Core::TraceDataset &ds = *inputs[d].dataset;
        const qint64 off = offsets.of(int(d));
        for (const Core::TraceTrack &t : ds.tracks) {
            if (t.lanes.empty() || t.kind != Core::TraceTrackKind::Thread)
                continue;
            const Core::TraceLane &lane = t.lanes.front();
            for (quint32 i = lane.begin; i < lane.end; ++i) {
                double s = double(ds.sliceStart[i] + off - traceFromNs) / bucketNs;
                const double e = double(ds.sliceEnd(i) + off - traceFromNs) / bucketNs;
                while (s < e) {
                    const int b = std::clamp(int(s), 0, Buckets - 1);
                    const double next = std::min(e, std::floor(s) + 1.0);
                    busy[size_t(b)] += next - s;
                    s = next;
                    if (b == Buckets - 1)
                        break;
                }
            }
        }
    }
    const double peak = std::max(1e-9, *std::max_element(busy.begin(), busy.end()));
    m_activity.assign(Buckets, 0.0f);
    for (int b = 0; b < Buckets; ++b)
        m_activity[size_t(b)] = float(busy[size_t(b)] / peak);
}

qint64 TimelineOverview::timeAt(const TimelineFrame &frame, double x)
{
    const TimelineZoomControl &zoom = *frame.zoom;
    const double frac = std::clamp((x - frame.plotLeft) / double(zoom.plotWidth()), 0.0, 1.0);
    return zoom.traceFrom() + qint64(frac * double(zoom.traceTo() - zoom.traceFrom()));
}

void TimelineOverview::paint(QPainter &p, const TimelineFrame &frame, const QPalette &palette) const
{
    const TimelineZoomControl &zoom = *frame.zoom;
    const int left = frame.plotLeft;
    const int w = zoom.plotWidth();
    const QRect strip(left, 1, w, Height - 2);
    p.fillRect(strip, palette.color(QPalette::Base));
    if (!m_activity.empty()) {
        // Per pixel column the busiest bucket under it, so short bursts stay visible.
        const QColor c = palette.color(QPalette::Mid);
        for (int x = 0; x < w; ++x) {
            const size_t b0 = size_t(double(x) / w * double(m_activity.size()));
            const size_t b1 =
                std::max(b0 + 1, size_t(double(x + 1) / w * double(m_activity.size())));
            float v = 0;
            for (size_t b = b0; b < b1 && b < m_activity.size(); ++b)
                v = std::max(v, m_activity[b]);
            const int h = int(std::round(v * float(strip.height())));
            if (h > 0)
                p.fillRect(QRect(left + x, strip.bottom() + 1 - h, 1, h), c);
        }
    }
    // the visible window
    const double span = double(zoom.traceTo() - zoom.traceFrom());
    const int x0 = left + int(double(zoom.visibleFrom() - zoom.traceFrom()) / span * w);
    const int x1 = left + int(double(zoom.visibleTo() - zoom.traceFrom()) / span * w);
    QColor window = palette.color(QPalette::Highlight);
    window.setAlpha(70);
    const QRect marked = QRect(QPoint(std::max(left, x0), strip.top()),
                               QPoint(std::min(left + w, std::max(x0 + 1, x1)), strip.bottom()));
    p.fillRect(marked, window);
    p.setPen(palette.color(QPalette::Highlight));
    p.drawRect(marked.adjusted(0, 0, -1, -1));
}

} // namespace Twinscope::Widgets
