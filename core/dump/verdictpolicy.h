#pragma once

#include "dumpcompare.h"

namespace Twinscope::Core {

// Twinscope's verdict policy (METRICS.md §4.5): msprobe 8.3.3's compare rules (Accuracy Reached or
// Not, the red and yellow highlight rules, the statistics-mode Result), with the deliberate
// differences listed there. Every row's verdict comes from the reasons that hold for it; the first
// divergent tensor, the NaN/Inf origin and every count shown anywhere derive from those verdicts.

// Why a row is an error or a warning; a row collects every reason that holds.
enum class VerdictReason : quint32 {
    // Errors.
    Unreadable = 1u << 0,         // a side cannot be read (the message says why)
    DtypeMismatch = 1u << 1,      // dtypes outside one comparable group
    AccuracyNotReached = 1u << 2, // msprobe "Accuracy Reached or Not" = No (tensor mode)
    NonFiniteGained = 1u << 3,    // the NPU has NaN/Inf where the bench has not
    HugeError = 1u << 4,          // MaxAbsErr (statistics: Max diff) above 1e10
    AccuracyDrop = 1u << 5,       // every input accurate (> 0.9), this output not (< 0.6)
    OutputMaxRelative = 1u << 6,  // statistics: the output's Max moved by more than half
    ArgumentChanged = 1u << 7,    // a non-tensor argument of the call differs
    AllcloseFailed = 1u << 8,     // checkpoints: elements outside allclose (applyAllcloseVerdict)
    // Warnings.
    StatisticsDiffer = 1u << 16,     // statistics: Max/Min/Mean/Norm moved by more than half
    AccuracyDecrease = 1u << 17,     // the output's accurate share fell by > 0.1 from an input's
    CosineDecrease = 1u << 18,       // the output's cosine fell by > 0.1 from an input's
    ErrorGrowth = 1u << 19,          // MaxAbsErr grew by an order of magnitude from input to output
    OutputRelativeGrowth = 1u << 20, // statistics: output Max moved > 10 %, an input's < 1 %
    RequiresGradDiffers = 1u << 21,
    // statistics: msprobe's Warning, but only the Mean moved and by less than the run's rounding
    // while Max/Min/Norm agree to rounding (a mean of ±1e-9 around 0 in a bf16 run): a warning, as
    // in msprobe, that does not make the row divergent.
    StatisticsRounding = 1u << 22,
};
constexpr quint32 ErrorReasons = 0xffffu;

QString verdictReasonId(VerdictReason reason);   // "nonfinite_gained", ...: stable CLI ids
QString verdictReasonText(VerdictReason reason); // msprobe's message where it has one
QStringList verdictReasonIds(quint32 reasons);

// The unit roundoff of a dtype (bf16 2^-8, fp16 2^-11, fp32 2^-24, fp64 2^-53; 0 for integers).
double unitRoundoff(DType type);
// The run's precision: the largest unit roundoff of any tensor on either side. A run that
// computes anything in bf16 carries bf16 errors into its fp32 tensors too (a gradient of a bf16
// matmul, logits.float()), so the per-dtype thresholds follow the run, not the row.
double runUnitRoundoff(const TensorDump &bench, const TensorDump &npu);
// msprobe's dtype groups: {float16, bfloat16, float32} compare as one (Twinscope adds float64, and
// {int32, int64}); any other difference is DtypeMismatch.
bool dtypesComparable(DType a, DType b);

// The share of accurate elements used by the input/output rules, at a relative tolerance the
// run's precision can meet: msprobe's One Thousandth Err Ratio (0.1 %) for fp32/fp64 runs, its
// Five Thousandths Err Ratio (0.5 %, ten fp16 roundoffs) for fp16 runs, and the share below
// torch.testing.assert_close's bf16 rtol (1.6 %) for bf16 runs: rounding to bf16 alone leaves
// about half the elements above 0.1 %. NaN when not computed.
double accurateShare(const PairMetrics &m, double runRoundoff);

// Fills every row's accuracy, reasons, verdict, message and divergent/origin flags, compares the
// non-tensor arguments, and sets firstDivergent and nanOrigin. Metrics (tensor mode) or
// statistics differences (statistics mode) must already be in the rows.
void applyVerdictPolicy(DumpComparison *comparison);

// The statistics every view shows (the CLI's JSON, the CSV, the GUI's statistics pane): what the
// dump recorded (msprobe dump.json, in tensor mode too) where it has them, else the ones computed
// over the compared elements (npuStats/benchStats).
TensorStats shownNpuStats(const DumpComparison &comparison, const CompareRow &row);
TensorStats shownBenchStats(const DumpComparison &comparison, const CompareRow &row);

// Checkpoints (TroubleShooter's compare_pth_and_ckpt): every compared pair with an element outside
// allclose (the rtol/atol its metrics were computed with) gets AllcloseFailed, whatever its
// cosine, and the message says how it fails ("every element 5 % larger: a scale"); then the
// divergence flags are marked again.
void applyAllcloseVerdict(DumpComparison *comparison);

// The divergent and origin flags, firstDivergent and nanOrigin from the rows' verdicts, reasons
// and nonFiniteGained (applyVerdictPolicy ends with it; compare-result files use it alone).
void markDivergence(DumpComparison *comparison);

} // namespace Twinscope::Core
