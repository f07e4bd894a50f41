#include "losscomparison.h"

#include "core/common/constants.h"
#include "core/common/tr.h"

#include <QLocale>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString exceedReasonId(ExceedReason reason)
{
    switch (reason) {
    case ExceedReason::None:
        return u"none"_s;
    case ExceedReason::Threshold:
        return u"threshold"_s;
    case ExceedReason::NonFiniteTest:
        return u"nonfinite_test"_s;
    case ExceedReason::NonFiniteBenchmark:
        return u"nonfinite_benchmark"_s;
    case ExceedReason::BothNonFinite:
        return u"both_nonfinite"_s;
    }
    return {};
}

namespace {

bool sameValue(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return a == b;
}

// Decreases of the loss scale; a drop to 1 from above counts as "hits 1" (METRICS.md §9.5).
int lossScaleDrops(const LossSeries *scale, bool *hitsOne)
{
    *hitsOne = false;
    if (!scale)
        return 0;
    int drops = 0;
    for (size_t i = 1; i < scale->values.size(); ++i) {
        const double prev = scale->values[i - 1];
        const double cur = scale->values[i];
        if (std::isfinite(prev) && std::isfinite(cur) && cur < prev) {
            ++drops;
            if (cur <= 1.0)
                *hitsOne = true;
        }
    }
    return drops;
}

LossDiagnosis diagnose(const LossComparison &c, const LossSeries *testLossScale)
{
    const QLocale locale;
    if (c.steps.empty())
        return {u"no_common_steps"_s,
                Tr::tr("The runs have no step in common: check the step offsets and the logging "
                       "intervals.")};
    if (!isLossLikeMetric(c.metric)) {
        // The porting guides read loss curves; a step time or a learning rate that differs says
        // nothing about the forward pass or shuffling. Say what differs, and no more.
        if (c.firstDivergentStep)
            return {u"metric_differs"_s,
                    Tr::tr("\"%1\" is not a loss: B leaves the tolerance from step %2 (%3 "
                           "consecutive steps or more). The loss diagnosis applies to loss curves; "
                           "choose a loss metric for it.")
                        .arg(c.metric, locale.toString(*c.firstDivergentStep))
                        .arg(c.options.k)};
        if (c.firstExceedingStep)
            return {u"metric_matches"_s,
                    Tr::tr("\"%1\" is not a loss: B leaves the tolerance at some steps (first "
                           "at step %2) but never for %3 consecutive steps.")
                        .arg(c.metric, locale.toString(*c.firstExceedingStep))
                        .arg(c.options.k)};
        return {u"metric_matches"_s,
                Tr::tr("\"%1\" is not a loss: A and B agree within the tolerance on all %n "
                       "common step(s).",
                       "",
                       int(c.steps.size()))
                    .arg(c.metric)};
    }
    std::optional<qint64> firstNonFinite;
    for (size_t i = 0; i < c.steps.size(); ++i) {
        if (!std::isfinite(c.test[i]) || !std::isfinite(c.benchmark[i])) {
            firstNonFinite = c.steps[i];
            break;
        }
    }
    if (firstNonFinite && (!c.firstDivergentStep || *firstNonFinite <= *c.firstDivergentStep)) {
        return {
            u"nonfinite"_s,
            Tr::tr("NaN/Inf appears at step %1: an overflow. Find the first NaN/Inf (on Ascend the "
                   "overflow dump with the smallest timestamp, on GPU the first op in execution "
                   "order); "
                   "enable or tune loss scaling, or move the op to float32.")
                .arg(locale.toString(*firstNonFinite))};
    }
    if (c.firstDivergentStep) {
        const qint64 d = *c.firstDivergentStep;
        const size_t index =
            size_t(std::lower_bound(c.steps.begin(), c.steps.end(), d) - c.steps.begin());
        if (index == 0)
            return {
                u"first_step_differs"_s,
                Tr::tr(
                    "The loss already differs at the first common step (%1): the forward pass "
                    "differs, "
                    "or randomness is not fixed. Fix the inputs, disable shuffling and dropout "
                    "randomness, dump key-layer outputs on both sides, find the first mismatching "
                    "tensor, then bisect.")
                    .arg(locale.toString(d))};
        if (index == 1)
            return {u"second_step_differs"_s,
                    Tr::tr("The first common step agrees and step %1 differs: the backward pass or "
                           "the weight "
                           "update of the first step (or the forward pass of this step) differs. "
                           "Compare the "
                           "optimizer, hyper-parameters and input data order; compare gradients "
                           "and updated "
                           "weights.")
                        .arg(locale.toString(d))};
        return {u"fork_later"_s,
                Tr::tr("The first steps agree and the curves fork at step %1: that step is the "
                       "key. Reproduce "
                       "it: save a checkpoint at the step before, skip the consumed data and "
                       "resume, so the "
                       "problem appears at the second step.")
                    .arg(locale.toString(d))};
    }
    bool hitsOne = false;
    const int drops = lossScaleDrops(testLossScale, &hitsOne);
    if (drops >= 3 || hitsOne)
        return {
            u"loss_scale_drops"_s,
            Tr::tr(
                "The loss scale of the run under test dropped %n time(s): frequent floating-point "
                "exceptions. Collect overflow data and analyse the overflowing ops.",
                "",
                drops)};
    if (c.firstExceedingStep)
        return {
            u"transient_differences"_s,
            Tr::tr(
                "Some steps exceed the tolerance (first at step %1, longest run %2), but never %3 "
                "consecutive steps: no divergence at this k. Lower k or look at those steps if the "
                "final accuracy differs.")
                .arg(locale.toString(*c.firstExceedingStep))
                .arg(c.longestExceedingRun)
                .arg(c.options.k)};
    return {
        u"curves_match"_s,
        Tr::tr(
            "The curves agree within the tolerance on all %n common step(s). If the run under test "
            "still has an accuracy problem, the benchmark likely has the same problem: re-check "
            "the "
            "benchmark itself.",
            "",
            int(c.steps.size()))};
}

} // namespace

bool isLossLikeMetric(const QString &metric)
{
    // "lm loss", "loss", "val_loss", "lm loss validation PPL", "perplexity": losses and their
    // exponentials. "time info", "learning rate", "grad norm" are not.
    return metric.contains(u"loss"_s, Qt::CaseInsensitive) ||
           metric.contains(u"ppl"_s, Qt::CaseInsensitive) ||
           metric.contains(u"perplexity"_s, Qt::CaseInsensitive);
}

namespace {

// The comparison; false when cancel was seen (polled every PollRecords common steps).
bool compareInto(LossComparison &c,
                 const LossSeries &a,
                 const LossSeries &b,
                 const LossCompareOptions &options,
                 const LossSeries *testLossScale,
                 const CancelToken &cancel)
{
    c.metric = a.name;
    c.options = options;
    c.options.k = std::max(1, options.k);
    c.benchmarkSteps = a.size();
    c.testSteps = b.size();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    size_t i = 0;
    size_t j = 0;
    bool anyFinite = false;
    qint64 walked = 0;
    while (i < a.steps.size() && j < b.steps.size()) {
        if (++walked % PollRecords == 0 && cancel.isCanceled())
            return false;
        const qint64 sa = a.steps[i] + options.benchmarkOffset;
        const qint64 sb = b.steps[j] + options.testOffset;
        if (sa < sb) {
            ++i;
            continue;
        }
        if (sb < sa) {
            ++j;
            continue;
        }
        const double va = a.values[i++];
        const double vb = b.values[j++];
        c.steps.push_back(sa);
        c.benchmark.push_back(va);
        c.test.push_back(vb);
        const bool fa = std::isfinite(va);
        const bool fb = std::isfinite(vb);
        ExceedReason reason = ExceedReason::None;
        if (fa && fb) {
            const double d = std::fabs(vb - va);
            const double rel = va != 0.0 ? d / std::fabs(va) : (d == 0.0 ? 0.0 : inf);
            c.absDiff.push_back(d);
            c.relDiff.push_back(rel);
            c.signedDiff.push_back(vb - va);
            if (d > options.atol + options.rtol * std::fabs(va))
                reason = ExceedReason::Threshold;
            if (!anyFinite || d > c.maxAbsDiff) {
                c.maxAbsDiff = d;
                c.maxAbsDiffStep = sa;
            }
            c.maxRelDiff = anyFinite ? std::max(c.maxRelDiff, rel) : rel;
            anyFinite = true;
        } else {
            c.absDiff.push_back(nan);
            c.relDiff.push_back(nan);
            c.signedDiff.push_back(nan);
            reason = !fa && !fb
                         ? ExceedReason::BothNonFinite
                         : (fb ? ExceedReason::NonFiniteBenchmark : ExceedReason::NonFiniteTest);
        }
        c.exceeds.push_back(reason);
        if (!c.firstDiffStep && !sameValue(va, vb))
            c.firstDiffStep = sa;
        if (!c.firstExceedingStep && reason != ExceedReason::None)
            c.firstExceedingStep = sa;
    }
    if (!anyFinite) {
        c.maxAbsDiff = nan;
        c.maxRelDiff = nan;
    }
    // First divergent step: k consecutive exceeding common steps, or at once where only one side is
    // non-finite (METRICS.md §9.4). Take the earliest candidate of either kind.
    std::optional<size_t> divergent;
    size_t runStart = 0;
    int run = 0;
    for (size_t n = 0; n < c.exceeds.size(); ++n) {
        const ExceedReason r = c.exceeds[n];
        if (r == ExceedReason::None) {
            run = 0;
            continue;
        }
        if (run == 0)
            runStart = n;
        ++run;
        c.longestExceedingRun = std::max(c.longestExceedingRun, run);
        std::optional<size_t> candidate;
        if (run >= c.options.k)
            candidate = runStart;
        if (r == ExceedReason::NonFiniteTest || r == ExceedReason::NonFiniteBenchmark)
            candidate = candidate ? std::min(*candidate, n) : n;
        if (candidate && (!divergent || *candidate < *divergent))
            divergent = candidate;
    }
    if (divergent) {
        c.firstDivergentStep = c.steps[*divergent];
        c.divergenceReason = c.exceeds[*divergent];
    }
    c.diagnosis = diagnose(c, testLossScale);
    const QLocale locale;
    if (anyFinite && c.maxRelDiff > 0.0 && c.maxRelDiff <= LossNoiseFloorRel) {
        c.noiseFloorHint =
            Tr::tr("The largest relative difference (%1) is below the noise floor of "
                   "deterministic versus non-deterministic runs of one job (about 1e-4): it is "
                   "likely non-determinism, not a porting bug.")
                .arg(locale.toString(c.maxRelDiff, 'g', 3));
    } else if (options.rtol > 0.0 && options.rtol < 1e-3) {
        c.noiseFloorHint =
            Tr::tr("rtol %1 is below about 1e-3, where non-determinism alone already exceeds "
                   "it.")
                .arg(locale.toString(options.rtol, 'g', 3));
    }
    return true;
}

} // namespace

LossComparison compareLossSeries(const LossSeries &a,
                                 const LossSeries &b,
                                 const LossCompareOptions &options,
                                 const LossSeries *testLossScale)
{
    LossComparison c;
    compareInto(c, a, b, options, testLossScale, CancelToken());
    return c;
}

Result<LossComparison> compareLossRuns(const LossRun &benchmark,
                                       const LossRun &test,
                                       const QString &metric,
                                       const LossCompareOptions &options,
                                       ProgressSink &progress,
                                       const CancelToken &cancel)
{
    progress.report(0, Tr::tr("Comparing loss curves"));
    const QString name = metric.isEmpty() ? benchmark.mainMetric() : metric;
    const LossSeries *a = benchmark.find(name);
    const LossSeries *b = test.find(name);
    LossSeries namedEmpty;
    namedEmpty.name = name;
    const LossSeries *scale = test.find(u"loss scale"_s);
    auto c = std::make_shared<LossComparison>();
    if (!compareInto(*c,
                     a ? *a : namedEmpty,
                     b ? *b : namedEmpty,
                     options,
                     scale ? scale : test.find(u"scale"_s),
                     cancel))
        return Result<LossComparison>::canceled();
    c->metric = name;
    progress.report(1000, {});
    return Result<LossComparison>::ok(std::move(c));
}

LossComparison compareLossRuns(const LossRun &benchmark,
                               const LossRun &test,
                               const QString &metric,
                               const LossCompareOptions &options)
{
    ProgressSink progress;
    return *compareLossRuns(benchmark, test, metric, options, progress, CancelToken()).value();
}

} // namespace Twinscope::Core
