#include "tracklabels.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPalette>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

// A run of one file already says its name in its group header: its process headers need no
// "file: " prefix (which left no room for the process name). Ranks of a folder keep "rank N: ".
bool aloneInGroup(const std::vector<TimelineInput> &inputs, int dataset)
{
    const int group = inputs[size_t(dataset)].group;
    if (group < 0)
        return false;
    return std::count_if(inputs.begin(), inputs.end(), [group](const TimelineInput &in) {
               return in.group == group;
           }) == 1;
}

} // namespace

void TrackLabels::setCollapsed(int dataset, int process, bool collapsed)
{
    // process -1: the group whose first input is dataset (TimelineRows::groupKey).
    const quint64 key = TimelineRows::processKey(dataset, process);
    if (collapsed)
        m_collapsed.insert(key);
    else
        m_collapsed.remove(key);
}

void TrackLabels::paint(QPainter &p,
                        const TimelineFrame &frame,
                        const std::vector<TimelineInput> &inputs,
                        const TimelineRows &rows,
                        const QPalette &palette,
                        const QFont &font) const
{
    const int top = frame.top;
    const QRect column(0, top, Width, frame.height - top);
    p.save();
    p.setClipRect(column);
    p.fillRect(column, palette.color(QPalette::Window));
    const QFontMetrics fm(font);
    const int first = std::max(0, rows.rowAt(frame.scroll));
    for (int r = first; r < int(rows.rows().size()); ++r) {
        const TimelineRow &row = rows.rows()[size_t(r)];
        const int y = frame.rowTop(row);
        if (y > frame.height)
            break;
        const Core::TraceDataset &ds = *inputs[size_t(row.dataset)].dataset;
        if (row.kind == TimelineRow::Kind::GroupHeader) {
            p.fillRect(QRect(0, y, Width, row.height), palette.color(QPalette::Button));
            QFont bold = font;
            bold.setBold(true);
            p.setFont(bold);
            p.setPen(palette.color(QPalette::ButtonText));
            const bool collapsed = m_collapsed.contains(TimelineRows::groupKey(row.dataset));
            const QString text =
                (collapsed ? u"▶ "_s : u"▼ "_s) + inputs[size_t(row.dataset)].groupTitle;
            p.drawText(QRect(6, y, Width - 10, row.height),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       QFontMetrics(bold).elidedText(text, Qt::ElideMiddle, Width - 10));
            p.setFont(font);
            continue;
        }
        if (row.kind == TimelineRow::Kind::ProcessHeader) {
            p.fillRect(QRect(0, y, Width, row.height), palette.color(QPalette::AlternateBase));
            QFont bold = font;
            bold.setBold(true);
            p.setFont(bold);
            p.setPen(palette.color(QPalette::WindowText));
            const bool collapsed = isCollapsed(row.dataset, row.process);
            QString text = (collapsed ? u"▶ "_s : u"▼ "_s) + ds.processDisplayName(row.process);
            const Core::TraceProcess &proc = ds.processes[size_t(row.process)];
            if (!proc.labels.isEmpty())
                text += u" ("_s + proc.labels.join(u", "_s) + u")"_s;
            if (inputs.size() > 1 && !aloneInGroup(inputs, row.dataset))
                text = inputs[size_t(row.dataset)].label + u": "_s + text;
            p.drawText(QRect(6, y, Width - 10, row.height),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       QFontMetrics(bold).elidedText(text, Qt::ElideRight, Width - 10));
            p.setFont(font);
            continue;
        }
        if (row.kind == TimelineRow::Kind::Instants && !row.firstOfTrack) {
            // The instants row under a slice track's lanes.
            QFont small = font;
            small.setPointSizeF(font.pointSizeF() * 0.8);
            p.setFont(small);
            p.setPen(palette.color(QPalette::PlaceholderText));
            p.drawText(QRect(32, y, Width - 38, row.height),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       tr("instants"));
            p.setFont(font);
            continue;
        }
        if (!row.firstOfTrack)
            continue;
        p.setPen(palette.color(QPalette::WindowText));
        const QString name = ds.trackDisplayName(row.track);
        p.drawText(QRect(20, y, Width - 26, std::min(row.height, TimelineRows::LaneHeight)),
                   Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(name, Qt::ElideRight, Width - 26));
    }
    p.restore();
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(Width - 1, top, Width - 1, frame.height);
}

} // namespace Twinscope::Widgets
