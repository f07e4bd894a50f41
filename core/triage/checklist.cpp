#include "checklist.h"

#include "core/common/tr.h"

#include <QCoreApplication>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString checklistStateId(ChecklistState state)
{
    switch (state) {
    case ChecklistState::Open:
        return u"open"_s;
    case ChecklistState::Problem:
        return u"problem"_s;
    case ChecklistState::NoProblem:
        return u"no_problem"_s;
    case ChecklistState::NotApplicable:
        return u"not_applicable"_s;
    }
    return {};
}

std::optional<ChecklistState> checklistStateFromId(const QString &id)
{
    for (ChecklistState s : {ChecklistState::Open,
                             ChecklistState::Problem,
                             ChecklistState::NoProblem,
                             ChecklistState::NotApplicable}) {
        if (checklistStateId(s) == id)
            return s;
    }
    return std::nullopt;
}

QString checklistStateName(ChecklistState state)
{
    switch (state) {
    case ChecklistState::Open:
        return Tr::tr("Open");
    case ChecklistState::Problem:
        return Tr::tr("Problem found");
    case ChecklistState::NoProblem:
        return Tr::tr("No problem");
    case ChecklistState::NotApplicable:
        return Tr::tr("Not applicable");
    }
    return {};
}

const std::vector<ChecklistItemInfo> &checklistItems()
{
    // The guide's items, reworded; categories in its order. "sc." items come from its symptom
    // comparison section, which reads the loss of the first two steps.
    static const std::vector<ChecklistItemInfo> items = {
        {"ds.01",
         QT_TRANSLATE_NOOP("Checklist", "Dataset"),
         QT_TRANSLATE_NOOP("Checklist", "The dataset has many missing values"),
         QT_TRANSLATE_NOOP(
             "Checklist",
             "Count NaN, ±Inf and the dataset's own missing-value markers per field.")},
        {"ds.02",
         QT_TRANSLATE_NOOP("Checklist", "Dataset"),
         QT_TRANSLATE_NOOP("Checklist", "Labels are wrong"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Sample about fifty examples covering the labels and look at them.")},
        {"ds.03",
         QT_TRANSLATE_NOOP("Checklist", "Dataset"),
         QT_TRANSLATE_NOOP("Checklist", "Classes are unbalanced or some have too few samples"),
         QT_TRANSLATE_NOOP("Checklist", "Count the samples per class and look at their spread.")},
        {"ds.04",
         QT_TRANSLATE_NOOP("Checklist", "Dataset"),
         QT_TRANSLATE_NOOP("Checklist", "The training data differs from the benchmark's"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Compare the file lists and their MD5 sums on every node with the "
                           "benchmark's.")},
        {"dp.01",
         QT_TRANSLATE_NOOP("Checklist", "Data processing"),
         QT_TRANSLATE_NOOP("Checklist", "Data is not normalised or standardised"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Read the preprocessing code for the resize, rescale and normalise "
                           "steps.")},
        {"dp.02",
         QT_TRANSLATE_NOOP("Checklist", "Data processing"),
         QT_TRANSLATE_NOOP("Checklist", "Inference preprocessing differs from training"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Compare both pipelines; only random augmentations should differ.")},
        {"dp.03",
         QT_TRANSLATE_NOOP("Checklist", "Data processing"),
         QT_TRANSLATE_NOOP("Checklist", "Training data is not shuffled"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check that the dataset, its shuffle step or its sampler shuffles.")},
        {"dp.04",
         QT_TRANSLATE_NOOP("Checklist", "Data processing"),
         QT_TRANSLATE_NOOP("Checklist", "Padding uses the wrong position, mode or value"),
         QT_TRANSLATE_NOOP("Checklist", "Compare the padding with the design.")},
        {"dp.05",
         QT_TRANSLATE_NOOP("Checklist", "Data processing"),
         QT_TRANSLATE_NOOP("Checklist", "Data is sharded wrongly across nodes"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check that each node reads its own shard in the same file order.")},
        {"hp.01",
         QT_TRANSLATE_NOOP("Checklist", "Hyper-parameters"),
         QT_TRANSLATE_NOOP("Checklist", "The learning rate is too high or too low"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Sweep the learning rate over a few epochs and keep it between where "
                           "accuracy starts and stops rising.")},
        {"hp.02",
         QT_TRANSLATE_NOOP("Checklist", "Hyper-parameters"),
         QT_TRANSLATE_NOOP("Checklist", "Too many or too few epochs"),
         QT_TRANSLATE_NOOP("Checklist", "Pick the epoch where the validation loss is lowest.")},
        {"hp.03",
         QT_TRANSLATE_NOOP("Checklist", "Hyper-parameters"),
         QT_TRANSLATE_NOOP("Checklist", "The batch size is too large"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Compare with a small-batch baseline; scale the learning rate with "
                           "the batch size.")},
        {"api.01",
         QT_TRANSLATE_NOOP("Checklist", "API usage"),
         QT_TRANSLATE_NOOP("Checklist",
                           "API differences from the benchmark framework are not handled"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Compare default values and initialisation (bias, dropout keep versus "
                           "drop probability, BatchNorm momentum) with the benchmark.")},
        {"api.02",
         QT_TRANSLATE_NOOP("Checklist", "API usage"),
         QT_TRANSLATE_NOOP("Checklist", "Training or inference mode is not set"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check that the network is switched to training mode for training and "
                           "back for evaluation.")},
        {"cg.01",
         QT_TRANSLATE_NOOP("Checklist", "Computational graph"),
         QT_TRANSLATE_NOOP("Checklist", "Weights are shared wrongly"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Follow each weight to the nodes that use it in the forward graph.")},
        {"cg.02",
         QT_TRANSLATE_NOOP("Checklist", "Computational graph"),
         QT_TRANSLATE_NOOP("Checklist", "Weights are frozen wrongly"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Look for requires_grad=False and stop-gradient calls in the code.")},
        {"cg.03",
         QT_TRANSLATE_NOOP("Checklist", "Computational graph"),
         QT_TRANSLATE_NOOP("Checklist", "Nodes are connected wrongly"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Walk the graph from top to bottom and check the main layers and their "
                           "order.")},
        {"cg.04",
         QT_TRANSLATE_NOOP("Checklist", "Computational graph"),
         QT_TRANSLATE_NOOP("Checklist", "The loss function is wrong"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check the loss type; compare a custom loss with a NumPy version on "
                           "the same input.")},
        {"wi.01",
         QT_TRANSLATE_NOOP("Checklist", "Weight initialisation"),
         QT_TRANSLATE_NOOP("Checklist", "All weights start at zero"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check explicit and default initialisers (biases may be zero).")},
        {"wi.02",
         QT_TRANSLATE_NOOP("Checklist", "Weight initialisation"),
         QT_TRANSLATE_NOOP("Checklist", "The wrong pre-trained weights are loaded"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Compare the loaded checkpoint with the benchmark's, parameter by "
                           "parameter.")},
        {"mp.01",
         QT_TRANSLATE_NOOP("Checklist", "Mixed precision and overflow"),
         QT_TRANSLATE_NOOP("Checklist", "Values overflow during training"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Find the first overflowing op (on Ascend the overflow dump with the "
                           "smallest timestamp) and look at its inputs.")},
        {"mp.02",
         QT_TRANSLATE_NOOP("Checklist", "Mixed precision and overflow"),
         QT_TRANSLATE_NOOP("Checklist", "The loss scale is set wrongly"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Halve it on frequent overflow, double it on underflow; Ascend may "
                           "need other values than the GPU.")},
        {"mp.03",
         QT_TRANSLATE_NOOP("Checklist", "Mixed precision and overflow"),
         QT_TRANSLATE_NOOP("Checklist", "Gradients are clipped before the loss scale is removed"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check that clipping sees gradients already divided by the loss "
                           "scale.")},
        {"mp.04",
         QT_TRANSLATE_NOOP("Checklist", "Mixed precision and overflow"),
         QT_TRANSLATE_NOOP("Checklist", "A gradient penalty uses scaled gradients"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Check that the penalty is computed on unscaled gradients.")},
        {"sc.01",
         QT_TRANSLATE_NOOP("Checklist", "Symptom comparison"),
         QT_TRANSLATE_NOOP("Checklist", "Randomness is not fixed"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Fix the seeds, data order and initial weights on both sides and "
                           "enable deterministic computing.")},
        {"sc.02",
         QT_TRANSLATE_NOOP("Checklist", "Symptom comparison"),
         QT_TRANSLATE_NOOP("Checklist", "The first step's loss differs from the benchmark"),
         QT_TRANSLATE_NOOP("Checklist",
                           "Compare step 1 of both loss logs: a difference there is in the "
                           "forward pass or in unfixed randomness.")},
        {"sc.03",
         QT_TRANSLATE_NOOP("Checklist", "Symptom comparison"),
         QT_TRANSLATE_NOOP("Checklist", "The second step's loss differs from the benchmark"),
         QT_TRANSLATE_NOOP("Checklist",
                           "With step 1 equal, a difference at step 2 is in the backward pass or "
                           "the weight update.")},
    };
    return items;
}

const ChecklistItemInfo *checklistItem(const QString &id)
{
    for (const ChecklistItemInfo &item : checklistItems()) {
        if (id == QLatin1String(item.id))
            return &item;
    }
    return nullptr;
}

QString checklistText(const char *source)
{
    return QCoreApplication::translate("Checklist", source);
}

Checklist Checklist::blank()
{
    Checklist c;
    for (const ChecklistItemInfo &item : checklistItems())
        c.entries.append(
            ChecklistEntry{QLatin1String(item.id), ChecklistState::Open, {}, false, {}});
    return c;
}

ChecklistEntry *Checklist::find(const QString &id)
{
    for (ChecklistEntry &e : entries) {
        if (e.id == id)
            return &e;
    }
    return nullptr;
}

const ChecklistEntry *Checklist::find(const QString &id) const
{
    return const_cast<Checklist *>(this)->find(id);
}

void applySuggestions(Checklist &checklist, const std::vector<ChecklistSuggestion> &suggestions)
{
    for (ChecklistEntry &e : checklist.entries) {
        const bool userSet = !e.fromEvidence && e.state != ChecklistState::Open;
        if (userSet)
            continue;
        const auto it = std::find_if(
            suggestions.begin(), suggestions.end(), [&](const auto &s) { return s.id == e.id; });
        if (it == suggestions.end()) {
            if (e.fromEvidence) {
                e.state = ChecklistState::Open;
                e.fromEvidence = false;
                e.evidence.clear();
            }
            continue;
        }
        e.state = it->state;
        e.fromEvidence = true;
        e.evidence = it->evidence;
    }
}

QJsonArray checklistJson(const Checklist &checklist)
{
    QJsonArray array;
    for (const ChecklistEntry &e : checklist.entries) {
        array.append(QJsonObject{{u"id"_s, e.id},
                                 {u"state"_s, checklistStateId(e.state)},
                                 {u"notes"_s, e.notes},
                                 {u"from_evidence"_s, e.fromEvidence},
                                 {u"evidence"_s, e.evidence}});
    }
    return array;
}

Checklist checklistFromJson(const QJsonArray &array)
{
    Checklist c = Checklist::blank();
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        ChecklistEntry *e = c.find(o.value(u"id"_s).toString());
        if (!e)
            continue;
        e->state =
            checklistStateFromId(o.value(u"state"_s).toString()).value_or(ChecklistState::Open);
        e->notes = o.value(u"notes"_s).toString();
        e->fromEvidence = o.value(u"from_evidence"_s).toBool();
        e->evidence = o.value(u"evidence"_s).toString();
    }
    return c;
}

} // namespace Twinscope::Core
