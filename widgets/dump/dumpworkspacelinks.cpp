// The dump tab's side of the Workspace seam (issue #22): a finding's tensor, the report's heatmap.
#include "dumpworkspace.h"
#include "widgets/charts/divergenceheatmap.h"

#include <QPainter>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

bool DumpWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::DumpTensor)
        return false;
    showRun(link.run);
    selectRow(link.row);
    return true;
}

bool DumpWorkspace::follow(const CrossLink &link)
{
    if (link.subject != CrossLink::Subject::Tensor || !m_comparison || link.name.isEmpty())
        return false;
    const Core::DumpComparison &c = *m_comparison;
    int callRow = -1;
    for (int i = 0; i < c.rows.size(); ++i) {
        const int n = c.rows[i].npu;
        if (n < 0)
            continue;
        const Core::TensorEntry &t = c.npu->tensors[n];
        if (t.key == link.name) {
            selectRow(i);
            return true;
        }
        if (callRow < 0 && t.op == link.name)
            callRow = i;
    }
    if (callRow < 0)
        return false;
    selectRow(callRow);
    return true;
}

QList<ReportImage> DumpWorkspace::reportFigures() const
{
    // The vector picture the heatmap exports (a hidden tab cannot be grabbed).
    const HeatmapPicture picture = m_heatmap->picture(QString());
    QImage image(picture.size(), QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        picture.paint(painter);
    }
    if (image.isNull() || image.width() <= 1)
        return {};
    return {{tr("Divergence heatmap"), u"heatmap.png"_s, image}};
}

} // namespace Twinscope::Widgets
