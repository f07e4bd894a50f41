#pragma once

#include <QDialog>

class QTableWidget;

namespace Twinscope::App {

// Help ▸ Keyboard Shortcuts: every shortcut of the window's actions plus the keys and mouse
// gestures of the views, in two tables side by side that show every row without scrolling.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);

    QTableWidget *windowTable() const { return m_window; }
    QTableWidget *timelineTable() const { return m_timeline; }

private:
    QTableWidget *m_window;
    QTableWidget *m_timeline;
};

} // namespace Twinscope::App
