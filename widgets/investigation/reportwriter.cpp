#include "reportwriter.h"

#include <QBuffer>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

bool writeReport(const QString &html,
                 const QString &path,
                 QString *error,
                 const QList<QPair<QString, QImage>> &images)
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
        for (const auto &[name, image] : images)
            doc.addResource(QTextDocument::ImageResource, QUrl(name), image);
        doc.setHtml(html);
        doc.print(&pdf);
    } else {
        QString text = html;
        for (const auto &[name, image] : images) {
            QByteArray png;
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            image.save(&buffer, "PNG");
            text.replace(u"src=\""_s + name.toHtmlEscaped() + u'"',
                         u"src=\"data:image/png;base64,"_s + QString::fromLatin1(png.toBase64()) +
                             u'"');
        }
        file.write(text.toUtf8());
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace Twinscope::Widgets
