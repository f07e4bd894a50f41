#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace Twinscope::Widgets {

// A non-modal, dismissable bar above the content for load results ("Loaded with 3 kinds of repairs
// — Details") and failures, instead of dialogs (docs/DESIGN.md §8).
class MessageBar : public QWidget
{
    Q_OBJECT

public:
    enum class Level { Info, Warning, Error };

    explicit MessageBar(QWidget *parent = nullptr);

    // text may contain one <a href="details">link</a>; clicking it emits linkActivated.
    void showMessage(Level level, const QString &text);
    QString text() const;
    Level level() const { return m_level; }

signals:
    void linkActivated(const QString &link);

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyPalette();

    QLabel *m_label;
    QToolButton *m_close;
    Level m_level = Level::Info;
    bool m_applying = false;
};

} // namespace Twinscope::Widgets
