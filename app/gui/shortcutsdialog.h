#pragma once

#include <QDialog>

namespace Twinscope::App {

// Help ▸ Keyboard Shortcuts: every shortcut of the window's actions plus the view-specific keys.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);
};

} // namespace Twinscope::App
