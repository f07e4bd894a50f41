#pragma once

#include "core/trace/tracediff.h"
#include "difftablemodel.h"

#include <memory>

namespace Twinscope::Core {

// The op diff (issue #10), one row per family or name, in the pipeline's order (|delta|, largest
// first). KeyRole gives the names behind a row (both sides), for highlighting them in the
// timelines; StateRole its state id; the tooltip lists the names on each side.
class OpDiffModel : public DiffTableModel
{
    Q_OBJECT

public:
    enum Column {
        Level,
        Name,
        Family,
        State,
        BaselineCount,
        TargetCount,
        BaselineUs,
        TargetUs,
        BaselineMeanUs,
        TargetMeanUs,
        DeltaUs,
        Ratio,
        Count
    };

    explicit OpDiffModel(QObject *parent = nullptr);
    void setDiff(std::shared_ptr<const TraceDiff> diff);
    int rowCount(const QModelIndex &parent = {}) const override;
    const OpDiffRow *row(int row) const;

protected:
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    int columns() const override { return Count; }
    int decimals(int column) const override;
    QVariant other(int row, int column, int role) const override;

private:
    std::shared_ptr<const TraceDiff> m_diff;
};

// Translated names of the levels and states, as the tables show them.
QString opLevelName(OpLevel level);
QString opDiffStateName(OpDiffState state);

} // namespace Twinscope::Core
