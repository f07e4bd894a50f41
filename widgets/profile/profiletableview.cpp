#include "profiletableview.h"

#include <QColor>
#include <QHeaderView>

#include <vector>

namespace Twinscope::Widgets {

namespace {

class SeverityProxy : public QSortFilterProxyModel
{
public:
    SeverityProxy(int severityRole, QObject *parent)
        : QSortFilterProxyModel(parent)
        , m_severityRole(severityRole)
    {}
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::ForegroundRole && m_severityRole >= 0 &&
            QSortFilterProxyModel::data(index, m_severityRole).toInt() > 0)
            return QColor(0xd9, 0x5f, 0x02); // the op-info tab's recompile orange
        return QSortFilterProxyModel::data(index, role);
    }

private:
    int m_severityRole;
};

} // namespace

ProfileTableView::ProfileTableView(QAbstractItemModel *model,
                                   int sortRole,
                                   int severityRole,
                                   QWidget *parent)
    : QTableView(parent)
    , m_proxy(new SeverityProxy(severityRole, this))
{
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(sortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    setModel(m_proxy);
    setSortingEnabled(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionsMovable(true);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        const int row = selectedSourceRow();
        if (row >= 0)
            emit sourceRowSelected(row);
    });
}

int ProfileTableView::selectedSourceRow() const
{
    const QModelIndex current = selectionModel()->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

void ProfileTableView::selectSourceRow(int row)
{
    const QModelIndex index = m_proxy->mapFromSource(m_proxy->sourceModel()->index(row, 0));
    if (!index.isValid())
        return;
    selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    scrollTo(index);
}

void ProfileTableView::setColumnWidths(std::initializer_list<int> widths)
{
    // At least the given width and never narrower than the header's text: headers name units.
    const QFontMetrics fm(horizontalHeader()->font());
    const auto given = std::vector<int>(widths);
    for (int c = 0; c < model()->columnCount(); ++c) {
        const int header = fm.horizontalAdvance(model()->headerData(c, Qt::Horizontal).toString());
        const int minimum = size_t(c) < given.size() ? given[size_t(c)] : 80;
        setColumnWidth(c, std::max(minimum, header + 28));
    }
}

} // namespace Twinscope::Widgets
