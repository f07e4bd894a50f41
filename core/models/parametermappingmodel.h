#pragma once

#include "core/checkpoint/checkpointcompare.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The name-mapping report of a checkpoint comparison as a table (docs/DESIGN.md §7): every pair,
// then the tensors missing on one side, then those without a twin by design, so every name of both
// files is one row. Roles carry meaning, never colours.
class ParameterMappingModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        SortRole = Qt::UserRole + 1,
        KeyRole,    // the comparison row of a pair (-1 for a tensor without partner)
        StatusRole, // Status of the row
    };
    enum Column {
        NameAColumn,
        NameBColumn,
        MatchColumn,
        ShapeAColumn,
        ShapeBColumn,
        KindColumn,
        ColumnCount
    };
    enum class Status { Paired, ShapeDiffers, Missing, NoTwin };

    explicit ParameterMappingModel(QObject *parent = nullptr);

    void setComparison(std::shared_ptr<const CheckpointComparison> comparison);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Model row of a comparison row (a pair), -1 if none.
    int modelRow(int comparisonRow) const;

private:
    struct Row
    {
        int a = -1, b = -1; // entry indices
        int pair = -1;
        Status status = Status::Paired;
    };
    std::shared_ptr<const CheckpointComparison> m_comparison;
    QList<Row> m_rows;
    QList<int> m_comparisonRowOfPair;
};

} // namespace Twinscope::Core
