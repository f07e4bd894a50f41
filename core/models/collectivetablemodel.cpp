#include "collectivetablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

CollectiveTableModel::CollectiveTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void CollectiveTableModel::setCollectives(std::vector<CollectiveStats> collectives)
{
    beginResetModel();
    m_rows = std::move(collectives);
    m_links.clear();
    for (const CollectiveStats &c : m_rows) {
        for (const auto &[name, t] : c.links) {
            if (t.timeMs > 0 && !m_links.contains(name))
                m_links << name;
        }
    }
    m_links.sort();
    endResetModel();
}

int CollectiveTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CollectiveTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FixedColumns + int(m_links.size());
}

QVariant CollectiveTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CollectiveStats &c = m_rows[size_t(index.row())];
    const int column = index.column();
    if (role == KeyRole)
        return c.op;
    auto raw = [&]() -> QVariant {
        switch (column) {
        case Op:
            return c.op;
        case Count:
            return c.count;
        case ElapseMs:
            return c.elapseMs;
        case TransitMs:
            return c.transitMs;
        case WaitMs:
            return c.waitMs;
        case SyncMs:
            return c.syncMs;
        case IdleMs:
            return c.idleMs;
        case WaitRatio:
            return c.waitRatio();
        default:
            break;
        }
        const auto it = c.links.find(m_links.value(column - FixedColumns));
        if (it == c.links.end() || it->second.timeMs <= 0)
            return {};
        return it->second.bandwidthGbps();
    };
    if (role == RawValueRole || role == SortRole)
        return raw();
    if (role == Qt::DisplayRole) {
        const QVariant v = raw();
        if (column == Op || !v.isValid())
            return v;
        if (column == Count)
            return QLocale().toString(c.count);
        if (column == WaitRatio)
            return QLocale().toString(100.0 * v.toDouble(), 'f', 1) + u" %"_s;
        return QLocale().toString(v.toDouble(), 'f', column >= FixedColumns ? 2 : 3);
    }
    if (role == Qt::ToolTipRole && column == WaitRatio)
        return tr("Wait / (wait + transit), as msprof-analyze computes it: near 100 % means the "
                  "ranks waited for each other rather than moved data.");
    if (role == Qt::TextAlignmentRole && column != Op)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant CollectiveTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Op:
        return tr("Collective");
    case Count:
        return tr("Calls");
    case ElapseMs:
        return tr("Elapse (ms)");
    case TransitMs:
        return tr("Transit (ms)");
    case WaitMs:
        return tr("Wait (ms)");
    case SyncMs:
        return tr("Sync (ms)");
    case IdleMs:
        return tr("Idle (ms)");
    case WaitRatio:
        return tr("Wait ratio");
    default:
        break;
    }
    return tr("%1 (GB/s)").arg(m_links.value(section - FixedColumns));
}

} // namespace Twinscope::Core
