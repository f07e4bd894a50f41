// The loss tab's side of the Workspace seam (issue #22): a finding's step (centred and marked),
// the report's figure.
#include "lossplotview.h"
#include "lossworkspace.h"

#include <QLabel>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

bool LossWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::LossStep || link.step < 0)
        return false;
    // Centre the plot on the step, a tenth of the current span either side.
    QCPAxis *x = m_plot->axisRect(0)->axis(QCPAxis::atBottom);
    const double half = std::max(5.0, x->range().size() / 10.0);
    x->setRange(double(link.step) - half, double(link.step) + half);
    // And mark it: the crosshair and its readout (each run's value, B − A) stand on the step
    // until the mouse moves over the plot.
    m_plot->showCrosshairAt(double(link.step));
    m_plot->replot();
    return true;
}

QList<ReportImage> LossWorkspace::reportFigures() const
{
    return {{tr("Loss curves"), u"loss.png"_s, m_plot->toPixmap(1200, 700).toImage()}};
}

QStringList LossWorkspace::summaryLines() const
{
    const QString text = summaryText();
    return text.isEmpty() ? QStringList() : QStringList{text};
}

} // namespace Twinscope::Widgets
