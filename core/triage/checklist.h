#pragma once

#include <QJsonArray>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace Twinscope::Core {

// The precision checklist of MindSpore's "Guide to Locating Accuracy Problems" (items ds., dp.,
// hp., api., cg., wi., mp.), plus three items (sc.) taken from the same guide's symptom
// comparison: whether randomness is fixed and whether the first and second steps' losses agree.
// The wording is Twinscope's own (docs/DESIGN-NOTES.md).
enum class ChecklistState : quint8 { Open, Problem, NoProblem, NotApplicable };
QString checklistStateId(ChecklistState state); // "open", "problem", "no_problem", "not_applicable"
std::optional<ChecklistState> checklistStateFromId(const QString &id);
QString checklistStateName(ChecklistState state); // translated

struct ChecklistItemInfo
{
    const char *id;       // "ds.01"
    const char *category; // QT_TRANSLATE_NOOP("Checklist", ...)
    const char *title;
    const char *check; // how to check, one sentence
};
// Every item, in the guide's order.
const std::vector<ChecklistItemInfo> &checklistItems();
const ChecklistItemInfo *checklistItem(const QString &id);
QString checklistText(const char *source); // translated in the "Checklist" context

// One item of an investigation's checklist. A state suggested by the evidence stays marked as such
// until the user sets the item; the user's choice always wins.
struct ChecklistEntry
{
    QString id;
    ChecklistState state = ChecklistState::Open;
    QString notes;             // the user's
    bool fromEvidence = false; // state and evidence were filled in by Twinscope, not confirmed
    QString evidence;          // why Twinscope suggested the state (translated), empty when none

    bool operator==(const ChecklistEntry &) const = default;
};

struct Checklist
{
    QList<ChecklistEntry> entries; // one per item, in the guide's order

    static Checklist blank();
    ChecklistEntry *find(const QString &id);
    const ChecklistEntry *find(const QString &id) const;
    bool operator==(const Checklist &) const = default;
};

// What the evidence says about one item.
struct ChecklistSuggestion
{
    QString id;
    ChecklistState state = ChecklistState::Open;
    QString evidence;
};

// Items the user has not set take the suggestion (marked fromEvidence); an item the evidence no
// longer speaks about goes back to open when its state came from evidence.
void applySuggestions(Checklist &checklist, const std::vector<ChecklistSuggestion> &suggestions);

// [{id, state, notes, from_evidence, evidence}] and back; unknown ids are dropped, missing items
// added as open.
QJsonArray checklistJson(const Checklist &checklist);
Checklist checklistFromJson(const QJsonArray &array);

} // namespace Twinscope::Core
