#pragma once

#include "core/dump/overflowanalysis.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// A single dump's tensors with their statistics, NaN/Inf and fp16 saturation (the single-side
// analysis of issue #12), in execution order. Roles as CompareTableModel's: SeverityRole is an
// error for NaN/Inf, a warning for saturation, so the verdict delegate colours it the same way.
class TensorStatsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        IndexColumn,
        NameColumn,
        DtypeColumn,
        ShapeColumn,
        StateColumn,
        MaxColumn,
        MinColumn,
        MeanColumn,
        NormColumn,
        NanColumn,
        InfColumn,
        SaturatedColumn,
        NoteColumn,
        ColumnCount
    };

    explicit TensorStatsModel(QObject *parent = nullptr);
    void setAnalysis(std::shared_ptr<const OverflowAnalysis> analysis);
    const std::shared_ptr<const OverflowAnalysis> &analysis() const { return m_analysis; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double value(int row, int column) const;
    std::shared_ptr<const OverflowAnalysis> m_analysis;
};

} // namespace Twinscope::Core
