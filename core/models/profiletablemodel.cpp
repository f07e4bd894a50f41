#include "profiletablemodel.h"

#include "core/common/csvreader.h"
#include "core/common/plaintooltip.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

ProfileTableModel::ProfileTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ProfileTableModel::setTable(std::shared_ptr<const ProfileTable> table)
{
    beginResetModel();
    m_table = std::move(table);
    m_idColumn.clear();
    if (m_table) {
        // "Model ID", "Task ID", "Stream ID": UINT32_MAX there means "none" (docs/FORMATS.md §2.3).
        for (const QString &h : m_table->header)
            m_idColumn.push_back(h.endsWith(u" ID"_s, Qt::CaseInsensitive) ||
                                 h.endsWith(u"_id"_s, Qt::CaseInsensitive));
    }
    endResetModel();
}

int ProfileTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : int(m_table->rows.size());
}

int ProfileTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : int(m_table->header.size());
}

QVariant ProfileTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QString text = m_table->rows[size_t(index.row())].value(index.column());
    const QByteArray utf8 = text.toUtf8();
    const std::string_view v(utf8.constData(), size_t(utf8.size()));
    const bool none =
        isMissingValue(v) || (size_t(index.column()) < m_idColumn.size() &&
                              m_idColumn[size_t(index.column())] && text == u"4294967295"_s);
    switch (role) {
    case Qt::DisplayRole:
        return none ? u"—"_s : text;
    case Qt::ToolTipRole:
        return plainToolTip(none ? tr("none (the file says \"%1\")").arg(text) : text);
    case RawValueRole:
    case SortRole:
        if (none)
            return {};
        if (const auto d = parseCsvDouble(v))
            return *d;
        return text;
    default:
        break;
    }
    return {};
}

QVariant ProfileTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && m_table)
        return m_table->header.value(section);
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace Twinscope::Core
