#include "lossfindings.h"

#include "core/common/tr.h"
#include "core/loss/losscomparison.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString accuracyGuide()
{
    return Tr::tr("MindSpore, Guide to Locating Accuracy Problems: loss curve comparison");
}

// The values at a step, for the evidence.
void addStepValues(const LossComparison &c, qint64 step, QJsonObject *evidence)
{
    const auto it = std::lower_bound(c.steps.begin(), c.steps.end(), step);
    if (it == c.steps.end() || *it != step)
        return;
    const size_t i = size_t(it - c.steps.begin());
    evidence->insert(u"benchmark_value"_s, c.benchmark[i]);
    evidence->insert(u"test_value"_s, c.test[i]);
    if (std::isfinite(c.relDiff[i]))
        evidence->insert(u"rel_diff"_s, c.relDiff[i]);
}

} // namespace

FindingList
lossFindings(const LossComparison &c, const QString &benchmarkFile, const QString &testFile)
{
    const QLocale locale;
    const QString code = c.diagnosis.code;
    Finding f;
    f.guide = accuracyGuide();
    f.evidence = QJsonObject{{u"benchmark_file"_s, benchmarkFile},
                             {u"test_file"_s, testFile},
                             {u"metric"_s, c.metric},
                             {u"common_steps"_s, double(c.steps.size())},
                             {u"diagnosis"_s, code}};
    f.link.view = FindingLink::View::LossStep;
    f.link.file = testFile;
    f.link.name = c.metric;
    const qint64 step = c.firstDivergentStep.value_or(-1);
    if (step >= 0) {
        f.evidence.insert(u"step"_s, double(step));
        f.link.step = step;
        addStepValues(c, step, &f.evidence);
    }
    if (code == u"nonfinite"_s) {
        // The diagnosis only says nonfinite when NaN/Inf comes first; find its step.
        qint64 nanStep = -1;
        for (size_t i = 0; i < c.steps.size() && nanStep < 0; ++i) {
            if (!std::isfinite(c.test[i]) || !std::isfinite(c.benchmark[i]))
                nanStep = c.steps[i];
        }
        f.code = u"loss.nonfinite"_s;
        f.severity = FindingSeverity::Critical;
        f.evidence.insert(u"step"_s, double(nanStep));
        f.link.step = nanStep;
        f.text = Tr::tr("The loss of %1 becomes NaN/Inf at step %2: an overflow.")
                     .arg(c.metric, locale.toString(nanStep));
        f.nextAction = Tr::tr("Dump step %1 with overflow detection and find the NaN origin (the "
                              "first op whose inputs are finite and output is not); check float16 "
                              "saturation there, enable or tune loss scaling, or run that op in "
                              "float32.")
                           .arg(locale.toString(nanStep));
    } else if (code == u"first_step_differs"_s) {
        f.code = u"loss.first_step_differs"_s;
        f.severity = FindingSeverity::Critical;
        f.text = Tr::tr("The loss already differs at the first common step (%1): the forward pass "
                        "differs, or randomness is not fixed.")
                     .arg(locale.toString(step));
        f.nextAction = Tr::tr("Fix the seeds, inputs, shuffling and dropout on both sides, dump "
                              "step %1 on both and open the dumps: the first divergent layer is "
                              "the cause.")
                           .arg(locale.toString(step));
    } else if (code == u"second_step_differs"_s) {
        f.code = u"loss.second_step_differs"_s;
        f.severity = FindingSeverity::Critical;
        f.text = Tr::tr("The first step agrees and step %1 differs: the backward pass or the "
                        "first weight update differs.")
                     .arg(locale.toString(step));
        f.nextAction = Tr::tr("Compare the gradients and the updated weights after the first "
                              "step (checkpoints of both runs), then the optimizer and its "
                              "hyper-parameters.");
    } else if (code == u"fork_later"_s) {
        f.code = u"loss.fork_later"_s;
        f.severity = FindingSeverity::Critical;
        f.text = Tr::tr("The curves agree until step %1 and fork there: the backward pass, the "
                        "optimizer or the data of that step differs, not the forward pass.")
                     .arg(locale.toString(step));
        f.nextAction = Tr::tr("Compare the checkpoints (weights and optimizer state) saved at "
                              "step %1 on both sides; resume both from the one before the fork "
                              "and dump that step to find the first divergent tensor.")
                           .arg(locale.toString(step - 1));
    } else if (code == u"loss_scale_drops"_s) {
        f.code = u"loss.loss_scale_drops"_s;
        f.severity = FindingSeverity::Warning;
        f.text = c.diagnosis.text;
        f.nextAction = Tr::tr("Collect overflow dumps of the steps where the scale drops and find "
                              "the ops that overflow.");
    } else if (code == u"transient_differences"_s) {
        f.code = u"loss.transient_differences"_s;
        f.severity = FindingSeverity::Info;
        const qint64 first = c.firstExceedingStep.value_or(-1);
        f.evidence.insert(u"step"_s, double(first));
        f.link.step = first;
        addStepValues(c, first, &f.evidence);
        f.text = Tr::tr("Some steps exceed the tolerance (first at step %1) but never %2 in a "
                        "row: no divergence.")
                     .arg(locale.toString(first))
                     .arg(c.options.k);
        f.nextAction = Tr::tr("Look at those steps only if the final accuracy differs; a "
                              "smaller k makes them a divergence.");
    } else if (code == u"no_common_steps"_s) {
        f.code = u"loss.no_common_steps"_s;
        f.severity = FindingSeverity::Warning;
        f.text = Tr::tr("The two loss logs have no step in common, so they were not compared.");
        f.nextAction = Tr::tr("Check the step offsets (a resumed run) and the logging "
                              "intervals.");
        f.link = {};
    } else {
        // curves_match: the "nothing wrong here" statement, with the noise floor when it applies.
        f.code = u"loss.curves_match"_s;
        f.severity = FindingSeverity::Clear;
        f.evidence.insert(u"max_rel_diff"_s, c.maxRelDiff);
        f.text = c.noiseFloorHint.isEmpty()
                     ? Tr::tr("The curves agree within the tolerance on all %1 common steps.")
                           .arg(locale.toString(qint64(c.steps.size())))
                     : Tr::tr("The curves agree on all %1 common steps: %2")
                           .arg(locale.toString(qint64(c.steps.size())), c.noiseFloorHint);
        f.nextAction = Tr::tr("Nothing to do for the loss. If accuracy still differs, check the "
                              "benchmark itself and the evaluation.");
        f.link.step = -1;
    }
    f.weight = f.severity == FindingSeverity::Clear ? 0.0 : 1.0;
    return {f};
}

} // namespace Twinscope::Core
