#include "comparetableview.h"

#include "core/models/comparetablemodel.h"
#include "verdictdelegate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

CompareTableView::CompareTableView(Core::CompareTableModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_debounce(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_filter->setPlaceholderText(tr("Filter tensors (name, verdict, message)…"));
    m_filter->setClearButtonEnabled(true);
    m_jump = new QPushButton(tr("Jump to first divergence"), this);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_jump);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(Core::CompareTableModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_proxy);
    m_view->setItemDelegate(new VerdictDelegate(m_view));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(Core::CompareTableModel::IndexColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    // In the middle: "embedding…/output/0" keeps both the layer and which output it is.
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->setVisible(false);
    // Fixed row heights and column widths: never resizeColumnsToContents on big tables
    // (docs/DESIGN.md §7).
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setDefaultSectionSize(92);
    m_view->setColumnWidth(Core::CompareTableModel::IndexColumn, 48);
    m_view->setColumnWidth(Core::CompareTableModel::NameColumn, 230);
    m_view->setColumnWidth(Core::CompareTableModel::NpuNameColumn, 200);
    m_view->setColumnWidth(Core::CompareTableModel::ShapeColumn, 110);
    m_view->setColumnWidth(Core::CompareTableModel::VerdictColumn, 70);
    // Mixed-precision pairs read "float16 / float32": wide enough for the widest such pair.
    m_view->setColumnWidth(Core::CompareTableModel::DtypeColumn,
                           fontMetrics().horizontalAdvance(u"bfloat16 / float32"_s) + 16);
    // No header is cut ("axRelativeErr", "NaN/Inf (NPU"): a column is at least as wide as its
    // title and the sort arrow.
    const QFontMetrics headerFont = m_view->horizontalHeader()->fontMetrics();
    for (int c = 0; c < Core::CompareTableModel::ColumnCount; ++c) {
        const QString title = m_model->headerData(c, Qt::Horizontal).toString();
        m_view->setColumnWidth(
            c, std::max(m_view->columnWidth(c), headerFont.horizontalAdvance(title) + 24));
    }
    m_view->horizontalHeader()->setStretchLastSection(true);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, [this] {
        m_proxy->setFilterFixedString(m_filter->text().trimmed());
    });
    connect(m_jump, &QPushButton::clicked, this, &CompareTableView::jumpToFirstDivergence);
    connect(m_view->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit comparisonRowSelected(
                        current.data(Core::CompareTableModel::KeyRole).toInt());
            });
}

void CompareTableView::selectComparisonRow(int comparisonRow)
{
    const int source = m_model->modelRow(comparisonRow);
    if (source < 0)
        return;
    QModelIndex index =
        m_proxy->mapFromSource(m_model->index(source, Core::CompareTableModel::NameColumn));
    if (!index.isValid()) {
        // Filtered out: clear the filter so the row the user asked for is visible.
        m_filter->clear();
        m_proxy->setFilterFixedString(QString());
        index = m_proxy->mapFromSource(m_model->index(source, Core::CompareTableModel::NameColumn));
    }
    if (index.row() == m_view->currentIndex().row() && m_view->currentIndex().isValid())
        return;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

int CompareTableView::currentComparisonRow() const
{
    const QModelIndex i = m_view->currentIndex();
    return i.isValid() ? i.data(Core::CompareTableModel::KeyRole).toInt() : -1;
}

bool CompareTableView::jumpToFirstDivergence()
{
    const auto &c = m_model->comparison();
    if (c && c->firstDivergent >= 0) {
        selectComparisonRow(c->firstDivergent);
        return true;
    }
    // Nothing to jump to: say so where the user looks, rather than doing nothing.
    const QString text = !c ? tr("Nothing is compared yet.")
                            : tr("No tensor pair diverges with the current thresholds.");
    QToolTip::showText(m_jump->mapToGlobal(QPoint(0, m_jump->height())), text, m_jump);
    emit notice(text);
    return false;
}

} // namespace Twinscope::Widgets
