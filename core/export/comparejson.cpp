#include "comparejson.h"

#include "core/dump/verdictpolicy.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QJsonValue jsonNumber(double v)
{
    if (std::isnan(v))
        return QJsonValue();
    if (std::isinf(v))
        return v > 0 ? u"inf"_s : u"-inf"_s;
    return v;
}

QJsonArray shapeJson(const QList<qint64> &shape)
{
    QJsonArray a;
    for (qint64 d : shape)
        a.append(d);
    return a;
}

QJsonArray stringArray(const QStringList &list)
{
    QJsonArray a;
    for (const QString &s : list)
        a.append(s);
    return a;
}

QJsonObject statsJson(const TensorStats &s)
{
    return QJsonObject{{u"max"_s, jsonNumber(s.max)},
                       {u"min"_s, jsonNumber(s.min)},
                       {u"mean"_s, jsonNumber(s.mean)},
                       {u"norm"_s, jsonNumber(s.norm)}};
}

QJsonObject compareRowJson(const DumpComparison &c, int row)
{
    const CompareRow &r = c.rows[row];
    const TensorEntry &b = c.bench->tensors[r.bench];
    const TensorEntry &n = c.npu->tensors[r.npu];
    const PairMetrics &m = *r.metrics;
    QJsonObject o{{u"name"_s, b.name},
                  {u"index"_s, r.bench},
                  {u"npu_name"_s, n.name},
                  {u"match"_s, pairMatchId(r.match)},
                  {u"shape"_s, shapeJson(b.shape)},
                  {u"dtype"_s, dtypeId(b.dtype)},
                  {u"npu_dtype"_s, dtypeId(n.dtype)},
                  {u"cosine"_s, jsonNumber(m.cosine)},
                  {u"max_abs_err"_s, jsonNumber(m.maxAbsErr)},
                  {u"max_rel_err"_s, jsonNumber(c.maxRelErr(r))},
                  {u"mean_abs_err"_s, jsonNumber(m.meanAbsErr)},
                  {u"rmse"_s, jsonNumber(m.rmse)},
                  {u"rel_euclidean"_s, jsonNumber(m.relEuclidean)},
                  {u"one_thousandth_ratio"_s, jsonNumber(m.oneThousandthRatio)},
                  {u"five_thousandth_ratio"_s, jsonNumber(m.fiveThousandthRatio)},
                  {u"allclose_pass_share"_s, jsonNumber(m.allclosePassShare)},
                  {u"kl"_s, jsonNumber(m.klDivergence)},
                  {u"nan_npu"_s, m.nanNpu},
                  {u"inf_npu"_s, m.infNpu},
                  {u"nan_bench"_s, m.nanBench},
                  {u"inf_bench"_s, m.infBench},
                  {u"nonfinite_gained"_s, r.nonFiniteGained},
                  {u"npu_stats"_s, statsJson(shownNpuStats(c, r))},
                  {u"bench_stats"_s, statsJson(shownBenchStats(c, r))},
                  {u"accuracy"_s, c.statisticsMode ? QJsonValue() : accuracyText(r.accuracy)},
                  {u"verdict"_s, verdictId(r.verdict)},
                  {u"reasons"_s, stringArray(verdictReasonIds(r.reasons))},
                  {u"divergent"_s, r.divergent},
                  {u"origin"_s, r.origin},
                  {u"message"_s, r.message}};
    if (c.statisticsMode)
        o.insert(u"stats"_s,
                 QJsonObject{{u"max_diff"_s, jsonNumber(r.stats.maxDiff)},
                             {u"min_diff"_s, jsonNumber(r.stats.minDiff)},
                             {u"mean_diff"_s, jsonNumber(r.stats.meanDiff)},
                             {u"norm_diff"_s, jsonNumber(r.stats.normDiff)},
                             {u"max_rel"_s, jsonNumber(r.stats.maxRel)},
                             {u"min_rel"_s, jsonNumber(r.stats.minRel)},
                             {u"mean_rel"_s, jsonNumber(r.stats.meanRel)},
                             {u"norm_rel"_s, jsonNumber(r.stats.normRel)}});
    return o;
}

QJsonValue firstDivergentJson(const DumpComparison &c)
{
    if (c.firstDivergent < 0)
        return QJsonValue();
    const CompareRow &r = c.rows[c.firstDivergent];
    return QJsonObject{{u"name"_s, c.bench->tensors[r.bench].name},
                       {u"index"_s, r.bench},
                       {u"cosine"_s, jsonNumber(r.metrics->cosine)},
                       {u"max_abs_err"_s, jsonNumber(r.metrics->maxAbsErr)},
                       {u"kind"_s, r.origin ? u"origin"_s : u"propagated"_s},
                       {u"verdict"_s, verdictId(r.verdict)},
                       {u"reasons"_s, stringArray(verdictReasonIds(r.reasons))}};
}

} // namespace Twinscope::Core
