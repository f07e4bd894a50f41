#include "optypetablemodel.h"

#include "core/common/plaintooltip.h"
#include "core/opinfo/plogline.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

OpTypeTableModel::OpTypeTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void OpTypeTableModel::setReport(std::shared_ptr<const OpInfoReport> report, bool kernels)
{
    beginResetModel();
    m_report = std::move(report);
    m_kernels = kernels;
    endResetModel();
}

int OpTypeTableModel::rowOf(const QString &type) const
{
    if (!m_report)
        return -1;
    for (qsizetype i = 0; i < m_report->opTypes.size(); ++i) {
        if (m_report->opTypes[i].type == type)
            return int(i);
    }
    return -1;
}

int OpTypeTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_report ? 0 : int(m_report->opTypes.size());
}

int OpTypeTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpTypeTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        !m_report)
        return {};
    const OpTypeStats &t = m_report->opTypes[index.row()];
    if (role == KeyRole)
        return t.type;
    if (role == SeverityRole)
        return t.signatures < 2 ? 0 : (t.afterCutoff > 0 ? 2 : 1);
    const QLocale loc;
    auto raw = [&]() -> QVariant {
        switch (Column(index.column())) {
        case Type:
            return t.type;
        case Compiles:
            return t.compiles;
        case Signatures:
            return t.signatures;
        case AfterCutoff:
            return t.afterCutoff;
        case Truncated:
            return t.truncated;
        case First:
            return t.firstNs;
        case Last:
            return t.lastNs;
        case DataTypes:
            return t.dtypes.join(u", "_s);
        case Formats:
            return t.formats.join(u", "_s);
        case Shapes:
            return t.shapes.join(u"; "_s);
        case ColumnCount:
            break;
        }
        return {};
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case Type:
            return t.type.isEmpty() ? tr("(cut before the op type)") : t.type;
        case Compiles:
        case Signatures:
        case AfterCutoff:
        case Truncated:
            return loc.toString(raw().toLongLong());
        case First:
        case Last: {
            const qint64 ns = raw().toLongLong();
            return ns < 0 ? QString() : formatTimestampNs(ns).replace(u'T', u' ');
        }
        default:
            return raw();
        }
    case Qt::ToolTipRole:
        if (index.column() == Shapes || index.column() == Formats || index.column() == DataTypes)
            return plainToolTip(raw().toString());
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Compiles && index.column() <= Truncated)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
    case RawValueRole:
        return raw();
    default:
        return {};
    }
}

QVariant OpTypeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Type:
        return tr("Op type");
    case Compiles:
        return m_kernels ? tr("Kernels") : tr("Compiles");
    case Signatures:
        return tr("Signatures");
    case AfterCutoff:
        return tr("After cut-off");
    case Truncated:
        return tr("Truncated");
    case First:
        return m_kernels ? tr("First seen") : tr("First compile");
    case Last:
        return m_kernels ? tr("Last seen") : tr("Last compile");
    case DataTypes:
        return tr("Data types");
    case Formats:
        return tr("Formats");
    case Shapes:
        return tr("Input shapes");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace Twinscope::Core
