#pragma once

#include "core/dump/modulecompare.h"

#include <QAbstractItemModel>
#include <QSortFilterProxyModel>

#include <memory>

namespace Twinscope::Widgets {

// The NPU module tree of a ModuleComparison as a Qt tree model (issue #26): one row per node, both
// sides' values, msprobe's band as the row's colour. A node's internal id is its index in the
// tree, so 10 000 nodes cost no per-row objects.
class ModuleTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column {
        NodeColumn,
        BandColumn,
        IndexColumn,
        OverflowColumn,
        NpuOutputColumn,
        BenchOutputColumn,
        InputErrorColumn,
        OutputErrorColumn,
        ColumnCount
    };
    enum Role {
        NodeIndexRole = Qt::UserRole + 1, // int: the node's index in the NPU tree
        BandRole,                         // int: PrecisionBand
        OverflowRole,                     // int: OverflowLevel
        SearchTextRole,                   // QString: the node id
    };

    explicit ModuleTreeModel(QObject *parent = nullptr);

    void setComparison(std::shared_ptr<const Core::ModuleComparison> comparison);
    const std::shared_ptr<const Core::ModuleComparison> &comparison() const { return m_cmp; }
    QModelIndex indexOfNode(int node) const;
    int nodeOf(const QModelIndex &index) const; // -1 for the invalid index

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // "layer3.1.bn2 · BatchNorm2d · forward 0" for modules, the API id without its type for APIs.
    static QString shortName(const QString &id);
    // The first output's Max/Min/Mean/Norm as one line, "" when none.
    static QString outputSummary(const Core::ModuleNode &node);

private:
    std::shared_ptr<const Core::ModuleComparison> m_cmp;
    QList<int> m_row; // node -> its row under its parent
};

// Search and filters of the Model tab: a node stays when it or one of its descendants matches
// (recursive filtering), so the path to every match stays visible.
class ModuleTreeFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setSearch(const QString &text);
    // Nodes in this band or worse (Yellow1: every node); Unmatched: only unmatched nodes.
    void setMinimumBand(Core::PrecisionBand band);
    void setOverflowOnly(bool on);
    void setModulesOnly(bool on);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_search;
    Core::PrecisionBand m_band = Core::PrecisionBand::Yellow1;
    bool m_overflowOnly = false;
    bool m_modulesOnly = false;
};

} // namespace Twinscope::Widgets
