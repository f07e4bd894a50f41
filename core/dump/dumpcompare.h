#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/tensor/tensordump.h"
#include "core/tensor/tensormetrics.h"

#include <QRegularExpression>

#include <memory>

namespace Twinscope::Core {

// Verdict thresholds (METRICS.md §4.5); defaults are msprobe 8.3.3's constants.
struct CompareThresholds
{
    // Accuracy Reached or Not.
    double cosine = 0.99;        // COS_THRESHOLD
    double maxAbsErr = 0.001;    // MAX_ABS_ERR_THRESHOLD
    double cosineFloor = 0.9;    // COS_MAX_THRESHOLD
    double maxAbsErrCeiling = 1; // MAX_ABS_ERR_MAX_THRESHOLD (per dtype: at least 4 units of the
                                 // pair's roundoff at the bench's largest magnitude)
    // Input/output rules (tensor mode).
    double accurateInputRed = 0.9;       // ONE_THOUSAND_ERROR_IN_RED
    double accurateOutputRed = 0.6;      // ONE_THOUSAND_ERROR_OUT_RED
    double accurateDecreaseYellow = 0.1; // ONE_THOUSAND_ERROR_DIFF_YELLOW
    double cosineDecreaseYellow = 0.1;   // COSINE_DIFF_YELLOW
    double maxDiffRed = 1e10;            // MAX_DIFF_RED
    double orderOfMagnitudeYellow = 1;   // ORDER_MAGNITUDE_DIFF_YELLOW
    // Statistics mode.
    double statMagnitude = 0.5;        // MAGNITUDE: |Δ| / max(|npu|, |bench|) above it warns
    double maxRelativeOutRed = 0.5;    // MAX_RELATIVE_OUT_RED
    double maxRelativeOutYellow = 0.1; // MAX_RELATIVE_OUT_YELLOW
    double maxRelativeInYellow = 0.01; // MAX_RELATIVE_IN_YELLOW
    // Twinscope: a Mean difference below this many units of the run's roundoff times the tensor's
    // largest magnitude (Max/Min/Norm: twice as many units of their own) is rounding noise; a
    // warning made only of such moves is statistics_rounding, not a divergence.
    double statNoiseUnits = 2;
};

struct CompareOptions
{
    CompareThresholds thresholds;
    double rtol = -1; // allclose; negative: the NPU dtype's assert_close default
    double atol = -1;
    // User mapping applied to NPU-side names before matching: regex -> replacement (METRICS.md
    // §7.3).
    QList<QPair<QRegularExpression, QString>> mapping;
    // Pair by identical keys only, without the per-call tensor count, fuzzy or order steps: the
    // caller has already paired the tensors and gave partners one key (the checkpoint comparison,
    // whose name mapping reports every pair and every name left over).
    bool pairByKeyOnly = false;
    int threads = 0;                // 0: WorkerPool::size()
    qint64 chunkElements = 1 << 14; // 128 KiB of doubles per side: stays in L2
    qint64 maxReorderElements = qint64(1)
                                << 26; // tensors whose two layouts differ are reordered in memory
    bool computeKl = false;            // msaccucmp's KL divergence: a second pass over every pair
    // Pairs with more elements are cut into ranges of this many, so one huge tensor uses every
    // thread.
    qint64 splitElements = qint64(1) << 23;
    DumpReadOptions read; // element cap and containment, applied when each side is loaded
};

// Reads a mapping file: a JSON object {"regex": "replacement", ...} or a list of [regex,
// replacement].
bool loadMappingFile(const QString &path,
                     QList<QPair<QRegularExpression, QString>> *mapping,
                     QString *error);

enum class Verdict : quint8 { Pass, Warning, Error, Unmatched };
QString verdictId(Verdict v); // "pass", "warning", "error", "unmatched"
enum class PairMatch : quint8 { Exact, Mapped, Fuzzy, Order };
QString pairMatchId(PairMatch m);

// Statistics-mode comparison (METRICS.md §5): signed differences and relative errors of
// Max/Min/Mean/Norm (NaN where msprobe writes N/A: the bench statistic is 0 or missing).
struct StatsDiff
{
    double maxDiff = std::nan(""), minDiff = std::nan(""), meanDiff = std::nan(""),
           normDiff = std::nan("");
    double maxRel = std::nan(""), minRel = std::nan(""), meanRel = std::nan(""),
           normRel = std::nan("");
    // msprobe's magnitude: the largest |Δ| / (|max(npu, bench)| + 1e-10) over the four
    // statistics (0 when none moved, inf when NaN/Inf appear on one side only).
    double worst = std::nan("");
};

// msprobe's "Accuracy Reached or Not" (METRICS.md §4.1).
enum class Accuracy : quint8 { None, Yes, No, Unmatched };
QString accuracyText(Accuracy a); // "None", "Yes", "No", "Unmatched" as msprobe writes them

// A row's tensor-mode metrics, kept apart from the row: statistics-mode rows (msprobe statistics,
// ptdbg) have none, and 10^6 such rows would otherwise carry 330 unused bytes each (issue #16's
// memory bound). Reads of an empty box see a default PairMetrics (count 0, every metric NaN).
class RowMetrics
{
public:
    RowMetrics() = default;
    RowMetrics(const RowMetrics &o)
        : m_data(o.m_data ? std::make_unique<PairMetrics>(*o.m_data) : nullptr)
    {}
    RowMetrics(RowMetrics &&) noexcept = default;
    RowMetrics &operator=(const RowMetrics &o)
    {
        if (this != &o)
            m_data = o.m_data ? std::make_unique<PairMetrics>(*o.m_data) : nullptr;
        return *this;
    }
    RowMetrics &operator=(RowMetrics &&) noexcept = default;
    RowMetrics &operator=(PairMetrics m)
    {
        m_data = std::make_unique<PairMetrics>(std::move(m));
        return *this;
    }
    bool hasValue() const { return bool(m_data); }
    const PairMetrics &operator*() const { return m_data ? *m_data : empty(); }
    const PairMetrics *operator->() const { return &**this; }
    // Creates the metrics on first write.
    PairMetrics &edit()
    {
        if (!m_data)
            m_data = std::make_unique<PairMetrics>();
        return *m_data;
    }

private:
    static const PairMetrics &empty();
    std::unique_ptr<PairMetrics> m_data;
};

struct CompareRow
{
    int bench = -1; // index into the bench dump's tensors
    int npu = -1;
    RowMetrics metrics; // tensor mode (and imported compare results); empty in statistics mode
    StatsDiff stats;
    QString message;     // msprobe's Err_message: metric notes, then the reasons
    quint32 reasons = 0; // VerdictReason bits (verdictpolicy.h)
    // The one-byte fields together (10^6 rows, issue #16).
    PairMatch match = PairMatch::Exact;
    Verdict verdict = Verdict::Pass;
    Accuracy accuracy = Accuracy::None; // tensor mode
    bool divergent = false;             // an error, or (statistics) a statistic that moved
    bool origin = false;                // divergent, and nothing it depends on diverged before
    bool npuNonFinite = false;          // the NPU side holds NaN/Inf (shared or not)
    bool nonFiniteGained = false;       // ... where the bench does not: counts for the NaN origin
};

// A non-tensor argument paired across the two sides (indices into TensorDump::arguments).
struct ArgumentDiff
{
    int bench = -1;
    int npu = -1;
    bool changed = false;
};

struct DumpComparison
{
    std::shared_ptr<const TensorDump> bench;
    std::shared_ptr<const TensorDump> npu;
    bool statisticsMode = false;
    QList<CompareRow> rows;        // paired tensors, in bench execution order
    QList<int> unmatchedBench;     // bench tensor indices
    QList<int> unmatchedNpu;       // npu tensor indices
    QList<ArgumentDiff> arguments; // non-tensor arguments present on both sides, bench order
    int changedArguments = 0;
    int firstDivergent = -1; // row index
    int nanOrigin = -1;      // row index: the first row where the NPU gains NaN/Inf
    qint64 bytesCompared = 0;
    CompareOptions options;

    // Counts over rows (unmatched tensors count as errors, as the CLI always did).
    int countVerdict(Verdict v) const;
    // Each side's Max/Min/Mean/Norm for a row: computed over the elements where the row has
    // metrics, the dump's own statistics in statistics mode (NaN where absent).
    TensorStats npuStats(const CompareRow &r) const;
    TensorStats benchStats(const CompareRow &r) const;
    // A row's max relative error: its metrics' where it has them; in statistics mode without
    // metrics, the relative difference of the maxima (msprobe's MaxRelativeErr in that mode,
    // what the CSV's MaxRelativeErr column writes too).
    double maxRelErr(const CompareRow &r) const;
};

// Pairs the two dumps' tensors (exact, mapped, fuzzy, then order+shape) and compares every pair on
// up to options.threads threads, one streaming pass each; then verdicts, first divergence, NaN
// origin.
Result<DumpComparison> compareDumps(std::shared_ptr<const TensorDump> bench,
                                    std::shared_ptr<const TensorDump> npu,
                                    const CompareOptions &options,
                                    ProgressSink &progress,
                                    const CancelToken &cancel);

// The rows paired up, without metrics: exposed for tests of the matching strategies.
QList<CompareRow> pairTensors(const TensorDump &bench,
                              const TensorDump &npu,
                              const CompareOptions &options,
                              QList<int> *unmatchedBench,
                              QList<int> *unmatchedNpu);

} // namespace Twinscope::Core
