#pragma once

#include "core/trace/tracediff.h"
#include "difftablemodel.h"

#include <memory>

namespace Twinscope::Core {

// Where the step time went, per category, in µs per compared step, with each category's share of
// the step-time gap (a partition: the shares add up to 100 %).
class CategoryDiffModel : public DiffTableModel
{
    Q_OBJECT

public:
    enum Column { Category, Id, BaselineUs, TargetUs, DeltaUs, ShareOfGap, Count };

    explicit CategoryDiffModel(QObject *parent = nullptr);
    void setDiff(std::shared_ptr<const TraceDiff> diff);
    int rowCount(const QModelIndex &parent = {}) const override;

protected:
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    int columns() const override { return Count; }

private:
    std::shared_ptr<const TraceDiff> m_diff;
};

} // namespace Twinscope::Core
