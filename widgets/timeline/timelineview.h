#pragma once

#include "timelinedrag.h"
#include "timelineflows.h"
#include "timelineoffsets.h"
#include "timelineoverview.h"
#include "timelinerows.h"
#include "timelinesearch.h"
#include "timelinezoomcontrol.h"
#include "timeruler.h"
#include "tracklabels.h"
#include "trackpainter.h"

#include <QWidget>

#include <vector>

class QScrollBar;

namespace Twinscope::Widgets {

// The trace timeline (docs/DESIGN.md §5): a thin coordinator over small parts, each its own class,
// after Qt Creator's tracing library. TimelineZoomControl holds the time state (trace, window,
// selected range, undo); TimeRuler, TimelineOverview, TrackLabels and TrackPainter paint the
// ruler, the activity strip, the label column and the rows; TimelineSearch, TimelineFlows,
// TimelineOffsets and TimelineDrag hold search hits, flow arrows, per-file clock offsets and mouse
// drags. This class owns the state they share, turns mouse and keys into zoom-control calls and
// runs the paint passes.
//
// The parts paint into this one widget with one QPainter rather than being sibling widgets: one
// paint event draws a consistent frame (ruler, overview and rows always from the same window),
// a grab() or render() shows the whole timeline, and input keeps one coordinate system (an
// overview click and a header click are positions in this widget, as the shortcuts document).
class TimelineView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int LabelWidth = TrackLabels::Width;
    static constexpr int OverviewHeight = TimelineOverview::Height;
    static constexpr int RulerHeight = OverviewHeight + TimeRuler::Height;
    static constexpr qint64 MinimumRangeNs = TimelineZoomControl::MinimumRangeNs;

    using Selection = TimelineSliceRef;

    explicit TimelineView(QWidget *parent = nullptr);

    void setInputs(std::vector<TimelineInput> inputs);
    const std::vector<TimelineInput> &inputs() const { return m_inputs; }
    // Shifts one file's times (clock skew between ranks); display ns = trace ns + offset.
    void setTimeOffset(int dataset, qint64 offsetNs);
    qint64 timeOffset(int dataset) const { return m_offsets.of(dataset); }

    TimelineZoomControl *zoomControl() const { return m_zoom; }
    qint64 visibleFrom() const { return m_zoom->visibleFrom(); }
    qint64 visibleTo() const { return m_zoom->visibleTo(); }
    void setVisibleRange(qint64 fromNs, qint64 toNs, bool remember = true)
    {
        m_zoom->setVisibleRange(fromNs, toNs, remember);
    }
    void resetZoom() { m_zoom->resetZoom(!m_inputs.empty()); }
    bool undoZoom() { return m_zoom->undoZoom(); }
    // x in widget coordinates.
    void zoomAt(double factor, int x) { zoom().zoomAt(factor, double(x) - LabelWidth); }
    void pan(double fractionOfWidth) { m_zoom->pan(fractionOfWidth); }

    Selection selection() const { return m_selection; }
    void selectSlice(int dataset, quint32 slice, bool zoomToIt);
    bool fitSelection();
    bool selectNeighbour(bool next);
    // process -1 collapses the whole group (run) whose first input is dataset.
    void setProcessCollapsed(int dataset, int process, bool collapsed);
    bool isProcessCollapsed(int dataset, int process) const
    {
        return m_labels.isCollapsed(dataset, process);
    }

    // Substring (case-insensitive) or regex search over slice names; returns the hit count.
    qint64 setSearch(const QString &text, bool regex);
    qint64 searchHitCount() const { return m_search.hitCount(); }
    int currentHit() const { return m_search.current(); }
    bool gotoHit(bool backwards);

    // MindStudio Insight's L/R: mark the selected slice as the base, then shift the selected
    // slice's file so that it starts where the base slice starts (cancels clock skew between
    // ranks).
    void markBaseSlice();
    bool alignSelectionToBase();

    void setShowAllFlows(bool all);
    // Stable colours per name (default) or per category.
    void setColorByCategory(bool byCategory);
    bool colorByCategory() const { return m_tracks.colorByCategory(); }
    bool showAllFlows() const { return m_flows.showAll(); }

    // Hit testing in widget coordinates: the slice under the point, if any.
    Selection sliceAt(const QPoint &pos) const;
    // What hovering shows: the slice's name, duration and self time (or an instant's name, a
    // counter's value); empty over nothing.
    QString toolTipAt(const QPoint &pos) const;
    Selection hoveredSlice() const { return m_hover; }

    // The area selection (a plain drag, as in Perfetto): a time range over some tracks, shaded
    // until cleared (Esc, a click on nothing, new files).
    void setAreaSelection(qint64 fromNs, qint64 toNs, const QList<QPair<int, int>> &datasetTracks);
    void clearAreaSelection();
    bool hasAreaSelection() const { return m_zoom->hasSelection(); }
    const QList<QPair<int, int>> &areaTracks() const { return m_areaTracks; }

    // Paints the timeline over fromNs..toNs with every row (no scrolling) into an image or an SVG
    // of the view's width: File ▸ Export of the whole trace or of the area selection.
    QSize rangeImageSize() const;
    void renderRange(QPainter &p, qint64 fromNs, qint64 toNs);
    // Content geometry, for tests and the screenshot: x of a time and the row rectangle of a lane.
    double xOf(qint64 displayNs) const { return frame().x(displayNs); }
    qint64 timeAt(double x) const { return frame().timeAt(x); }
    const TimelineRows &rows() const { return m_rows; }
    int scrollY() const;
    void scrollToRow(int row);
    // Rows whose level of detail was built so far (tests: overlays must not rebuild).
    quint64 lodBuildCount() const { return m_tracks.lodBuildCount(); }
    static QString shortcutHelp();

signals:
    void selectionChanged(int dataset, quint32 slice);
    // An area was selected: a time range (display ns) over the tracks of the rows it crossed.
    void rangeSelected(qint64 fromNs, qint64 toNs, const QList<QPair<int, int>> &datasetTracks);
    void areaSelectionCleared();
    void visibleRangeChanged(qint64 fromNs, qint64 toNs);
    void statusMessage(const QString &message);
    void timeOffsetChanged(int dataset, qint64 offsetNs);
    // The alignment choice of a run's header was clicked (dataset: the run's first input).
    void alignRequested(int dataset, const QPoint &globalPos);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void relayout();
    void updateScrollBar();
    int plotWidth() const;
    // The zoom control with its plot width brought up to date: a hidden widget is resized
    // without a resize event, so pixel maths goes through here.
    TimelineZoomControl &zoom() const;
    // The geometry of this frame, for painting and hit tests.
    TimelineFrame frame() const;
    QRect sliceRect(const TimelineFrame &f, int dataset, quint32 slice) const;
    void paintFrame(QPainter &p, const TimelineFrame &f);
    void paintSelection(QPainter &p, const TimelineFrame &f) const;
    void paintArea(QPainter &p, const TimelineFrame &f) const;
    void paintCorner(QPainter &p, const TimelineFrame &f) const;
    void selectArea(const QPoint &a, const QPoint &b);
    void click(const QPoint &pos);

    std::vector<TimelineInput> m_inputs;
    TimelineOffsets m_offsets;
    TimelineRows m_rows;
    TimelineZoomControl *m_zoom = nullptr;
    TrackLabels m_labels;
    TrackPainter m_tracks{m_inputs, m_rows, m_offsets};
    TimelineOverview m_overview;
    TimelineSearch m_search;
    TimelineFlows m_flows;
    TimelineDrag m_drag;
    QScrollBar *m_scroll = nullptr;
    Selection m_selection;
    Selection m_base;
    Selection m_hover;
    QList<QPair<int, int>> m_areaTracks;
};

} // namespace Twinscope::Widgets
