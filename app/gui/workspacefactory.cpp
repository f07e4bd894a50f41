#include "workspacefactory.h"

#include "widgets/checkpoint/checkpointworkspace.h"
#include "widgets/common/workspace.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/loss/lossworkspace.h"
#include "widgets/model/modelworkspace.h"
#include "widgets/monitor/monitorworkspace.h"
#include "widgets/opinfo/opinfoworkspace.h"
#include "widgets/profile/profileworkspace.h"
#include "widgets/trace/traceworkspace.h"

namespace Twinscope::App {

Widgets::Workspace *
createWorkspace(Core::FileKind kind, Widgets::LoadController *loads, QWidget *parent)
{
    switch (kind) {
    case Core::FileKind::Trace:
        return new Widgets::TraceWorkspace(loads, parent);
    case Core::FileKind::OpInfo:
        return new Widgets::OpInfoWorkspace(loads, parent);
    case Core::FileKind::Loss:
        return new Widgets::LossWorkspace(loads, parent);
    case Core::FileKind::Dump:
        return new Widgets::DumpWorkspace(loads, parent);
    case Core::FileKind::Checkpoint:
        return new Widgets::CheckpointWorkspace(loads, parent);
    case Core::FileKind::Monitor:
        return new Widgets::MonitorWorkspace(loads, parent);
    case Core::FileKind::Profile:
        return new Widgets::ProfileWorkspace(loads, parent);
    case Core::FileKind::Model:
        return new Widgets::ModelWorkspace(loads, parent);
    case Core::FileKind::Unknown:
        break;
    }
    return nullptr;
}

} // namespace Twinscope::App
