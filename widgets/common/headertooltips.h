#pragma once

#include <QObject>

class QHeaderView;

namespace Twinscope::Widgets {

// Column titles cut short ("Comp…") give their whole text on hover (issue #29). A narrow window
// or a translation longer than the English title elides header text; the user then hovers the
// title to read it, as in Qt Creator and most data grids. A title the model already explains
// with Qt::ToolTipRole keeps that tooltip, with the whole title put first when it is cut.
//
// Installed once on the application (the main window does), it serves every QHeaderView of
// every table and tree, present or created later, without each view opting in.
class HeaderToolTips : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // True when the section is narrower than its title, margins and sort arrow need.
    static bool isElided(const QHeaderView *header, int logicalIndex);
    // What hovering the section shows: the model's tooltip, the whole title when it is cut, or
    // both; empty when there is nothing to add.
    static QString toolTip(const QHeaderView *header, int logicalIndex);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace Twinscope::Widgets
