// The op-info tab's side of the Workspace seam (issue #22): a finding's op type or log line, an op
// type named by another tab, the cut-off taken from an open trace.
#include "opinfoworkspace.h"

namespace Twinscope::Widgets {

bool OpInfoWorkspace::reveal(const Core::FindingLink &link)
{
    switch (link.view) {
    case Core::FindingLink::View::OpInfoType:
        if (link.name.isEmpty())
            return false;
        selectOpType(link.name);
        return true;
    case Core::FindingLink::View::LogLine:
        emit statusMessage(tr("%1, line %2").arg(link.file).arg(link.line));
        return true;
    default:
        return false;
    }
}

bool OpInfoWorkspace::follow(const CrossLink &link)
{
    switch (link.subject) {
    case CrossLink::Subject::OpType:
        if (link.name.isEmpty() || !m_dataset)
            return false;
        selectOpType(link.name);
        return true;
    case CrossLink::Subject::Cutoff:
        setCutoffNs(link.value);
        return true;
    default:
        return false;
    }
}

} // namespace Twinscope::Widgets
