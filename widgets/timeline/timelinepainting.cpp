// TimelineView's painting, kept apart from its state and input handling.
#include "core/trace/tracetime.h"
#include "timelineview.h"

#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

// Stable per-name colours: a hash of the name text (not its id, which differs between files)
// picks one of a fixed set of hues, so a kernel keeps its colour across ranks and reloads.
QColor hashedColor(std::string_view name, bool dark)
{
    quint32 h = 2166136261u;
    for (const char c : name)
        h = (h ^ quint8(c)) * 16777619u;
    const int hue = int(h % 360);
    return dark ? QColor::fromHsv(hue, 120, 150) : QColor::fromHsv(hue, 90, 225);
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

} // namespace

QColor TimelineView::colorForName(const Core::TraceDataset &ds, quint32 name) const
{
    return hashedColor(ds.strings.view(name), isDark(palette()));
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const int top = RulerHeight;
    const int viewport = height() - top;
    const int scroll = scrollY();
    p.save();
    p.setClipRect(QRect(0, top, width(), viewport));
    const auto &rows = m_rows.rows();
    const int first = std::max(0, m_rows.rowAt(scroll) < 0 ? 0 : m_rows.rowAt(scroll));
    for (int r = first; r < int(rows.size()); ++r) {
        const TimelineRow &row = rows[size_t(r)];
        const int y = top + row.y - scroll;
        if (y > height())
            break;
        if (y + row.height < top)
            continue;
        paintRow(p, row, y);
    }
    paintSelection(p);
    paintFlows(p);
    p.restore();
    paintLabels(p);
    paintRuler(p);
    if (m_pressed && (m_boxZoom || m_rangeSelect) && m_moved) {
        const QRect box = m_boxZoom
                              ? QRect(QPoint(std::min(m_pressPos.x(), m_lastPos.x()), top),
                                      QPoint(std::max(m_pressPos.x(), m_lastPos.x()), height()))
                              : QRect(m_pressPos, m_lastPos).normalized();
        QColor fill = pal.color(QPalette::Highlight);
        fill.setAlpha(60);
        p.fillRect(box, fill);
    }
}

void TimelineView::paintRow(QPainter &p, const TimelineRow &row, int y)
{
    const QPalette pal = palette();
    if (row.kind == TimelineRow::Kind::ProcessHeader) {
        p.fillRect(QRect(0, y, width(), row.height), pal.color(QPalette::AlternateBase));
        p.setPen(pal.color(QPalette::Mid));
        p.drawLine(0, y + row.height - 1, width(), y + row.height - 1);
        return;
    }
    if (row.kind == TimelineRow::Kind::Counter)
        return paintCounter(p, row, y);
    if (row.kind == TimelineRow::Kind::Instants)
        return paintInstants(p, row, y);
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceTrack &track = ds.tracks[size_t(row.track)];
    const Core::TraceLane &lane = track.lanes[size_t(row.lane)];
    m_items.clear();
    Core::LevelOfDetail::buildLane(ds, lane, mappingFor(row.dataset), &m_items);
    const QFontMetrics fm = fontMetrics();
    const int minLabel = fm.averageCharWidth() * 4; // about four characters, else no label
    const bool dark = isDark(pal);
    const QColor folded = dark ? QColor(110, 110, 110) : QColor(170, 170, 170);
    const QColor textColor = dark ? QColor(240, 240, 240) : QColor(20, 20, 20);
    const bool searching = !m_hitNames.empty() && !m_hits.empty();
    const int h = row.height - 2;
    for (const Core::LodItem &it : m_items) {
        const int x0 = std::max(LabelWidth + it.x0, LabelWidth - 2);
        const int x1 = std::min(LabelWidth + it.x1, width() + 2);
        const QRect r(x0, y + 1, std::max(1, x1 - x0), h);
        if (it.slice == Core::LodItem::Folded) {
            p.fillRect(r, folded);
            continue;
        }
        const quint32 name = ds.sliceName[it.slice];
        QColor c = colorForName(ds, m_colorByCategory ? ds.sliceCategory[it.slice] : name);
        const bool hit = searching && isHit(row.dataset, name);
        if (searching && !hit)
            c.setAlpha(70); // non-matches fade so the hits stand out
        p.fillRect(r, c);
        if (ds.sliceFlags[it.slice] & Core::TraceSliceFlag::DidNotFinish)
            p.fillRect(r, QBrush(textColor, Qt::BDiagPattern)); // hatched: never ended
        if (hit) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (r.width() >= minLabel) {
            // Labels where they fit: elide only when needed.
            const QString text = ds.strings.string(name);
            const QRect tr =
                r.adjusted(3, 0, -2, 0)
                    .intersected(QRect(LabelWidth, y, width() - LabelWidth, row.height));
            p.setPen(textColor);
            const QString shown = fm.horizontalAdvance(text) <= tr.width()
                                      ? text
                                      : fm.elidedText(text, Qt::ElideRight, tr.width());
            if (!shown.isEmpty() && shown != u"…"_s)
                p.drawText(tr, Qt::AlignVCenter | Qt::AlignLeft, shown);
        }
    }
    if (row.lane == 0)
        paintInstants(p, row, y);
}

void TimelineView::paintInstants(QPainter &p, const TimelineRow &row, int y)
{
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceTrack &track = ds.tracks[size_t(row.track)];
    if (track.instantEnd == track.instantBegin)
        return;
    const qint64 off = timeOffset(row.dataset);
    const auto first = std::lower_bound(ds.instantTs.begin() + track.instantBegin,
                                        ds.instantTs.begin() + track.instantEnd,
                                        m_from - off);
    p.setPen(Qt::NoPen);
    p.setBrush(palette().color(QPalette::Text));
    int lastX = INT_MIN;
    for (auto it = first; it != ds.instantTs.begin() + track.instantEnd && *it + off <= m_to;
         ++it) {
        const int x = int(xOf(*it + off));
        if (x == lastX)
            continue; // one mark per pixel column
        lastX = x;
        const QPoint tri[3] = {QPoint(x, y + 2), QPoint(x - 3, y + 8), QPoint(x + 3, y + 8)};
        p.drawPolygon(tri, 3);
    }
    p.setBrush(Qt::NoBrush);
}

void TimelineView::paintCounter(QPainter &p, const TimelineRow &row, int y)
{
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceTrack &track = ds.tracks[size_t(row.track)];
    const qint64 off = timeOffset(row.dataset);
    const auto begin = ds.counterTs.begin() + track.counterBegin;
    const auto end = ds.counterTs.begin() + track.counterEnd;
    double maxValue = 0;
    for (quint32 i = track.counterBegin; i < track.counterEnd; ++i) {
        if (std::isfinite(ds.counterValue[i]))
            maxValue = std::max(maxValue, std::abs(ds.counterValue[i]));
    }
    if (maxValue <= 0)
        maxValue = 1;
    const QColor c = colorForName(ds, track.name);
    const int h = row.height - 4;
    // Step chart, one sample per pixel column at most: per column the largest value is kept.
    auto it = std::upper_bound(begin, end, m_from - off);
    if (it != begin)
        --it;
    const int right = LabelWidth + plotWidth();
    while (it != end) {
        const quint32 i = quint32(it - ds.counterTs.begin());
        const int x0 = std::max(LabelWidth, int(xOf(*it + off)));
        if (x0 > right)
            break;
        // all samples in this pixel column
        const qint64 nextColumnNs = timeAt(x0 + 1) - off;
        auto next = std::lower_bound(it + 1, end, nextColumnNs);
        double v = 0;
        for (quint32 k = i; k < quint32(next - ds.counterTs.begin()); ++k) {
            if (std::isfinite(ds.counterValue[k]))
                v = std::max(v, ds.counterValue[k]);
        }
        const int x1 = next == end ? int(xOf(m_to)) : std::min(right, int(xOf(*next + off)));
        const int bar = int(std::round(v / maxValue * h));
        if (x1 > x0 && bar > 0)
            p.fillRect(QRect(x0, y + 2 + h - bar, x1 - x0, bar), c);
        it = next;
    }
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(LabelWidth, y + row.height - 1, width(), y + row.height - 1);
}

QRect TimelineView::sliceRect(int dataset, quint32 slice) const
{
    const Core::TraceDataset &ds = *m_inputs[size_t(dataset)].dataset;
    const int track = ds.trackOfSlice(slice);
    const int row = m_rows.rowOfLane(dataset, track, ds.laneOfSlice(track, slice));
    if (row < 0)
        return {};
    const TimelineRow &r = m_rows.rows()[size_t(row)];
    const qint64 off = timeOffset(dataset);
    const double x0 = std::clamp(xOf(ds.sliceStart[slice] + off), -1e6, 1e6);
    const double x1 = std::clamp(xOf(ds.sliceEnd(slice) + off), -1e6, 1e6);
    return QRect(
        int(x0), RulerHeight + r.y - scrollY() + 1, std::max(2, int(x1 - x0)), r.height - 2);
}

void TimelineView::paintSelection(QPainter &p)
{
    if (!m_selection.isValid())
        return;
    const QRect r = sliceRect(m_selection.dataset, m_selection.slice);
    if (r.isNull())
        return;
    p.setPen(QPen(palette().color(QPalette::Text), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.intersected(QRect(LabelWidth - 2, 0, width(), height())));
}

void TimelineView::paintFlows(QPainter &p)
{
    // Arrows of the selected slice, or every flow touching the visible range.
    std::vector<std::pair<int, quint32>> flows;
    if (m_allFlows) {
        for (int d = 0; d < int(m_inputs.size()); ++d) {
            const Core::TraceDataset &ds = *m_inputs[size_t(d)].dataset;
            const qint64 off = timeOffset(d);
            for (quint32 f = 0; f < quint32(ds.flows.size()) && flows.size() < 20000; ++f) {
                const Core::TraceFlow &fl = ds.flows[f];
                if (fl.toNs + off >= m_from && fl.fromNs + off <= m_to)
                    flows.emplace_back(d, f);
            }
        }
    } else if (m_selection.isValid()) {
        const Core::TraceDataset &ds = *m_inputs[size_t(m_selection.dataset)].dataset;
        const quint32 s = m_selection.slice;
        auto collect = [&](const std::vector<quint32> &index, bool from) {
            auto lo = std::lower_bound(index.begin(), index.end(), s, [&](quint32 f, quint32 v) {
                return (from ? ds.flows[f].fromSlice : ds.flows[f].toSlice) < v;
            });
            for (;
                 lo != index.end() && (from ? ds.flows[*lo].fromSlice : ds.flows[*lo].toSlice) == s;
                 ++lo)
                flows.emplace_back(m_selection.dataset, *lo);
        };
        collect(ds.flowsByFrom, true);
        collect(ds.flowsByTo, false);
    }
    if (flows.empty())
        return;
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor c = isDark(palette()) ? QColor(255, 170, 60) : QColor(200, 60, 20);
    p.setPen(QPen(c, 1.5));
    p.setBrush(c);
    for (const auto &[d, f] : flows) {
        const Core::TraceDataset &ds = *m_inputs[size_t(d)].dataset;
        const Core::TraceFlow &fl = ds.flows[f];
        auto endpointY = [&](int track, quint32 slice) {
            int row = -1;
            if (slice != Core::TraceFlow::Unbound)
                row = m_rows.rowOfLane(d, track, ds.laneOfSlice(track, slice));
            else
                row = m_rows.firstRowOfTrack(d, track);
            if (row < 0)
                return -1;
            const TimelineRow &r = m_rows.rows()[size_t(row)];
            return RulerHeight + r.y - scrollY() + r.height / 2;
        };
        const int y0 = endpointY(fl.fromTrack, fl.fromSlice);
        const int y1 = endpointY(fl.toTrack, fl.toSlice);
        if (y0 < 0 || y1 < 0)
            continue;
        const qint64 off = timeOffset(d);
        const QPointF a(std::clamp(xOf(fl.fromNs + off), -1e5, 1e5), y0);
        const QPointF b(std::clamp(xOf(fl.toNs + off), -1e5, 1e5), y1);
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

void TimelineView::paintLabels(QPainter &p)
{
    const QPalette pal = palette();
    const int top = RulerHeight;
    p.save();
    p.setClipRect(QRect(0, top, LabelWidth, height() - top));
    p.fillRect(QRect(0, top, LabelWidth, height() - top), pal.color(QPalette::Window));
    const int scroll = scrollY();
    const QFontMetrics fm = fontMetrics();
    const auto &rows = m_rows.rows();
    const int first = std::max(0, m_rows.rowAt(scroll));
    for (int r = first; r < int(rows.size()); ++r) {
        const TimelineRow &row = rows[size_t(r)];
        const int y = top + row.y - scroll;
        if (y > height())
            break;
        const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
        if (row.kind == TimelineRow::Kind::ProcessHeader) {
            p.fillRect(QRect(0, y, LabelWidth, row.height), pal.color(QPalette::AlternateBase));
            QFont bold = font();
            bold.setBold(true);
            p.setFont(bold);
            p.setPen(pal.color(QPalette::WindowText));
            const bool collapsed = isProcessCollapsed(row.dataset, row.process);
            QString text = (collapsed ? u"▶ "_s : u"▼ "_s) + ds.processDisplayName(row.process);
            const Core::TraceProcess &proc = ds.processes[size_t(row.process)];
            if (!proc.labels.isEmpty())
                text += u" ("_s + proc.labels.join(u", "_s) + u")"_s;
            if (m_inputs.size() > 1)
                text = m_inputs[size_t(row.dataset)].label + u": "_s + text;
            p.drawText(QRect(6, y, LabelWidth - 10, row.height),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       QFontMetrics(bold).elidedText(text, Qt::ElideRight, LabelWidth - 10));
            p.setFont(font());
            continue;
        }
        if (!row.firstOfTrack)
            continue;
        p.setPen(pal.color(QPalette::WindowText));
        const QString name = ds.trackDisplayName(row.track);
        p.drawText(QRect(20, y, LabelWidth - 26, std::min(row.height, TimelineRows::LaneHeight)),
                   Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(name, Qt::ElideRight, LabelWidth - 26));
    }
    p.restore();
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(LabelWidth - 1, top, LabelWidth - 1, height());
}

void TimelineView::paintOverview(QPainter &p)
{
    const QPalette pal = palette();
    const int w = plotWidth();
    const QRect strip(LabelWidth, 1, w, OverviewHeight - 2);
    p.fillRect(strip, pal.color(QPalette::Base));
    if (!m_overview.empty()) {
        const QColor c = pal.color(QPalette::Mid);
        for (int x = 0; x < w; ++x) {
            const size_t b0 = size_t(double(x) / w * double(m_overview.size()));
            const size_t b1 =
                std::max(b0 + 1, size_t(double(x + 1) / w * double(m_overview.size())));
            float v = 0;
            for (size_t b = b0; b < b1 && b < m_overview.size(); ++b)
                v = std::max(v, m_overview[b]);
            const int h = int(std::round(v * float(strip.height())));
            if (h > 0)
                p.fillRect(QRect(LabelWidth + x, strip.bottom() + 1 - h, 1, h), c);
        }
    }
    // the visible window
    const double span = double(m_traceTo - m_traceFrom);
    const int x0 = LabelWidth + int(double(m_from - m_traceFrom) / span * w);
    const int x1 = LabelWidth + int(double(m_to - m_traceFrom) / span * w);
    QColor window = pal.color(QPalette::Highlight);
    window.setAlpha(70);
    const QRect marked =
        QRect(QPoint(std::max(LabelWidth, x0), strip.top()),
              QPoint(std::min(LabelWidth + w, std::max(x0 + 1, x1)), strip.bottom()));
    p.fillRect(marked, window);
    p.setPen(pal.color(QPalette::Highlight));
    p.drawRect(marked.adjusted(0, 0, -1, -1));
}

void TimelineView::paintRuler(QPainter &p)
{
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, width(), RulerHeight), pal.color(QPalette::Window));
    paintOverview(p);
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(0, RulerHeight - 1, width(), RulerHeight - 1);
    // Adaptive units: the tick step is 1, 2 or 5 × 10^k ns with at least 90 px between ticks.
    const double nsPerPx = double(m_to - m_from) / double(plotWidth());
    double step = 1;
    while (step / nsPerPx < 90) {
        const double mant = step / std::pow(10.0, std::floor(std::log10(step)));
        step *= mant < 1.5 ? 2 : (mant < 3 ? 2.5 : 2);
    }
    const qint64 stepNs = std::max<qint64>(1, qint64(step));
    // Times relative to the start of the trace, as the user thinks of them.
    const qint64 origin = m_traceFrom;
    qint64 tick = ((m_from - origin) / stepNs) * stepNs;
    p.setPen(pal.color(QPalette::WindowText));
    for (; origin + tick <= m_to; tick += stepNs) {
        const double x = xOf(origin + tick);
        if (x < LabelWidth)
            continue;
        p.drawLine(int(x), RulerHeight - 6, int(x), RulerHeight - 1);
        p.drawText(QRect(int(x) + 3, OverviewHeight, 120, RulerHeight - OverviewHeight - 4),
                   Qt::AlignBottom | Qt::AlignLeft,
                   Core::formatDurationNs(tick));
    }
    p.fillRect(QRect(0, 0, LabelWidth, RulerHeight), pal.color(QPalette::Window));
    p.drawText(QRect(6, 0, LabelWidth - 10, OverviewHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               tr("Overview"));
    p.drawText(QRect(6, OverviewHeight, LabelWidth - 10, RulerHeight - OverviewHeight),
               Qt::AlignVCenter | Qt::AlignLeft,
               tr("Window %1").arg(Core::formatDurationNs(m_to - m_from)));
}

} // namespace Twinscope::Widgets
