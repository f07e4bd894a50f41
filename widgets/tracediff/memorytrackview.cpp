#include "memorytrackview.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <limits>

namespace Twinscope::Widgets {

MemoryTrackView::MemoryTrackView(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(36);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void MemoryTrackView::setTrack(std::shared_ptr<const Core::MemoryTrack> track, qint64 offsetNs)
{
    m_track = std::move(track);
    m_offsetNs = offsetNs;
    update();
}

void MemoryTrackView::setVisibleRange(qint64 fromNs, qint64 toNs)
{
    m_from = fromNs;
    m_to = std::max(toNs, fromNs + 1);
    update();
}

void MemoryTrackView::setPeak(std::optional<qint64> bytes)
{
    m_peak = bytes;
    update();
}

void MemoryTrackView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QRect label(0, 0, LabelWidth, height());
    p.fillRect(label, palette().color(QPalette::Window));
    p.setPen(palette().color(QPalette::WindowText));
    QString text = tr("Device memory");
    if (m_peak)
        text +=
            u'\n' + tr("peak %1 MiB").arg(QLocale().toString(double(*m_peak) / 1048576.0, 'f', 1));
    if (!m_track || m_track->isEmpty())
        text = tr("Device memory: no [memory] events");
    p.drawText(label.adjusted(6, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
    if (!m_track || m_track->isEmpty())
        return;
    const QRect plot(LabelWidth, 3, std::max(1, width() - LabelWidth), std::max(1, height() - 6));
    // The y scale: lowest to highest value anywhere, so it does not jump while panning and a
    // few MiB on top of gigabytes still show.
    qint64 top = 1, bottom = std::numeric_limits<qint64>::max();
    for (const Core::MemorySeries &s : m_track->devices) {
        for (size_t i = 0; i < s.allocated.size(); ++i) {
            top = std::max({top, s.allocated[i], s.reserved[i]});
            bottom = std::min(bottom, s.allocated[i]);
        }
    }
    bottom = std::min(bottom, top - 1);
    auto yOf = [&plot, top, bottom](qint64 v) {
        return plot.bottom() -
               double(plot.height()) * double(std::max(v, bottom) - bottom) / double(top - bottom);
    };
    const double span = double(m_to - m_from);
    for (const Core::MemorySeries &s : m_track->devices) {
        for (const bool reserved : {true, false}) {
            const std::vector<qint64> &values = reserved ? s.reserved : s.allocated;
            std::vector<qint64> column(size_t(plot.width()), -1);
            // The level carried into the window counts from its left edge.
            auto first = std::lower_bound(s.ts.begin(), s.ts.end(), m_from - m_offsetNs);
            if (first != s.ts.begin())
                --first;
            for (auto it = first; it != s.ts.end() && *it + m_offsetNs <= m_to; ++it) {
                const size_t i = size_t(it - s.ts.begin());
                const double x = double(*it + m_offsetNs - m_from) / span * plot.width();
                const int c = std::clamp(int(x), 0, plot.width() - 1);
                column[size_t(c)] = std::max(column[size_t(c)], values[i]);
            }
            QPainterPath path;
            bool started = false;
            qint64 level = -1;
            for (int c = 0; c < plot.width(); ++c) {
                if (column[size_t(c)] >= 0)
                    level = column[size_t(c)];
                if (level < 0)
                    continue;
                const QPointF pt(plot.left() + c, yOf(level));
                if (!started) {
                    path.moveTo(pt);
                    started = true;
                } else {
                    path.lineTo(pt);
                }
            }
            QPen pen(palette().color(reserved ? QPalette::Mid : QPalette::Highlight));
            pen.setStyle(reserved ? Qt::DashLine : Qt::SolidLine);
            p.setPen(pen);
            p.drawPath(path);
        }
    }
}

} // namespace Twinscope::Widgets
