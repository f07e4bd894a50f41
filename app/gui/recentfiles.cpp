#include "recentfiles.h"

#include <QFileInfo>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

namespace {
const QString key = u"recentFiles"_s;
}

QStringList RecentFiles::load()
{
    return QSettings().value(key).toStringList().mid(0, MaxEntries);
}

QStringList RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = load();
    list.removeAll(absolute);
    list.prepend(absolute);
    list = list.mid(0, MaxEntries);
    QSettings().setValue(key, list);
    return list;
}

void RecentFiles::clear()
{
    QSettings().remove(key);
}

} // namespace Twinscope::App
