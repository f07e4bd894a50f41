#pragma once

#include "core/trace/tracediff.h"
#include "difftablemodel.h"

#include <memory>

namespace Twinscope::Core {

// The steps of both runs side by side (row k: each run's k-th step), with the compared steps
// marked (StateRole "chosen") and, for the Phases column, both runs' phase bars in KeyRole:
// [computing, not-overlapped communication, free, step] µs for the baseline, then the target.
class StepDiffModel : public DiffTableModel
{
    Q_OBJECT

public:
    enum Column { Index, BaselineStep, BaselineUs, TargetStep, TargetUs, Ratio, Phases, Count };

    explicit StepDiffModel(QObject *parent = nullptr);
    void setDiff(std::shared_ptr<const TraceDiff> diff);
    int rowCount(const QModelIndex &parent = {}) const override;

protected:
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    int columns() const override { return Count; }
    int decimals(int column) const override;
    QVariant other(int row, int column, int role) const override;

private:
    std::shared_ptr<const TraceDiff> m_diff;
};

} // namespace Twinscope::Core
