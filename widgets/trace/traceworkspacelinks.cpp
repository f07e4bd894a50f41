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
    case CrossLink::Subject::ModuleRanges:
        return followModule(link);
    default:
        return false;
    }
}

bool TraceWorkspace::followModule(const CrossLink &link)
{
    if (m_view->inputs().empty())
        return false;
    // The profiler names a module's range "nn.Module: Conv2d_1" (with_modules=True, Kineto and
    // torch_npu); a range named after the module's path (record_function, mstx) is taken too.
    bool anyModuleRange = false;
    QString found;
    const QByteArray range = link.path.toUtf8(), path = link.name.toUtf8();
    auto same = [](std::string_view a, const QByteArray &b) {
        return !b.isEmpty() && a == std::string_view(b.constData(), size_t(b.size()));
    };
    for (const auto &input : m_view->inputs()) {
        if (!input.dataset)
            continue;
        const Core::TraceStringTable &strings = input.dataset->strings;
        for (quint32 id = 0; id < strings.size() && found.isEmpty(); ++id) {
            const std::string_view name = strings.view(id);
            if (name.starts_with("nn.Module: "))
                anyModuleRange = true;
            if (same(name, range) || same(name, path))
                found = strings.string(id);
        }
    }
    if (!found.isEmpty()) {
        m_search->setText(found);
        return true;
    }
    emit statusMessage(
        anyModuleRange ? tr("This trace has no range for module %1 (%2)").arg(link.name, link.path)
                       : tr("This trace has no module ranges; record it with "
                            "with_modules=True to link modules to their kernels"));
    return false;
}

} // namespace Twinscope::Widgets
