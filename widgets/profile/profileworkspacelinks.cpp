// The profile tab's side of the Workspace seam (issue #22): a finding's rank or op type.
#include "profileworkspace.h"

namespace Twinscope::Widgets {

bool ProfileWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::ProfileRow &&
        link.view != Core::FindingLink::View::TraceSlices)
        return false;
    if (link.name.isEmpty())
        return false;
    // A slow rank's finding names the rank; an op finding names its type.
    bool isRank = false;
    const int rank = link.name.toInt(&isRank);
    if (isRank) {
        showRank(rank);
        return true;
    }
    return selectOpType(link.name);
}

} // namespace Twinscope::Widgets
