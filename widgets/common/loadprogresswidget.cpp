#include "loadprogresswidget.h"

#include "loadcontroller.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace Twinscope::Widgets {

namespace {

QProgressBar *makeBar(QWidget *parent, int width)
{
    auto *bar = new QProgressBar(parent);
    bar->setRange(0, 1000);
    bar->setTextVisible(false);
    bar->setFixedWidth(width);
    return bar;
}

} // namespace

LoadProgressWidget::LoadProgressWidget(LoadController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_label(new QLabel(this))
    , m_bar(makeBar(this, 180))
    , m_cancel(new QToolButton(this))
    , m_more(new QToolButton(this))
    , m_list(new QFrame(this, Qt::Popup))
    , m_listLayout(new QVBoxLayout(m_list))
{
    m_label->setTextFormat(Qt::PlainText); // stages name the files they read (issue #31)
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    layout->addWidget(m_more);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop this job; nothing already open is affected."));
    m_more->setToolTip(tr("Show every running job, each with its own Cancel."));
    m_more->hide();
    m_list->setFrameShape(QFrame::StyledPanel);
    m_listLayout->setContentsMargins(6, 6, 6, 6);
    hide();

    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (!m_order.isEmpty())
            m_controller->cancel(m_order.last());
    });
    connect(m_more, &QToolButton::clicked, this, [this] {
        m_list->adjustSize();
        const QPoint below = mapToGlobal(QPoint(width() - m_list->sizeHint().width(), 0));
        m_list->move(below.x(), below.y() - m_list->sizeHint().height());
        m_list->show();
    });
    connect(m_controller, &LoadController::started, this, &LoadProgressWidget::addRow);
    connect(m_controller, &LoadController::finished, this, [this](quint64 id) { removeRow(id); });
    connect(
        m_controller, &LoadController::progressChanged, this, &LoadProgressWidget::showProgress);
}

QToolButton *LoadProgressWidget::cancelButtonFor(quint64 id) const
{
    return m_rows.value(id).cancel;
}

void LoadProgressWidget::addRow(quint64 id, const QString &title)
{
    Row row;
    row.widget = new QWidget(m_list);
    auto *layout = new QHBoxLayout(row.widget);
    layout->setContentsMargins(0, 0, 0, 0);
    row.label = new QLabel(row.widget);
    row.label->setTextFormat(Qt::PlainText); // stages name the files they read (issue #31)
    row.label->setText(title);
    row.label->setMinimumWidth(220);
    row.bar = makeBar(row.widget, 140);
    row.cancel = new QToolButton(row.widget);
    row.cancel->setText(tr("Cancel"));
    row.cancel->setToolTip(tr("Stop this job; nothing already open is affected."));
    layout->addWidget(row.label, 1);
    layout->addWidget(row.bar);
    layout->addWidget(row.cancel);
    connect(row.cancel, &QToolButton::clicked, this, [this, id] { m_controller->cancel(id); });
    m_listLayout->addWidget(row.widget);
    m_rows.insert(id, row);
    m_order.append(id);
    showNewest();
}

void LoadProgressWidget::removeRow(quint64 id)
{
    const Row row = m_rows.take(id);
    m_order.removeAll(id);
    if (row.widget)
        row.widget->deleteLater();
    showNewest();
}

void LoadProgressWidget::showProgress(quint64 id, int permille, const QString &stage)
{
    const auto it = m_rows.constFind(id);
    if (it == m_rows.cend())
        return;
    const QString title = m_controller->title(id);
    const QString text = stage.isEmpty() ? title : tr("%1 — %2").arg(title, stage);
    it->bar->setValue(permille);
    it->label->setText(text);
    if (!m_order.isEmpty() && m_order.last() == id) {
        m_bar->setValue(permille);
        m_label->setText(text);
    }
}

void LoadProgressWidget::showNewest()
{
    if (m_order.isEmpty()) {
        m_list->hide();
        hide();
        return;
    }
    const Row &newest = m_rows[m_order.last()];
    m_label->setText(newest.label->text());
    m_bar->setValue(newest.bar->value());
    m_more->setText(tr("%n job(s) ▾", nullptr, int(m_order.size())));
    m_more->setVisible(m_order.size() > 1);
    if (m_order.size() < 2)
        m_list->hide();
    show();
}

} // namespace Twinscope::Widgets
