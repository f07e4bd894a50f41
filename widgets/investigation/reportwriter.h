#pragma once

#include <QImage>
#include <QList>
#include <QPair>
#include <QString>

namespace Twinscope::Widgets {

// Writes the report HTML (core/triage/triagereport.h) as a file: ".pdf" paths are laid out by
// QTextDocument on A4 pages through QPdfWriter (Qt GUI, no printer needed), anything else is
// written as the HTML itself. Written through a temporary file and renamed, so a failed write
// leaves no half file; false with *error when it fails. images are the figures the HTML names
// (<img src="name">): resources of the PDF's document, data: URLs in an HTML file, so the file
// stands alone.
bool writeReport(const QString &html,
                 const QString &path,
                 QString *error,
                 const QList<QPair<QString, QImage>> &images = {});

} // namespace Twinscope::Widgets
