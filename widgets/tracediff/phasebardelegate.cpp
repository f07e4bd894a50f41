#include "phasebardelegate.h"

#include "core/models/difftablemodel.h"

#include <QPainter>

namespace Twinscope::Widgets {

QColor PhaseBarDelegate::computingColor()
{
    return QColor(0x3b, 0x7d, 0xd8);
}

QColor PhaseBarDelegate::communicationColor()
{
    return QColor(0xe0, 0x7b, 0x39);
}

QColor PhaseBarDelegate::freeColor()
{
    return QColor(0xb0, 0xb0, 0xb0);
}

void PhaseBarDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.data(Core::DiffTableModel::StateRole).toString() == QLatin1String("chosen"))
        option->font.setBold(true);
}

void PhaseBarDelegate::paint(QPainter *painter,
                             const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    QStyledItemDelegate::paint(painter, option, index);
    const QVariantList bars = index.data(Core::DiffTableModel::KeyRole).toList();
    if (bars.size() != 8 || m_scaleUs <= 0)
        return;
    const QRect r = option.rect.adjusted(4, 3, -4, -3);
    const int h = std::max(2, r.height() / 2 - 1);
    painter->save();
    for (int side = 0; side < 2; ++side) {
        const double computing = bars[side * 4].toDouble();
        const double comm = bars[side * 4 + 1].toDouble();
        const double free = bars[side * 4 + 2].toDouble();
        const double step = bars[side * 4 + 3].toDouble();
        const int y = r.top() + side * (h + 2);
        double x = r.left();
        auto segment = [&](double us, const QColor &c) {
            const double w = us / m_scaleUs * r.width();
            painter->fillRect(QRectF(x, y, w, h), c);
            x += w;
        };
        painter->fillRect(QRectF(r.left(), y, step / m_scaleUs * r.width(), h),
                          option.palette.color(QPalette::Midlight));
        segment(computing, computingColor());
        segment(comm, communicationColor());
        segment(free, freeColor());
    }
    painter->restore();
}

} // namespace Twinscope::Widgets
