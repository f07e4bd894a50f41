#include "checklistpanel.h"

#include "core/common/plaintooltip.h"

#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

enum Column { ItemColumn, StateColumn, NotesColumn, EvidenceColumn, ColumnCount };
constexpr int IdRole = Qt::UserRole + 1;

const Core::ChecklistState States[] = {Core::ChecklistState::Open,
                                       Core::ChecklistState::Problem,
                                       Core::ChecklistState::NoProblem,
                                       Core::ChecklistState::NotApplicable};

} // namespace

ChecklistPanel::ChecklistPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
    , m_checklist(Core::Checklist::blank())
{
    m_tree->setColumnCount(ColumnCount);
    m_tree->setAlternatingRowColors(true);
    m_tree->setColumnWidth(ItemColumn, 380);
    m_tree->setColumnWidth(StateColumn, 150);
    m_tree->setColumnWidth(NotesColumn, 260);
    m_tree->header()->setStretchLastSection(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemChanged, this, &ChecklistPanel::onItemChanged);
    rebuild();
}

void ChecklistPanel::setChecklist(const Core::Checklist &checklist)
{
    m_checklist = checklist;
    rebuild();
}

void ChecklistPanel::setState(const QString &id, Core::ChecklistState state)
{
    Core::ChecklistEntry *e = m_checklist.find(id);
    if (!e || (e->state == state && !e->fromEvidence))
        return;
    e->state = state;
    e->fromEvidence = false;
    e->evidence.clear();
    rebuild();
    emit edited();
}

void ChecklistPanel::rebuild()
{
    m_building = true;
    m_tree->clear();
    m_tree->setHeaderLabels({tr("Item"), tr("State"), tr("Notes"), tr("From the evidence")});
    QTreeWidgetItem *group = nullptr;
    QString category;
    for (const Core::ChecklistEntry &e : m_checklist.entries) {
        const Core::ChecklistItemInfo *info = Core::checklistItem(e.id);
        if (!info)
            continue;
        const QString cat = Core::checklistText(info->category);
        if (!group || cat != category) {
            group = new QTreeWidgetItem(m_tree, {cat});
            group->setFirstColumnSpanned(true);
            group->setExpanded(true);
            category = cat;
        }
        auto *item = new QTreeWidgetItem(group);
        item->setData(0, IdRole, e.id);
        item->setText(ItemColumn, e.id + u"  "_s + Core::checklistText(info->title));
        item->setToolTip(ItemColumn, Core::checklistText(info->check));
        item->setText(NotesColumn, e.notes);
        item->setText(EvidenceColumn, e.evidence);
        item->setToolTip(EvidenceColumn, Core::plainToolTip(e.evidence));
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        auto *box = new QComboBox(m_tree);
        for (Core::ChecklistState s : States)
            box->addItem(Core::checklistStateName(s), int(s));
        box->setCurrentIndex(box->findData(int(e.state)));
        const QString id = e.id;
        connect(box, &QComboBox::activated, this, [this, box, id] {
            setState(id, Core::ChecklistState(box->currentData().toInt()));
        });
        m_tree->setItemWidget(item, StateColumn, box);
    }
    m_building = false;
}

void ChecklistPanel::onItemChanged(QTreeWidgetItem *item, int column)
{
    if (m_building || column != NotesColumn)
        return;
    Core::ChecklistEntry *e = m_checklist.find(item->data(0, IdRole).toString());
    if (!e || e->notes == item->text(NotesColumn))
        return;
    e->notes = item->text(NotesColumn);
    emit edited();
}

void ChecklistPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}

} // namespace Twinscope::Widgets
