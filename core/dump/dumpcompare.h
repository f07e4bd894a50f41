#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "tensordump.h"
#include "tensormetrics.h"

#include <QRegularExpression>

#include <memory>

namespace Twinscope::Core {

// Verdict thresholds (METRICS.md §4); defaults are msprobe's.
struct CompareThresholds
{
    double cosine = 0.99;                // COS_THRESHOLD
    double maxAbsErr = 0.001;            // MAX_ABS_ERR_THRESHOLD
    double cosineFloor = 0.9;            // COS_MAX_THRESHOLD
    double maxAbsErrCeiling = 1;         // MAX_ABS_ERR_MAX_THRESHOLD
    double oneThousandthInputRed = 0.9;  // ONE_THOUSAND_ERROR_IN_RED
    double oneThousandthOutputRed = 0.6; // ONE_THOUSAND_ERROR_OUT_RED
    double cosineDiffYellow = 0.1;       // COSINE_DIFF_YELLOW
    // Statistics mode: a statistic whose difference exceeds this share of max(|npu|, |bench|, 1e-3)
    // diverges. Statistics are rounded to the tensor's dtype, so below ~2u (0.8 % bf16) is noise.
    double statRelTolerance = 0.02;
    double normInputRed = 0.1;  // input Norm relative error below this ...
    double normOutputRed = 0.5; // ... but output above this: error
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
// Max/Min/Mean/Norm.
struct StatsDiff
{
    double maxDiff = std::nan(""), minDiff = std::nan(""), meanDiff = std::nan(""),
           normDiff = std::nan("");
    double maxRel = std::nan(""), minRel = std::nan(""), meanRel = std::nan(""),
           normRel = std::nan("");
    double worst =
        std::nan(""); // largest |Δ| / max(|npu|, |bench|, 1e-3) over the four: divergence test
};

struct CompareRow
{
    int bench = -1; // index into the bench dump's tensors
    int npu = -1;
    PairMatch match = PairMatch::Exact;
    PairMetrics metrics;
    StatsDiff stats;
    Verdict verdict = Verdict::Pass;
    bool accuracyReached = true; // msprobe "Accuracy Reached or Not" (METRICS.md §4.1)
    bool divergent = false;      // counts for the first divergent tensor
    bool origin = false;         // divergent, and every input of its op passes
    bool npuNonFinite = false;
    QString message;
};

struct DumpComparison
{
    std::shared_ptr<const TensorDump> bench;
    std::shared_ptr<const TensorDump> npu;
    bool statisticsMode = false;
    QList<CompareRow> rows;    // paired tensors, in bench execution order
    QList<int> unmatchedBench; // bench tensor indices
    QList<int> unmatchedNpu;   // npu tensor indices
    int firstDivergent = -1;   // row index
    int nanOrigin = -1;        // row index
    qint64 bytesCompared = 0;
    CompareOptions options;
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
