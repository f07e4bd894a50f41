#include "tensormetrics.h"

#include "core/common/tr.h"

#include <algorithm>
#include <vector>

namespace Twinscope::Core {

namespace {
constexpr double Eps = 2.220446049250313e-16; // float64 machine epsilon, as msprobe and msaccucmp use
}

std::pair<double, double> allcloseDefaults(DType type)
{
    switch (type) {
    case DType::Float16: return {1e-3, 1e-5};
    case DType::BFloat16: return {1.6e-2, 1e-5};
    case DType::Float32: return {1.3e-6, 1e-5};
    case DType::Float64: return {1e-7, 1e-7};
    default: return {0.0, 0.0};
    }
}

void PairAccumulator::addClean(const double *npu, const double *bench, qint64 count)
{
    // Chunk-local partial sums in plain doubles (chunks are short), folded into compensated totals
    // below: cheap in the loop, and drift stays bounded for 1e9-element tensors.
    double nb = 0, nn = 0, bb = 0, sabs = 0, sq = 0, s1 = 0, b1 = 0, relAcc = 0;
    double maxAbs = m_maxAbs, maxRel = m_maxRel, maxRelAcc = m_maxRelAcc;
    double minN = m_minN, maxN = m_maxN, minB = m_minB, maxB = m_maxB;
    qint64 rel1 = 0, rel5 = 0, close = 0, zeros = 0;
    const double rtol = m_rtol, atol = m_atol;
    for (qint64 i = 0; i < count; ++i) {
        const double x = npu[i], y = bench[i];
        const double d = x - y;
        const double ad = std::fabs(d);
        const double ay = std::fabs(y);
        nb += x * y;
        nn += x * x;
        bb += y * y;
        sabs += ad;
        sq += d * d;
        s1 += x;
        b1 += y;
        maxAbs = ad > maxAbs ? ad : maxAbs;
        minN = x < minN ? x : minN;
        maxN = x > maxN ? x : maxN;
        minB = y < minB ? y : minB;
        maxB = y > maxB ? y : maxB;
        // msprobe: where the bench is exactly 0, ε is added to both sides before dividing.
        const bool zero = y == 0.0;
        const double re = zero ? std::fabs((x + Eps) - Eps) / Eps : ad / ay;
        zeros += zero;
        maxRel = re > maxRel ? re : maxRel;
        rel1 += re < 1e-3;
        rel5 += re < 5e-3;
        // msaccucmp: |N/B - 1| where |B| > ε, else the element counts as perfect.
        const double reAcc = ay > Eps ? re : 0.0;
        relAcc += reAcc;
        maxRelAcc = reAcc > maxRelAcc ? reAcc : maxRelAcc;
        close += ad <= atol + rtol * ay;
    }
    m_nb.add(nb);
    m_nn.add(nn);
    m_bb.add(bb);
    m_abs.add(sabs);
    m_sq.add(sq);
    m_n1.add(s1);
    m_b1.add(b1);
    m_relAcc.add(relAcc);
    m_maxAbs = maxAbs;
    m_maxRel = maxRel;
    m_maxRelAcc = maxRelAcc;
    m_minN = minN;
    m_maxN = maxN;
    m_minB = minB;
    m_maxB = maxB;
    m_rel1 += rel1;
    m_rel5 += rel5;
    m_allclose += close;
    m_benchZeros += zeros;
    m_n += count;
}

void PairAccumulator::add(const double *npu, const double *bench, qint64 count)
{
    // Any NaN or Inf turns this sum into NaN: a vectorisable test that keeps the common, all-finite
    // chunk on the branch-free loop.
    double probe = 0;
    for (qint64 i = 0; i < count; ++i)
        probe += (npu[i] - npu[i]) + (bench[i] - bench[i]);
    if (probe == 0) {
        addClean(npu, bench, count);
        return;
    }
    // Slow path, element by element: count NaN/Inf per side, check that the positions agree, and
    // compare those positions as 0 on both sides (msprobe's rule, METRICS.md §1.5).
    std::vector<double> n(npu, npu + count), b(bench, bench + count);
    for (qint64 i = 0; i < count; ++i) {
        const int kn = std::isnan(n[size_t(i)]) ? 1 : std::isinf(n[size_t(i)]) ? 2 : 0;
        const int kb = std::isnan(b[size_t(i)]) ? 1 : std::isinf(b[size_t(i)]) ? 2 : 0;
        if (kn == 0 && kb == 0)
            continue;
        m_nanN += kn == 1;
        m_infN += kn == 2;
        m_nanB += kb == 1;
        m_infB += kb == 2;
        if (kn != 0 && m_firstBadN < 0)
            m_firstBadN = m_n + i;
        if (kn != kb)
            m_maskMismatch = true;
        n[size_t(i)] = 0;
        b[size_t(i)] = 0;
    }
    addClean(n.data(), b.data(), count);
}

PairMetrics PairAccumulator::finish(int rank) const
{
    PairMetrics m;
    m.count = m_n;
    m.rtol = m_rtol;
    m.atol = m_atol;
    m.nanNpu = m_nanN;
    m.infNpu = m_infN;
    m.nanBench = m_nanB;
    m.infBench = m_infB;
    m.benchZeros = m_benchZeros;
    m.firstNonFiniteNpu = m_firstBadN;
    m.maskMismatch = m_maskMismatch;
    if (m_n == 0) {
        m.message = Tr::tr("This is empty data, can not compare.");
        return m;
    }
    const double n = double(m_n);
    // Statistics over what was compared (non-finite positions count as 0, as in the metrics).
    m.npu.max = m_maxN;
    m.npu.min = m_minN;
    m.npu.mean = m_n1.value() / n;
    m.npu.norm = std::sqrt(m_nn.value());
    m.bench.max = m_maxB;
    m.bench.min = m_minB;
    m.bench.mean = m_b1.value() / n;
    m.bench.norm = std::sqrt(m_bb.value());
    if (m_maskMismatch) {
        m.message = Tr::tr("The position of inf or nan in NPU and bench Tensor do not match.");
        return m;
    }
    m.maxAbsErr = m_maxAbs;
    m.maxRelErr = m_maxRel;
    m.maxRelErrMsaccucmp = m_maxRelAcc;
    m.meanRelErrMsaccucmp = m_relAcc.value() / n;
    m.meanAbsErr = m_abs.value() / n;
    m.rmse = std::sqrt(m_sq.value() / n);
    m.eucDist = std::sqrt(m_sq.value());
    const double benchNorm = std::sqrt(m_bb.value());
    m.relEuclidean = benchNorm <= Eps ? 0.0 : m.eucDist / benchNorm;
    m.allclosePassShare = double(m_allclose) / n;
    if (rank == 0) {
        m.message = Tr::tr("This is type of 0-d tensor, can not calculate 'Cosine', 'One Thousandth Err Ratio' and "
                           "'Five Thousandths Err Ratio'.");
        return m;
    }
    m.oneThousandthRatio = double(m_rel1) / n;
    m.fiveThousandthRatio = double(m_rel5) / n;
    if (rank == 1 && m_n == 1) {
        m.message = Tr::tr("This is a 1-d tensor of length 1.");
        return m;
    }
    // Two square roots, never sqrt(ΣN²·ΣB²), which overflows first (METRICS.md §0).
    const double normN = std::sqrt(m_nn.value());
    if (normN <= Eps && benchNorm <= Eps) {
        m.cosine = 1.0;
    } else if (normN <= Eps) {
        m.message = Tr::tr("Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.");
    } else if (benchNorm <= Eps) {
        m.message = Tr::tr("Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.");
    } else {
        m.cosine = m_nb.value() / normN / benchNorm;
        if (std::isnan(m.cosine))
            m.message = Tr::tr("Cannot compare by Cosine Similarity, the dump data has NaN.");
    }
    return m;
}

} // namespace Twinscope::Core
