// The checkpoint tab's side of the Workspace seam (issue #22): a finding's parameter row.
#include "checkpointworkspace.h"

namespace Twinscope::Widgets {

bool CheckpointWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::CheckpointParam || link.row < 0)
        return false;
    selectRow(link.row);
    return true;
}

} // namespace Twinscope::Widgets
