// libFuzzer target for the profiler JSON readers (issue #11): communication.json and
// communication_matrix.json per rank and msprof-analyze's cluster files, the metadata files and
// the shard summaries `profile --merge` reads. Any bytes are read or refused cleanly, and what was
// read merges and goes through the slow-rank and slow-link rules.
#include "core/export/profilejson.h"
#include "core/profile/profileanalysis.h"
#include "core/profile/profilereaders.h"

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const QString name = QStringLiteral("fuzz.json");
    const CancelToken cancel;
    Diagnostics d;
    RankProfile rank;
    GroupRanks groups;
    (void)readProfilerInfo(bytes, name, rank);
    (void)readProfilerMetadata(bytes, name, rank, groups);
    (void)readCannInfo(bytes, name, rank);
    (void)readCommunication(bytes, name, rank, d, cancel);
    (void)readCommunicationMatrix(bytes, name, groups, rank, d, cancel);
    std::map<int, RankProfile> ranks;
    std::vector<MatrixLink> links;
    (void)readClusterCommunication(bytes, name, ranks, d, cancel);
    (void)readClusterCommunicationMatrix(bytes, name, links, d, cancel);
    std::vector<RankProfile> all{rank};
    for (auto &[id, r] : ranks)
        all.push_back(r);
    const ProfileAnalysis a = reduceRankProfiles(std::move(all), links, false);
    (void)profileShardJson(a, 0, 1);
    const Result<ProfileShard> shard = readProfileShard(bytes, name);
    if (shard.isOk())
        (void)profileSummaryJson(mergeAnalyses({shard.value()->analysis, a}));
    return 0;
}
