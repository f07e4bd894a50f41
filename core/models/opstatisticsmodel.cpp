#include "opstatisticsmodel.h"

#include "core/common/plaintooltip.h"
#include "core/common/tr.h"
#include "core/export/csvwriter.h"
#include "core/trace/tracetime.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

OpStatisticsModel::OpStatisticsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void OpStatisticsModel::setStatistics(std::shared_ptr<const OpStatistics> statistics)
{
    beginResetModel();
    m_statistics = std::move(statistics);
    endResetModel();
}

int OpStatisticsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_statistics ? 0 : int(m_statistics->rows.size());
}

int OpStatisticsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpStatisticsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        !m_statistics)
        return {};
    const OpStatisticsRow &r = m_statistics->rows[size_t(index.row())];
    const double us = 1000.0;
    QVariant raw;
    switch (index.column()) {
    case Name:
        raw = r.name;
        break;
    case Category:
        raw = r.category;
        break;
    case Count:
        raw = r.count;
        break;
    case Total:
        raw = double(r.totalNs) / us;
        break;
    case Self:
        raw = double(r.selfNs) / us;
        break;
    case Average:
        raw = r.averageNs() / us;
        break;
    case Min:
        raw = double(r.minNs) / us;
        break;
    case Max:
        raw = double(r.maxNs) / us;
        break;
    case Share:
        raw = m_statistics->share(r) * 100.0;
        break;
    default:
        return {};
    }
    switch (role) {
    case Qt::DisplayRole: {
        const QLocale locale;
        if (index.column() == Name || index.column() == Category)
            return raw;
        if (index.column() == Count)
            return locale.toString(r.count);
        if (index.column() == Share)
            return locale.toString(raw.toDouble(), 'f', 2) + u" %"_s;
        // Durations in the unit their size calls for, as on the ruler and in the details:
        // "15.872 s" rather than "15,871,844.1…" µs cut off by the column.
        return formatDurationNs(qRound64(raw.toDouble() * us));
    }
    case Qt::TextAlignmentRole:
        return index.column() <= Category ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                          : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::ToolTipRole:
        return index.column() == Name ? QVariant(plainToolTip(raw.toString())) : QVariant();
    case SortRole:
    case RawValueRole:
        return raw;
    case KeyRole:
        return r.name;
    default:
        return {};
    }
}

QVariant OpStatisticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case Self:
            return Tr::tr("Duration minus the time spent in directly nested slices");
        case Share:
            return Tr::tr("Total as a share of the range's time (all ranks' when several files "
                          "are open)");
        default:
            return {};
        }
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return Tr::tr("Name");
    case Category:
        return Tr::tr("Category");
    case Count:
        return Tr::tr("Count");
    case Total:
        return Tr::tr("Total");
    case Self:
        return Tr::tr("Self");
    case Average:
        return Tr::tr("Average");
    case Min:
        return Tr::tr("Min");
    case Max:
        return Tr::tr("Max");
    case Share:
        return Tr::tr("Share");
    default:
        return {};
    }
}

QByteArray OpStatisticsModel::toCsv() const
{
    QByteArray out = "name,category,count,total_us,self_us,avg_us,min_us,max_us,share_percent\n";
    if (!m_statistics)
        return out;
    auto us = [](double ns) {
        return QString::number(ns / 1000.0, 'f', 3);
    };
    for (const OpStatisticsRow &r : m_statistics->rows) {
        out += csvRow({r.name,
                       r.category,
                       QString::number(r.count),
                       us(double(r.totalNs)),
                       us(double(r.selfNs)),
                       us(r.averageNs()),
                       us(double(r.minNs)),
                       us(double(r.maxNs)),
                       QString::number(m_statistics->share(r) * 100.0, 'f', 4)})
                   .toUtf8() +
               '\n';
    }
    return out;
}

} // namespace Twinscope::Core
