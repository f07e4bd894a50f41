#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace Twinscope::Core {

// How every twinscope-cli command writes what went wrong, in JSON and as text (issue #9), so a
// script reads the same keys from each command and a person the same sentences.

// warnings[] {kind, count, message, severity, file, line, offset, detail}: one object per kind and
// file, its first location (null when unknown). Info entries are included with severity "info"
// unless includeInfo is false.
QJsonArray warningsJson(const Diagnostics &diagnostics, bool includeInfo = true);
// error {code, message, file, line, column, offset, expected, found}; null members when unknown.
QJsonObject errorJson(const Error &error);

// One line per kind: "file, line 12 (byte 300): message (3 times) [kind]"; Info entries left out.
QStringList warningLines(const Diagnostics &diagnostics);

QString severityId(Severity severity); // "info", "warning", "error"

} // namespace Twinscope::Core
