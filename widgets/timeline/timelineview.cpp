#include "timelineview.h"

#include "core/common/plaintooltip.h"
#include "core/trace/tracetime.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

TimelineView::TimelineView(QWidget *parent)
    : QWidget(parent)
    , m_zoom(new TimelineZoomControl(this))
    , m_scroll(new QScrollBar(Qt::Vertical, this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(400, 200);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this] { update(); });
    connect(m_zoom, &TimelineZoomControl::windowChanged, this, [this](qint64 from, qint64 to) {
        emit visibleRangeChanged(from, to);
        update();
    });
}

void TimelineView::setInputs(std::vector<TimelineInput> inputs)
{
    m_inputs = std::move(inputs);
    m_offsets.reset(m_inputs.size());
    m_selection = {};
    m_base = {};
    m_hover = {};
    m_areaTracks.clear();
    m_search.clear();
    m_zoom->clearHistory();
    m_zoom->clearSelection();
    m_labels.clearCollapsed();
    m_tracks.resetInputs();
    relayout();
    m_zoom->resetZoom(!m_inputs.empty());
}

void TimelineView::setTimeOffset(int dataset, qint64 offsetNs)
{
    if (!m_offsets.set(dataset, offsetNs))
        return;
    relayout();
    update();
    emit timeOffsetChanged(dataset, offsetNs);
}

void TimelineView::relayout()
{
    m_rows.build(m_inputs, m_labels.collapsed());
    m_tracks.invalidateLayout();
    const auto [from, to] = m_offsets.extent(m_inputs);
    m_zoom->setTrace(from, to);
    m_overview.build(m_inputs, m_offsets, m_zoom->traceFrom(), m_zoom->traceTo());
    updateScrollBar();
}

void TimelineView::updateScrollBar()
{
    const int viewport = std::max(0, height() - RulerHeight);
    m_scroll->setGeometry(width() - m_scroll->sizeHint().width(),
                          RulerHeight,
                          m_scroll->sizeHint().width(),
                          viewport);
    m_scroll->setRange(0, std::max(0, m_rows.contentHeight() - viewport));
    m_scroll->setPageStep(viewport);
    m_scroll->setSingleStep(TimelineRows::LaneHeight);
    m_scroll->setVisible(m_rows.contentHeight() > viewport);
    m_zoom->setPlotWidth(plotWidth());
}

int TimelineView::plotWidth() const
{
    // isVisibleTo: whether the bar takes room does not depend on the window being shown yet.
    return std::max(1,
                    width() - LabelWidth - (m_scroll->isVisibleTo(this) ? m_scroll->width() : 0));
}

TimelineZoomControl &TimelineView::zoom() const
{
    m_zoom->setPlotWidth(plotWidth());
    return *m_zoom;
}

TimelineFrame TimelineView::frame() const
{
    return TimelineFrame{&zoom(), LabelWidth, RulerHeight, scrollY(), width(), height()};
}

int TimelineView::scrollY() const
{
    return m_scroll->value();
}

void TimelineView::scrollToRow(int row)
{
    if (row < 0 || row >= int(m_rows.rows().size()))
        return;
    const TimelineRow &r = m_rows.rows()[size_t(row)];
    const int viewport = height() - RulerHeight;
    if (r.y < m_scroll->value() || r.y + r.height > m_scroll->value() + viewport)
        m_scroll->setValue(r.y - viewport / 3);
}

void TimelineView::selectSlice(int dataset, quint32 slice, bool zoomToIt)
{
    if (dataset < 0 || dataset >= int(m_inputs.size()) ||
        slice >= quint32(m_inputs[size_t(dataset)].dataset->sliceCount())) {
        m_selection = {};
        emit selectionChanged(-1, UINT32_MAX);
        update();
        return;
    }
    m_selection = Selection{dataset, slice};
    const Core::TraceDataset &ds = *m_inputs[size_t(dataset)].dataset;
    const int track = ds.trackOfSlice(slice);
    const int process = track >= 0 ? ds.tracks[size_t(track)].process : -1;
    if (process >= 0 && isProcessCollapsed(dataset, process))
        setProcessCollapsed(dataset, process, false);
    scrollToRow(m_rows.rowOfLane(dataset, track, ds.laneOfSlice(track, slice)));
    if (zoomToIt)
        fitSelection();
    emit selectionChanged(dataset, slice);
    update();
}

bool TimelineView::fitSelection()
{
    if (!m_selection.isValid())
        return false;
    const Core::TraceDataset &ds = *m_inputs[size_t(m_selection.dataset)].dataset;
    const qint64 s = m_offsets.sliceStart(m_inputs, m_selection);
    const qint64 d = std::max<qint64>(ds.sliceDuration[m_selection.slice], MinimumRangeNs);
    // 10 % margins so the slice's edges stay visible
    m_zoom->setVisibleRange(s - d / 10, s + d + d / 10);
    return true;
}

bool TimelineView::selectNeighbour(bool next)
{
    if (!m_selection.isValid())
        return false;
    const Core::TraceDataset &ds = *m_inputs[size_t(m_selection.dataset)].dataset;
    const int track = ds.trackOfSlice(m_selection.slice);
    const int lane = ds.laneOfSlice(track, m_selection.slice);
    if (lane < 0)
        return false;
    const Core::TraceLane &l = ds.tracks[size_t(track)].lanes[size_t(lane)];
    const quint32 s = m_selection.slice;
    if (next ? s + 1 >= l.end : s <= l.begin)
        return false;
    const quint32 target = next ? s + 1 : s - 1;
    selectSlice(m_selection.dataset, target, false);
    // keep the new slice in view without changing the zoom
    const qint64 t = m_offsets.sliceStart(m_inputs, m_selection);
    if (t < m_zoom->visibleFrom() || t > m_zoom->visibleTo()) {
        const qint64 span = m_zoom->visibleSpan();
        m_zoom->setVisibleRange(t - span / 2, t + span / 2, false);
    }
    return true;
}

void TimelineView::setProcessCollapsed(int dataset, int process, bool collapsed)
{
    m_labels.setCollapsed(dataset, process, collapsed);
    relayout();
    update();
}

qint64 TimelineView::setSearch(const QString &text, bool regex)
{
    const qint64 n = m_search.run(m_inputs, m_offsets, text, regex);
    update();
    return n;
}

bool TimelineView::gotoHit(bool backwards)
{
    const Selection hit = m_search.step(backwards);
    if (!hit.isValid())
        return false;
    selectSlice(hit.dataset, hit.slice, true);
    return true;
}

void TimelineView::markBaseSlice()
{
    m_base = m_selection;
    if (m_base.isValid())
        emit statusMessage(
            tr("Base slice set; select a slice in another file and press R to align it."));
}

bool TimelineView::alignSelectionToBase()
{
    if (!m_base.isValid() || !m_selection.isValid() || m_base.dataset == m_selection.dataset)
        return false;
    const qint64 offset = m_offsets.alignmentOffset(m_inputs, m_base, m_selection);
    setTimeOffset(m_selection.dataset, offset);
    emit statusMessage(
        tr("%1 shifted by %2.")
            .arg(m_inputs[size_t(m_selection.dataset)].label, Core::formatDurationNs(offset)));
    return true;
}

void TimelineView::setColorByCategory(bool byCategory)
{
    m_tracks.setColorByCategory(byCategory);
    update();
}

void TimelineView::setShowAllFlows(bool all)
{
    m_flows.setShowAll(all);
    update();
}

TimelineView::Selection TimelineView::sliceAt(const QPoint &pos) const
{
    if (pos.x() < LabelWidth || pos.y() < RulerHeight)
        return {};
    const int row = m_rows.rowAt(pos.y() - RulerHeight + scrollY());
    if (row < 0)
        return {};
    const TimelineRow &r = m_rows.rows()[size_t(row)];
    if (r.kind != TimelineRow::Kind::Lane)
        return {};
    const Core::TraceDataset &ds = *m_inputs[size_t(r.dataset)].dataset;
    const Core::TraceLane &lane = ds.tracks[size_t(r.track)].lanes[size_t(r.lane)];
    const TimelineFrame f = frame();
    // 2 px of slack so that thin spans can be clicked
    const qint64 slack = qint64(2.0 * f.zoom->nsPerPx());
    const quint32 hit = Core::LevelOfDetail::nearestSlice(
        ds, lane, f.timeAt(pos.x()) - m_offsets.of(r.dataset), slack);
    return hit == UINT32_MAX ? Selection{} : Selection{r.dataset, hit};
}

QString TimelineView::shortcutHelp()
{
    return tr("W / S: zoom in / out at the cursor\n"
              "A / D: pan left / right\n"
              "Ctrl+wheel: zoom; Shift+wheel: pan; wheel: scroll tracks\n"
              "Drag: select an area; its statistics open below; Esc: clear it\n"
              "Ctrl+drag or middle-drag: pan; Shift+drag: zoom to the dragged range\n"
              "Hover: name, duration and self time of a slice\n"
              "Click: select a slice; click a process header: collapse or expand it\n"
              "F: fit the selection; Backspace: undo zoom; Ctrl+0: show everything\n"
              ". / ,: next / previous slice on the track\n"
              "L: mark the selected slice as base; R: align the selected slice's file to it\n"
              "Ctrl+F: search; Enter / Shift+Enter: next / previous hit\n"
              "?: this help");
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateScrollBar();
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton && event->button() != Qt::MiddleButton)
        return QWidget::mousePressEvent(event);
    if (event->button() == Qt::LeftButton && event->position().y() < OverviewHeight) {
        // Clicking the overview centres the window there, keeping the zoom.
        m_zoom->centreOn(TimelineOverview::timeAt(frame(), event->position().x()));
        return;
    }
    m_drag.press(event->position().toPoint(), event->button(), event->modifiers());
    if (m_drag.isPanning())
        setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_drag.isPressed()) {
        // Hovering outlines the slice under the pointer; the tool tip tells what it is.
        const Selection hover = sliceAt(event->position().toPoint());
        if (hover.dataset != m_hover.dataset || hover.slice != m_hover.slice) {
            m_hover = hover;
            update();
        }
        return;
    }
    const QPoint delta = m_drag.move(event->position().toPoint());
    if (!delta.isNull()) {
        zoom().dragBy(delta.x());
        m_scroll->setValue(m_scroll->value() - delta.y());
    }
    update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    if ((event->button() != Qt::LeftButton && event->button() != Qt::MiddleButton) ||
        !m_drag.isPressed())
        return QWidget::mouseReleaseEvent(event);
    const QPoint pos = event->position().toPoint();
    const QPoint pressPos = m_drag.pressPos();
    unsetCursor();
    const TimelineDrag::Outcome outcome = m_drag.release(pos);
    if (event->button() == Qt::MiddleButton)
        return update();
    switch (outcome) {
    case TimelineDrag::Outcome::BoxZoom: {
        const TimelineFrame f = frame();
        m_zoom->setVisibleRange(f.timeAt(std::min(pressPos.x(), pos.x())),
                                f.timeAt(std::max(pressPos.x(), pos.x())));
        return;
    }
    case TimelineDrag::Outcome::AreaSelect:
        selectArea(pressPos, pos);
        return;
    case TimelineDrag::Outcome::Click:
        return click(pos);
    case TimelineDrag::Outcome::None:
        return update();
    }
}

void TimelineView::selectArea(const QPoint &a, const QPoint &b)
{
    const TimelineFrame f = frame();
    const int x0 = std::max(LabelWidth, std::min(a.x(), b.x()));
    const int x1 = std::max(a.x(), b.x());
    const int y0 = std::max(RulerHeight, std::min(a.y(), b.y())) - RulerHeight + f.scroll;
    const int y1 = std::max(a.y(), b.y()) - RulerHeight + f.scroll;
    setAreaSelection(f.timeAt(x0), f.timeAt(x1), m_rows.tracksBetween(y0, y1));
}

void TimelineView::setAreaSelection(qint64 fromNs,
                                    qint64 toNs,
                                    const QList<QPair<int, int>> &datasetTracks)
{
    if (toNs <= fromNs || datasetTracks.isEmpty())
        return clearAreaSelection();
    m_zoom->setSelection(fromNs, toNs);
    m_areaTracks = datasetTracks;
    update();
    emit rangeSelected(fromNs, toNs, m_areaTracks);
}

void TimelineView::clearAreaSelection()
{
    if (!m_zoom->hasSelection() && m_areaTracks.isEmpty())
        return;
    m_zoom->clearSelection();
    m_areaTracks.clear();
    update();
    emit areaSelectionCleared();
}

void TimelineView::click(const QPoint &pos)
{
    // A process header toggles its group; anything else selects the slice under the point.
    if (pos.y() >= RulerHeight) {
        const int row = m_rows.rowAt(pos.y() - RulerHeight + scrollY());
        if (row >= 0 && m_rows.rows()[size_t(row)].kind == TimelineRow::Kind::GroupHeader) {
            const TimelineRow &r = m_rows.rows()[size_t(row)];
            const TimelineFrame f = frame();
            if (!m_inputs[size_t(r.dataset)].alignText.isEmpty() &&
                TrackPainter::alignTextRect(r, f.rowTop(r), f).contains(pos)) {
                emit alignRequested(r.dataset, mapToGlobal(pos));
                return;
            }
            setProcessCollapsed(r.dataset, -1, !isProcessCollapsed(r.dataset, -1));
            return;
        }
        if (row >= 0 && m_rows.rows()[size_t(row)].kind == TimelineRow::Kind::ProcessHeader) {
            const TimelineRow &r = m_rows.rows()[size_t(row)];
            setProcessCollapsed(r.dataset, r.process, !isProcessCollapsed(r.dataset, r.process));
            return;
        }
    }
    // As in Perfetto, a click replaces an area selection.
    clearAreaSelection();
    const Selection hit = sliceAt(pos);
    selectSlice(hit.dataset, hit.slice, false);
}

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (event->modifiers() & Qt::ControlModifier) {
        zoomAt(std::pow(0.8, steps), int(event->position().x()));
    } else if (event->modifiers() & Qt::ShiftModifier) {
        pan(-0.1 * steps);
    } else {
        m_scroll->setValue(m_scroll->value() - int(steps * 3 * TimelineRows::LaneHeight));
    }
    event->accept();
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    const QPoint cursor = mapFromGlobal(QCursor::pos());
    const int x = rect().contains(cursor) && cursor.x() >= LabelWidth
                      ? cursor.x()
                      : LabelWidth + plotWidth() / 2;
    if (event->key() == Qt::Key_0 && (event->modifiers() & Qt::ControlModifier)) {
        resetZoom();
        return;
    }
    switch (event->key()) {
    case Qt::Key_W:
        zoomAt(0.8, x);
        return;
    case Qt::Key_S:
        zoomAt(1.25, x);
        return;
    case Qt::Key_A:
        pan(-0.1);
        return;
    case Qt::Key_D:
        pan(0.1);
        return;
    case Qt::Key_F:
        fitSelection();
        return;
    case Qt::Key_Backspace:
        undoZoom();
        return;
    case Qt::Key_L:
        markBaseSlice();
        return;
    case Qt::Key_R:
        alignSelectionToBase();
        return;
    case Qt::Key_Period:
        selectNeighbour(true);
        return;
    case Qt::Key_Comma:
        selectNeighbour(false);
        return;
    case Qt::Key_Escape:
        if (hasAreaSelection())
            clearAreaSelection();
        else if (m_selection.isValid())
            selectSlice(-1, 0, false);
        else
            QWidget::keyPressEvent(event);
        return;
    case Qt::Key_Question:
        QToolTip::showText(
            mapToGlobal(QPoint(LabelWidth + 20, RulerHeight + 20)), shortcutHelp(), this);
        emit statusMessage(shortcutHelp().section(u'\n', 0, 0));
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void TimelineView::leaveEvent(QEvent *event)
{
    if (m_hover.isValid()) {
        m_hover = {};
        update();
    }
    QWidget::leaveEvent(event);
}

bool TimelineView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint pos = help->pos();
        // A run's header is titled with an elided path: its tooltip gives the whole of it.
        const int row =
            pos.y() >= RulerHeight ? m_rows.rowAt(pos.y() - RulerHeight + scrollY()) : -1;
        if (row >= 0 && m_rows.rows()[size_t(row)].kind == TimelineRow::Kind::GroupHeader) {
            QToolTip::showText(
                help->globalPos(),
                Core::plainToolTip(
                    m_inputs[size_t(m_rows.rows()[size_t(row)].dataset)].groupTooltip),
                this);
            return true;
        }
        const QString text = toolTipAt(pos);
        if (text.isEmpty())
            QToolTip::hideText();
        else // slice and track names are the trace's own text (issue #31)
            QToolTip::showText(help->globalPos(), Core::plainToolTip(text), this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineView::changeEvent(QEvent *event)
{
    // Colours and fonts are read at paint time (the track painter notices the change in its
    // cache key); a palette or font change only needs a repaint.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace Twinscope::Widgets
