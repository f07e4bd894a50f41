#pragma once

#include "core/common/diagnostics.h"
#include "core/common/result.h"
#include "core/profile/profileanalysis.h"

#include <QJsonObject>

#include <string_view>

namespace Twinscope::Core {

// `twinscope-cli profile --json` (docs/CLI.md): exactly schemaVersion, ranks[], kernels[] (the
// top 50 by total time, by op type and core), ai_cpu, communication[], slow_ranks[] and
// slow_links[]; the overload below adds warnings[]. A contract checked outside the project: keys
// are added only with a schemaVersion bump.
QJsonObject profileSummaryJson(const ProfileAnalysis &analysis);
constexpr int SummaryKernelCount = 50;

// `profile --json --shard I/N`: the summary of the shard's ranks plus "shard" {index, count} and
// "partial", everything `profile --merge` needs to give the same summary as one run over all
// ranks (full kernel groups, link sizes and times, per-rank phases).
QJsonObject profileShardJson(const ProfileAnalysis &analysis, int shardIndex, int shardCount);

// The documents `profile --json`, `--shard` and `--merge` write: the above plus warnings[].
QJsonObject profileSummaryJson(const ProfileAnalysis &analysis, const Diagnostics &diagnostics);
QJsonObject profileShardJson(const ProfileAnalysis &analysis,
                             int shardIndex,
                             int shardCount,
                             const Diagnostics &diagnostics);

// One shard document read back for --merge. name is for messages.
struct ProfileShard
{
    ProfileAnalysis analysis;
    int index = 0;
    int count = 1;
};
Result<ProfileShard> readProfileShard(std::string_view json, const QString &name);

} // namespace Twinscope::Core
