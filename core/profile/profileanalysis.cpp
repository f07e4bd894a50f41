#include "profileanalysis.h"

#include "core/common/tr.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

const RankProfile *ProfileAnalysis::detail(int rank) const
{
    for (const auto &d : details) {
        if (d && d->rank == rank)
            return d.get();
    }
    return nullptr;
}

bool ProfileAnalysis::hasSteps() const
{
    return std::any_of(
        ranks.begin(), ranks.end(), [](const RankSummary &r) { return r.steps > 0; });
}

bool ProfileAnalysis::hasMemory() const
{
    return std::any_of(
        details.begin(), details.end(), [](const auto &d) { return d && !d->memory.isEmpty(); });
}

double medianOf(std::vector<double> values)
{
    if (values.empty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

namespace {

void mergeMatrix(std::map<std::tuple<int, int, QString>, MatrixLink> &into,
                 const std::vector<MatrixLink> &links)
{
    for (const MatrixLink &l : links) {
        MatrixLink &m = into[{l.src, l.dst, l.link}];
        if (m.ops == 0 && m.timeMs == 0 && m.sizeMb == 0) {
            m = l;
            continue;
        }
        m.sizeMb += l.sizeMb;
        m.timeMs += l.timeMs;
        m.ops += l.ops;
    }
}

void sortRanks(std::vector<RankSummary> &ranks)
{
    std::stable_sort(ranks.begin(), ranks.end(), [](const RankSummary &a, const RankSummary &b) {
        return a.rank < b.rank;
    });
}

void sortCollectives(std::vector<CollectiveStats> &c)
{
    std::stable_sort(c.begin(), c.end(), [](const CollectiveStats &a, const CollectiveStats &b) {
        if (a.elapseMs != b.elapseMs)
            return a.elapseMs > b.elapseMs;
        return a.op < b.op;
    });
}

void sortLinks(std::vector<RankLinkTraffic> &l)
{
    std::stable_sort(l.begin(), l.end(), [](const RankLinkTraffic &a, const RankLinkTraffic &b) {
        return std::tie(a.rank, a.link) < std::tie(b.rank, b.link);
    });
}

} // namespace

ProfileAnalysis reduceRankProfiles(std::vector<RankProfile> ranks,
                                   std::vector<MatrixLink> clusterMatrix,
                                   bool keepDetails)
{
    ProfileAnalysis a;
    // Ranks no metadata or folder name numbers get the numbers after the known ones.
    int next = 0;
    for (const RankProfile &r : ranks)
        next = std::max(next, r.rank + 1);
    for (RankProfile &r : ranks) {
        if (r.rank < 0)
            r.rank = next++;
    }
    std::stable_sort(ranks.begin(), ranks.end(), [](const RankProfile &x, const RankProfile &y) {
        return x.rank < y.rank;
    });
    std::map<std::tuple<int, int, QString>, MatrixLink> matrix;
    mergeMatrix(matrix, clusterMatrix);
    const bool fromCluster = !clusterMatrix.empty();
    // All ranks' collectives merged at once, by a hash of their names (one rank at a time into
    // a list searched linearly was quadratic: past 60 s for 2 x 10^5 distinct collectives).
    std::vector<CollectiveStats> collectives;
    for (RankProfile &r : ranks) {
        RankSummary s;
        s.rank = r.rank;
        s.path = r.path;
        const StepMeans m = stepMeans(r.steps);
        s.steps = m.steps;
        s.stepUs = m.stepUs;
        s.us = m.us;
        s.hasKernels = r.kernels.kernels > 0;
        a.ranks.push_back(s);
        a.kernels.merge(r.kernels);
        a.kernelSignatures =
            a.kernelSignatures || (r.kernels.kernels > 0 && !r.kernelsFromStatistics);
        collectives.insert(collectives.end(), r.collectives.begin(), r.collectives.end());
        a.rankLinks.insert(a.rankLinks.end(), r.links.begin(), r.links.end());
        if (!fromCluster) {
            mergeMatrix(matrix, r.matrix);
            a.matrixLocalRanks = a.matrixLocalRanks || r.matrixLocalRanks;
        }
        for (const ProfileFile &f : r.files)
            a.files.push_back(f);
        if (keepDetails)
            a.details.push_back(std::make_shared<const RankProfile>(std::move(r)));
    }
    mergeCollectives(a.collectives, std::move(collectives));
    for (auto &[key, link] : matrix)
        a.matrix.push_back(link);
    sortCollectives(a.collectives);
    sortLinks(a.rankLinks);
    findSlowRanks(a);
    findSlowLinks(a);
    return a;
}

ProfileAnalysis mergeAnalyses(std::vector<ProfileAnalysis> parts)
{
    ProfileAnalysis a;
    std::map<std::tuple<int, int, QString>, MatrixLink> matrix;
    std::vector<CollectiveStats> collectives;
    for (ProfileAnalysis &p : parts) {
        a.ranks.insert(a.ranks.end(), p.ranks.begin(), p.ranks.end());
        a.kernels.merge(p.kernels);
        a.kernelSignatures = a.kernelSignatures || p.kernelSignatures;
        collectives.insert(collectives.end(), p.collectives.begin(), p.collectives.end());
        a.rankLinks.insert(a.rankLinks.end(), p.rankLinks.begin(), p.rankLinks.end());
        mergeMatrix(matrix, p.matrix);
        a.matrixLocalRanks = a.matrixLocalRanks || p.matrixLocalRanks;
        a.files.insert(a.files.end(), p.files.begin(), p.files.end());
        for (auto &d : p.details)
            a.details.push_back(std::move(d));
    }
    mergeCollectives(a.collectives, std::move(collectives));
    for (auto &[key, link] : matrix)
        a.matrix.push_back(link);
    sortRanks(a.ranks);
    sortCollectives(a.collectives);
    sortLinks(a.rankLinks);
    findSlowRanks(a);
    findSlowLinks(a);
    return a;
}

std::optional<double> slowRankThresholdUs(const ProfileAnalysis &a)
{
    double sum = 0;
    int n = 0;
    for (const RankSummary &r : a.ranks) {
        if (std::isfinite(r.stepUs)) {
            sum += r.stepUs;
            ++n;
        }
    }
    if (n < SlowRuleMinimumSamples)
        return std::nullopt;
    return SlowRankStepShare * sum / double(n);
}

std::optional<DominantPhase> dominantPhase(const ProfileAnalysis &a)
{
    constexpr StepPhase Parts[] = {
        StepPhase::Computing, StepPhase::CommunicationNotOverlapped, StepPhase::Free};
    double sums[std::size(Parts)] = {};
    double stepSum = 0;
    int n = 0;
    for (const RankSummary &r : a.ranks) {
        if (!std::isfinite(r.stepUs) || r.stepUs <= 0)
            continue;
        stepSum += r.stepUs;
        ++n;
        for (size_t k = 0; k < std::size(Parts); ++k) {
            const double v = r.us[size_t(Parts[k])];
            sums[k] += std::isfinite(v) ? v : 0.0;
        }
    }
    if (n == 0)
        return std::nullopt;
    const size_t top = size_t(std::max_element(std::begin(sums), std::end(sums)) - sums);
    if (sums[top] <= 0)
        return std::nullopt;
    return DominantPhase{Parts[top], sums[top] / n, stepSum / n};
}

QString dominantPhaseSentence(const DominantPhase &d)
{
    const QString percent = QLocale().toString(100.0 * d.share(), 'f', 0);
    switch (d.phase) {
    case StepPhase::CommunicationNotOverlapped:
        return Tr::tr("Communication not hidden by compute is %1 % of the step.").arg(percent);
    case StepPhase::Free:
        return Tr::tr("Free time (the device waits for the host) is %1 % of the step.")
            .arg(percent);
    default:
        return Tr::tr("Computing is %1 % of the step.").arg(percent);
    }
}

void findSlowRanks(ProfileAnalysis &a)
{
    a.slowRanks.clear();
    const std::optional<double> rule = slowRankThresholdUs(a);
    if (!rule)
        return;
    const double threshold = *rule;
    for (const StepPhase phase : {StepPhase::Computing, StepPhase::Free}) {
        std::vector<double> values;
        for (const RankSummary &r : a.ranks) {
            if (std::isfinite(r.us[size_t(phase)]))
                values.push_back(r.us[size_t(phase)]);
        }
        if (int(values.size()) < SlowRuleMinimumSamples)
            continue;
        const double median = medianOf(values);
        for (const RankSummary &r : a.ranks) {
            const double v = r.us[size_t(phase)];
            if (std::isfinite(v) && v - median > threshold)
                a.slowRanks.push_back({r.rank, phase, v, median, threshold});
        }
    }
    std::stable_sort(
        a.slowRanks.begin(), a.slowRanks.end(), [](const SlowRank &x, const SlowRank &y) {
            return x.valueUs - x.medianUs > y.valueUs - y.medianUs;
        });
}

void findSlowLinks(ProfileAnalysis &a)
{
    a.slowLinks.clear();
    // The global matrix names both ends; without it (or with group-local numbers) each rank's own
    // traffic per link type is compared, as msprof-analyze's advisor does.
    std::map<QString, std::vector<SlowLink>> byType;
    if (!a.matrix.empty() && !a.matrixLocalRanks) {
        for (const MatrixLink &l : a.matrix) {
            if (l.timeMs > 0 && l.src != l.dst)
                byType[l.link].push_back({l.src, l.dst, l.link, l.bandwidthGbps(), 0});
        }
    } else {
        for (const RankLinkTraffic &l : a.rankLinks) {
            if (l.timeMs > 0)
                byType[l.link].push_back({l.rank, -1, l.link, l.bandwidthGbps(), 0});
        }
    }
    for (auto &[type, links] : byType) {
        if (int(links.size()) < SlowRuleMinimumSamples)
            continue;
        std::vector<double> values;
        for (const SlowLink &l : links)
            values.push_back(l.bandwidthGbps);
        const double median = medianOf(values);
        for (SlowLink &l : links) {
            if (median > 0 && l.bandwidthGbps < SlowLinkMedianShare * median) {
                l.medianGbps = median;
                a.slowLinks.push_back(l);
            }
        }
    }
    std::stable_sort(
        a.slowLinks.begin(), a.slowLinks.end(), [](const SlowLink &x, const SlowLink &y) {
            return x.bandwidthGbps / x.medianGbps < y.bandwidthGbps / y.medianGbps;
        });
}

} // namespace Twinscope::Core
