#pragma once

#include "core/triage/checklist.h"

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace Twinscope::Widgets {

// The precision checklist as an interactive list (issue #15): one row per item of the guide,
// grouped by category, with its state (open / problem found / no problem / not applicable), the
// user's notes (editable) and, when Twinscope filled the state in from the evidence, why. The
// user's choice replaces a suggestion (ChecklistEntry::fromEvidence is cleared).
class ChecklistPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ChecklistPanel(QWidget *parent = nullptr);

    void setChecklist(const Core::Checklist &checklist);
    const Core::Checklist &checklist() const { return m_checklist; }
    // The user sets an item (what the state box does).
    void setState(const QString &id, Core::ChecklistState state);
    QTreeWidget *tree() const { return m_tree; }

signals:
    void edited();

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void onItemChanged(QTreeWidgetItem *item, int column);

    QTreeWidget *m_tree;
    Core::Checklist m_checklist;
    bool m_building = false;
};

} // namespace Twinscope::Widgets
