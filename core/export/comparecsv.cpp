#include "comparecsv.h"

#include "core/dump/verdictpolicy.h"
#include "core/torch/torchpickle.h"
#include "csvwriter.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// msprobe 8.3.3 (CompareConst.COMPARE_RESULT_HEADER and SUMMARY_COMPARE_RESULT_HEADER).
const QStringList BasicHeader = {u"NPU Name"_s,
                                 u"Bench Name"_s,
                                 u"NPU Dtype"_s,
                                 u"Bench Dtype"_s,
                                 u"NPU Tensor Shape"_s,
                                 u"Bench Tensor Shape"_s,
                                 u"NPU Requires_grad"_s,
                                 u"Bench Requires_grad"_s};
const QStringList SummaryHeader = {u"NPU max"_s,
                                   u"NPU min"_s,
                                   u"NPU mean"_s,
                                   u"NPU l2norm"_s,
                                   u"Bench max"_s,
                                   u"Bench min"_s,
                                   u"Bench mean"_s,
                                   u"Bench l2norm"_s};

// Numbers as msprobe writes them: NaN is "Nan" (CompareConst.NAN), infinities "inf" and "-inf"
// (msprobe adds a tab inside xlsx cells to keep Excel from converting them; a CSV does not need
// it), finite values in their shortest round-trip form.
QString number(double v)
{
    if (std::isnan(v))
        return u"Nan"_s;
    if (std::isinf(v))
        return v > 0 ? u"inf"_s : u"-inf"_s;
    return csvNumber(v);
}

// msprobe's format_value: rounded to 12 decimals.
QString rounded(double v)
{
    return std::isfinite(v) ? number(QString::number(v, 'f', 12).toDouble()) : number(v);
}

QString percent(double fraction)
{
    if (std::isnan(fraction))
        return u"N/A"_s;
    return std::isinf(fraction) ? u"inf%"_s : number(fraction * 100) + u'%';
}

QString boolText(qint8 v)
{
    return v < 0 ? u"N/A"_s : v ? u"True"_s : u"False"_s;
}

// The name msprobe shows: the call key plus input/output index (data_name without extension).
QString msprobeName(const TensorEntry &t)
{
    QString n = t.name;
    for (const QString &ext : {u".pt"_s, u".npy"_s})
        if (n.endsWith(ext))
            n.chop(ext.size());
    return n;
}

QString statText(const TensorEntry &t, double computed, double recorded, DType type)
{
    const double v = t.stats ? recorded : computed;
    if (type == DType::Bool && !std::isnan(v))
        return v != 0 ? u"True"_s : u"False"_s;
    if (type == DType::Bool)
        return u"None"_s;
    return number(v);
}

QStringList summary(const TensorEntry &t, const TensorStats &computed)
{
    const TensorStats r = t.stats.value_or(TensorStats{});
    return {statText(t, computed.max, r.max, t.dtype),
            statText(t, computed.min, r.min, t.dtype),
            statText(t, computed.mean, r.mean, t.dtype),
            statText(t, computed.norm, r.norm, t.dtype)};
}

QStringList basic(const TensorEntry *n, const TensorEntry *b)
{
    auto side = [](const TensorEntry *t, auto f) {
        return t ? f(*t) : u"N/A"_s;
    };
    return {side(n, msprobeName),
            side(b, msprobeName),
            side(n, [](const TensorEntry &t) { return torchDTypeName(t.dtype); }),
            side(b, [](const TensorEntry &t) { return torchDTypeName(t.dtype); }),
            side(n, [](const TensorEntry &t) { return shapeText(t.shape); }),
            side(b, [](const TensorEntry &t) { return shapeText(t.shape); }),
            side(n, [](const TensorEntry &t) { return boolText(t.requiresGrad); }),
            side(b, [](const TensorEntry &t) { return boolText(t.requiresGrad); })};
}

QString dataName(const TensorEntry *n, const TensorEntry *b)
{
    auto one = [](const TensorEntry *t) {
        if (!t || t->storage.kind == TensorStorage::Kind::None)
            return u"-1"_s;
        // msprobe's data_name: the tensor file's name (msprobe rows are named by call key).
        const QString file = QFileInfo(t->storage.file).fileName();
        return file.endsWith(u".pt"_s) || file.endsWith(u".npy"_s) ? file : t->name;
    };
    return u"['%1', '%2']"_s.arg(one(n), one(b));
}

// A metric cell of tensor mode: what msprobe writes when it could not compute one.
QString metric(const CompareRow &r, double v, bool roundCosine = false)
{
    if (r.verdict == Verdict::Unmatched)
        return u"shape unmatched"_s;
    if (r.reasons & quint32(VerdictReason::Unreadable) || r.metrics->count == 0)
        return u"unsupported"_s;
    if (r.metrics->maskMismatch)
        return u"N/A"_s;
    if (roundCosine && v > 0.9999)
        return number(QString::number(v, 'f', 6).toDouble());
    return std::isnan(v) ? u"unsupported"_s : rounded(v);
}

QString requiresGradConsistent(const TensorEntry &n, const TensorEntry &b)
{
    return n.requiresGrad == b.requiresGrad ? u"True"_s : u"False"_s;
}

} // namespace

bool writeCompareCsv(const DumpComparison &c, QIODevice *out)
{
    CsvWriter csv(out);
    QStringList header = BasicHeader;
    if (c.statisticsMode)
        header << u"Max diff"_s << u"Min diff"_s << u"Mean diff"_s << u"L2norm diff"_s
               << u"MaxRelativeErr"_s << u"MinRelativeErr"_s << u"MeanRelativeErr"_s
               << u"NormRelativeErr"_s << SummaryHeader << u"Requires_grad Consistent"_s
               << u"Result"_s << u"Err_message"_s;
    else
        header << u"Cosine"_s << u"EucDist"_s << u"MaxAbsErr"_s << u"MaxRelativeErr"_s
               << u"One Thousandth Err Ratio"_s << u"Five Thousandths Err Ratio"_s << SummaryHeader
               << u"Requires_grad Consistent"_s << u"Accuracy Reached or Not"_s << u"Err_message"_s
               << u"Data_name"_s;
    csv.row(header);
    for (const CompareRow &r : c.rows) {
        const TensorEntry &n = c.npu->tensors[r.npu];
        const TensorEntry &b = c.bench->tensors[r.bench];
        QStringList cols = basic(&n, &b);
        const PairMetrics &m = *r.metrics;
        if (c.statisticsMode) {
            const StatsDiff &d = r.stats;
            const bool numeric = n.dtype != DType::Bool && b.dtype != DType::Bool;
            auto diff = [&](double v) {
                return numeric ? number(v) : u"N/A"_s;
            };
            auto rel = [&](double v, double dv) {
                return !numeric ? u"N/A"_s : std::isnan(dv) ? u"Nan"_s : percent(v);
            };
            cols << diff(d.maxDiff) << diff(d.minDiff) << diff(d.meanDiff) << diff(d.normDiff)
                 << rel(d.maxRel, d.maxDiff) << rel(d.minRel, d.minDiff)
                 << rel(d.meanRel, d.meanDiff) << rel(d.normRel, d.normDiff);
            cols << summary(n, c.npuStats(r)) << summary(b, c.benchStats(r))
                 << requiresGradConsistent(n, b);
            // msprobe's Result: "" (pass) or "Warning"; rows it marks red are "error" here.
            cols << (r.verdict == Verdict::Error       ? u"error"_s
                     : r.verdict == Verdict::Warning   ? u"Warning"_s
                     : r.verdict == Verdict::Unmatched ? u"Unmatched"_s
                                                       : QString());
            cols << r.message;
        } else {
            cols << metric(r, m.cosine, true) << metric(r, m.eucDist) << metric(r, m.maxAbsErr)
                 << metric(r, m.maxRelErr) << metric(r, m.oneThousandthRatio)
                 << metric(r, m.fiveThousandthRatio);
            cols << summary(n, c.npuStats(r)) << summary(b, c.benchStats(r))
                 << requiresGradConsistent(n, b) << accuracyText(r.accuracy) << r.message
                 << dataName(&n, &b);
        }
        csv.row(cols);
    }
    // Tensors present on one side only stay visible (METRICS.md §7), as msprobe's NPU-only rows.
    auto oneSided = [&](const TensorEntry *n, const TensorEntry *b) {
        QStringList cols = basic(n, b);
        while (cols.size() < header.size())
            cols << u"N/A"_s;
        const TensorEntry &t = n ? *n : *b;
        const QStringList stats = summary(t, TensorStats{});
        const qsizetype at = header.indexOf(n ? u"NPU max"_s : u"Bench max"_s);
        for (int k = 0; k < 4; ++k)
            cols[at + k] = stats[k];
        cols[header.indexOf(u"Err_message"_s)] =
            n ? u"No bench data matched."_s : u"No NPU data matched."_s;
        cols[header.indexOf(c.statisticsMode ? u"Result"_s : u"Accuracy Reached or Not"_s)] =
            u"Unmatched"_s;
        if (!c.statisticsMode)
            cols[header.indexOf(u"Data_name"_s)] = dataName(n, b);
        csv.row(cols);
    };
    for (int i : c.unmatchedNpu)
        oneSided(&c.npu->tensors[i], nullptr);
    for (int i : c.unmatchedBench)
        oneSided(nullptr, &c.bench->tensors[i]);
    return csv.ok();
}

} // namespace Twinscope::Core
