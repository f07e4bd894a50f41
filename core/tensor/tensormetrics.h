#pragma once

#include "tensordump.h"

#include <QString>

#include <cmath>

namespace Twinscope::Core {

// The metrics of one NPU/bench tensor pair (METRICS.md §1-§3), computed in one streaming pass with
// double accumulation. NaN means "not computed" (unsupported, or NaN/Inf positions differ); message
// then carries msprobe's explanation.
struct PairMetrics
{
    qint64 count = 0;
    double cosine = std::nan("");
    double maxAbsErr = std::nan("");
    double maxRelErr = std::nan("");          // msprobe convention: ε added where bench == 0
    double maxRelErrMsaccucmp = std::nan(""); // msaccucmp: elements with |bench| <= ε count as 0
    double meanRelErrMsaccucmp = std::nan("");
    double meanAbsErr = std::nan("");
    double rmse = std::nan("");
    double eucDist = std::nan("");
    double relEuclidean = std::nan("");
    double oneThousandthRatio = std::nan("");
    double fiveThousandthRatio = std::nan("");
    double bf16ToleranceRatio = std::nan(""); // share with relative error below 1.6 %
    double allclosePassShare = std::nan("");
    double klDivergence = std::nan(""); // msaccucmp's KL(NPU ‖ bench), optional second pass (§3.1)
    double rtol = 0;
    double atol = 0;
    qint64 nanNpu = 0, infNpu = 0, nanBench = 0, infBench = 0;
    // Elements non-finite on the NPU where the bench is finite or non-finite differently (NaN vs
    // Inf): what the NPU gained. Shared NaN/Inf (a causal mask's -inf on both sides) are not.
    qint64 nonFiniteGained = 0;
    qint64 benchZeros = 0;
    qint64 firstNonFiniteNpu = -1; // storage-order index
    qint64 firstGainedNpu = -1;    // storage-order index of the first gained element
    bool maskMismatch = false;
    // Per-side statistics as torch computes them (max/min/mean/norm, NaN if any element is NaN,
    // ±inf where there are infinities), comparable with msprobe's Max/Min/Mean/Norm.
    TensorStats npu;
    TensorStats bench;
    // Each side's extremes over its finite elements (±inf when it has none); KL's normalisation.
    double npuFiniteMin = INFINITY, npuFiniteMax = -INFINITY;
    double benchFiniteMin = INFINITY, benchFiniteMax = -INFINITY;
    QString message;
};

// Streaming accumulator; feed aligned chunks of both sides in the same element order.
class PairAccumulator
{
public:
    PairAccumulator(double rtol, double atol)
        : m_rtol(rtol)
        , m_atol(atol)
    {}
    // Index of this accumulator's first element in the tensor (element ranges on several threads).
    void setOffset(qint64 offset) { m_offset = offset; }
    // Appends the accumulator of the range that follows this one.
    void merge(const PairAccumulator &next);
    void add(const double *npu, const double *bench, qint64 count);
    // float32 on both sides: widened inside the kernel, no intermediate double buffers.
    void add(const float *npu, const float *bench, qint64 count);
    // rank and numel decide msprobe's 0-d and length-1 pre-checks.
    PairMetrics finish(int rank) const;

private:
    struct Sum // Neumaier-compensated running sum over per-chunk partial sums
    {
        double sum = 0, c = 0;
        void add(double v)
        {
            const double t = sum + v;
            c += std::fabs(sum) >= std::fabs(v) ? (sum - t) + v : (v - t) + sum;
            sum = t;
        }
        double value() const { return sum + c; }
        void merge(const Sum &o)
        {
            add(o.sum);
            add(o.c);
        }
    };
    template<typename T>
    bool addClean(const T *npu, const T *bench, qint64 count);

    double m_rtol, m_atol;
    qint64 m_offset = 0;
    qint64 m_n = 0;
    Sum m_nb, m_nn, m_bb, m_abs, m_sq, m_n1, m_b1, m_relAcc;
    double m_maxAbs = 0, m_maxRel = 0, m_maxRelAcc = 0;
    qint64 m_rel1 = 0, m_rel5 = 0, m_rel16 = 0, m_allclose = 0, m_benchZeros = 0;
    double m_minN = INFINITY, m_maxN = -INFINITY, m_minB = INFINITY, m_maxB = -INFINITY;
    qint64 m_nanN = 0, m_infN = 0, m_nanB = 0, m_infB = 0, m_firstBadN = -1;
    qint64 m_gainedN = 0, m_firstGainedN = -1;
    bool m_posInfN = false, m_negInfN = false, m_posInfB = false, m_negInfB = false;
    bool m_maskMismatch = false;
};

// msaccucmp's KL divergence (METRICS.md §3.1) as a second streaming pass once each side's min and
// max are known: P = Σp̃, Q = Σq̃, S = Σ p̃ ln(p̃/q̃), KL = S/P + ln(Q/P). NaN/Inf positions are
// compared as 0, as in the first pass.
class KlAccumulator
{
public:
    KlAccumulator(double minN, double maxN, double minB, double maxB)
        : m_minN(minN)
        , m_maxN(maxN)
        , m_minB(minB)
        , m_maxB(maxB)
    {}
    void add(const double *npu, const double *bench, qint64 count);
    double finish() const;

private:
    double m_minN, m_maxN, m_minB, m_maxB;
    double m_p = 0, m_q = 0, m_s = 0;
};

// allclose defaults per dtype (torch.testing.assert_close, METRICS.md §3.2): {rtol, atol}.
std::pair<double, double> allcloseDefaults(DType type);

} // namespace Twinscope::Core
