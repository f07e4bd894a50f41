#include "trackpainter.h"

#include "timelinesearch.h"

#include <QFontMetrics>
#include <QPaintDevice>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <climits>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

TrackPainter::TrackPainter(const std::vector<TimelineInput> &inputs,
                           const TimelineRows &rows,
                           const TimelineOffsets &offsets)
    : m_inputs(inputs)
    , m_rows(rows)
    , m_offsets(offsets)
{}

bool TrackPainter::Key::operator==(const Key &o) const
{
    return fromNs == o.fromNs && toNs == o.toNs && plotLeft == o.plotLeft &&
           plotWidth == o.plotWidth && widgetWidth == o.widgetWidth &&
           devicePixelRatio == o.devicePixelRatio && layoutGeneration == o.layoutGeneration &&
           colorByCategory == o.colorByCategory && dark == o.dark && font == o.font;
}

void TrackPainter::resetInputs()
{
    m_names.clear();
    invalidateLayout();
}

QColor TrackPainter::colorForName(const Core::TraceDataset &ds, quint32 name, bool dark)
{
    // A hash of the name text (not its id, which differs between files) picks one of a fixed set
    // of hues.
    quint32 h = 2166136261u;
    for (const char c : ds.strings.view(name))
        h = (h ^ quint8(c)) * 16777619u;
    const int hue = int(h % 360);
    return dark ? QColor::fromHsv(hue, 120, 150) : QColor::fromHsv(hue, 90, 225);
}

bool TrackPainter::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

void TrackPainter::sync(const Key &key)
{
    if (key == m_key)
        return;
    // Colours follow the palette's darkness and advances the font; texts never change.
    const bool styleChanged = key.dark != m_key.dark || !(key.font == m_key.font);
    m_key = key;
    for (const int r : m_cachedRows)
        m_cache[size_t(r)] = RowGeometry();
    m_cachedRows.clear();
    if (styleChanged) {
        for (NameCache &n : m_names) {
            std::fill(n.color.begin(), n.color.end(), QColor());
            std::fill(n.advance.begin(), n.advance.end(), -1);
        }
    }
}

const QColor &TrackPainter::nameColor(int dataset, quint32 id)
{
    QColor &c = m_names[size_t(dataset)].color[id];
    // toRgb keeps QColor's 16 bits per channel, so fills blend exactly as the HSV colour did,
    // without converting from HSV on every fill.
    if (!c.isValid())
        c = colorForName(*m_inputs[size_t(dataset)].dataset, id, m_key.dark).toRgb();
    return c;
}

const QString &TrackPainter::nameText(int dataset, quint32 id)
{
    QString &text = m_names[size_t(dataset)].text[id];
    if (text.isNull())
        text = m_inputs[size_t(dataset)].dataset->strings.string(id);
    return text;
}

int TrackPainter::nameAdvance(int dataset, quint32 id, const QFontMetrics &fm)
{
    int &advance = m_names[size_t(dataset)].advance[id];
    if (advance < 0)
        advance = fm.horizontalAdvance(nameText(dataset, id));
    return advance;
}

TrackPainter::RowGeometry &
TrackPainter::geometry(int index, const TimelineRow &row, const TimelineFrame &frame)
{
    if (m_cache.size() != m_rows.rows().size())
        m_cache.resize(m_rows.rows().size());
    RowGeometry &g = m_cache[size_t(index)];
    if (g.valid)
        return g;
    if (m_names.size() != m_inputs.size()) {
        m_names.resize(m_inputs.size());
        for (size_t d = 0; d < m_inputs.size(); ++d) {
            const size_t n = m_inputs[d].dataset->strings.size();
            m_names[d].color.assign(n, QColor());
            m_names[d].text.assign(n, QString());
            m_names[d].advance.assign(n, -1);
        }
    }
    if (row.kind == TimelineRow::Kind::Lane)
        buildLane(g, row, frame);
    else if (row.kind == TimelineRow::Kind::Counter)
        buildCounter(g, row, frame);
    if (row.kind == TimelineRow::Kind::Instants)
        buildInstants(g, row, frame);
    g.valid = true;
    m_cachedRows.push_back(index);
    ++m_lodBuildCount;
    return g;
}

void TrackPainter::buildLane(RowGeometry &g, const TimelineRow &row, const TimelineFrame &frame)
{
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceLane &lane = ds.tracks[size_t(row.track)].lanes[size_t(row.lane)];
    m_items.clear();
    Core::LevelOfDetail::buildLane(
        ds, lane, frame.zoom->mapping(m_offsets.of(row.dataset)), &m_items);
    const QFontMetrics fm(m_key.font);
    const int minLabel = fm.averageCharWidth() * 4; // about four characters, else no label
    const int h = row.height - 2;
    const QRect textArea(frame.plotLeft, 0, frame.width - frame.plotLeft, row.height);
    g.items.reserve(m_items.size());
    for (const Core::LodItem &it : m_items) {
        const int x0 = std::max(frame.plotLeft + it.x0, frame.plotLeft - 2);
        const int x1 = std::min(frame.plotLeft + it.x1, frame.width + 2);
        SliceItem item;
        item.x0 = x0;
        item.width = std::max(1, x1 - x0);
        item.slice = it.slice;
        if (it.slice != Core::LodItem::Folded) {
            item.name = ds.sliceName[it.slice];
            item.color =
                nameColor(row.dataset, m_colorByCategory ? ds.sliceCategory[it.slice] : item.name);
            item.unfinished = ds.sliceFlags[it.slice] & Core::TraceSliceFlag::DidNotFinish;
            if (item.width >= minLabel) {
                // Labels where they fit: elide only when needed.
                const QRect r =
                    QRect(x0, 1, item.width, h).adjusted(3, 0, -2, 0).intersected(textArea);
                const QString &text = nameText(row.dataset, item.name);
                QString shown = nameAdvance(row.dataset, item.name, fm) <= r.width()
                                    ? text
                                    : fm.elidedText(text, Qt::ElideRight, r.width());
                if (!shown.isEmpty() && shown != u"…"_s) {
                    item.label = int(g.labels.size());
                    g.labels.push_back(Label{r, std::move(shown)});
                }
            }
        }
        g.items.push_back(item);
    }
}

void TrackPainter::buildCounter(RowGeometry &g, const TimelineRow &row, const TimelineFrame &frame)
{
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceTrack &track = ds.tracks[size_t(row.track)];
    const qint64 off = m_offsets.of(row.dataset);
    const auto begin = ds.counterTs.begin() + track.counterBegin;
    const auto end = ds.counterTs.begin() + track.counterEnd;
    double maxValue = 0;
    for (quint32 i = track.counterBegin; i < track.counterEnd; ++i) {
        if (std::isfinite(ds.counterValue[i]))
            maxValue = std::max(maxValue, std::abs(ds.counterValue[i]));
    }
    if (maxValue <= 0)
        maxValue = 1;
    g.barColor = nameColor(row.dataset, track.name);
    const int h = row.height - 4;
    // Step chart, one sample per pixel column at most: per column the largest value is kept.
    auto it = std::upper_bound(begin, end, frame.zoom->visibleFrom() - off);
    if (it != begin)
        --it;
    const int right = frame.plotRight();
    while (it != end) {
        const quint32 i = quint32(it - ds.counterTs.begin());
        const int x0 = std::max(frame.plotLeft, int(frame.x(*it + off)));
        if (x0 > right)
            break;
        // all samples in this pixel column
        const qint64 nextColumnNs = frame.timeAt(x0 + 1) - off;
        auto next = std::lower_bound(it + 1, end, nextColumnNs);
        double v = 0;
        for (quint32 k = i; k < quint32(next - ds.counterTs.begin()); ++k) {
            if (std::isfinite(ds.counterValue[k]))
                v = std::max(v, ds.counterValue[k]);
        }
        const int x1 = next == end ? int(frame.x(frame.zoom->visibleTo()))
                                   : std::min(right, int(frame.x(*next + off)));
        const int bar = int(std::round(v / maxValue * h));
        if (x1 > x0 && bar > 0)
            g.bars.emplace_back(x0, 2 + h - bar, x1 - x0, bar);
        it = next;
    }
}

void TrackPainter::buildInstants(RowGeometry &g, const TimelineRow &row, const TimelineFrame &frame)
{
    const Core::TraceDataset &ds = *m_inputs[size_t(row.dataset)].dataset;
    const Core::TraceTrack &track = ds.tracks[size_t(row.track)];
    if (track.instantEnd == track.instantBegin)
        return;
    const qint64 off = m_offsets.of(row.dataset);
    const auto last = ds.instantTs.begin() + track.instantEnd;
    const auto first = std::lower_bound(
        ds.instantTs.begin() + track.instantBegin, last, frame.zoom->visibleFrom() - off);
    int lastX = INT_MIN;
    for (auto it = first; it != last && *it + off <= frame.zoom->visibleTo(); ++it) {
        const int x = int(frame.x(*it + off));
        if (x == lastX)
            continue; // one mark per pixel column
        lastX = x;
        g.instants.push_back(x);
    }
}

void TrackPainter::paint(QPainter &p,
                         const TimelineFrame &frame,
                         const QPalette &palette,
                         const QFont &font,
                         const TimelineSearch &search)
{
    Key key;
    key.fromNs = frame.zoom->visibleFrom();
    key.toNs = frame.zoom->visibleTo();
    key.plotLeft = frame.plotLeft;
    key.plotWidth = frame.zoom->plotWidth();
    key.widgetWidth = frame.width;
    key.devicePixelRatio = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    key.layoutGeneration = m_layoutGeneration;
    key.colorByCategory = m_colorByCategory;
    key.dark = isDark(palette);
    key.font = font;
    sync(key);

    const auto &rows = m_rows.rows();
    const int first = std::max(0, m_rows.rowAt(frame.scroll));
    int last = first - 1;
    for (int r = first; r < int(rows.size()); ++r) {
        const TimelineRow &row = rows[size_t(r)];
        const int y = frame.rowTop(row);
        if (y > frame.height)
            break;
        if (y + row.height < frame.top)
            continue;
        last = r;
        if (row.kind == TimelineRow::Kind::ProcessHeader) {
            p.fillRect(QRect(0, y, frame.width, row.height),
                       palette.color(QPalette::AlternateBase));
            p.setPen(palette.color(QPalette::Mid));
            p.drawLine(0, y + row.height - 1, frame.width, y + row.height - 1);
            continue;
        }
        if (row.kind == TimelineRow::Kind::GroupHeader) {
            paintGroupHeader(p, row, y, frame, palette);
            continue;
        }
        const RowGeometry &g = geometry(r, row, frame);
        if (row.kind == TimelineRow::Kind::Counter)
            paintCounter(p, g, row, y, frame, palette);
        else if (row.kind == TimelineRow::Kind::Lane)
            paintLane(p, g, row, y, palette, search);
        if (!g.instants.empty())
            paintInstants(p, g, y, palette);
    }
    // Keep only what is on screen: a trace can have thousands of rows, and scrolling back
    // costs no more than the old full rebuild did.
    auto offScreen = [&](int r) {
        return r < first || r > last;
    };
    for (const int r : m_cachedRows) {
        if (offScreen(r))
            m_cache[size_t(r)] = RowGeometry();
    }
    m_cachedRows.erase(std::remove_if(m_cachedRows.begin(), m_cachedRows.end(), offScreen),
                       m_cachedRows.end());
}

void TrackPainter::paintLane(QPainter &p,
                             const RowGeometry &g,
                             const TimelineRow &row,
                             int y,
                             const QPalette &palette,
                             const TimelineSearch &search) const
{
    const bool dark = m_key.dark;
    const QColor folded = dark ? QColor(110, 110, 110) : QColor(170, 170, 170);
    const QColor textColor = dark ? QColor(240, 240, 240) : QColor(20, 20, 20);
    const bool searching = search.isActive();
    const int h = row.height - 2;
    for (const SliceItem &item : g.items) {
        const QRect r(item.x0, y + 1, item.width, h);
        if (item.slice == Core::LodItem::Folded) {
            p.fillRect(r, folded);
            continue;
        }
        QColor c = item.color;
        const bool hit = searching && search.isHit(row.dataset, item.name);
        if (searching && !hit)
            c.setAlpha(70); // non-matches fade so the hits stand out
        p.fillRect(r, c);
        if (item.unfinished)
            p.fillRect(r, QBrush(textColor, Qt::BDiagPattern)); // hatched: never ended
        if (hit) {
            p.setPen(QPen(palette.color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (item.label >= 0) {
            const Label &label = g.labels[size_t(item.label)];
            p.setPen(textColor);
            p.drawText(label.rect.translated(0, y), Qt::AlignVCenter | Qt::AlignLeft, label.text);
        }
    }
}

void TrackPainter::paintCounter(QPainter &p,
                                const RowGeometry &g,
                                const TimelineRow &row,
                                int y,
                                const TimelineFrame &frame,
                                const QPalette &palette) const
{
    for (const QRect &bar : g.bars)
        p.fillRect(bar.translated(0, y), g.barColor);
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(frame.plotLeft, y + row.height - 1, frame.width, y + row.height - 1);
}

void TrackPainter::paintInstants(QPainter &p, const RowGeometry &g, int y, const QPalette &palette)
{
    p.setPen(Qt::NoPen);
    p.setBrush(palette.color(QPalette::Text));
    for (const int x : g.instants) {
        const QPoint tri[3] = {QPoint(x, y + 2), QPoint(x - 4, y + 10), QPoint(x + 4, y + 10)};
        p.drawPolygon(tri, 3);
    }
    p.setBrush(Qt::NoBrush);
}

QRect TrackPainter::alignTextRect(const TimelineRow &row, int y, const TimelineFrame &frame)
{
    constexpr int width = 220; // "Align: first event ▾" in CJK fonts too
    return QRect(frame.plotRight() - width, y, width - 8, row.height);
}

void TrackPainter::paintGroupHeader(QPainter &p,
                                    const TimelineRow &row,
                                    int y,
                                    const TimelineFrame &frame,
                                    const QPalette &palette) const
{
    // A run's header is darker than its processes' headers: it groups them.
    p.fillRect(QRect(0, y, frame.width, row.height), palette.color(QPalette::Button));
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(0, y + row.height - 1, frame.width, y + row.height - 1);
    const TimelineInput &in = m_inputs[size_t(row.dataset)];
    p.setPen(palette.color(QPalette::ButtonText));
    const QRect align = alignTextRect(row, y, frame);
    const QRect title(frame.plotLeft + 6, y, align.left() - frame.plotLeft - 12, row.height);
    p.drawText(title,
               Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(in.groupTooltip, Qt::ElideMiddle, title.width()));
    if (!in.alignText.isEmpty()) {
        p.setPen(palette.color(QPalette::Link));
        p.drawText(align, Qt::AlignVCenter | Qt::AlignRight, in.alignText);
    }
}

} // namespace Twinscope::Widgets
