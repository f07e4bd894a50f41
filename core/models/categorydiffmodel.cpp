#include "categorydiffmodel.h"

namespace Twinscope::Core {

CategoryDiffModel::CategoryDiffModel(QObject *parent)
    : DiffTableModel(parent)
{}

void CategoryDiffModel::setDiff(std::shared_ptr<const TraceDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

int CategoryDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_diff ? 0 : int(m_diff->categories.size());
}

QVariant CategoryDiffModel::value(int row, int column) const
{
    const TraceCategoryDiffRow &r = m_diff->categories[size_t(row)];
    switch (column) {
    case Category:
        return stepCategoryName(r.category);
    case Id:
        return stepCategoryId(r.category);
    case BaselineUs:
        return r.baselineNs / 1000.0;
    case TargetUs:
        return r.targetNs / 1000.0;
    case DeltaUs:
        return r.deltaNs() / 1000.0;
    case ShareOfGap:
        return m_diff->target.stepNs != m_diff->baseline.stepNs
                   ? QVariant(100.0 * m_diff->shareOfGap(r.deltaNs()))
                   : QVariant();
    }
    return {};
}

QString CategoryDiffModel::columnTitle(int column) const
{
    switch (column) {
    case Category:
        return tr("Category");
    case Id:
        return tr("Id");
    case BaselineUs:
        return tr("Baseline (µs)");
    case TargetUs:
        return tr("Target (µs)");
    case DeltaUs:
        return tr("Delta (µs)");
    case ShareOfGap:
        return tr("Share of the step gap (%)");
    }
    return {};
}

} // namespace Twinscope::Core
