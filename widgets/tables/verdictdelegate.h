#pragma once

#include <QStyledItemDelegate>

namespace Twinscope::Widgets {

// Paints a row tint per verdict (red error, orange warning, grey unmatched; METRICS.md §4.2) and a
// thin bar for cells that carry CompareTableModel::BarRole. Colours come from the palette's text
// colour blended in, so they read on light and dark themes.
class VerdictDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    static QColor verdictColor(int severity, const QPalette &palette);

protected:
    // Tensor names are shortened by Widgets::elideTensorName, not elided blindly in the middle.
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace Twinscope::Widgets
