// The Model tab's side of the Workspace seam (issues #22, #26): a finding's module, the summary.
#include "modelworkspace.h"
#include "widgets/model/moduletreemodel.h"

#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

bool ModelWorkspace::reveal(const FindingLink &link)
{
    if (link.view != FindingLink::View::KindRow || link.kind != fileKindId(FileKind::Model))
        return false;
    if (!m_result) {
        // The tab opens with the finding: the compare may still run.
        m_revealAfterCompare = link.name;
        return !m_npu.isEmpty();
    }
    selectWhenCompared(link.name);
    return true;
}

void ModelWorkspace::selectWhenCompared(const QString &nodeId)
{
    if (!m_result)
        return;
    const int node = m_result->comparison->npu->find(nodeId);
    if (node >= 0)
        selectNode(node);
}

QStringList ModelWorkspace::summaryLines() const
{
    if (!m_result)
        return {};
    const ModuleComparison &c = *m_result->comparison;
    if (c.firstDivergent < 0)
        return {tr("Module tree: no divergent module (%1 nodes, %2 matched)")
                    .arg(c.nodes.size())
                    .arg(c.matchedCount())};
    return {tr("Module tree: first divergent module %1").arg(c.npu->nodes[c.firstDivergent].id)};
}

} // namespace Twinscope::Widgets
