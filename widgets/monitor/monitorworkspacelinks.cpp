// The monitor tab's side of the Workspace seam (issue #27): a finding's module and step, the
// report's heatmap, the summary lines and a step named by another tab.
#include "monitorheatmap.h"
#include "monitorworkspace.h"

#include <QComboBox>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

bool MonitorWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::KindRow ||
        link.kind != Core::fileKindId(Core::FileKind::Monitor) || !analysis())
        return false;
    // name "metric|module", row = rank, step = the departing step.
    const QString metric = link.name.section(u'|', 0, 0);
    const QString module = link.name.section(u'|', 1);
    if (const int r = m_rank->findData(link.row); r >= 0)
        m_rank->setCurrentIndex(r);
    if (m_metric->findText(metric) >= 0)
        m_metric->setCurrentText(metric);
    selectModule(module);
    return true;
}

QList<ReportImage> MonitorWorkspace::reportFigures() const
{
    if (!analysis())
        return {};
    return {{tr("Training monitor heatmap"),
             u"monitor.png"_s,
             m_heatmap->plot()->toPixmap(1200, 700).toImage()}};
}

QStringList MonitorWorkspace::summaryLines() const
{
    const QString text = summaryText();
    return text.isEmpty() ? QStringList() : text.split(u'\n');
}

bool MonitorWorkspace::follow(const CrossLink &link)
{
    // A step named elsewhere (the loss fork): centre the heatmap on it.
    if (link.subject != CrossLink::Subject::Step || link.value < 0 || !analysis())
        return false;
    QCPAxis *x = m_heatmap->plot()->xAxis;
    const Core::MonitorRank *r =
        analysis()->runs.front().run->findRank(m_rank->currentData().toInt());
    if (!r)
        return false;
    const auto it = std::lower_bound(r->steps.begin(), r->steps.end(), link.value);
    const double index = double(it - r->steps.begin());
    const double half = std::max(5.0, x->range().size() / 4.0);
    x->setRange(index - half, index + half);
    m_heatmap->plot()->replot();
    return true;
}

} // namespace Twinscope::Widgets
