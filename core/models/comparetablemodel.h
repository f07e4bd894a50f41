#pragma once

#include "core/dump/dumpcompare.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The tensor comparison as a table (docs/DESIGN.md §7): one row per compared pair in bench
// execution order, then the tensors found on one side only. Roles carry meaning, never colours.
class CompareTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers for numeric columns (NaN sorts last), text otherwise
        RawValueRole,                // the double behind a numeric cell (NaN when none)
        SeverityRole,                // int(Verdict) of the row
        KeyRole,                     // comparison row index, -1 for unmatched tensors
        BarRole, // 0..1 for in-cell bars (badness of the cell's metric), invalid if none
    };
    enum Column {
        IndexColumn,
        NameColumn,
        NpuNameColumn,
        ShapeColumn,
        DtypeColumn,
        VerdictColumn,
        // tensor mode
        CosineColumn,
        MaxAbsColumn,
        MaxRelColumn,
        MeanAbsColumn,
        RmseColumn,
        RelEuclideanColumn,
        OneThousandthColumn,
        FiveThousandthColumn,
        AllcloseColumn,
        NonFiniteColumn,
        MatchColumn,
        MessageColumn,
        ColumnCount
    };

    explicit CompareTableModel(QObject *parent = nullptr);

    void setComparison(std::shared_ptr<const DumpComparison> comparison);
    // What the two sides are called in the headers: "Bench"/"NPU" unless set (checkpoints: A/B).
    void setSideNames(const QString &bench, const QString &npu);
    const std::shared_ptr<const DumpComparison> &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Model row of a comparison row (rows are in comparison order, so this is the identity), -1 if
    // none.
    int modelRow(int comparisonRow) const;
    int firstDivergentRow() const;

private:
    double value(int row, int column) const;
    std::shared_ptr<const DumpComparison> m_comparison;
    QString m_benchName, m_npuName;
};

} // namespace Twinscope::Core
