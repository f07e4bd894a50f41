#include "kernelview.h"

#include "core/models/kernelgroupmodel.h"
#include "profiletableview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

KernelView::KernelView(QWidget *parent)
    : QWidget(parent)
    , m_model(new KernelGroupModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group by:"), this));
    m_grouping = new QComboBox(this);
    m_grouping->addItem(tr("Op type"), int(KernelGrouping::TypeAndCore));
    m_grouping->addItem(tr("Accelerator core"), int(KernelGrouping::Core));
    m_grouping->addItem(tr("Op type and input shapes, dtypes, formats"),
                        int(KernelGrouping::Signature));
    bar->addWidget(m_grouping);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter op types"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    layout->addLayout(bar);
    m_table = new ProfileTableView(
        m_model, KernelGroupModel::SortRole, KernelGroupModel::SeverityRole, this);
    layout->addWidget(m_table, 1);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);

    // 150 ms: typing a name does not re-filter on every key (docs/DESIGN.md §7).
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] {
        m_table->proxy()->setFilterFixedString(m_filter->text());
    });
    connect(m_grouping, &QComboBox::currentIndexChanged, this, &KernelView::refill);
    connect(m_table, &ProfileTableView::sourceRowSelected, this, [this](int row) {
        const QString type = m_model->index(row, 0).data(KernelGroupModel::KeyRole).toString();
        if (!type.isEmpty())
            emit opTypeSelected(type);
    });
}

void KernelView::setTable(std::shared_ptr<const KernelTable> table, bool signatures)
{
    m_source = std::move(table);
    // Shapes need kernel_details.csv; op_statistic.csv and MindSpore's type table have none.
    const int signatureIndex = m_grouping->findData(int(KernelGrouping::Signature));
    if (!signatures && m_grouping->currentIndex() == signatureIndex)
        m_grouping->setCurrentIndex(0);
    if (auto *items = qobject_cast<QStandardItemModel *>(m_grouping->model()))
        items->item(signatureIndex)->setEnabled(signatures);
    refill();
}

void KernelView::setGrouping(KernelGrouping grouping)
{
    m_grouping->setCurrentIndex(m_grouping->findData(int(grouping)));
}

bool KernelView::selectOpType(const QString &type)
{
    const int row = m_model->rowOf(type);
    if (row < 0)
        return false;
    m_table->selectSourceRow(row);
    return true;
}

void KernelView::refill()
{
    const auto grouping = KernelGrouping(m_grouping->currentData().toInt());
    m_model->setTable(m_source.get(), grouping);
    const bool signature = grouping == KernelGrouping::Signature;
    m_table->setColumnHidden(KernelGroupModel::Type, grouping == KernelGrouping::Core);
    for (int c : {KernelGroupModel::Shapes, KernelGroupModel::DataTypes, KernelGroupModel::Formats})
        m_table->setColumnHidden(c, !signature);
    m_table->proxy()->setFilterKeyColumn(grouping == KernelGrouping::Core ? KernelGroupModel::Core
                                                                          : KernelGroupModel::Type);
    m_table->setColumnWidths({170, 140, 220, 140, 100, 60, 90, 80, 80, 60, 110});
    m_table->sortByColumn(KernelGroupModel::TotalUs, Qt::DescendingOrder);
    const KernelTable &t = m_model->table();
    qint64 aiCpu = 0;
    double aiCpuUs = 0;
    int unaligned = 0;
    for (const KernelGroup &g : t.groups) {
        if (g.isAiCpu()) {
            aiCpu += g.count;
            aiCpuUs += g.totalUs;
        }
        unaligned += g.isUnalignedOnAiCore() ? 1 : 0;
    }
    const QLocale loc;
    QString note = tr("%n kernel(s), %1 µs of device time.", "", int(t.kernels))
                       .arg(loc.toString(t.totalUs, 'f', 1));
    if (aiCpu > 0)
        note +=
            u' ' + tr("%n on the AI CPU (%1 % of the time): move them to AI Core where an "
                      "implementation exists.",
                      "",
                      int(aiCpu))
                       .arg(loc.toString(t.totalUs > 0 ? 100.0 * aiCpuUs / t.totalUs : 0, 'f', 1));
    if (unaligned > 0)
        note += u' ' +
                tr("%n group(s) multiply matrices whose shape is not 16-aligned.", "", unaligned);
    m_note->setText(note);
}

} // namespace Twinscope::Widgets
