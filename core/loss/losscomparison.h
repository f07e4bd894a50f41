#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "lossdataset.h"

#include <QString>

#include <optional>
#include <vector>

namespace Twinscope::Core {

struct LossCompareOptions
{
    double rtol = 1e-2; // METRICS.md §9.4 defaults
    double atol = 0.0;
    int k = 3;
    qint64 benchmarkOffset = 0; // added to the benchmark's steps (resumed runs)
    qint64 testOffset = 0;
};

// Why a step exceeds the tolerance (stable ids for the CLI).
enum class ExceedReason : quint8 {
    None,
    Threshold,
    NonFiniteTest,
    NonFiniteBenchmark,
    BothNonFinite
};
QString exceedReasonId(ExceedReason reason);

// The seeds' diagnosis table (METRICS.md §9.5); code is a stable id, text is translated.
struct LossDiagnosis
{
    QString code; // no_common_steps, nonfinite, first_step_differs, second_step_differs,
                  // fork_later, loss_scale_drops, transient_differences, curves_match; for a
                  // metric that is not a loss only metric_differs or metric_matches
    QString text;
};

// Whether the diagnosis table applies: the metric is a loss or a perplexity (by its name).
bool isLossLikeMetric(const QString &metric);

// Benchmark A against run under test B on their common steps (METRICS.md §9). Relative differences
// are taken against A, the reference of allclose: |B - A| > atol + rtol*|A| exceeds.
struct LossComparison
{
    QString metric;
    LossCompareOptions options;
    std::vector<qint64> steps; // common steps (after offsets), ascending
    std::vector<double> benchmark;
    std::vector<double> test;
    std::vector<double> absDiff;    // |B - A|, NaN where either side is non-finite
    std::vector<double> relDiff;    // |B - A| / |A|; Inf where A == 0 != B
    std::vector<double> signedDiff; // B - A
    std::vector<ExceedReason> exceeds;

    qsizetype benchmarkSteps = 0; // points of the metric in A and in B, for the coverage
    qsizetype testSteps = 0;
    std::optional<qint64> firstDiffStep;
    std::optional<qint64> firstExceedingStep;
    std::optional<qint64> firstDivergentStep;
    ExceedReason divergenceReason = ExceedReason::None;
    int longestExceedingRun = 0;
    double maxAbsDiff = 0.0; // over steps where both sides are finite; NaN when there are none
    double maxRelDiff = 0.0;
    std::optional<qint64> maxAbsDiffStep;
    LossDiagnosis diagnosis;
    QString noiseFloorHint; // empty unless the difference stays under the det/non-det noise floor

    qsizetype alignedSteps() const { return qsizetype(steps.size()); }
};

// metric empty: the benchmark's main metric. Works on any series; never fails (no common steps is a
// diagnosis, not an error), but is canceled when cancel is seen (polled every PollRecords steps).
Result<LossComparison> compareLossRuns(const LossRun &benchmark,
                                       const LossRun &test,
                                       const QString &metric,
                                       const LossCompareOptions &options,
                                       ProgressSink &progress,
                                       const CancelToken &cancel);
// The same, for callers with nothing to cancel (tests).
LossComparison compareLossRuns(const LossRun &benchmark,
                               const LossRun &test,
                               const QString &metric,
                               const LossCompareOptions &options);
LossComparison compareLossSeries(const LossSeries &benchmark,
                                 const LossSeries &test,
                                 const LossCompareOptions &options,
                                 const LossSeries *testLossScale = nullptr);

// The relative difference at which deterministic and non-deterministic runs of one job already
// differ (METRICS.md §9.4: 1.5e-5 and 1.2e-4 in real pairs).
constexpr double LossNoiseFloorRel = 1.2e-4;

} // namespace Twinscope::Core
