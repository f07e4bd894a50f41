#include "difftablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

DiffTableModel::DiffTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

int DiffTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

int DiffTableModel::decimals(int) const
{
    return 1;
}

QVariant DiffTableModel::other(int, int, int) const
{
    return {};
}

QVariant DiffTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole: {
        const QVariant v = value(index.row(), index.column());
        if (!v.isValid())
            return u"–"_s;
        if (v.typeId() == QMetaType::Double)
            return QLocale().toString(v.toDouble(), 'f', decimals(index.column()));
        if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
            return QLocale().toString(v.toLongLong());
        return v.toString();
    }
    case Qt::TextAlignmentRole: {
        const QVariant v = value(index.row(), index.column());
        const bool number = v.typeId() == QMetaType::Double || v.typeId() == QMetaType::LongLong ||
                            v.typeId() == QMetaType::Int;
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter) |
                                   (number ? Qt::AlignRight : Qt::AlignLeft));
    }
    case SortRole: {
        const QVariant v = value(index.row(), index.column());
        return v.isValid() ? v : QVariant(-1e300);
    }
    case RawValueRole:
        return value(index.row(), index.column());
    default:
        return other(index.row(), index.column(), role);
    }
}

QString DiffTableModel::columnToolTip(int) const
{
    return {};
}

QVariant DiffTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columns())
        return {};
    if (role == Qt::DisplayRole)
        return columnTitle(section);
    if (role == Qt::ToolTipRole) {
        const QString tip = columnToolTip(section);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    return {};
}

} // namespace Twinscope::Core
