#include "tracefiles.h"

#include "core/common/tr.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QStringList findTraceFiles(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isDir())
        return {path};
    const QStringList patterns{u"trace_view.json"_s,
                               u"*.pt.trace.json"_s,
                               u"*.pt.trace.json.gz"_s,
                               u"*timeline_display_*.json"_s,
                               u"msprof_*.json"_s};
    QStringList files;
    // Depth-limited in practice by the profiler layouts; symlinks are not followed so a link loop
    // cannot keep us walking.
    QDirIterator it(path, patterns, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

QString traceGroupLabel(const QString &path)
{
    static const QRegularExpression rank(u"(?:^|[_/])(?:rank|device)[_-]?(\\d+)(?:$|[_/.])"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = rank.match(QDir::fromNativeSeparators(path));
    if (m.hasMatch())
        return Tr::tr("rank %1").arg(m.captured(1));
    return QFileInfo(path).fileName();
}

} // namespace Twinscope::Core
