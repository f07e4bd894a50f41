#pragma once

#include <QLayout>
#include <QList>

namespace Twinscope::Widgets {

// A layout that places its items left to right and wraps to a new line when the width runs out,
// so a toolbar keeps every control at its size hint at 1024 px instead of squeezing sliders to
// stubs and cutting labels ("Open Logs..", "Ignore o"). Its height follows its width
// (heightForWidth), so the layout above gives it the lines it needs. Qt has no such layout; this
// follows the idea of its Flow Layout example.
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr,
                        int horizontalSpacing = 6,
                        int verticalSpacing = 4);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

    // Lines the items took at the last layout (tests: the toolbar wraps at 1024 px).
    int lineCount() const { return m_lines; }

private:
    int doLayout(const QRect &rect, bool apply) const;

    QList<QLayoutItem *> m_items;
    int m_hSpacing;
    int m_vSpacing;
    mutable int m_lines = 0;
};

} // namespace Twinscope::Widgets
