#include "reportwriter.h"

#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

bool writeReport(const QString &html, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (path.endsWith(u".pdf"_s, Qt::CaseInsensitive)) {
        QPdfWriter pdf(&file);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        // QTextDocument::print() adds its own 2 cm margin around the text.
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
        pdf.setResolution(300);
        pdf.setTitle(u"Twinscope"_s);
        pdf.setCreator(u"Twinscope"_s);
        QTextDocument doc;
        doc.setHtml(html);
        doc.print(&pdf);
    } else {
        file.write(html.toUtf8());
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace Twinscope::Widgets
