// The profile tab's side of the Workspace seam (issue #22): a finding's rank or op type.
#include "profileworkspace.h"
#include "widgets/common/evidencescope.h"

namespace Twinscope::Widgets {

bool ProfileWorkspace::reveal(const Core::FindingLink &link)
{
    if (link.view != Core::FindingLink::View::ProfileRow &&
        link.view != Core::FindingLink::View::TraceSlices)
        return false;
    if (link.name.isEmpty())
        return false;
    // Only within the finding's own evidence (issue #23): a trace finding's op is not this
    // profiler folder's op unless its file lies in it.
    if (!evidenceWithin(link.file, m_paths))
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
