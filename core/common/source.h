#pragma once

#include <QByteArray>
#include <QString>

namespace Twinscope::Core {

// What a loader reads: a path, or bytes with a display name (fuzzers, tests, stdin).
struct Source
{
    QString path;
    QByteArray bytes;
    QString displayName;

    static Source fromPath(const QString &path) { return Source{path, {}, path}; }
    static Source fromBytes(QByteArray data, const QString &name)
    {
        return Source{{}, std::move(data), name};
    }
    bool isPath() const { return !path.isEmpty(); }
    QString name() const { return displayName.isEmpty() ? path : displayName; }
};

} // namespace Twinscope::Core
