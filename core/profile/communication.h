#pragma once

#include <QString>

#include <map>
#include <vector>

namespace Twinscope::Core {

// One link type's traffic (HCCS, RDMA, PCIE, SDMA, SIO, ...), as HCCL's communication analysis
// reports it: MB moved, ms spent moving, and the packet-size distribution (size in MB -> count and
// ms). Bandwidth is MB/ms = GB/s, the unit and formula of msprof-analyze.
struct LinkTraffic
{
    double sizeMb = 0;
    double timeMs = 0;
    std::map<double, std::pair<qint64, double>> packets;

    double bandwidthGbps() const { return timeMs > 0 ? sizeMb / timeMs : 0; }
    void merge(const LinkTraffic &other);
};

// One collective (hcom_allReduce, hcom_broadcast, ...) summed over its calls: the time fields of
// "Communication Time Info", in ms.
struct CollectiveStats
{
    QString op;
    qint64 count = 0;
    double elapseMs = 0;
    double transitMs = 0;
    double waitMs = 0;
    double syncMs = 0;
    double idleMs = 0;
    std::map<QString, LinkTraffic> links;

    // msprof-analyze's ratio: wait / (transit + wait).
    double waitRatio() const { return transitMs + waitMs > 0 ? waitMs / (transitMs + waitMs) : 0; }
    void merge(const CollectiveStats &other);
};

// A rank's traffic of one link type over all its collectives: the quantity msprof-analyze's slow
// link analysis compares between ranks.
struct RankLinkTraffic
{
    int rank = -1;
    QString link;
    double sizeMb = 0;
    double timeMs = 0;
    double bandwidthGbps() const { return timeMs > 0 ? sizeMb / timeMs : 0; }
};

// One src -> dst link of the communication matrix, summed over the ops that used it.
struct MatrixLink
{
    int src = -1;
    int dst = -1;
    QString link; // transport type
    double sizeMb = 0;
    double timeMs = 0;
    qint64 ops = 0;
    double bandwidthGbps() const { return timeMs > 0 ? sizeMb / timeMs : 0; }
};

// The collective's name without its call counter and group: "hcom_broadcast__501_0@629..." ->
// "hcom_broadcast".
QString collectiveBaseName(const QString &opKey);

// Adds stats to the list, merging with the entry of the same op.
void mergeCollective(std::vector<CollectiveStats> &into, const CollectiveStats &stats);
// mergeCollective for many at once, by a hash of the names: a file of 10^5 distinct collectives
// would make one-by-one merging quadratic.
void mergeCollectives(std::vector<CollectiveStats> &into, std::vector<CollectiveStats> &&stats);
void mergeMatrixLink(std::vector<MatrixLink> &into, const MatrixLink &link);

} // namespace Twinscope::Core
