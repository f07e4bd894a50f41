#pragma once

#include "core/trace/levelofdetail.h"

#include <QObject>

#include <optional>
#include <utility>
#include <vector>

namespace Twinscope::Widgets {

// The timeline's time state (docs/DESIGN.md §5, after Qt Creator's TimelineZoomControl): the whole
// trace, the visible window, the selected range and the zoom history, kept apart so that the
// ruler, the overview, the track painter and the input handling all read one source. All times
// are display ns (trace ns plus the file's offset); x is in pixels from the plot's left edge.
// No painting here, so the maths is tested without a widget.
class TimelineZoomControl : public QObject
{
    Q_OBJECT

public:
    // Zooming stops at 100 ns across the plot: below that even 1 ns is several pixels wide and
    // nothing more can be seen.
    static constexpr qint64 MinimumRangeNs = 100;
    // Undo steps kept; older ones are dropped.
    static constexpr int MaximumHistory = 100;

    explicit TimelineZoomControl(QObject *parent = nullptr);

    // The extent of all loaded files; at least MinimumRangeNs long. Leaves the window alone.
    void setTrace(qint64 fromNs, qint64 toNs);
    qint64 traceFrom() const { return m_traceFrom; }
    qint64 traceTo() const { return m_traceTo; }
    // The time the ruler counts from: the trace's start unless set (the compare view counts from
    // the compared step, so two stacked rulers read alike).
    void setRulerOrigin(std::optional<qint64> displayNs) { m_origin = displayNs; }
    qint64 rulerOrigin() const { return m_origin.value_or(m_traceFrom); }
    // The extent of a view this one is kept in step with (the compare view's other run): zooming
    // out may reach it too, so a short run can show the window of a long one.
    void setLinkedExtent(std::optional<std::pair<qint64, qint64>> displayNs)
    {
        m_linked = displayNs;
    }

    // Width of the plot in pixels (at least 1); the view sets it when it is laid out.
    void setPlotWidth(int px);
    int plotWidth() const { return m_widthPx; }

    qint64 visibleFrom() const { return m_from; }
    qint64 visibleTo() const { return m_to; }
    qint64 visibleSpan() const { return m_to - m_from; }
    // Clamps to the minimum range and to a margin of half the trace on either side; remember
    // puts the previous window on the undo history. Returns whether the window changed.
    bool setVisibleRange(qint64 fromNs, qint64 toNs, bool remember = true);
    // The whole trace with 1 % margins.
    void resetZoom(bool remember = true);
    bool undoZoom();
    void clearHistory() { m_history.clear(); }
    int historySize() const { return int(m_history.size()); }
    // Scales the window by factor, keeping the time under plot x where it is.
    void zoomAt(double factor, double x);
    // Moves the window by a fraction of its width (positive: later), not remembered.
    void pan(double fractionOfWidth);
    // Moves the content with the mouse: dx pixels to the right shows earlier times.
    void dragBy(double dx);
    // Keeps the span and puts t in the middle (an overview click).
    void centreOn(qint64 t);

    // The time range picked with Ctrl+drag, whose statistics are shown; empty when none.
    void setSelection(qint64 fromNs, qint64 toNs);
    void clearSelection();
    bool hasSelection() const { return m_selectionTo > m_selectionFrom; }
    qint64 selectionFrom() const { return m_selectionFrom; }
    qint64 selectionTo() const { return m_selectionTo; }

    double nsPerPx() const { return double(m_to - m_from) / double(m_widthPx); }
    double xOf(qint64 displayNs) const;
    qint64 timeAt(double x) const;
    // The builder's mapping for a file shifted by offsetNs: it works in trace time, so the
    // offset moves the window instead of every span.
    Core::TimeMapping mapping(qint64 offsetNs) const
    {
        return Core::TimeMapping{m_from - offsetNs, m_to - offsetNs, m_widthPx};
    }

signals:
    void windowChanged(qint64 fromNs, qint64 toNs);
    void selectionChanged(qint64 fromNs, qint64 toNs);

private:
    qint64 m_traceFrom = 0, m_traceTo = 1;
    std::optional<qint64> m_origin;
    std::optional<std::pair<qint64, qint64>> m_linked;
    qint64 m_from = 0, m_to = 1;
    qint64 m_selectionFrom = 0, m_selectionTo = 0;
    int m_widthPx = 1;
    std::vector<std::pair<qint64, qint64>> m_history;
};

} // namespace Twinscope::Widgets
