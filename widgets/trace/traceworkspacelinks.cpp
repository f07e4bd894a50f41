// The timeline tab's side of the Workspace seam (issue #22): an op's slices, a rank's rows, the
// first step as an anchor for the op-info cut-off.
#include "core/trace/tracesteps.h"
#include "traceworkspace.h"
#include "widgets/common/evidencescope.h"
#include "widgets/timeline/timelineview.h"

#include <QLineEdit>

#include <algorithm>

namespace Twinscope::Widgets {

bool TraceWorkspace::reveal(const Core::FindingLink &link)
{
    const bool slices = link.view == Core::FindingLink::View::TraceSlices ||
                        link.view == Core::FindingLink::View::ProfileRow;
    if (!slices || link.name.isEmpty())
        return false;
    // Only within the finding's own evidence: a timeline that does not hold the file the finding
    // rests on would show same-named slices of an unrelated run (issue #23).
    if (!link.file.isEmpty()) {
        QStringList held;
        for (const auto &input : m_view->inputs())
            held << (input.dataset ? input.dataset->path : QString());
        const bool holds = std::any_of(held.cbegin(), held.cend(), [&](const QString &path) {
            return evidenceWithin(path, {link.file});
        });
        if (!holds)
            return false;
        revealPath(link.file);
    }
    m_search->setText(link.name);
    return true;
}

std::optional<qint64> TraceWorkspace::firstStepEndNs() const
{
    if (m_view->inputs().empty())
        return std::nullopt;
    const auto &dataset = m_view->inputs().front().dataset;
    return dataset ? Core::firstStepEndNs(*dataset) : std::nullopt;
}

bool TraceWorkspace::follow(const CrossLink &link)
{
    switch (link.subject) {
    case CrossLink::Subject::OpType:
        // "Which ops were recompiled" leads straight to "where did they run".
        if (link.name.isEmpty())
            return false;
        m_search->setText(link.name);
        return true;
    case CrossLink::Subject::Rank:
        return revealPath(link.path);
    default:
        return false;
    }
}

} // namespace Twinscope::Widgets
