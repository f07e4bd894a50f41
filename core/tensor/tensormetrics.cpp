#include "tensormetrics.h"

#include "core/common/tr.h"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace Twinscope::Core {

namespace {
constexpr double Eps =
    2.220446049250313e-16; // float64 machine epsilon, as msprobe and msaccucmp use
// torch.testing.assert_close's relative tolerance for bfloat16: the share of elements within it
// is the accurate share of runs that compute in bf16 (verdictpolicy.h).
constexpr double RelBf16 = 1.6e-2;
} // namespace

std::pair<double, double> allcloseDefaults(DType type)
{
    switch (type) {
    case DType::Float16:
        return {1e-3, 1e-5};
    case DType::BFloat16:
        return {1.6e-2, 1e-5};
    case DType::Float32:
        return {1.3e-6, 1e-5};
    case DType::Float64:
        return {1e-7, 1e-7};
    default:
        return {0.0, 0.0};
    }
}

namespace {

// Chunk-local partial results of the branch-free kernel, folded into the accumulator afterwards.
struct Partial
{
    double nb = 0, nn = 0, bb = 0, sabs = 0, sq = 0, s1 = 0, b1 = 0, relAcc = 0;
    double maxAbs = 0, maxRel = 0, maxRelAcc = 0;
    double minN = INFINITY, maxN = -INFINITY, minB = INFINITY, maxB = -INFINITY;
    qint64 rel1 = 0, rel5 = 0, rel16 = 0, close = 0, zeros = 0;
    double probe = 0; // NaN when the chunk holds a NaN or Inf on either side
};

// float32 inputs need no NaN/Inf probe of their own: the square of any finite float32 is below
// 1.2e77, so the chunk's sums of squares (nn + bb) are finite exactly when every element is. Four
// fewer vector operations per step: 3-4 % of the comparison's CPU time once the prefetch below
// keeps the loop fed (issue #12, 323-tensor pair).
template<typename T>
constexpr bool SquaresProbe = std::is_same_v<T, float>;

// One element, scalar: the reference the vector kernel below must equal, and its tail loop.
template<typename T>
inline void kernelScalar(
    const T *npu, const T *bench, qint64 from, qint64 to, double rtol, double atol, Partial &p)
{
    for (qint64 i = from; i < to; ++i) {
        const double x = double(npu[i]), y = double(bench[i]);
        const double d = x - y;
        const double ad = std::fabs(d);
        const double ay = std::fabs(y);
        if constexpr (!SquaresProbe<T>)
            p.probe += (x - x) + (y - y);
        p.nb += x * y;
        p.nn += x * x;
        p.bb += y * y;
        p.sabs += ad;
        p.sq += d * d;
        p.s1 += x;
        p.b1 += y;
        p.maxAbs = ad > p.maxAbs ? ad : p.maxAbs;
        p.minN = x < p.minN ? x : p.minN;
        p.maxN = x > p.maxN ? x : p.maxN;
        p.minB = y < p.minB ? y : p.minB;
        p.maxB = y > p.maxB ? y : p.maxB;
        // msprobe: where the bench is exactly 0, ε is added to both sides before dividing.
        const bool zero = y == 0.0;
        const double re = (zero ? std::fabs((x + Eps) - Eps) : ad) / (zero ? Eps : ay);
        p.zeros += zero;
        p.maxRel = re > p.maxRel ? re : p.maxRel;
        p.rel1 += re < 1e-3;
        p.rel5 += re < 5e-3;
        p.rel16 += re < RelBf16;
        // msaccucmp: |N/B - 1| where |B| > ε, else the element counts as perfect.
        const double reAcc = ay > Eps ? re : 0.0;
        p.relAcc += reAcc;
        p.maxRelAcc = reAcc > p.maxRelAcc ? reAcc : p.maxRelAcc;
        p.close += ad <= atol + rtol * ay;
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TWINSCOPE_VECTOR_KERNEL 1
typedef double V4d __attribute__((vector_size(32)));
typedef long long V4l __attribute__((vector_size(32)));
typedef float V4f __attribute__((vector_size(16)));

template<typename T>
__attribute__((target("avx2,fma"), always_inline)) inline V4d load4(const T *p)
{
    if constexpr (std::is_same_v<T, float>) {
        V4f f;
        __builtin_memcpy(&f, p, sizeof f);
        return __builtin_convertvector(f, V4d); // exact widening, fused into the kernel
    } else {
        V4d d;
        __builtin_memcpy(&d, p, sizeof d);
        return d;
    }
}

// The same arithmetic four elements at a time (GCC/clang vector extensions), compiled for AVX2 and
// picked at run time: the scalar loop cannot be vectorised by the compiler because reordering the
// sums is not allowed without -ffast-math. Lane j sums elements j, j+4, ...; lanes are added at the
// end.
template<typename T>
__attribute__((target("avx2,fma"))) void
kernelAvx2(const T *npu, const T *bench, qint64 count, double rtol, double atol, Partial &p)
{
    const V4d zero = {0, 0, 0, 0};
    const V4d eps = zero + Eps, c1 = zero + 1e-3, c5 = zero + 5e-3, c16 = zero + RelBf16,
              vr = zero + rtol, va = zero + atol;
    const V4l absMask = {
        0x7fffffffffffffffLL, 0x7fffffffffffffffLL, 0x7fffffffffffffffLL, 0x7fffffffffffffffLL};
    V4d nb = zero, nn = zero, bb = zero, sabs = zero, sq = zero, s1 = zero, b1 = zero,
        relAcc = zero, probe = zero;
    V4d maxAbs = zero, maxRel = zero, maxRelAcc = zero;
    V4d minN = zero + INFINITY, maxN = zero - INFINITY, minB = zero + INFINITY,
        maxB = zero - INFINITY;
    V4l rel1 = {0, 0, 0, 0}, rel5 = rel1, rel16 = rel1, close = rel1, zeros = rel1;
    const qint64 vec = count & ~qint64(3);
    for (qint64 i = 0; i < vec; i += 4) {
        // The inputs stream from freshly mapped page-cache pages; the hardware prefetcher stops at
        // every 4 KiB page, so ask for the lines a few pages ahead (never faults). It cut the
        // comparison's CPU time by a fifth on a 323-tensor pair (docs/PERFORMANCE.md); without it,
        // even removing the division changed nothing: the loop waited for memory, not arithmetic.
        if ((i & 15) == 0) {
            __builtin_prefetch(npu + i + 2048);
            __builtin_prefetch(bench + i + 2048);
        }
        const V4d x = load4(npu + i);
        const V4d y = load4(bench + i);
        const V4d d = x - y;
        const V4d ad = (V4d)((V4l)d & absMask);
        const V4d ay = (V4d)((V4l)y & absMask);
        if constexpr (!SquaresProbe<T>)
            probe += (x - x) + (y - y);
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
        const V4l isZero = y == zero;
        const V4d shifted = (V4d)((V4l)((x + eps) - eps) & absMask);
        const V4d re = (isZero ? shifted : ad) / (isZero ? eps : ay);
        zeros -= isZero;
        maxRel = re > maxRel ? re : maxRel;
        rel1 -= re < c1;
        rel5 -= re < c5;
        rel16 -= re < c16;
        const V4d reAcc = ay > eps ? re : zero;
        relAcc += reAcc;
        maxRelAcc = reAcc > maxRelAcc ? reAcc : maxRelAcc;
        close -= ad <= va + vr * ay;
    }
    for (int j = 0; j < 4; ++j) {
        p.probe += probe[j];
        p.nb += nb[j];
        p.nn += nn[j];
        p.bb += bb[j];
        p.sabs += sabs[j];
        p.sq += sq[j];
        p.s1 += s1[j];
        p.b1 += b1[j];
        p.relAcc += relAcc[j];
        p.maxAbs = std::max(p.maxAbs, maxAbs[j]);
        p.maxRel = std::max(p.maxRel, maxRel[j]);
        p.maxRelAcc = std::max(p.maxRelAcc, maxRelAcc[j]);
        p.minN = std::min(p.minN, minN[j]);
        p.maxN = std::max(p.maxN, maxN[j]);
        p.minB = std::min(p.minB, minB[j]);
        p.maxB = std::max(p.maxB, maxB[j]);
        p.rel1 += rel1[j];
        p.rel5 += rel5[j];
        p.rel16 += rel16[j];
        p.close += close[j];
        p.zeros += zeros[j];
    }
    kernelScalar(npu, bench, vec, count, rtol, atol, p);
}

bool haveAvx2()
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

} // namespace

template<typename T>
bool PairAccumulator::addClean(const T *npu, const T *bench, qint64 count)
{
    Partial p;
#ifdef TWINSCOPE_VECTOR_KERNEL
    if (haveAvx2())
        kernelAvx2(npu, bench, count, m_rtol, m_atol, p);
    else
#endif
        kernelScalar(npu, bench, 0, count, m_rtol, m_atol, p);
    const double probe = SquaresProbe<T> ? (p.nn + p.bb) * 0.0 : p.probe;
    if (probe != 0 || std::isnan(probe))
        return false; // a NaN or Inf somewhere: the caller takes the element-wise path instead
    // Chunk-local partial sums in plain doubles (chunks are short), folded into compensated totals:
    // cheap in the loop, and drift stays bounded for 1e9-element tensors.
    m_nb.add(p.nb);
    m_nn.add(p.nn);
    m_bb.add(p.bb);
    m_abs.add(p.sabs);
    m_sq.add(p.sq);
    m_n1.add(p.s1);
    m_b1.add(p.b1);
    m_relAcc.add(p.relAcc);
    m_maxAbs = std::max(m_maxAbs, p.maxAbs);
    m_maxRel = std::max(m_maxRel, p.maxRel);
    m_maxRelAcc = std::max(m_maxRelAcc, p.maxRelAcc);
    m_minN = std::min(m_minN, p.minN);
    m_maxN = std::max(m_maxN, p.maxN);
    m_minB = std::min(m_minB, p.minB);
    m_maxB = std::max(m_maxB, p.maxB);
    m_rel1 += p.rel1;
    m_rel5 += p.rel5;
    m_rel16 += p.rel16;
    m_allclose += p.close;
    m_benchZeros += p.zeros;
    m_n += count;
    return true;
}

void PairAccumulator::add(const float *npu, const float *bench, qint64 count)
{
    if (addClean(npu, bench, count))
        return;
    const std::vector<double> n(npu, npu + count), b(bench, bench + count);
    add(n.data(), b.data(), count);
}

void PairAccumulator::add(const double *npu, const double *bench, qint64 count)
{
    // The kernel also sums (x − x) + (y − y), which is NaN exactly when a NaN or Inf is present, so
    // the common all-finite chunk costs one pass.
    if (addClean(npu, bench, count))
        return;
    // Slow path, element by element: count NaN/Inf per side, check that the positions agree, and
    // compare those positions as 0 on both sides (msprobe's rule, METRICS.md §1.5). The per-side
    // minimum and maximum must not see those zeros: they come from the finite elements here.
    std::vector<double> n(npu, npu + count), b(bench, bench + count);
    double minN = INFINITY, maxN = -INFINITY, minB = INFINITY, maxB = -INFINITY;
    for (qint64 i = 0; i < count; ++i) {
        const double x = n[size_t(i)], y = b[size_t(i)];
        const int kn = std::isnan(x) ? 1 : std::isinf(x) ? 2 : 0;
        const int kb = std::isnan(y) ? 1 : std::isinf(y) ? 2 : 0;
        if (kn == 0) {
            minN = std::min(minN, x);
            maxN = std::max(maxN, x);
        }
        if (kb == 0) {
            minB = std::min(minB, y);
            maxB = std::max(maxB, y);
        }
        if (kn == 0 && kb == 0)
            continue;
        m_nanN += kn == 1;
        m_infN += kn == 2;
        m_nanB += kb == 1;
        m_infB += kb == 2;
        m_posInfN = m_posInfN || (kn == 2 && x > 0);
        m_negInfN = m_negInfN || (kn == 2 && x < 0);
        m_posInfB = m_posInfB || (kb == 2 && y > 0);
        m_negInfB = m_negInfB || (kb == 2 && y < 0);
        if (kn != 0 && m_firstBadN < 0)
            m_firstBadN = m_offset + m_n + i;
        if (kn != 0 && kn != kb) {
            ++m_gainedN;
            if (m_firstGainedN < 0)
                m_firstGainedN = m_offset + m_n + i;
        }
        if (kn != kb)
            m_maskMismatch = true;
        n[size_t(i)] = 0;
        b[size_t(i)] = 0;
    }
    const double keep[4] = {m_minN, m_maxN, m_minB, m_maxB};
    const bool clean = addClean(n.data(), b.data(), count);
    Q_ASSERT(clean);
    Q_UNUSED(clean);
    m_minN = std::min(keep[0], minN);
    m_maxN = std::max(keep[1], maxN);
    m_minB = std::min(keep[2], minB);
    m_maxB = std::max(keep[3], maxB);
}

void PairAccumulator::merge(const PairAccumulator &o)
{
    for (auto [mine, theirs] : {std::pair{&m_nb, &o.m_nb},
                                std::pair{&m_nn, &o.m_nn},
                                std::pair{&m_bb, &o.m_bb},
                                std::pair{&m_abs, &o.m_abs},
                                std::pair{&m_sq, &o.m_sq},
                                std::pair{&m_n1, &o.m_n1},
                                std::pair{&m_b1, &o.m_b1},
                                std::pair{&m_relAcc, &o.m_relAcc}})
        mine->merge(*theirs);
    m_maxAbs = std::max(m_maxAbs, o.m_maxAbs);
    m_maxRel = std::max(m_maxRel, o.m_maxRel);
    m_maxRelAcc = std::max(m_maxRelAcc, o.m_maxRelAcc);
    m_minN = std::min(m_minN, o.m_minN);
    m_maxN = std::max(m_maxN, o.m_maxN);
    m_minB = std::min(m_minB, o.m_minB);
    m_maxB = std::max(m_maxB, o.m_maxB);
    m_rel1 += o.m_rel1;
    m_rel5 += o.m_rel5;
    m_rel16 += o.m_rel16;
    m_allclose += o.m_allclose;
    m_benchZeros += o.m_benchZeros;
    m_nanN += o.m_nanN;
    m_infN += o.m_infN;
    m_nanB += o.m_nanB;
    m_infB += o.m_infB;
    if (m_firstBadN < 0)
        m_firstBadN = o.m_firstBadN;
    m_gainedN += o.m_gainedN;
    if (m_firstGainedN < 0)
        m_firstGainedN = o.m_firstGainedN;
    m_posInfN = m_posInfN || o.m_posInfN;
    m_negInfN = m_negInfN || o.m_negInfN;
    m_posInfB = m_posInfB || o.m_posInfB;
    m_negInfB = m_negInfB || o.m_negInfB;
    m_maskMismatch = m_maskMismatch || o.m_maskMismatch;
    m_n += o.m_n;
}

void KlAccumulator::add(const double *npu, const double *bench, qint64 count)
{
    constexpr double Eps32 =
        1.1920929e-07; // msaccucmp floors the normalised values at float32 epsilon
    const double spanN = m_maxN - m_minN, spanB = m_maxB - m_minB;
    double p = 0, q = 0, sum = 0;
    for (qint64 i = 0; i < count; ++i) {
        double x = std::isfinite(npu[i]) ? npu[i] : 0.0;
        double y = std::isfinite(bench[i]) ? bench[i] : 0.0;
        x = spanN != 0 ? (x - m_minN) / spanN : x;
        y = spanB != 0 ? (y - m_minB) / spanB : y;
        x = std::max(x, Eps32);
        y = std::max(y, Eps32);
        p += x;
        q += y;
        sum += x * std::log(x / y);
    }
    m_p += p;
    m_q += q;
    m_s += sum;
}

double KlAccumulator::finish() const
{
    if (m_p <= 0 || m_q <= 0)
        return std::nan("");
    const double kl = m_s / m_p + std::log(m_q / m_p);
    return std::fabs(kl) < Eps ? 0.0 : kl;
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
    m.nonFiniteGained = m_gainedN;
    m.firstGainedNpu = m_firstGainedN;
    m.maskMismatch = m_maskMismatch;
    if (m_n == 0) {
        m.message = Tr::tr("This is empty data, can not compare.");
        return m;
    }
    const double n = double(m_n);
    // Statistics as torch gives them: the finite elements' sums and extremes, overridden where
    // NaN or infinities are present (NaN wins; +inf and -inf together make the mean NaN).
    auto sideStats =
        [n](double mn, double mx, double sum, double sq, qint64 nans, bool pos, bool neg) {
            TensorStats st;
            st.max = pos ? INFINITY : mx;
            st.min = neg ? -INFINITY : mn;
            st.mean = pos && neg ? std::nan("") : pos ? INFINITY : neg ? -INFINITY : sum / n;
            st.norm = pos || neg ? INFINITY : std::sqrt(sq);
            if (nans > 0)
                st = TensorStats{};
            return st;
        };
    m.npuFiniteMin = m_minN;
    m.npuFiniteMax = m_maxN;
    m.benchFiniteMin = m_minB;
    m.benchFiniteMax = m_maxB;
    m.npu = sideStats(m_minN, m_maxN, m_n1.value(), m_nn.value(), m_nanN, m_posInfN, m_negInfN);
    m.bench = sideStats(m_minB, m_maxB, m_b1.value(), m_bb.value(), m_nanB, m_posInfB, m_negInfB);
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
        m.message = Tr::tr("This is type of 0-d tensor, can not calculate 'Cosine', 'One "
                           "Thousandth Err Ratio' and "
                           "'Five Thousandths Err Ratio'.");
        return m;
    }
    m.oneThousandthRatio = double(m_rel1) / n;
    m.fiveThousandthRatio = double(m_rel5) / n;
    m.bf16ToleranceRatio = double(m_rel16) / n;
    if (rank == 1 && m_n == 1) {
        m.message = Tr::tr("This is a 1-d tensor of length 1.");
        return m;
    }
    // Two square roots, never sqrt(ΣN²·ΣB²), which overflows first (METRICS.md §0).
    const double normN = std::sqrt(m_nn.value());
    if (normN <= Eps && benchNorm <= Eps) {
        m.cosine = 1.0;
    } else if (normN <= Eps) {
        m.message =
            Tr::tr("Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.");
    } else if (benchNorm <= Eps) {
        m.message =
            Tr::tr("Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.");
    } else {
        m.cosine = m_nb.value() / normN / benchNorm;
        if (std::isnan(m.cosine))
            m.message = Tr::tr("Cannot compare by Cosine Similarity, the dump data has NaN.");
    }
    return m;
}

} // namespace Twinscope::Core
