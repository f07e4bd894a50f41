#include "workspacetrust.h"

#include "core/common/inputfile.h"
#include "core/common/tr.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool underSystemFolder(const QString &path)
{
    for (const QString &root : {u"/proc"_s, u"/sys"_s, u"/dev"_s, u"/run"_s}) {
        if (path == root || path.startsWith(root + u'/'))
            return true;
    }
    return false;
}

} // namespace

bool isSpecialFile(const QString &path)
{
    const QString clean = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QString target = QFileInfo(clean).canonicalFilePath(); // empty when missing
    if (underSystemFolder(clean) || (!target.isEmpty() && underSystemFolder(target)))
        return true;
    // stat follows symlinks: what the path would open. A missing path is not special (the
    // loader reports it as missing).
    struct stat st;
    if (::stat(QFile::encodeName(clean).constData(), &st) != 0)
        return false;
    return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

WorkspaceReview reviewWorkspace(const InvestigationFile &workspace, const QString &folder)
{
    WorkspaceReview review;
    const QFileInfo info(folder);
    review.folder = info.canonicalFilePath().isEmpty() ? QDir::cleanPath(info.absoluteFilePath())
                                                       : info.canonicalFilePath();
    for (const InvestigationInput &in : workspace.inputs) {
        if (isSpecialFile(in.path))
            review.outside.append({in, Tr::tr("a device, pipe or system file"), true});
        else if (!pathIsInside(in.path, {review.folder}))
            review.outside.append({in, Tr::tr("outside the workspace's folder"), false});
    }
    review.mappings = workspace.mappings;
    review.settingsChanged = !(workspace.settings == TriageSettings{});
    return review;
}

ReviewedWorkspace applyReview(const InvestigationFile &workspace,
                              const WorkspaceReview &review,
                              bool inputsAllowed,
                              bool mappingsAllowed)
{
    ReviewedWorkspace out;
    out.workspace = workspace;
    out.workspace.inputs.clear();
    for (const InvestigationInput &in : workspace.inputs) {
        const auto refused = std::find_if(review.outside.cbegin(),
                                          review.outside.cend(),
                                          [&](const RefusedInput &r) { return r.input == in; });
        if (refused == review.outside.cend() || (inputsAllowed && !refused->special))
            out.workspace.inputs.append(in);
        else
            out.refused.append(*refused);
    }
    if (!mappingsAllowed) {
        out.withheld = workspace.mappings;
        out.workspace.mappings.clear();
    }
    return out;
}

} // namespace Twinscope::Core
