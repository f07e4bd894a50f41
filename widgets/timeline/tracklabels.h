#pragma once

#include "timelineframe.h"

#include <QCoreApplication>
#include <QSet>

#include <vector>

class QFont;
class QPainter;
class QPalette;

namespace Twinscope::Widgets {

// The label column left of the plot: one bold header per process group (prefixed with the file's
// label when several files are open, ▶ when collapsed, ▼ when expanded) and the name of each
// track beside its first lane. It owns which groups are collapsed; the row layout reads that.
class TrackLabels
{
    Q_DECLARE_TR_FUNCTIONS(TrackLabels)

public:
    static constexpr int Width = 240;

    void clearCollapsed() { m_collapsed.clear(); }
    void setCollapsed(int dataset, int process, bool collapsed);
    bool isCollapsed(int dataset, int process) const
    {
        return m_collapsed.contains(TimelineRows::processKey(dataset, process));
    }
    const QSet<quint64> &collapsed() const { return m_collapsed; }

    void paint(QPainter &p,
               const TimelineFrame &frame,
               const std::vector<TimelineInput> &inputs,
               const TimelineRows &rows,
               const QPalette &palette,
               const QFont &font) const;

private:
    QSet<quint64> m_collapsed; // TimelineRows::processKey of each collapsed group
};

} // namespace Twinscope::Widgets
