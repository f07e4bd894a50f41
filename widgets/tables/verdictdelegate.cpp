#include "verdictdelegate.h"

#include "core/models/comparetablemodel.h"
#include "widgets/common/tensornameelide.h"

#include <QPainter>

namespace Twinscope::Widgets {

QColor VerdictDelegate::verdictColor(int severity, const QPalette &palette)
{
    switch (Core::Verdict(severity)) {
    case Core::Verdict::Error:
        return QColor(0xe0, 0x3a, 0x2f);
    case Core::Verdict::Warning:
        return QColor(0xf0, 0x9a, 0x1a);
    case Core::Verdict::Unmatched:
        return palette.color(QPalette::Disabled, QPalette::Text);
    case Core::Verdict::Pass:
        break;
    }
    return QColor();
}

void VerdictDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.column() != Core::CompareTableModel::NameColumn &&
        index.column() != Core::CompareTableModel::NpuNameColumn)
        return;
    const QStyle *style = option->widget ? option->widget->style() : nullptr;
    const int margin =
        style ? 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option->widget) + 1)
              : 6;
    option->text =
        elideTensorName(option->text, option->fontMetrics, option->rect.width() - margin);
}

void VerdictDelegate::paint(QPainter *painter,
                            const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    const QColor tint =
        verdictColor(index.data(Core::CompareTableModel::SeverityRole).toInt(), option.palette);
    if (tint.isValid() && !(option.state & QStyle::State_Selected)) {
        QColor fill = tint;
        fill.setAlpha(index.column() == Core::CompareTableModel::VerdictColumn ? 110 : 38);
        painter->fillRect(option.rect, fill);
    }
    const QVariant bar = index.data(Core::CompareTableModel::BarRole);
    if (bar.isValid()) {
        const double v = std::clamp(bar.toDouble(), 0.0, 1.0);
        QRect r = option.rect.adjusted(2, option.rect.height() - 5, -2, -2);
        r.setWidth(std::max(1, int(r.width() * v)));
        QColor c = v > 0.5 ? QColor(0xe0, 0x3a, 0x2f) : option.palette.color(QPalette::Highlight);
        c.setAlpha(170);
        if (v > 0)
            painter->fillRect(r, c);
    }
    QStyledItemDelegate::paint(painter, option, index);
}

} // namespace Twinscope::Widgets
