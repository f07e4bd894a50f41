#include "tensorstatsmodel.h"

#include "comparetablemodel.h"
#include "core/common/plaintooltip.h"
#include "core/common/tr.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

TensorStatsModel::TensorStatsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void TensorStatsModel::setAnalysis(std::shared_ptr<const OverflowAnalysis> analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int TensorStatsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_analysis->tensors.size());
}

int TensorStatsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double TensorStatsModel::value(int row, int column) const
{
    const TensorSummary &s = m_analysis->tensors[row];
    auto count = [](qint64 v) {
        return v >= 0 ? double(v) : std::nan("");
    };
    switch (column) {
    case MaxColumn:
        return s.stats.max;
    case MinColumn:
        return s.stats.min;
    case MeanColumn:
        return s.stats.mean;
    case NormColumn:
        return s.stats.norm;
    case NanColumn:
        return count(s.nanCount);
    case InfColumn:
        return count(s.infCount);
    case SaturatedColumn:
        return count(s.saturated);
    default:
        return std::nan("");
    }
}

QVariant TensorStatsModel::data(const QModelIndex &index, int role) const
{
    if (!m_analysis || !index.isValid() || index.row() >= rowCount())
        return {};
    const int row = index.row(), col = index.column();
    const TensorEntry &t = m_analysis->dump->tensors[row];
    const TensorSummary &s = m_analysis->tensors[row];
    const bool numeric = col >= MaxColumn && col <= SaturatedColumn;
    const double v = numeric ? value(row, col) : std::nan("");
    const Verdict severity = s.nonFinite      ? Verdict::Error
                             : s.saturatedAny ? Verdict::Warning
                                              : Verdict::Pass;
    switch (role) {
    case CompareTableModel::KeyRole:
        return row;
    case CompareTableModel::SeverityRole:
        return int(severity);
    case CompareTableModel::RawValueRole:
        return numeric ? QVariant(v) : QVariant();
    case CompareTableModel::SortRole:
        if (col == IndexColumn)
            return row;
        if (col == StateColumn)
            return int(severity);
        if (numeric)
            return std::isnan(v) ? std::numeric_limits<double>::infinity() : v;
        return data(index, Qt::DisplayRole);
    case Qt::TextAlignmentRole:
        return numeric || col == IndexColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                             : QVariant();
    case Qt::ToolTipRole:
        return col == NameColumn   ? QVariant(plainToolTip(t.name))
               : col == NoteColumn ? QVariant(plainToolTip(s.error))
                                   : QVariant();
    case Qt::DisplayRole: {
        const QLocale locale;
        switch (col) {
        case IndexColumn:
            return locale.toString(row);
        case NameColumn:
            return t.name;
        case DtypeColumn:
            return dtypeId(t.dtype);
        case ShapeColumn:
            return shapeText(t.shape);
        case StateColumn:
            if (row == m_analysis->origin)
                return Tr::tr("overflow origin");
            return s.nonFinite      ? Tr::tr("NaN/Inf")
                   : s.saturatedAny ? Tr::tr("saturated")
                                    : QString();
        case NoteColumn:
            return s.error;
        default:
            if (std::isnan(v))
                return col >= NanColumn || !s.nonFinite ? QString() : u"nan"_s;
            if (std::isinf(v))
                return v > 0 ? u"inf"_s : u"-inf"_s;
            if (col >= NanColumn)
                return locale.toString(qint64(v));
            return locale.toString(v, 'g', 6);
        }
    }
    default:
        return {};
    }
}

QVariant TensorStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IndexColumn:
        return Tr::tr("#");
    case NameColumn:
        return Tr::tr("Tensor");
    case DtypeColumn:
        return Tr::tr("Dtype");
    case ShapeColumn:
        return Tr::tr("Shape");
    case StateColumn:
        return Tr::tr("State");
    case MaxColumn:
        return Tr::tr("Max");
    case MinColumn:
        return Tr::tr("Min");
    case MeanColumn:
        return Tr::tr("Mean");
    case NormColumn:
        return Tr::tr("Norm");
    case NanColumn:
        return Tr::tr("NaN");
    case InfColumn:
        return Tr::tr("Inf");
    case SaturatedColumn:
        return Tr::tr("±65504");
    case NoteColumn:
        return Tr::tr("Note");
    default:
        return {};
    }
}

} // namespace Twinscope::Core
