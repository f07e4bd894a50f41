#pragma once

#include "timelineframe.h"
#include "timelineoffsets.h"

#include <QColor>
#include <QFont>
#include <QRect>
#include <QString>

#include <vector>

class QFontMetrics;
class QPainter;
class QPalette;

namespace Twinscope::Widgets {

class TimelineSearch;

// Paints the rows of the timeline: process header bands, slice lanes through the level-of-detail
// builder, counter step charts and instant marks (docs/DESIGN.md §5; after Qt Creator's
// trackpainter and Tracy's zone levels). The geometry of each row (rects, resolved colours, elided
// labels, counter bars, instant columns) is cached and rebuilt only when what it depends on
// changes: the window, the plot and widget widths, the devicePixelRatio, the colour mode and
// palette darkness, the font, or the layout generation (rows, files, offsets). Search hits and
// everything drawn on top (selection, flows, rubber band) are applied while replaying the
// cache, so hovering, selecting or searching repaints without a rebuild.
class TrackPainter
{
public:
    TrackPainter(const std::vector<TimelineInput> &inputs,
                 const TimelineRows &rows,
                 const TimelineOffsets &offsets);

    // Files changed: drops the geometry and the per-name caches.
    void resetInputs();
    // Rows, collapse state or offsets changed: drops the geometry.
    void invalidateLayout() { ++m_layoutGeneration; }

    // Stable colours per name (default) or per category.
    void setColorByCategory(bool byCategory) { m_colorByCategory = byCategory; }
    bool colorByCategory() const { return m_colorByCategory; }
    // The colour of a name (or category) id of a file: a hash of its text, so a kernel keeps its
    // colour across ranks and reloads.
    static QColor colorForName(const Core::TraceDataset &ds, quint32 name, bool dark);
    static bool isDark(const QPalette &palette);

    // Paints every row that intersects the frame below frame.top.
    void paint(QPainter &p,
               const TimelineFrame &frame,
               const QPalette &palette,
               const QFont &font,
               const TimelineSearch &search);

    // Rows whose geometry was (re)built so far: tests check that overlays do not rebuild.
    quint64 lodBuildCount() const { return m_lodBuildCount; }
    // Where a group header draws its alignment choice (widget coordinates), for hit tests.
    static QRect alignTextRect(const TimelineRow &row, int y, const TimelineFrame &frame);

private:
    // Everything the cached geometry depends on besides the row itself.
    struct Key
    {
        qint64 fromNs = 0;
        qint64 toNs = 0;
        int plotLeft = 0;
        int plotWidth = 0;
        int widgetWidth = 0;
        qreal devicePixelRatio = 0;
        quint64 layoutGeneration = 0;
        bool colorByCategory = false;
        bool dark = false;
        QFont font;
        bool operator==(const Key &o) const;
    };
    struct SliceItem
    {
        int x0 = 0;
        int width = 1;
        quint32 slice = 0; // Core::LodItem::Folded for a fold
        quint32 name = 0;
        QColor color; // 16 bits per channel, as computed: faded copies blend as before
        bool unfinished = false;
        int label = -1; // index into RowGeometry::labels
    };
    struct Label
    {
        QRect rect; // relative to the row's top
        QString text;
    };
    struct RowGeometry
    {
        bool valid = false;
        std::vector<SliceItem> items;
        std::vector<Label> labels;
        std::vector<QRect> bars; // counter bars, relative to the row's top
        QColor barColor;
        std::vector<int> instants; // x of each instant mark, one per pixel column
    };
    // Lazily filled per file and string id.
    struct NameCache
    {
        std::vector<QColor> color; // invalid: not computed yet
        std::vector<QString> text;
        std::vector<int> advance; // -1: not measured yet
    };

    void sync(const Key &key);
    RowGeometry &geometry(int index, const TimelineRow &row, const TimelineFrame &frame);
    void buildLane(RowGeometry &g, const TimelineRow &row, const TimelineFrame &frame);
    void buildCounter(RowGeometry &g, const TimelineRow &row, const TimelineFrame &frame);
    void buildInstants(RowGeometry &g, const TimelineRow &row, const TimelineFrame &frame);
    const QColor &nameColor(int dataset, quint32 id);
    const QString &nameText(int dataset, quint32 id);
    int nameAdvance(int dataset, quint32 id, const QFontMetrics &fm);
    void paintGroupHeader(QPainter &p,
                          const TimelineRow &row,
                          int y,
                          const TimelineFrame &frame,
                          const QPalette &palette) const;
    void paintLane(QPainter &p,
                   const RowGeometry &g,
                   const TimelineRow &row,
                   int y,
                   const QPalette &palette,
                   const TimelineSearch &search) const;
    void paintCounter(QPainter &p,
                      const RowGeometry &g,
                      const TimelineRow &row,
                      int y,
                      const TimelineFrame &frame,
                      const QPalette &palette) const;
    static void paintInstants(QPainter &p, const RowGeometry &g, int y, const QPalette &palette);

    const std::vector<TimelineInput> &m_inputs;
    const TimelineRows &m_rows;
    const TimelineOffsets &m_offsets;
    bool m_colorByCategory = false;
    quint64 m_layoutGeneration = 0;
    Key m_key;
    std::vector<RowGeometry> m_cache; // per row index, valid only for m_key
    std::vector<int> m_cachedRows;    // indices with valid geometry, to free off-screen rows
    std::vector<NameCache> m_names;
    std::vector<Core::LodItem> m_items; // reused between lanes
    quint64 m_lodBuildCount = 0;
};

} // namespace Twinscope::Widgets
