#pragma once

#include <QWidget>

class QListWidget;

namespace Twinscope::App {

// Shown while nothing is open: what Twinscope opens, how to open it, and the recent files.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);
    void setRecentFiles(const QStringList &paths);

signals:
    void openFileRequested();
    void openFolderRequested();
    void openPathRequested(const QString &path);

private:
    QListWidget *m_recent;
};

} // namespace Twinscope::App
