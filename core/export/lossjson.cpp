#include "lossjson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonArray>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue stepOrNull(const std::optional<qint64> &step)
{
    return step ? QJsonValue(double(*step)) : QJsonValue();
}

// JSON has no NaN/Inf: they print as null.
QJsonValue numberOrNull(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

} // namespace

QJsonObject lossRunJson(const LossRun &run, const Diagnostics &diagnostics, const QString &metric)
{
    // Per run, as before without the Info entries (skipped lines), now with file and location.
    const QJsonArray warnings = warningsJson(diagnostics, false);
    const LossSeries *s = run.find(metric);
    QJsonArray metrics;
    for (const QString &m : run.metricNames())
        metrics.append(m);
    QJsonArray nonFinite;
    if (s) {
        for (qint64 step : s->nonFiniteSteps())
            nonFinite.append(double(step));
    }
    const bool any = s && !s->steps.empty();
    return QJsonObject{{u"path"_s, run.path},
                       {u"format"_s, run.format},
                       {u"metric"_s, metric},
                       {u"steps"_s, s ? double(s->size()) : 0.0},
                       {u"metrics"_s, metrics},
                       {u"first_step"_s, any ? QJsonValue(double(s->steps.front())) : QJsonValue()},
                       {u"last_step"_s, any ? QJsonValue(double(s->steps.back())) : QJsonValue()},
                       {u"nonfinite_steps"_s, nonFinite},
                       {u"lines"_s, double(run.lines)},
                       {u"unparsed_lines"_s, double(run.unparsedLines)},
                       {u"warnings"_s, warnings}};
}

QJsonObject lossJson(const LossAnalysis &analysis,
                     const LossCompareOptions &compare,
                     const Diagnostics &diagnostics)
{
    const QString &metric = analysis.metric;
    QJsonArray runArray;
    for (const LossRunOutcome &o : analysis.runs)
        runArray.append(lossRunJson(*o.run, o.diagnostics, metric));
    QJsonObject root{{u"schemaVersion"_s, CliSchemaVersion},
                     {u"runs"_s, runArray},
                     {u"metric"_s, metric},
                     {u"warnings"_s, warningsJson(diagnostics)}};
    const std::shared_ptr<const LossComparison> c = analysis.comparison;
    if (c) {
        root.insert(u"aligned_steps"_s, double(c->alignedSteps()));
        root.insert(u"first_diff_step"_s, stepOrNull(c->firstDiffStep));
        root.insert(u"first_exceeding_step"_s, stepOrNull(c->firstExceedingStep));
        root.insert(u"first_divergent_step"_s, stepOrNull(c->firstDivergentStep));
        root.insert(u"divergence_reason"_s, exceedReasonId(c->divergenceReason));
        root.insert(u"longest_exceeding_run"_s, c->longestExceedingRun);
        root.insert(u"max_abs_diff"_s, numberOrNull(c->maxAbsDiff));
        root.insert(u"max_rel_diff"_s, numberOrNull(c->maxRelDiff));
        root.insert(u"rtol"_s, compare.rtol);
        root.insert(u"atol"_s, compare.atol);
        root.insert(u"k"_s, compare.k);
        root.insert(u"diagnosis"_s,
                    QJsonObject{{u"code"_s, c->diagnosis.code}, {u"text"_s, c->diagnosis.text}});
        root.insert(u"noise_floor_hint"_s,
                    c->noiseFloorHint.isEmpty() ? QJsonValue() : QJsonValue(c->noiseFloorHint));
    }
    return root;
}

} // namespace Twinscope::Core
