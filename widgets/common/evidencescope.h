#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QStringList>

namespace Twinscope::Widgets {

// Whether a finding's evidence file lies within what a tab holds (issue #23): the path itself, or
// a file under one of its folders. A tab reveals a finding's link only inside the inputs of that
// finding's own evidence, never in an unrelated file it happens to hold. An empty file names no
// input and is within anything.
inline bool evidenceWithin(const QString &file, const QStringList &held)
{
    if (file.isEmpty())
        return true;
    const QString f = QDir::cleanPath(QFileInfo(file).absoluteFilePath());
    for (const QString &h : held) {
        if (h.isEmpty())
            continue;
        const QString root = QDir::cleanPath(QFileInfo(h).absoluteFilePath());
        if (f == root || f.startsWith(root + u'/'))
            return true;
    }
    return false;
}

} // namespace Twinscope::Widgets
