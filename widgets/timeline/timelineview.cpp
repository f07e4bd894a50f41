#include "timelineview.h"

#include "core/trace/tracetime.h"

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
    , m_scroll(new QScrollBar(Qt::Vertical, this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(400, 200);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this] { update(); });
}

void TimelineView::setInputs(std::vector<TimelineInput> inputs)
{
    m_inputs = std::move(inputs);
    m_offsets.assign(m_inputs.size(), 0);
    m_selection = {};
    m_hits.clear();
    m_hitNames.clear();
    m_currentHit = -1;
    m_history.clear();
    m_collapsed.clear();
    relayout();
    resetZoom();
}

void TimelineView::setTimeOffset(int dataset, qint64 offsetNs)
{
    if (dataset < 0 || dataset >= int(m_offsets.size()))
        return;
    m_offsets[size_t(dataset)] = offsetNs;
    relayout();
    update();
    emit timeOffsetChanged(dataset, offsetNs);
}

qint64 TimelineView::timeOffset(int dataset) const
{
    return dataset >= 0 && dataset < int(m_offsets.size()) ? m_offsets[size_t(dataset)] : 0;
}

void TimelineView::relayout()
{
    m_rows.build(m_inputs, m_collapsed);
    bool any = false;
    for (size_t d = 0; d < m_inputs.size(); ++d) {
        const Core::TraceDataset &ds = *m_inputs[d].dataset;
        if (ds.lastNs < ds.firstNs)
            continue;
        const qint64 f = ds.firstNs + m_offsets[d];
        const qint64 l = ds.lastNs + m_offsets[d];
        m_traceFrom = any ? std::min(m_traceFrom, f) : f;
        m_traceTo = any ? std::max(m_traceTo, l) : l;
        any = true;
    }
    if (!any) {
        m_traceFrom = 0;
        m_traceTo = 1000;
    }
    if (m_traceTo - m_traceFrom < MinimumRangeNs)
        m_traceTo = m_traceFrom + MinimumRangeNs;
    buildOverview();
    updateScrollBar();
}

void TimelineView::buildOverview()
{
    // Busy time of every track's top lane per bucket, normalised: a cheap picture of where the
    // work is. One pass over top-level spans only.
    constexpr int Buckets = 1024;
    std::vector<double> busy(Buckets, 0.0);
    const double bucketNs = double(m_traceTo - m_traceFrom) / Buckets;
    for (size_t d = 0; d < m_inputs.size(); ++d) {
        const Core::TraceDataset &ds = *m_inputs[d].dataset;
        for (const Core::TraceTrack &t : ds.tracks) {
            if (t.lanes.empty() || t.kind != Core::TraceTrackKind::Thread)
                continue;
            const Core::TraceLane &lane = t.lanes.front();
            for (quint32 i = lane.begin; i < lane.end; ++i) {
                double s = double(ds.sliceStart[i] + m_offsets[d] - m_traceFrom) / bucketNs;
                const double e = double(ds.sliceEnd(i) + m_offsets[d] - m_traceFrom) / bucketNs;
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
    m_overview.assign(Buckets, 0.0f);
    for (int b = 0; b < Buckets; ++b)
        m_overview[size_t(b)] = float(busy[size_t(b)] / peak);
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
}

int TimelineView::plotWidth() const
{
    return std::max(1, width() - LabelWidth - (m_scroll->isVisible() ? m_scroll->width() : 0));
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

Core::TimeMapping TimelineView::mappingFor(int dataset) const
{
    // The builder works in trace time; the offset moves the window instead of every span.
    const qint64 off = timeOffset(dataset);
    return Core::TimeMapping{m_from - off, m_to - off, plotWidth()};
}

double TimelineView::xOf(qint64 displayNs) const
{
    return LabelWidth + double(displayNs - m_from) * double(plotWidth()) / double(m_to - m_from);
}

qint64 TimelineView::timeAt(double x) const
{
    return m_from +
           qint64(std::llround((x - LabelWidth) * double(m_to - m_from) / double(plotWidth())));
}

void TimelineView::setVisibleRange(qint64 fromNs, qint64 toNs, bool remember)
{
    if (toNs - fromNs < MinimumRangeNs) {
        const qint64 mid = fromNs / 2 + toNs / 2;
        fromNs = mid - MinimumRangeNs / 2;
        toNs = fromNs + MinimumRangeNs;
    }
    // Allow a margin of one view width around the trace, no further.
    const qint64 span = toNs - fromNs;
    const qint64 traceSpan = m_traceTo - m_traceFrom;
    if (span > 2 * traceSpan) {
        fromNs = m_traceFrom - traceSpan / 2;
        toNs = m_traceTo + traceSpan / 2;
    }
    if (fromNs == m_from && toNs == m_to)
        return;
    if (remember)
        m_history.emplace_back(m_from, m_to);
    if (m_history.size() > 100)
        m_history.erase(m_history.begin());
    m_from = fromNs;
    m_to = toNs;
    emit visibleRangeChanged(m_from, m_to);
    update();
}

void TimelineView::resetZoom()
{
    const qint64 margin = std::max<qint64>(1, (m_traceTo - m_traceFrom) / 100);
    setVisibleRange(m_traceFrom - margin, m_traceTo + margin, !m_inputs.empty());
}

bool TimelineView::undoZoom()
{
    if (m_history.empty())
        return false;
    const auto [f, t] = m_history.back();
    m_history.pop_back();
    setVisibleRange(f, t, false);
    return true;
}

void TimelineView::zoomAt(double factor, int x)
{
    const double frac = std::clamp((double(x) - LabelWidth) / double(plotWidth()), 0.0, 1.0);
    const double span = double(m_to - m_from);
    const double newSpan = std::max(double(MinimumRangeNs), span * factor);
    const qint64 anchor = m_from + qint64(span * frac);
    const qint64 from = anchor - qint64(newSpan * frac);
    setVisibleRange(from, from + qint64(newSpan));
}

void TimelineView::pan(double fractionOfWidth)
{
    const qint64 delta = qint64(double(m_to - m_from) * fractionOfWidth);
    setVisibleRange(m_from + delta, m_to + delta, false);
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
    const qint64 s = ds.sliceStart[m_selection.slice] + timeOffset(m_selection.dataset);
    const qint64 d = std::max<qint64>(ds.sliceDuration[m_selection.slice], MinimumRangeNs);
    // 10 % margins so the slice's edges stay visible
    setVisibleRange(s - d / 10, s + d + d / 10);
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
    const qint64 t = ds.sliceStart[target] + timeOffset(m_selection.dataset);
    if (t < m_from || t > m_to) {
        const qint64 span = m_to - m_from;
        setVisibleRange(t - span / 2, t + span / 2, false);
    }
    return true;
}

void TimelineView::setProcessCollapsed(int dataset, int process, bool collapsed)
{
    const quint64 key = TimelineRows::processKey(dataset, process);
    if (collapsed)
        m_collapsed.insert(key);
    else
        m_collapsed.remove(key);
    relayout();
    update();
}

bool TimelineView::isProcessCollapsed(int dataset, int process) const
{
    return m_collapsed.contains(TimelineRows::processKey(dataset, process));
}

qint64 TimelineView::setSearch(const QString &text, bool regex)
{
    m_hits.clear();
    m_hitNames.clear();
    m_currentHit = -1;
    if (text.isEmpty()) {
        update();
        return 0;
    }
    const QRegularExpression re(regex ? text : QRegularExpression::escape(text),
                                QRegularExpression::CaseInsensitiveOption);
    if (!re.isValid()) {
        update();
        return -1;
    }
    // Match each distinct name once, then collect slices whose name matched: cheap even on 10 M
    // slices because names repeat.
    for (size_t d = 0; d < m_inputs.size(); ++d) {
        const Core::TraceDataset &ds = *m_inputs[d].dataset;
        std::vector<bool> names(ds.strings.size(), false);
        bool any = false;
        for (quint32 id = 0; id < ds.strings.size(); ++id) {
            if (re.match(ds.strings.string(id)).hasMatch()) {
                names[id] = true;
                any = true;
            }
        }
        if (any) {
            for (quint32 i = 0; i < quint32(ds.sliceCount()); ++i) {
                if (names[ds.sliceName[i]])
                    m_hits.push_back(Selection{int(d), i});
            }
        }
        m_hitNames.push_back(std::move(names));
    }
    std::stable_sort(m_hits.begin(), m_hits.end(), [&](const Selection &a, const Selection &b) {
        return m_inputs[size_t(a.dataset)].dataset->sliceStart[a.slice] + timeOffset(a.dataset) <
               m_inputs[size_t(b.dataset)].dataset->sliceStart[b.slice] + timeOffset(b.dataset);
    });
    update();
    return qint64(m_hits.size());
}

bool TimelineView::isHit(int dataset, quint32 name) const
{
    if (dataset >= int(m_hitNames.size()))
        return false;
    const auto &names = m_hitNames[size_t(dataset)];
    return name < names.size() && names[name];
}

bool TimelineView::gotoHit(bool backwards)
{
    if (m_hits.empty())
        return false;
    const int n = int(m_hits.size());
    m_currentHit =
        m_currentHit < 0 ? (backwards ? n - 1 : 0) : (m_currentHit + (backwards ? n - 1 : 1)) % n;
    const Selection &h = m_hits[size_t(m_currentHit)];
    selectSlice(h.dataset, h.slice, true);
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
    const qint64 base = m_inputs[size_t(m_base.dataset)].dataset->sliceStart[m_base.slice] +
                        timeOffset(m_base.dataset);
    const qint64 mine =
        m_inputs[size_t(m_selection.dataset)].dataset->sliceStart[m_selection.slice];
    setTimeOffset(m_selection.dataset, base - mine);
    emit statusMessage(
        tr("%1 shifted by %2.")
            .arg(m_inputs[size_t(m_selection.dataset)].label, Core::formatDurationNs(base - mine)));
    return true;
}

void TimelineView::setColorByCategory(bool byCategory)
{
    m_colorByCategory = byCategory;
    update();
}

void TimelineView::setShowAllFlows(bool all)
{
    m_allFlows = all;
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
    const qint64 off = timeOffset(r.dataset);
    const qint64 t = timeAt(pos.x()) - off;
    // 2 px of slack so that thin spans can be clicked
    const qint64 slack = qint64(2.0 * double(m_to - m_from) / double(plotWidth()));
    quint32 i = Core::LevelOfDetail::firstEndingAfter(ds, lane, t - slack);
    quint32 best = UINT32_MAX;
    qint64 bestDistance = 0;
    for (; i < lane.end && ds.sliceStart[i] <= t + slack; ++i) {
        const qint64 s = ds.sliceStart[i];
        const qint64 e = ds.sliceEnd(i);
        const qint64 distance = t < s ? s - t : (t > e ? t - e : 0);
        if (best == UINT32_MAX || distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
        if (distance == 0)
            break;
    }
    return best == UINT32_MAX ? Selection{} : Selection{r.dataset, best};
}

QString TimelineView::shortcutHelp()
{
    return tr("W / S: zoom in / out at the cursor\n"
              "A / D: pan left / right\n"
              "Ctrl+wheel: zoom; Shift+wheel: pan; wheel: scroll tracks\n"
              "Drag: pan; Shift+drag: zoom to the dragged range\n"
              "Ctrl+drag: statistics of the dragged range over the tracks it crosses\n"
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
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    if (event->position().y() < OverviewHeight) {
        // Clicking the overview centres the window there, keeping the zoom.
        const double frac =
            std::clamp((event->position().x() - LabelWidth) / double(plotWidth()), 0.0, 1.0);
        const qint64 t = m_traceFrom + qint64(frac * double(m_traceTo - m_traceFrom));
        const qint64 span = m_to - m_from;
        setVisibleRange(t - span / 2, t - span / 2 + span);
        return;
    }
    m_pressed = true;
    m_moved = false;
    m_boxZoom = event->modifiers() & Qt::ShiftModifier;
    m_rangeSelect = !m_boxZoom && (event->modifiers() & Qt::ControlModifier);
    m_pressPos = m_lastPos = event->position().toPoint();
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (!m_pressed)
        return;
    if ((pos - m_pressPos).manhattanLength() > 3)
        m_moved = true;
    if (!m_boxZoom && !m_rangeSelect && m_moved) {
        const int dx = pos.x() - m_lastPos.x();
        const qint64 delta = qint64(double(dx) * double(m_to - m_from) / double(plotWidth()));
        setVisibleRange(m_from - delta, m_to - delta, false);
        m_scroll->setValue(m_scroll->value() - (pos.y() - m_lastPos.y()));
    }
    m_lastPos = pos;
    update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    const QPoint pos = event->position().toPoint();
    if (m_boxZoom && m_moved) {
        const qint64 a = timeAt(std::min(m_pressPos.x(), pos.x()));
        const qint64 b = timeAt(std::max(m_pressPos.x(), pos.x()));
        m_boxZoom = false;
        setVisibleRange(a, b);
        return;
    }
    m_boxZoom = false;
    if (m_rangeSelect && m_moved) {
        m_rangeSelect = false;
        const qint64 a = timeAt(std::min(m_pressPos.x(), pos.x()));
        const qint64 b = timeAt(std::max(m_pressPos.x(), pos.x()));
        const int y0 = std::min(m_pressPos.y(), pos.y()) - RulerHeight + scrollY();
        const int y1 = std::max(m_pressPos.y(), pos.y()) - RulerHeight + scrollY();
        QList<QPair<int, int>> tracks;
        for (const TimelineRow &r : m_rows.rows()) {
            if (r.track < 0 || r.y + r.height < y0 || r.y > y1)
                continue;
            const QPair<int, int> key(r.dataset, r.track);
            if (!tracks.contains(key))
                tracks.append(key);
        }
        emit rangeSelected(a, b, tracks);
        update();
        return;
    }
    m_rangeSelect = false;
    if (m_moved)
        return;
    if (pos.y() >= RulerHeight) {
        const int row = m_rows.rowAt(pos.y() - RulerHeight + scrollY());
        if (row >= 0 && m_rows.rows()[size_t(row)].kind == TimelineRow::Kind::ProcessHeader) {
            const TimelineRow &r = m_rows.rows()[size_t(row)];
            setProcessCollapsed(r.dataset, r.process, !isProcessCollapsed(r.dataset, r.process));
            return;
        }
    }
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
    case Qt::Key_Question:
        QToolTip::showText(
            mapToGlobal(QPoint(LabelWidth + 20, RulerHeight + 20)), shortcutHelp(), this);
        emit statusMessage(shortcutHelp().section(u'\n', 0, 0));
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void TimelineView::changeEvent(QEvent *event)
{
    // Colours come from the palette at paint time; a palette change only needs a repaint.
    if (event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace Twinscope::Widgets
