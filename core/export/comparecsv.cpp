#include "comparecsv.h"

#include "csvwriter.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

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
        return QStringList{csvField(n ? n->name : QString()),
                           csvField(b ? b->name : QString()),
                           n ? dtypeId(n->dtype) : QString(),
                           b ? dtypeId(b->dtype) : QString(),
                           n ? csvField(shapeText(n->shape)) : QString(),
                           b ? csvField(shapeText(b->shape)) : QString()};
    };
    for (const CompareRow &r : c.rows) {
        const TensorEntry &n = c.npu->tensors[r.npu];
        const TensorEntry &b = c.bench->tensors[r.bench];
        QStringList cols = tensorCols(&n, &b);
        const PairMetrics &m = r.metrics;
        if (c.statisticsMode) {
            const StatsDiff &d = r.stats;
            cols << csvNumber(d.maxDiff) << csvNumber(d.minDiff) << csvNumber(d.meanDiff)
                 << csvNumber(d.normDiff) << csvNumber(d.maxRel * 100) + u'%'
                 << csvNumber(d.minRel * 100) + u'%' << csvNumber(d.meanRel * 100) + u'%'
                 << csvNumber(d.normRel * 100) + u'%' << csvNumber(m.npu.max)
                 << csvNumber(m.npu.min) << csvNumber(m.npu.mean) << csvNumber(m.npu.norm)
                 << csvNumber(m.bench.max) << csvNumber(m.bench.min) << csvNumber(m.bench.mean)
                 << csvNumber(m.bench.norm) << resultId(r) << csvField(r.message);
        } else {
            const QString reached = r.verdict == Verdict::Unmatched ? u"Unmatched"_s
                                    : std::isnan(m.cosine) && std::isnan(m.maxAbsErr) ? u"None"_s
                                    : r.accuracyReached                               ? u"Yes"_s
                                                                                      : u"No"_s;
            cols << csvNumber(m.cosine) << csvNumber(m.maxAbsErr) << csvNumber(m.npu.max)
                 << csvNumber(m.npu.min) << csvNumber(m.npu.mean) << csvNumber(m.bench.max)
                 << csvNumber(m.bench.min) << csvNumber(m.bench.mean) << reached
                 << csvField(r.message) << csvNumber(m.eucDist) << csvNumber(m.maxRelErr)
                 << csvNumber(m.oneThousandthRatio) << csvNumber(m.fiveThousandthRatio)
                 << resultId(r);
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
