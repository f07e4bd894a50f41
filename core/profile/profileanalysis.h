#pragma once

#include "rankprofile.h"

#include <memory>
#include <optional>
#include <vector>

namespace Twinscope::Core {

// One rank's line of the cluster view and of `profile --json`'s ranks[]: its steps' mean phases.
struct RankSummary
{
    int rank = -1;
    QString path;
    qint64 steps = 0;
    double stepUs = std::numeric_limits<double>::quiet_NaN();
    PhaseValues us = noPhases();
    bool hasKernels = false;
};

// msprof-analyze's cluster analysis is the anchor of both rules (docs/METRICS.md, "Slow ranks and
// slow links"):
// - a rank is slow in Computing or Free when its mean exceeds the median of all ranks by more than
//   5 % of the mean step time (the advisor's RATIO_THRESHOLD, slow_rank_analyzer.py; the advisor
//   compares max - min with it and names only the maximum, Twinscope names every rank past the
//   median so one outlier among a thousand ranks is not hidden by the spread of the rest);
// - a link is slow when its bandwidth is under 80 % of the median of its link type (the advisor
//   reports any 5 % spread between min and max, which packet-size noise alone reaches).
// At least three ranks (or links of the type) are needed for a median to mean anything.
constexpr double SlowRankStepShare = 0.05;
constexpr double SlowLinkMedianShare = 0.8;
constexpr int SlowRuleMinimumSamples = 3;

struct SlowRank
{
    int rank = -1;
    StepPhase phase = StepPhase::Computing;
    double valueUs = 0;
    double medianUs = 0;
    double thresholdUs = 0; // the excess over the median that counts
};

struct SlowLink
{
    int src = -1;
    int dst = -1; // -1 for a rank's own traffic of a link type (no matrix)
    QString link;
    double bandwidthGbps = 0;
    double medianGbps = 0;
};

// The profile pipeline's result: every rank's summary and the tables merged over all ranks.
struct ProfileAnalysis
{
    std::vector<RankSummary> ranks; // by rank
    KernelTable kernels;            // by signature (by type and core after a --merge)
    bool kernelSignatures = false;  // shapes, dtypes and formats known
    std::vector<CollectiveStats> collectives;
    std::vector<RankLinkTraffic> rankLinks;
    std::vector<MatrixLink> matrix;
    bool matrixLocalRanks = false;
    std::vector<SlowRank> slowRanks;
    std::vector<SlowLink> slowLinks;
    std::vector<ProfileFile> files; // every file read, with its error or warnings
    // Each rank's own tables (steps, memory, kernels), for per-rank views: kept for clusters of
    // up to KeepDetailsRanks ranks, which is what the GUI asks for.
    std::vector<std::shared_ptr<const RankProfile>> details;

    const RankProfile *detail(int rank) const;
    bool hasSteps() const;
    bool hasCommunication() const { return !collectives.empty(); }
    bool hasMemory() const;
};

constexpr int KeepDetailsRanks = 64;

// Merges rank profiles (in the order given) into an analysis, then applies the slow rules.
ProfileAnalysis reduceRankProfiles(std::vector<RankProfile> ranks,
                                   std::vector<MatrixLink> clusterMatrix,
                                   bool keepDetails);

// Merges analyses (shards) into one, as if their ranks had been read together.
ProfileAnalysis mergeAnalyses(std::vector<ProfileAnalysis> parts);

// Applies the two rules of msprof-analyze's cluster analysis (see above).
void findSlowRanks(ProfileAnalysis &a);
void findSlowLinks(ProfileAnalysis &a);

double medianOf(std::vector<double> values);

// The slow-rank rule's own threshold, SlowRankStepShare of the mean step over the ranks with a
// step time; nullopt when the rule cannot judge (fewer than SlowRuleMinimumSamples such ranks).
// The cluster heatmap colours by it, so a cell past the threshold is exactly a rank the text
// names (issue #23).
std::optional<double> slowRankThresholdUs(const ProfileAnalysis &a);

// The phase that takes most of the step (issue #23): of Computing, Communication not overlapped
// and Free, which partition a step in msprof-analyze's measure, the largest, summed over every
// rank with a step time and divided by their summed step time.
struct DominantPhase
{
    StepPhase phase = StepPhase::Computing;
    double us = 0;     // mean per rank and step
    double stepUs = 0; // mean step per rank
    double share() const { return stepUs > 0 ? us / stepUs : 0.0; }
};
std::optional<DominantPhase> dominantPhase(const ProfileAnalysis &a);
// "Communication not hidden by compute is 75 % of the step." (translated)
QString dominantPhaseSentence(const DominantPhase &d);

} // namespace Twinscope::Core
