#pragma once

#include <QStyledItemDelegate>

namespace Twinscope::Widgets {

// The step table's delegate: a row the comparison looks at (StateRole "chosen") is bold, and a
// cell whose KeyRole holds StepDiffModel's phase list draws a step's phases as two bars,
// baseline above target, on one scale for the whole table: computing, not-overlapped
// communication and free time, the rest of the step (host, idle before the first task) in a
// light shade.
class PhaseBarDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void setScale(double longestStepUs) { m_scaleUs = longestStepUs; }
    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

    // The colours, shared with the legend.
    static QColor computingColor();
    static QColor communicationColor();
    static QColor freeColor();

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    double m_scaleUs = 1;
};

} // namespace Twinscope::Widgets
