#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace Twinscope::Widgets {

class LoadController;

// Status-bar strip for running jobs: stage text, a 0..1000 bar and a Cancel button. Hidden when
// idle.
class LoadProgressWidget : public QWidget
{
    Q_OBJECT

public:
    explicit LoadProgressWidget(LoadController *controller, QWidget *parent = nullptr);

    QToolButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_bar; }

private:
    void showProgress(quint64 id, int permille, const QString &stage);

    LoadController *m_controller;
    QLabel *m_label;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
    quint64 m_shown = 0;
};

} // namespace Twinscope::Widgets
