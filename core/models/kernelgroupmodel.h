#pragma once

#include "core/profile/kerneltable.h"

#include <QAbstractTableModel>

#include <memory>

namespace Twinscope::Core {

// The Profile tab's kernel table (docs/DESIGN.md §7): one row per group of kernels (by op type and
// core, by core, or by signature), largest total first, then the per-kernel PMU columns the files
// had. Meaning in the user roles; the view picks the colours.
class KernelGroupModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Type,
        Core,
        Shapes,
        DataTypes,
        Formats,
        Count,
        TotalUs,
        MeanUs,
        MaxUs,
        Share,
        Flags,
        FixedColumns // PMU means follow
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        RawValueRole,
        SeverityRole, // 0 fine, 1 flagged (AI CPU, or a matmul shape not 16-aligned)
        KeyRole       // the op type (empty when grouped by core)
    };
    enum Flag { AiCpu = 1, Unaligned16 = 2 };

    explicit KernelGroupModel(QObject *parent = nullptr);

    // The table regrouped as asked; the model keeps its own copy.
    void setTable(const KernelTable *table, KernelGrouping grouping);
    KernelGrouping grouping() const { return m_grouping; }
    const KernelTable &table() const { return m_table; }
    int rowOf(const QString &type) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    KernelTable m_table;
    std::vector<const KernelGroup *> m_rows;
    KernelGrouping m_grouping = KernelGrouping::TypeAndCore;
};

} // namespace Twinscope::Core
