#include "monitorjson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonArray>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue numberOrNull(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonObject departureJson(const MonitorDeparture &d)
{
    return {{u"rank"_s, d.rank},
            {u"metric"_s, d.metric},
            {u"module"_s, d.module},
            {u"step"_s, double(d.step)},
            {u"gap"_s, numberOrNull(d.gap)},
            {u"floor"_s, numberOrNull(d.floor)}};
}

} // namespace

QJsonObject monitorRunJson(const MonitorRun &run, const Diagnostics &diagnostics)
{
    QJsonArray ranks;
    for (const MonitorRank &r : run.ranks)
        ranks.append(QJsonObject{
            {u"rank"_s, r.rank},
            {u"steps"_s, double(r.steps.size())},
            {u"first_step"_s, r.steps.empty() ? QJsonValue() : QJsonValue(double(r.steps.front()))},
            {u"last_step"_s, r.steps.empty() ? QJsonValue() : QJsonValue(double(r.steps.back()))},
            {u"modules"_s, double(r.modules.size())},
            {u"metrics"_s, QJsonArray::fromStringList(r.metrics)}});
    QJsonArray anomalies;
    for (const MonitorAnomaly &a : run.anomalies)
        anomalies.append(QJsonObject{{u"rank"_s, a.rank},
                                     {u"step"_s, double(a.step)},
                                     {u"micro_step"_s, a.microStep},
                                     {u"module"_s, a.module},
                                     {u"prefix"_s, a.prefix},
                                     {u"stat"_s, a.stat},
                                     {u"rule"_s, a.rule},
                                     {u"message"_s, a.message},
                                     {u"file"_s, a.file}});
    QJsonArray files;
    for (const MonitorFileUse &f : run.files)
        files.append(QJsonObject{{u"path"_s, f.path},
                                 {u"reason"_s, f.reason},
                                 {u"read"_s, f.read},
                                 {u"rows"_s, double(f.rows)}});
    return {{u"path"_s, run.path},
            {u"layout"_s, run.layout},
            {u"ranks"_s, ranks},
            {u"anomalies"_s, anomalies},
            {u"files"_s, files},
            {u"warnings"_s, warningsJson(diagnostics, false)}};
}

QJsonObject monitorComparisonJson(const MonitorComparison &c)
{
    QJsonArray ranks;
    for (const MonitorRankGap &g : c.ranks)
        ranks.append(g.rank);
    QJsonArray perMetric;
    for (const MonitorDeparture &d : c.firstPerMetric)
        perMetric.append(departureJson(d));
    return {{u"early_steps"_s, c.earlySteps},
            {u"factor"_s, c.options.factor},
            {u"min_floor"_s, c.options.minFloor},
            {u"k"_s, c.options.k},
            {u"ranks"_s, ranks},
            {u"first_departure"_s, c.first ? QJsonValue(departureJson(*c.first)) : QJsonValue()},
            {u"first_per_metric"_s, perMetric},
            {u"only_in_a"_s, QJsonArray::fromStringList(c.onlyInA)},
            {u"only_in_b"_s, QJsonArray::fromStringList(c.onlyInB)}};
}

QJsonObject monitorJson(const MonitorAnalysis &analysis, const Diagnostics &diagnostics)
{
    QJsonArray runs;
    for (const MonitorRunOutcome &o : analysis.runs)
        runs.append(monitorRunJson(*o.run, o.diagnostics));
    QJsonObject root{{u"schemaVersion"_s, CliSchemaVersion},
                     {u"runs"_s, runs},
                     {u"warnings"_s, warningsJson(diagnostics)}};
    if (analysis.comparison)
        root.insert(u"comparison"_s, monitorComparisonJson(*analysis.comparison));
    return root;
}

QJsonObject lossGateJson(const LossGate &g)
{
    const auto step = [](const std::optional<qint64> &s) {
        return s ? QJsonValue(double(*s)) : QJsonValue();
    };
    return {{u"tolerance"_s, g.tolerance},
            {u"warmup"_s, double(g.warmup)},
            {u"checked_steps"_s, double(g.checkedSteps)},
            {u"first_exceeding_step"_s, step(g.firstExceedingStep)},
            {u"gap_at_first"_s, g.firstExceedingStep ? numberOrNull(g.gapAtFirst) : QJsonValue()},
            {u"max_gap"_s, g.maxGapStep ? numberOrNull(g.maxGap) : QJsonValue()},
            {u"max_gap_step"_s, step(g.maxGapStep)},
            {u"passed"_s, g.passed}};
}

} // namespace Twinscope::Core
