#include "dumpsoutput.h"

#include "core/dump/dumpseries.h"
#include "core/dump/verdictpolicy.h"
#include "core/export/comparejson.h"

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

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

QJsonArray stepsJson(const DumpSeries &series)
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

void printComparison(CliIo &io, const DumpSeries &series, int shown)
{
    if (series.runs.size() > 1 || !series.labels.first().isEmpty()) {
        io.out << CliTr::tr("%n run(s):", nullptr, int(series.runs.size())) << '\n';
        for (int i = 0; i < series.runs.size(); ++i) {
            const DumpComparison &c = *series.runs[i];
            const QString first = c.firstDivergent >= 0
                                      ? c.bench->tensors[c.rows[c.firstDivergent].bench].name
                                      : CliTr::tr("none");
            io.out << CliTr::tr("  %1%2: %3 pairs, %4 errors, %5 warnings, first divergent: %6")
                          .arg(i == shown ? u"* "_s : QString(), series.labels[i])
                          .arg(c.rows.size())
                          .arg(c.countVerdict(Verdict::Error))
                          .arg(c.countVerdict(Verdict::Warning))
                          .arg(first);
            if (c.nanOrigin >= 0)
                io.out << CliTr::tr(", NaN/Inf origin: %1")
                              .arg(c.bench->tensors[c.rows[c.nanOrigin].bench].name);
            io.out << '\n';
        }
        io.out << CliTr::tr("details of run %1:").arg(series.labels[shown]) << '\n';
    }
    const DumpComparison &c = *series.runs[shown];
    io.out << CliTr::tr("pairs: %1, errors: %2, warnings: %3, unmatched: %4 (shape) + %5 bench / "
                        "%6 NPU only")
                  .arg(c.rows.size())
                  .arg(c.countVerdict(Verdict::Error))
                  .arg(c.countVerdict(Verdict::Warning))
                  .arg(c.countVerdict(Verdict::Unmatched))
                  .arg(c.unmatchedBench.size())
                  .arg(c.unmatchedNpu.size())
           << '\n';
    auto rowName = [&](int row) {
        return c.bench->tensors[c.rows[row].bench].name;
    };
    if (c.firstDivergent >= 0) {
        const CompareRow &r = c.rows[c.firstDivergent];
        io.out << CliTr::tr("first divergent: %1 (index %2, %3, %4)")
                      .arg(rowName(c.firstDivergent))
                      .arg(r.bench)
                      .arg(verdictReasonIds(r.reasons).join(u", "_s))
                      .arg(r.origin ? CliTr::tr("origin") : CliTr::tr("propagated"))
               << '\n';
    } else {
        io.out << CliTr::tr("first divergent: none") << '\n';
    }
    if (c.nanOrigin >= 0)
        io.out << CliTr::tr("NaN/Inf origin: %1 (index %2)")
                      .arg(rowName(c.nanOrigin))
                      .arg(c.rows[c.nanOrigin].bench)
               << '\n';
    for (const ArgumentDiff &d : c.arguments)
        if (d.changed)
            io.out << CliTr::tr("changed argument: %1 = %2 (bench %3)")
                          .arg(c.bench->arguments[d.bench].key,
                               c.npu->arguments[d.npu].value,
                               c.bench->arguments[d.bench].value)
                   << '\n';
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

void printOverflow(CliIo &io, const OverflowSeries &series, int shown)
{
    for (int i = 0; i < series.runs.size(); ++i) {
        const OverflowAnalysis &a = *series.runs[i];
        if (!series.labels[i].isEmpty())
            io.out << (i == shown ? u"* "_s : u"  "_s) << series.labels[i] << ": ";
        io.out << CliTr::tr("%1 tensors (%2), %3 with NaN/Inf, %4 fp16-saturated; first overflow: "
                            "%5")
                      .arg(a.tensors.size())
                      .arg(a.dump->format)
                      .arg(a.nonFiniteTensors)
                      .arg(a.saturatedTensors)
                      .arg(
                          a.origin >= 0
                              ? u"%1 (index %2)"_s.arg(a.dump->tensors[a.origin].name).arg(a.origin)
                              : CliTr::tr("none"))
               << '\n';
    }
}

} // namespace Twinscope::App
