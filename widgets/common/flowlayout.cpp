#include "flowlayout.h"

#include <QWidget>

#include <algorithm>

namespace Twinscope::Widgets {

FlowLayout::FlowLayout(QWidget *parent, int horizontalSpacing, int verticalSpacing)
    : QLayout(parent)
    , m_hSpacing(horizontalSpacing)
    , m_vSpacing(verticalSpacing)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    return m_items.takeAt(index);
}

int FlowLayout::heightForWidth(int width) const
{
    return doLayout(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item: everything else wraps.
    QSize size;
    for (const QLayoutItem *item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One line: the width it would like, the height of one row.
    int width = 0;
    int height = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width() + (width > 0 ? m_hSpacing : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return QSize(width + m.left() + m.right(), height + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    doLayout(rect, true);
}

int FlowLayout::doLayout(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    int x = area.x();
    int y = area.y();
    int lineHeight = 0;
    int lines = 0;
    // Items of one line share its height and are centred in it.
    QList<std::pair<QLayoutItem *, QPoint>> line;
    auto flush = [&] {
        if (apply) {
            for (const auto &[item, at] : line) {
                const QSize size = item->sizeHint();
                item->setGeometry(
                    QRect(QPoint(at.x(), at.y() + (lineHeight - size.height()) / 2), size));
            }
        }
        line.clear();
    };
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize size = item->sizeHint().boundedTo(QSize(area.width(), QWIDGETSIZE_MAX));
        if (x > area.x() && x + size.width() > area.right() + 1) {
            flush();
            x = area.x();
            y += lineHeight + m_vSpacing;
            lineHeight = 0;
        }
        if (line.isEmpty())
            ++lines;
        line.append({item, QPoint(x, y)});
        x += size.width() + m_hSpacing;
        lineHeight = std::max(lineHeight, size.height());
    }
    flush();
    if (apply)
        m_lines = lines;
    return y + lineHeight - rect.y() + contentsMargins().bottom();
}

} // namespace Twinscope::Widgets
