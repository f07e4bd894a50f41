#include "workspacefactory.h"

#include "widgets/common/workspace.h"
#include "widgets/heatmap/dumpworkspace.h"

namespace Twinscope::App {

Widgets::Workspace *createWorkspace(Core::FileKind kind, Widgets::LoadController *loads, QWidget *parent)
{
    // One case per workspace; a kind without a case gets a clear "not supported yet" message.
    switch (kind) {
    case Core::FileKind::Dump:
        return new Widgets::DumpWorkspace(loads, parent);
    case Core::FileKind::Trace:
    case Core::FileKind::Loss:
    case Core::FileKind::OpInfo:
    case Core::FileKind::Unknown:
        break;
    }
    Q_UNUSED(loads);
    Q_UNUSED(parent);
    return nullptr;
}

} // namespace Twinscope::App
