#pragma once

#include "core/profile/profiletable.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// A profiler table as read, every column (the Files view): the profilers' ways of writing "none"
// (N/A, empty, and 4294967295 in id columns) are shown as a dash, with the raw text in the tool
// tip.
class ProfileTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role { SortRole = Qt::UserRole + 1, RawValueRole };

    explicit ProfileTableModel(QObject *parent = nullptr);

    void setTable(std::shared_ptr<const ProfileTable> table);
    const ProfileTable *table() const { return m_table.get(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ProfileTable> m_table;
    std::vector<bool> m_idColumn;
};

} // namespace Twinscope::Core
