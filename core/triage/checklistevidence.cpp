#include "checklistevidence.h"

#include "core/common/tr.h"
#include "knownerrors.h"
#include "triagepipeline.h"

#include <QFileInfo>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

void suggest(std::vector<ChecklistSuggestion> &out,
             const QString &id,
             ChecklistState state,
             const QString &evidence)
{
    for (ChecklistSuggestion &s : out) {
        // A problem outweighs a "no problem" from other evidence.
        if (s.id == id) {
            if (state == ChecklistState::Problem && s.state != ChecklistState::Problem)
                s = {id, state, evidence};
            return;
        }
    }
    out.push_back({id, state, evidence});
}

} // namespace

std::vector<ChecklistSuggestion> checklistSuggestions(const TriageAnalysis &a,
                                                      const KnowledgeBase &kb)
{
    std::vector<ChecklistSuggestion> out;
    const QLocale locale;
    if (a.loss && a.loss->comparison) {
        const LossComparison &c = *a.loss->comparison;
        const QString code = c.diagnosis.code;
        const QString step = locale.toString(c.firstDivergentStep.value_or(-1));
        if (code == u"first_step_differs"_s) {
            suggest(out,
                    u"sc.02"_s,
                    ChecklistState::Problem,
                    Tr::tr("The loss differs at the first common step (%1).").arg(step));
        } else if (code == u"second_step_differs"_s) {
            suggest(out,
                    u"sc.02"_s,
                    ChecklistState::NoProblem,
                    Tr::tr("The first step's loss agrees."));
            suggest(out,
                    u"sc.03"_s,
                    ChecklistState::Problem,
                    Tr::tr("The loss differs at step %1, the second common step.").arg(step));
        } else if (code == u"fork_later"_s || code == u"curves_match"_s ||
                   code == u"transient_differences"_s) {
            const QString why = code == u"fork_later"_s
                                    ? Tr::tr("The loss agrees until step %1.").arg(step)
                                    : Tr::tr("The loss agrees within the tolerance.");
            suggest(out, u"sc.02"_s, ChecklistState::NoProblem, why);
            suggest(out, u"sc.03"_s, ChecklistState::NoProblem, why);
        }
        if (code == u"nonfinite"_s)
            suggest(out,
                    u"mp.01"_s,
                    ChecklistState::Problem,
                    Tr::tr("The loss becomes NaN/Inf (%1).").arg(c.diagnosis.text));
        if (code == u"loss_scale_drops"_s)
            suggest(out, u"mp.01"_s, ChecklistState::Problem, c.diagnosis.text);
    }
    if (a.dumps) {
        for (const auto &run : a.dumps->runs) {
            if (run && run->nanOrigin >= 0) {
                const CompareRow &row = run->rows[run->nanOrigin];
                const int side = row.npu >= 0 ? row.npu : row.bench;
                const auto &dump = row.npu >= 0 ? run->npu : run->bench;
                suggest(out,
                        u"mp.01"_s,
                        ChecklistState::Problem,
                        Tr::tr("The dumps' NaN/Inf starts at %1.")
                            .arg(dump ? dump->tensors[side].name : QString()));
                break;
            }
        }
    }
    if (a.knownErrors) {
        for (const KnownErrorMatch &m : a.knownErrors->matches) {
            const KnownErrorEntry *e = kb.find(m.entry);
            if (!e || e->checklistItem.isEmpty())
                continue;
            const auto state = checklistStateFromId(e->checklistState);
            if (!state)
                continue;
            suggest(out,
                    e->checklistItem,
                    *state,
                    Tr::tr("%1: %2 (%3, line %4)")
                        .arg(e->title.text(), m.firstText, QFileInfo(m.file).fileName())
                        .arg(m.firstLine));
        }
    }
    return out;
}

} // namespace Twinscope::Core
