#pragma once

// What a user sees hovering a table header section, as plain text (empty when no tooltip shows):
// shared by the header tooltip test and the window-size test, which checks every cut column title.

#include <QApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QString>
#include <QTest>
#include <QTextDocument>
#include <QToolTip>

namespace TestHover {

inline QString headerToolTip(QHeaderView *header, int logical)
{
    const QPoint pos(header->sectionViewportPosition(logical) + header->sectionSize(logical) / 2,
                     header->viewport()->height() / 2);
    // Qt hides a tooltip 300 ms after asking: a stale one must not answer for this section.
    QToolTip::hideText();
    if (!QTest::qWaitFor([] { return !QToolTip::isVisible(); }, 2000))
        return QStringLiteral("(the previous tooltip stayed up)");
    QHelpEvent help(QEvent::ToolTip, pos, header->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(header->viewport(), &help);
    QString tip = QToolTip::isVisible() ? QToolTip::text() : QString();
    QToolTip::hideText();
    if (Qt::mightBeRichText(tip)) {
        QTextDocument doc;
        doc.setHtml(tip);
        tip = doc.toPlainText();
    }
    return tip;
}

} // namespace TestHover
