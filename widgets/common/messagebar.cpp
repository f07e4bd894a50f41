#include "messagebar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace Twinscope::Widgets {

MessageBar::MessageBar(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_close(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Dismiss"));
    setAutoFillBackground(true);
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    connect(m_label, &QLabel::linkActivated, this, &MessageBar::linkActivated);
    hide();
}

void MessageBar::showMessage(Level level, const QString &text)
{
    m_level = level;
    m_label->setText(text);
    applyPalette();
    show();
}

QString MessageBar::text() const
{
    return m_label->text();
}

void MessageBar::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // setPalette() below raises PaletteChange on this widget too: ignore our own.
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) &&
        !m_applying)
        applyPalette();
}

void MessageBar::applyPalette()
{
    // Tinted from the current palette so light and dark themes both stay readable.
    const QPalette base = parentWidget() ? parentWidget()->palette() : QPalette();
    const QColor accent = m_level == Level::Error     ? QColor(0xd9, 0x30, 0x25)
                          : m_level == Level::Warning ? QColor(0xe3, 0x9b, 0x00)
                                                      : QColor(0x1a, 0x73, 0xe8);
    const QColor window = base.color(QPalette::Window);
    QColor tint;
    tint.setRgbF(window.redF() * 0.85 + accent.redF() * 0.15,
                 window.greenF() * 0.85 + accent.greenF() * 0.15,
                 window.blueF() * 0.85 + accent.blueF() * 0.15);
    QPalette p = palette();
    p.setColor(QPalette::Window, tint);
    m_applying = true;
    setPalette(p);
    m_applying = false;
}

} // namespace Twinscope::Widgets
