#pragma once

#include "core/trace/levelofdetail.h"
#include "timelinerows.h"

#include <QRegularExpression>
#include <QWidget>

#include <vector>

class QScrollBar;

namespace Twinscope::Widgets {

// The trace timeline (DESIGN.md §5): one widget painted with QPainter, antialiasing off. A label
// column with collapsible process groups, a ruler, slice lanes through the level-of-detail builder,
// counters, instants, flow arrows of the selected slice (or all), search hits. Times are int64 ns;
// doubles appear only relative to the visible start.
class TimelineView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int LabelWidth = 240;
    static constexpr int OverviewHeight = 16; // the whole trace's activity, with the window marked
    static constexpr int RulerHeight = OverviewHeight + 26; // overview strip plus time ruler
    static constexpr qint64 MinimumRangeNs = 100; // zooming stops at 100 ns across the view

    struct Selection
    {
        int dataset = -1;
        quint32 slice = UINT32_MAX;
        bool isValid() const { return dataset >= 0 && slice != UINT32_MAX; }
    };

    explicit TimelineView(QWidget *parent = nullptr);

    void setInputs(std::vector<TimelineInput> inputs);
    const std::vector<TimelineInput> &inputs() const { return m_inputs; }
    // Shifts one file's times (clock skew between ranks); display ns = trace ns + offset.
    void setTimeOffset(int dataset, qint64 offsetNs);
    qint64 timeOffset(int dataset) const;

    qint64 visibleFrom() const { return m_from; }
    qint64 visibleTo() const { return m_to; }
    void setVisibleRange(qint64 fromNs, qint64 toNs, bool remember = true);
    void resetZoom();
    bool undoZoom();
    void zoomAt(double factor, int x);
    void pan(double fractionOfWidth);

    Selection selection() const { return m_selection; }
    void selectSlice(int dataset, quint32 slice, bool zoomToIt);
    bool fitSelection();
    bool selectNeighbour(bool next);
    void setProcessCollapsed(int dataset, int process, bool collapsed);
    bool isProcessCollapsed(int dataset, int process) const;

    // Substring (case-insensitive) or regex search over slice names; returns the hit count.
    qint64 setSearch(const QString &text, bool regex);
    qint64 searchHitCount() const { return qint64(m_hits.size()); }
    int currentHit() const { return m_currentHit; }
    bool gotoHit(bool backwards);

    // MindStudio Insight's L/R: mark the selected slice as the base, then shift the selected
    // slice's file so that it starts where the base slice starts (cancels clock skew between
    // ranks).
    void markBaseSlice();
    bool alignSelectionToBase();

    void setShowAllFlows(bool all);
    // Stable colours per name (default) or per category.
    void setColorByCategory(bool byCategory);
    bool colorByCategory() const { return m_colorByCategory; }
    bool showAllFlows() const { return m_allFlows; }

    // Hit testing in widget coordinates: the slice under the point, if any.
    Selection sliceAt(const QPoint &pos) const;
    // Content geometry, for tests and the screenshot: x of a time and the row rectangle of a lane.
    double xOf(qint64 displayNs) const;
    qint64 timeAt(double x) const;
    const TimelineRows &rows() const { return m_rows; }
    int scrollY() const;
    void scrollToRow(int row);
    static QString shortcutHelp();

signals:
    void selectionChanged(int dataset, quint32 slice);
    // Ctrl+drag: a time range (display ns) over the tracks of the rows it crossed, per file.
    void rangeSelected(qint64 fromNs, qint64 toNs, const QList<QPair<int, int>> &datasetTracks);
    void visibleRangeChanged(qint64 fromNs, qint64 toNs);
    void statusMessage(const QString &message);
    void timeOffsetChanged(int dataset, qint64 offsetNs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void relayout();
    void updateScrollBar();
    int plotWidth() const;
    Core::TimeMapping mappingFor(int dataset) const;
    QColor colorForName(const Core::TraceDataset &ds, quint32 name) const;
    void paintRuler(QPainter &p);
    void paintOverview(QPainter &p);
    void buildOverview();
    void paintLabels(QPainter &p);
    void paintRow(QPainter &p, const TimelineRow &row, int top);
    void paintCounter(QPainter &p, const TimelineRow &row, int top);
    void paintInstants(QPainter &p, const TimelineRow &row, int top);
    void paintFlows(QPainter &p);
    void paintSelection(QPainter &p);
    bool isHit(int dataset, quint32 name) const;
    QRect sliceRect(int dataset, quint32 slice) const;

    std::vector<TimelineInput> m_inputs;
    std::vector<qint64> m_offsets;
    TimelineRows m_rows;
    QSet<quint64> m_collapsed;
    QScrollBar *m_scroll = nullptr;
    qint64 m_traceFrom = 0, m_traceTo = 1;
    qint64 m_from = 0, m_to = 1;
    std::vector<std::pair<qint64, qint64>> m_history;
    Selection m_selection;
    Selection m_base;
    bool m_allFlows = false;
    bool m_colorByCategory = false;
    // search: per dataset, which name ids match; hits in time order
    std::vector<std::vector<bool>> m_hitNames;
    std::vector<Selection> m_hits;
    int m_currentHit = -1;
    // mouse
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_pressed = false;
    bool m_moved = false;
    bool m_boxZoom = false;
    bool m_rangeSelect = false;
    std::vector<Core::LodItem> m_items; // reused per row while painting
    std::vector<float> m_overview;      // busy fraction per bucket of the whole trace
};

} // namespace Twinscope::Widgets
