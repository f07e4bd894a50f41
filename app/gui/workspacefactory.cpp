#include "workspacefactory.h"

#include "widgets/common/workspace.h"
#include "widgets/opinfo/opinfoworkspace.h"
#include "widgets/plots/lossworkspace.h"

namespace Twinscope::App {

Widgets::Workspace *
createWorkspace(Core::FileKind kind, Widgets::LoadController *loads, QWidget *parent)
{
    // One case per workspace; a kind without a case gets a clear "not supported yet" message.
    switch (kind) {
    case Core::FileKind::OpInfo:
        return new Widgets::OpInfoWorkspace(loads, parent);
    case Core::FileKind::Loss:
        return new Widgets::LossWorkspace(loads, parent);
    case Core::FileKind::Trace:
    case Core::FileKind::Dump:
    case Core::FileKind::Unknown:
        break;
    }
    Q_UNUSED(loads);
    Q_UNUSED(parent);
    return nullptr;
}

} // namespace Twinscope::App
