#pragma once

#include "core/trace/opstatistics.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The op-statistics table (docs/DESIGN.md §7): one row per name over a shared immutable result.
// DisplayRole is locale text; SortRole and RawValueRole carry the numbers.
class OpStatisticsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Category, Count, Total, Self, Average, Min, Max, Share, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RawValueRole, KeyRole };

    explicit OpStatisticsModel(QObject *parent = nullptr);

    void setStatistics(std::shared_ptr<const OpStatistics> statistics);
    const std::shared_ptr<const OpStatistics> &statistics() const { return m_statistics; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // CSV of every row in model order, with raw numbers in µs; the header is not translated so
    // scripts can rely on it.
    QByteArray toCsv() const;

private:
    std::shared_ptr<const OpStatistics> m_statistics;
};

} // namespace Twinscope::Core
