#include "loadprogresswidget.h"

#include "loadcontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace Twinscope::Widgets {

LoadProgressWidget::LoadProgressWidget(LoadController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(false);
    m_bar->setFixedWidth(180);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading; nothing already open is affected."));
    hide();

    connect(m_cancel, &QToolButton::clicked, m_controller, &LoadController::cancelAll);
    connect(m_controller, &LoadController::started, this, [this](quint64 id, const QString &title) {
        m_shown = id;
        m_label->setText(title);
        m_bar->setValue(0);
        show();
    });
    connect(
        m_controller, &LoadController::progressChanged, this, &LoadProgressWidget::showProgress);
    connect(m_controller, &LoadController::runningChanged, this, [this](bool running) {
        setVisible(running);
    });
}

void LoadProgressWidget::showProgress(quint64 id, int permille, const QString &stage)
{
    if (id != m_shown)
        return;
    m_bar->setValue(permille);
    const QString title = m_controller->title(id);
    m_label->setText(stage.isEmpty() ? title : tr("%1 — %2").arg(title, stage));
}

} // namespace Twinscope::Widgets
