#include "kernelgroupmodel.h"

#include "core/profile/kerneltypelabel.h"

#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

KernelGroupModel::KernelGroupModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void KernelGroupModel::setTable(const KernelTable *table, KernelGrouping grouping)
{
    beginResetModel();
    m_grouping = grouping;
    m_table = table ? table->regrouped(grouping) : KernelTable();
    m_rows = m_table.byTotal();
    endResetModel();
}

int KernelGroupModel::rowOf(const QString &type) const
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i]->type == type)
            return int(i);
    }
    return -1;
}

int KernelGroupModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KernelGroupModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FixedColumns + int(m_table.pmuColumns.size());
}

QVariant KernelGroupModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KernelGroup &g = *m_rows[size_t(index.row())];
    const int flags = (g.isAiCpu() ? AiCpu : 0) | (g.isUnalignedOnAiCore() ? Unaligned16 : 0);
    if (role == KeyRole)
        return g.type;
    if (role == SeverityRole)
        return flags != 0 ? 1 : 0;
    const int column = index.column();
    auto raw = [&]() -> QVariant {
        switch (column) {
        case Type:
            return g.type;
        case Core:
            return g.core;
        case Shapes:
            return g.inputShapes;
        case DataTypes:
            return g.inputTypes;
        case Formats:
            return g.inputFormats;
        case Count:
            return g.count;
        case TotalUs:
            return g.totalUs;
        case MeanUs:
            return g.meanUs();
        case MaxUs:
            return g.maxUs;
        case Share:
            return m_table.share(g);
        case Flags:
            return flags;
        default:
            break;
        }
        const double v = g.pmuMean(column - FixedColumns);
        return std::isfinite(v) ? QVariant(v) : QVariant();
    };
    if (role == RawValueRole || role == SortRole)
        return raw();
    const QLocale loc;
    if (role == Qt::DisplayRole) {
        const QVariant v = raw();
        switch (column) {
        case Type:
            return v.toString().isEmpty() ? u"—"_s : QVariant(kernelTypeLabel(v.toString()));
        case Core:
            return v.toString().isEmpty() ? u"—"_s : v;
        case Shapes:
        case DataTypes:
        case Formats:
            return v;
        case Count:
            return loc.toString(g.count);
        case TotalUs:
        case MeanUs:
        case MaxUs:
            return loc.toString(v.toDouble(), 'f', 2);
        case Share:
            return loc.toString(100.0 * v.toDouble(), 'f', 1) + u" %"_s;
        case Flags: {
            QStringList f;
            if (flags & AiCpu)
                f << tr("AI CPU");
            if (flags & Unaligned16)
                f << tr("not 16-aligned");
            return f.join(u", "_s);
        }
        default:
            return v.isValid() ? QVariant(loc.toString(v.toDouble(), 'g', 4)) : QVariant();
        }
    }
    if (role == Qt::ToolTipRole && column == Flags) {
        QStringList tips;
        if (flags & AiCpu)
            tips << tr(
                "Runs on the AI CPU: the Ascend guides ask to find an AI Core implementation "
                "(a different dtype or shape often gets one).");
        if (flags & Unaligned16)
            tips << tr("Matrix shape %1 is not a multiple of 16 in its last two dimensions: the "
                       "cube unit pads it to 16 × 16 blocks.")
                        .arg(g.unalignedShapes);
        return tips.isEmpty() ? QVariant() : QVariant(tips.join(u"\n"_s));
    }
    if (role == Qt::TextAlignmentRole && column >= Count && column != Flags)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant KernelGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Type:
        return tr("Op type");
    case Core:
        return tr("Core");
    case Shapes:
        return tr("Input shapes");
    case DataTypes:
        return tr("Input dtypes");
    case Formats:
        return tr("Input formats");
    case Count:
        return tr("Count");
    case TotalUs:
        return tr("Total (µs)");
    case MeanUs:
        return tr("Mean (µs)");
    case MaxUs:
        return tr("Max (µs)");
    case Share:
        return tr("Share");
    case Flags:
        return tr("Flags");
    default:
        break;
    }
    // PMU columns keep the profiler's own names (aic_mac_ratio, ...): they are what the docs use.
    return m_table.pmuColumns.value(section - FixedColumns);
}

} // namespace Twinscope::Core
