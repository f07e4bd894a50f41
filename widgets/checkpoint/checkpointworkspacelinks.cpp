// The checkpoint tab's side of the Workspace seam (issue #22): a finding's parameter row.
#include "checkpointworkspace.h"
#include "widgets/tables/comparetableview.h"

#include <QLineEdit>
#include <QTabWidget>

namespace Twinscope::Widgets {

bool CheckpointWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::CheckpointParam || link.row < 0)
        return false;
    selectRow(link.row);
    return true;
}

namespace {

// Whether a parameter name lies under a module path: "layer1.0.conv1.weight" under
// "layer1.0.conv1", also behind a wrapper's prefix ("module.layer1.0.conv1.weight", MindSpore's
// "network.layer1...").
bool underModule(const QString &name, const QString &module)
{
    const qsizetype at = name.indexOf(module + u'.');
    return at == 0 || (at > 0 && name[at - 1] == u'.');
}

} // namespace

bool CheckpointWorkspace::follow(const CrossLink &link)
{
    if (link.subject != CrossLink::Subject::ModuleParameters || link.name.isEmpty() ||
        !m_comparison || !m_comparison->comparison)
        return false;
    const Core::DumpComparison &c = *m_comparison->comparison;
    for (int row = 0; row < c.rows.size(); ++row) {
        const int b = c.rows[row].bench, n = c.rows[row].npu;
        const bool under = (b >= 0 && underModule(c.bench->tensors[b].name, link.name)) ||
                           (n >= 0 && underModule(c.npu->tensors[n].name, link.name));
        if (!under)
            continue;
        // The table shows the module's parameters only; the first is selected.
        m_table->filterEdit()->setText(link.name + u'.');
        m_pages->setCurrentIndex(0);
        selectRow(row);
        return true;
    }
    emit statusMessage(
        tr("No parameter under module %1 in this checkpoint comparison").arg(link.name));
    return false;
}

} // namespace Twinscope::Widgets
