#pragma once

#include <QString>

namespace Twinscope::Widgets {

// Writes the report HTML (core/triage/triagereport.h) as a file: ".pdf" paths are laid out by
// QTextDocument on A4 pages through QPdfWriter (Qt GUI, no printer needed), anything else is
// written as the HTML itself. Written through a temporary file and renamed, so a failed write
// leaves no half file; false with *error when it fails.
bool writeReport(const QString &html, const QString &path, QString *error);

} // namespace Twinscope::Widgets
