#pragma once

#include <QStringList>

namespace Twinscope::App {

// The persisted Open Recent list: newest first, at most 10, no duplicates.
class RecentFiles
{
public:
    static constexpr int MaxEntries = 10;

    static QStringList load();
    static QStringList add(const QString &path); // returns the new list
    static void clear();
};

} // namespace Twinscope::App
