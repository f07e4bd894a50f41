#include "comparecsv.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString field(const QString &s)
{
    if (s.contains(u',') || s.contains(u'"') || s.contains(u'\n'))
        return u'"' + QString(s).replace(u"\""_s, u"\"\""_s) + u'"';
    return s;
}

QString num(double v)
{
    if (std::isnan(v))
        return u"nan"_s;
    if (std::isinf(v))
        return v > 0 ? u"inf"_s : u"-inf"_s;
    return QString::number(v, 'g', 17);
}

QString resultId(const CompareRow &r)
{
    // msprobe writes the unmatched verdict capitalised; the others as the CLI does.
    return r.verdict == Verdict::Unmatched ? u"Unmatched"_s : verdictId(r.verdict);
}

} // namespace

bool writeCompareCsv(const DumpComparison &c, QIODevice *out)
{
    QStringList lines;
    if (c.statisticsMode)
        lines
            << u"NPU Name,Bench Name,NPU Tensor Dtype,Bench Tensor Dtype,NPU Tensor Shape,Bench "
               u"Tensor Shape,"
               "Max diff,Min diff,Mean diff,L2norm "
               "diff,MaxRelativeErr,MinRelativeErr,MeanRelativeErr,NormRelativeErr,"
               "NPU max,NPU min,NPU mean,NPU l2norm,Bench max,Bench min,Bench mean,Bench l2norm,Result,Err_message"_s;
    else
        lines
            << u"NPU Name,Bench Name,NPU Tensor Dtype,Bench Tensor Dtype,NPU Tensor Shape,Bench "
               u"Tensor Shape,"
               "Cosine,MaxAbsErr,NPU max,NPU min,NPU mean,Bench max,Bench min,Bench mean,Accuracy "
               "Reached or Not,"
               "Err_message,EucDist,MaxRelativeErr,One Thousandth Err Ratio,Five Thousandths Err Ratio,Result"_s;
    auto tensorCols = [&](const TensorEntry *n, const TensorEntry *b) {
        return QStringList{field(n ? n->name : QString()),
                           field(b ? b->name : QString()),
                           n ? dtypeId(n->dtype) : QString(),
                           b ? dtypeId(b->dtype) : QString(),
                           n ? field(shapeText(n->shape)) : QString(),
                           b ? field(shapeText(b->shape)) : QString()};
    };
    for (const CompareRow &r : c.rows) {
        const TensorEntry &n = c.npu->tensors[r.npu];
        const TensorEntry &b = c.bench->tensors[r.bench];
        QStringList cols = tensorCols(&n, &b);
        const PairMetrics &m = r.metrics;
        if (c.statisticsMode) {
            const StatsDiff &d = r.stats;
            cols << num(d.maxDiff) << num(d.minDiff) << num(d.meanDiff) << num(d.normDiff)
                 << num(d.maxRel * 100) + u'%' << num(d.minRel * 100) + u'%'
                 << num(d.meanRel * 100) + u'%' << num(d.normRel * 100) + u'%' << num(m.npu.max)
                 << num(m.npu.min) << num(m.npu.mean) << num(m.npu.norm) << num(m.bench.max)
                 << num(m.bench.min) << num(m.bench.mean) << num(m.bench.norm) << resultId(r)
                 << field(r.message);
        } else {
            const QString reached = r.verdict == Verdict::Unmatched ? u"Unmatched"_s
                                    : std::isnan(m.cosine) && std::isnan(m.maxAbsErr) ? u"None"_s
                                    : r.accuracyReached                               ? u"Yes"_s
                                                                                      : u"No"_s;
            cols << num(m.cosine) << num(m.maxAbsErr) << num(m.npu.max) << num(m.npu.min)
                 << num(m.npu.mean) << num(m.bench.max) << num(m.bench.min) << num(m.bench.mean)
                 << reached << field(r.message) << num(m.eucDist) << num(m.maxRelErr)
                 << num(m.oneThousandthRatio) << num(m.fiveThousandthRatio) << resultId(r);
        }
        lines << cols.join(u',');
    }
    // Tensors present on one side only stay visible (METRICS.md §7).
    const int width = int(lines.first().count(u',')) + 1;
    for (int i : c.unmatchedNpu) {
        QStringList cols = tensorCols(&c.npu->tensors[i], nullptr);
        while (cols.size() < width)
            cols << QString();
        cols[width - (c.statisticsMode ? 2 : 1)] = u"Unmatched"_s;
        lines << cols.join(u',');
    }
    for (int i : c.unmatchedBench) {
        QStringList cols = tensorCols(nullptr, &c.bench->tensors[i]);
        while (cols.size() < width)
            cols << QString();
        cols[width - (c.statisticsMode ? 2 : 1)] = u"Unmatched"_s;
        lines << cols.join(u',');
    }
    const QByteArray bytes = (lines.join(u'\n') + u'\n').toUtf8();
    return out->write(bytes) == bytes.size();
}

} // namespace Twinscope::Core
