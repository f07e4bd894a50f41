#pragma once

#include <QHash>
#include <QWidget>

class QFrame;
class QLabel;
class QProgressBar;
class QToolButton;
class QVBoxLayout;

namespace Twinscope::Widgets {

class LoadController;

// Status-bar strip for running jobs (issue #9): the newest job's stage, bar and Cancel, and, when
// several run at once, a button that opens the list of every job with its own bar and Cancel.
// Hidden when idle.
class LoadProgressWidget : public QWidget
{
    Q_OBJECT

public:
    explicit LoadProgressWidget(LoadController *controller, QWidget *parent = nullptr);

    // Cancels the job shown in the strip (the newest).
    QToolButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_bar; }
    QToolButton *listButton() const { return m_more; }
    // One row per running job in the list, for tests.
    int jobRowCount() const { return int(m_rows.size()); }
    QToolButton *cancelButtonFor(quint64 id) const;

private:
    struct Row
    {
        QWidget *widget = nullptr;
        QLabel *label = nullptr;
        QProgressBar *bar = nullptr;
        QToolButton *cancel = nullptr;
    };
    void addRow(quint64 id, const QString &title);
    void removeRow(quint64 id);
    void showProgress(quint64 id, int permille, const QString &stage);
    void showNewest();

    LoadController *m_controller;
    QLabel *m_label;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
    QToolButton *m_more;
    QFrame *m_list;
    QVBoxLayout *m_listLayout;
    QHash<quint64, Row> m_rows;
    QList<quint64> m_order; // start order; the strip shows the last
};

} // namespace Twinscope::Widgets
