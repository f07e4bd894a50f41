#pragma once

#include "core/common/filesniffer.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace Twinscope::Core {

// What `twinscope-cli detect --json` writes (docs/CLI.md): the keys are a contract with scripts.

// The document: schemaVersion, files[] (detectFileJson, one per path in order), warnings[]
// (always empty: sniffing counts nothing, but every command has the key). results[i] is what
// sniffPath said of paths[i].
QJsonObject detectJson(const QStringList &paths, const QList<SniffResult> &results);
// One element of files[]: path (as given), kind, producer, format, bytes, gzip, folder, also[]
// when the folder holds more kinds, error (errorJson) when unreadable, seen when unknown.
QJsonObject detectFileJson(const QString &path, const SniffResult &result);

} // namespace Twinscope::Core
