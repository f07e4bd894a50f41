#include "profilepipeline.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "profilefolder.h"

#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <utility>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Cluster files (msprof-analyze) give rows of ranks that may also have their own folder open: the
// rank's own tables win, the cluster rows fill what it lacks.
void addClusterRanks(std::vector<RankProfile> &ranks, ClusterTables &cluster)
{
    for (auto &[id, from] : cluster.ranks) {
        auto it = std::find_if(
            ranks.begin(), ranks.end(), [id = id](const RankProfile &r) { return r.rank == id; });
        if (it == ranks.end()) {
            ranks.push_back(std::move(from));
            continue;
        }
        if (it->steps.empty())
            it->steps = std::move(from.steps);
        if (it->collectives.empty()) {
            it->collectives = std::move(from.collectives);
            it->links = std::move(from.links);
        }
    }
}

// What a rank's reading holds: tables read, then rows; the richer of two readings of one rank is
// kept.
std::pair<int, qint64> richness(const RankProfile &r)
{
    int tables = 0;
    qint64 rows = 0;
    for (const ProfileFile &f : r.files) {
        if (!f.error && f.rows > 0) {
            ++tables;
            rows += f.rows;
        }
    }
    return {tables, rows};
}

// Two folders claiming one rank (a run's text export and its DB export opened together, or one
// folder given twice) would count the rank twice: the richer reading is kept (the first given on a
// tie) and a warning names both (issue #23).
void dropDuplicateRanks(std::vector<RankProfile> &ranks, Diagnostics &diagnostics)
{
    std::vector<RankProfile> kept;
    for (RankProfile &r : ranks) {
        auto it = r.rank < 0 ? kept.end()
                             : std::find_if(kept.begin(), kept.end(), [&](const RankProfile &k) {
                                   return k.rank == r.rank;
                               });
        if (it == kept.end()) {
            kept.push_back(std::move(r));
            continue;
        }
        const bool replace = richness(r) > richness(*it);
        const QString used = replace ? r.path : it->path;
        const QString dropped = replace ? it->path : r.path;
        Diagnostics one;
        one.add(u"duplicate_rank"_s,
                Tr::tr("rank %1 is given twice (%2 and %3, e.g. a run's text and database "
                       "exports): %2 is used, %3 is left out")
                    .arg(r.rank)
                    .arg(used, dropped),
                Location{-1, -1, dropped});
        one.setFile(used);
        diagnostics.merge(one);
        if (replace)
            *it = std::move(r);
    }
    ranks = std::move(kept);
}

QString partPath(const ProfileUnit &u)
{
    // PartsProgress weighs parts by file size: the unit's largest table stands for it.
    QString best;
    qint64 size = -1;
    for (const ProfileInput &f : u.files) {
        const qint64 s = QFileInfo(f.path).size();
        if (s > size) {
            size = s;
            best = f.path;
        }
    }
    return best;
}

} // namespace

Result<ProfileAnalysis> runProfilePipeline(const ProfilePipelineInput &input,
                                           ProgressSink &progress,
                                           const CancelToken &cancel)
{
    return runGuarded<ProfileAnalysis>(input.paths.value(0), [&] {
        progress.report(0, Tr::tr("Looking for profiler tables"));
        ProfileDiscovery found = findProfileUnits(input.paths, cancel);
        if (cancel.isCanceled())
            return Result<ProfileAnalysis>::canceled();
        if (found.units.empty()) {
            if (!found.unreadable.isEmpty())
                return Result<ProfileAnalysis>::failed(
                    Error::make(ErrorCode::Unreadable,
                                Tr::tr("%1 cannot be read.").arg(found.unreadable.first()),
                                found.unreadable.first()));
            if (!found.notProfile.isEmpty() && found.notProfile.size() == input.paths.size())
                return Result<ProfileAnalysis>::failed(
                    Error::make(ErrorCode::UnknownFormat,
                                Tr::tr("%1 is not an Ascend profiler table Twinscope reads.")
                                    .arg(QFileInfo(found.notProfile.first()).fileName()),
                                found.notProfile.first()));
            return Result<ProfileAnalysis>::failed(
                Error::make(ErrorCode::NotFound,
                            Tr::tr("No Ascend profiler tables were found in %1.")
                                .arg(input.paths.join(u", "_s)),
                            input.paths.value(0)));
        }
        std::vector<ProfileUnit> units;
        const int n = std::max(1, input.shardCount);
        for (size_t i = 0; i < found.units.size(); ++i) {
            if (int(i % size_t(n)) == input.shardIndex)
                units.push_back(std::move(found.units[i]));
        }
        QStringList weights;
        for (const ProfileUnit &u : units)
            weights << partPath(u);
        PartsProgress parts(progress, weights, 950);
        std::vector<RankProfile> ranks(units.size());
        std::vector<ClusterTables> clusters(units.size());
        std::atomic<size_t> next{0};
        // Ranks load side by side: each reader is single-threaded, so the pool's threads are
        // shared out over the units.
        WorkerPool::run(int(units.size()), [&](int) {
            for (;;) {
                const size_t k = next.fetch_add(1);
                if (k >= units.size() || cancel.isCanceled())
                    return;
                parts.report(qsizetype(k), 0, Tr::tr("Reading profiler tables"));
                if (units[k].cluster) {
                    clusters[k] = loadClusterUnit(units[k], cancel);
                } else {
                    ranks[k] = loadRankUnit(units[k], cancel);
                    if (!input.signatures) {
                        RankProfile &r = ranks[k];
                        r.kernels = r.kernels.regrouped(KernelGrouping::TypeAndCore);
                    }
                    if (!input.keepDetails) {
                        // Only the per-rank views need these.
                        ranks[k].memory = {};
                        ranks[k].stepSpans.clear();
                    }
                }
                parts.report(qsizetype(k), 1000, {});
            }
        });
        if (cancel.isCanceled())
            return Result<ProfileAnalysis>::canceled();
        std::vector<RankProfile> all;
        std::vector<MatrixLink> clusterMatrix;
        std::vector<ProfileFile> clusterFiles;
        for (size_t k = 0; k < units.size(); ++k) {
            if (!units[k].cluster)
                all.push_back(std::move(ranks[k]));
        }
        Diagnostics duplicates;
        dropDuplicateRanks(all, duplicates);
        for (size_t k = 0; k < units.size(); ++k) {
            if (!units[k].cluster)
                continue;
            addClusterRanks(all, clusters[k]);
            clusterMatrix.insert(
                clusterMatrix.end(), clusters[k].matrix.begin(), clusters[k].matrix.end());
            clusterFiles.insert(
                clusterFiles.end(), clusters[k].files.begin(), clusters[k].files.end());
        }
        progress.report(960, Tr::tr("Merging ranks"));
        const bool keep = input.keepDetails && all.size() <= size_t(KeepDetailsRanks);
        auto analysis = std::make_shared<ProfileAnalysis>(
            reduceRankProfiles(std::move(all), std::move(clusterMatrix), keep));
        analysis->files.insert(analysis->files.end(), clusterFiles.begin(), clusterFiles.end());
        const ProfileFile *firstError = nullptr;
        qint64 readable = 0;
        for (const ProfileFile &f : analysis->files) {
            if (!f.error && isProfileTableFormat(f.format))
                ++readable;
            if (f.error && !firstError)
                firstError = &f;
        }
        // A file that failed is a warning of the result, unless nothing could be read: then the
        // first failure is the error, and not said twice.
        const ProfileFile *fatal = readable == 0 ? firstError : nullptr;
        Diagnostics diagnostics = duplicates;
        for (const ProfileFile &f : analysis->files) {
            diagnostics.merge(f.diagnostics);
            if (!f.error || &f == fatal)
                continue;
            Diagnostics one;
            one.add(u"profile_file_failed"_s,
                    f.error->message,
                    Location{f.error->offset, f.error->line, f.error->expected},
                    Severity::Error);
            one.setFile(f.path);
            diagnostics.merge(one);
        }
        if (fatal)
            return Result<ProfileAnalysis>::failed(*fatal->error, diagnostics);
        progress.report(1000, {});
        return Result<ProfileAnalysis>::ok(std::move(analysis), std::move(diagnostics));
    });
}

} // namespace Twinscope::Core
