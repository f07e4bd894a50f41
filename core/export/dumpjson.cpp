#include "dumpjson.h"

#include "core/common/constants.h"
#include "core/dump/dumpseries.h"
#include "core/dump/verdictpolicy.h"
#include "core/export/comparejson.h"
#include "core/export/diagnosticsexport.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue rowRef(const DumpComparison &c, int row)
{
    if (row < 0)
        return QJsonValue();
    const CompareRow &r = c.rows[row];
    return QJsonObject{{u"name"_s, c.bench->tensors[r.bench].name}, {u"index"_s, r.bench}};
}

QJsonObject verdictCounts(const DumpComparison &c)
{
    return QJsonObject{{u"pass"_s, c.countVerdict(Verdict::Pass)},
                       {u"warning"_s, c.countVerdict(Verdict::Warning)},
                       {u"error"_s, c.countVerdict(Verdict::Error)},
                       {u"unmatched"_s, c.countVerdict(Verdict::Unmatched)}};
}

} // namespace

QJsonObject comparisonJson(const DumpComparison &c)
{
    QJsonArray unmatchedBench, unmatchedNpu;
    for (int i : c.unmatchedBench)
        unmatchedBench.append(c.bench->tensors[i].name);
    for (int i : c.unmatchedNpu)
        unmatchedNpu.append(c.npu->tensors[i].name);
    const QJsonValue first = firstDivergentJson(c);
    QJsonValue nanOrigin;
    if (c.nanOrigin >= 0) {
        QJsonObject o = rowRef(c, c.nanOrigin).toObject();
        o.insert(u"first_element"_s,
                 c.rows[c.nanOrigin].metrics->firstGainedNpu >= 0
                     ? QJsonValue(c.rows[c.nanOrigin].metrics->firstGainedNpu)
                     : QJsonValue());
        nanOrigin = o;
    }
    return QJsonObject{{u"bench_format"_s, c.bench->format},
                       {u"npu_format"_s, c.npu->format},
                       {u"statistics_mode"_s, c.statisticsMode},
                       {u"pairs"_s, int(c.rows.size())},
                       {u"verdicts"_s, verdictCounts(c)},
                       {u"unmatched_bench"_s, unmatchedBench},
                       {u"unmatched_npu"_s, unmatchedNpu},
                       {u"first_divergent"_s, first},
                       {u"nan_origin"_s, nanOrigin},
                       {u"changed_arguments"_s, c.changedArguments},
                       {u"bytes_compared"_s, c.bytesCompared}};
}

QJsonObject argumentJson(const DumpComparison &c, qsizetype i)
{
    const ArgumentDiff &d = c.arguments[i];
    const ArgumentEntry &b = c.bench->arguments[d.bench], &n = c.npu->arguments[d.npu];
    return QJsonObject{{u"name"_s, b.key},
                       {u"op"_s, b.op},
                       {u"type"_s, b.type},
                       {u"bench"_s, b.value},
                       {u"npu"_s, n.value},
                       {u"changed"_s, d.changed}};
}

QJsonArray dumpStepsJson(const DumpSeries &series)
{
    QJsonArray steps;
    for (int i = 0; i < series.runs.size(); ++i) {
        const DumpComparison &c = *series.runs[i];
        const RunId id = runId(series.labels[i]);
        steps.append(QJsonObject{{u"label"_s, series.labels[i]},
                                 {u"step"_s, id.step >= 0 ? QJsonValue(id.step) : QJsonValue()},
                                 {u"rank"_s, id.rank >= 0 ? QJsonValue(id.rank) : QJsonValue()},
                                 {u"pairs"_s, int(c.rows.size())},
                                 {u"errors"_s, c.countVerdict(Verdict::Error)},
                                 {u"warnings"_s, c.countVerdict(Verdict::Warning)},
                                 {u"first_divergent"_s, rowRef(c, c.firstDivergent)},
                                 {u"nan_origin"_s, rowRef(c, c.nanOrigin)}});
    }
    return steps;
}

QJsonObject overflowJson(const OverflowSeries &series, int shown)
{
    const OverflowAnalysis &a = *series.runs[shown];
    auto ref = [&](const OverflowAnalysis &x, int i) -> QJsonValue {
        if (i < 0)
            return QJsonValue();
        return QJsonObject{{u"name"_s, x.dump->tensors[i].name}, {u"index"_s, i}};
    };
    QJsonArray tensors;
    for (int i = 0; i < a.tensors.size(); ++i) {
        const TensorEntry &t = a.dump->tensors[i];
        const TensorSummary &s = a.tensors[i];
        auto count = [](qint64 v) {
            return v >= 0 ? QJsonValue(v) : QJsonValue();
        };
        tensors.append(QJsonObject{{u"name"_s, t.name},
                                   {u"index"_s, i},
                                   {u"dtype"_s, dtypeId(t.dtype)},
                                   {u"shape"_s, shapeJson(t.shape)},
                                   {u"max"_s, jsonNumber(s.stats.max)},
                                   {u"min"_s, jsonNumber(s.stats.min)},
                                   {u"mean"_s, jsonNumber(s.stats.mean)},
                                   {u"norm"_s, jsonNumber(s.stats.norm)},
                                   {u"nan"_s, count(s.nanCount)},
                                   {u"inf"_s, count(s.infCount)},
                                   {u"saturated"_s, count(s.saturated)},
                                   {u"nonfinite"_s, s.nonFinite},
                                   {u"saturated_any"_s, s.saturatedAny},
                                   {u"error"_s, s.error}});
    }
    QJsonArray steps;
    for (int i = 0; i < series.runs.size(); ++i) {
        const RunId id = runId(series.labels[i]);
        steps.append(
            QJsonObject{{u"label"_s, series.labels[i]},
                        {u"step"_s, id.step >= 0 ? QJsonValue(id.step) : QJsonValue()},
                        {u"rank"_s, id.rank >= 0 ? QJsonValue(id.rank) : QJsonValue()},
                        {u"tensors"_s, int(series.runs[i]->tensors.size())},
                        {u"overflow_origin"_s, ref(*series.runs[i], series.runs[i]->origin)}});
    }
    return QJsonObject{{u"format"_s, a.dump->format},
                       {u"statistics_mode"_s, a.dump->statisticsOnly},
                       {u"run"_s, series.labels[shown]},
                       {u"overflow"_s,
                        QJsonObject{{u"origin"_s, ref(a, a.origin)},
                                    {u"nonfinite_tensors"_s, a.nonFiniteTensors},
                                    {u"saturated_tensors"_s, a.saturatedTensors},
                                    {u"first_saturated"_s, ref(a, a.firstSaturated)}}},
                       {u"steps"_s, steps},
                       {u"bytes_read"_s, a.bytesRead},
                       {u"tensors"_s, tensors}};
}

QJsonObject dumpsCompareHeadJson(const DumpSeries &series,
                                 int shown,
                                 const QString &benchPath,
                                 const QString &npuPath,
                                 double seconds,
                                 const Diagnostics &diagnostics)
{
    QJsonObject head = comparisonJson(*series.runs[shown]);
    head.insert(u"schemaVersion"_s, CliSchemaVersion);
    head.insert(u"warnings"_s, warningsJson(diagnostics));
    head.insert(u"bench"_s, benchPath);
    head.insert(u"npu"_s, npuPath);
    head.insert(u"run"_s, series.labels[shown]);
    head.insert(u"steps"_s, dumpStepsJson(series));
    head.insert(u"seconds"_s, seconds);
    return head;
}

QJsonObject dumpsOverflowJson(const OverflowSeries &series,
                              int shown,
                              const QString &path,
                              double seconds,
                              const Diagnostics &diagnostics)
{
    QJsonObject o = overflowJson(series, shown);
    o.insert(u"schemaVersion"_s, CliSchemaVersion);
    o.insert(u"warnings"_s, warningsJson(diagnostics));
    o.insert(u"path"_s, path);
    o.insert(u"seconds"_s, seconds);
    return o;
}

} // namespace Twinscope::Core
