#include "opsignaturetablemodel.h"

#include "core/common/plaintooltip.h"
#include "core/opinfo/opinfokernels.h"
#include "core/opinfo/plogline.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString describeList(const QList<TensorDesc> &descs)
{
    QStringList parts;
    for (const TensorDesc &d : descs)
        parts.append(describeTensor(d));
    return parts.join(u"\n"_s);
}

} // namespace

OpSignatureTableModel::OpSignatureTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void OpSignatureTableModel::setSource(std::shared_ptr<const OpInfoDataset> dataset,
                                      std::shared_ptr<const OpInfoReport> report)
{
    beginResetModel();
    m_dataset = std::move(dataset);
    m_report = std::move(report);
    rebuild();
    endResetModel();
}

void OpSignatureTableModel::setOpType(const QString &type)
{
    beginResetModel();
    m_type = type;
    rebuild();
    endResetModel();
}

void OpSignatureTableModel::rebuild()
{
    m_rows.clear();
    if (!m_report || !m_dataset)
        return;
    for (const OpTypeStats &t : m_report->opTypes) {
        if (t.type == m_type) {
            m_rows = t.signatureIds;
            break;
        }
    }
}

QString OpSignatureTableModel::recordText(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    return m_dataset->signatures[m_rows[row]].text;
}

int OpSignatureTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OpSignatureTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpSignatureTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const quint32 id = m_rows[index.row()];
    const OpSignature &s = m_dataset->signatures[id];
    if (role == KeyRole)
        return id;
    if (role == SeverityRole)
        return s.truncated ? 1 : 0;
    const qint64 compiles = m_report->signatureCompiles.value(id);
    const qint64 first = m_report->signatureFirstNs.value(id, -1);
    if (role == Qt::ToolTipRole) // the log's own text (issue #31)
        return plainToolTip(data(index, Qt::DisplayRole).toString());
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case Compiles:
            return QLocale().toString(compiles);
        case First:
            return first < 0 ? QString() : formatTimestampNs(first).replace(u'T', u' ');
        case Inputs:
            return describeList(s.inputs);
        case Outputs:
            return describeList(s.outputs);
        case Attributes:
            return s.attr;
        case State:
            return s.truncated ? tr("truncated: cut at the log line limit") : tr("complete");
        case ColumnCount:
            break;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Compiles)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignTop);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignTop);
    case SortRole:
    case RawValueRole:
        switch (Column(index.column())) {
        case Compiles:
            return compiles;
        case First:
            return first;
        case Inputs:
            return describeList(s.inputs);
        case Outputs:
            return describeList(s.outputs);
        case Attributes:
            return s.attr;
        case State:
            return s.truncated;
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

QVariant OpSignatureTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Compiles:
        return m_dataset && eventsAreGraphKernels(*m_dataset) ? tr("Kernels") : tr("Compiles");
    case First:
        return tr("First compile");
    case Inputs:
        return tr("Inputs");
    case Outputs:
        return tr("Outputs");
    case Attributes:
        return tr("Attributes");
    case State:
        return tr("Record");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace Twinscope::Core
