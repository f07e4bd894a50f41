#pragma once

#include "core/dump/divergencematrix.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The step x rank summary of a whole run (issue #12): one row per compared run of two msprobe
// step*/rank* trees with its counts, first divergent tensor and NaN/Inf origin. SeverityRole is the
// run's worst verdict; KeyRole the run index.
class RunSummaryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        StepColumn,
        RankColumn,
        PairsColumn,
        ErrorsColumn,
        WarningsColumn,
        FirstDivergentColumn,
        NanOriginColumn,
        ColumnCount
    };

    explicit RunSummaryModel(QObject *parent = nullptr);
    void setSeries(std::shared_ptr<const DumpSeries> series);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const DumpSeries> m_series;
};

} // namespace Twinscope::Core
