#pragma once

#include "core/profile/communication.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace Twinscope::Core {

// The Communication tab's table: one row per collective (hcom_allReduce, ...) summed over calls and
// ranks, then one bandwidth column per link type any collective used (HCCS, RDMA, PCIE, SDMA, SIO).
class CollectiveTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Op,
        Count,
        ElapseMs,
        TransitMs,
        WaitMs,
        SyncMs,
        IdleMs,
        WaitRatio,
        FixedColumns // GB/s per link type follow
    };
    enum Role { SortRole = Qt::UserRole + 1, RawValueRole, KeyRole };

    explicit CollectiveTableModel(QObject *parent = nullptr);

    void setCollectives(std::vector<CollectiveStats> collectives);
    const std::vector<CollectiveStats> &collectives() const { return m_rows; }
    const QStringList &links() const { return m_links; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<CollectiveStats> m_rows;
    QStringList m_links;
};

} // namespace Twinscope::Core
