#pragma once

#include "core/common/diagnostics.h"
#include "core/common/progress.h"
#include "profilereaders.h"
#include "rankprofile.h"

#include <QStringList>

#include <map>
#include <vector>

namespace Twinscope::Core {

// A file of a profiler folder and the format the sniffer gave it ("kernel_details_csv", ...).
struct ProfileInput
{
    QString path;
    QString format;
};

// What one rank wrote (a *_ascend_pt folder, a PROF_*/device_N folder, the files of one device in
// a MindSpore profiler folder, or a table opened alone), or msprof-analyze's cluster files.
struct ProfileUnit
{
    QString root;
    bool cluster = false;
    int deviceHint = -1; // MindSpore's file suffix (framework_raw_<device>.csv)
    std::vector<ProfileInput> files;
};

struct ProfileDiscovery
{
    std::vector<ProfileUnit> units; // rank units sorted by path (naturally: rank_2 before rank_10)
    QStringList unreadable;         // paths that could not be listed or read
    QStringList notProfile;         // files given directly that are not profiler tables
};

// Finds the profiler tables under each path (a rank folder, its parent, a folder of rank folders,
// a cluster_analysis_output, or single files) and groups them by rank. Content decides what a
// file is (the sniffer's head rules); names only tell which files to look at (.csv, .json, .txt,
// .db, info.json.N) so a PROF_* folder's thousands of raw data files are not opened.
ProfileDiscovery findProfileUnits(const QStringList &paths, const CancelToken &cancel);

// The formats that are tables (the rest is metadata, or op signatures read for op types).
bool isProfileTableFormat(const QString &format);

// Reads every file of a rank unit into one RankProfile: metadata first (rank id, group ranks,
// counter frequency), then the tables. A file that fails is kept in RankProfile::files with its
// error; the others still count.
RankProfile loadRankUnit(const ProfileUnit &unit, const CancelToken &cancel);

// msprof-analyze's cluster files: per-rank step rows and communication, and the global link
// matrix.
struct ClusterTables
{
    std::map<int, RankProfile> ranks;
    std::vector<MatrixLink> matrix;
    std::vector<ProfileFile> files;
};
ClusterTables loadClusterUnit(const ProfileUnit &unit, const CancelToken &cancel);

} // namespace Twinscope::Core
