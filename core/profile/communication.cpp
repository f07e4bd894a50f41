#include "communication.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

void LinkTraffic::merge(const LinkTraffic &other)
{
    sizeMb += other.sizeMb;
    timeMs += other.timeMs;
    for (const auto &[size, p] : other.packets) {
        auto &mine = packets[size];
        mine.first += p.first;
        mine.second += p.second;
    }
}

void CollectiveStats::merge(const CollectiveStats &other)
{
    count += other.count;
    elapseMs += other.elapseMs;
    transitMs += other.transitMs;
    waitMs += other.waitMs;
    syncMs += other.syncMs;
    idleMs += other.idleMs;
    for (const auto &[name, traffic] : other.links)
        links[name].merge(traffic);
}

QString collectiveBaseName(const QString &opKey)
{
    // hcom_allReduce__184_0_1 (torch_npu), AllReduce-op12 (MindSpore): strip the counters.
    static const QRegularExpression counter(u"(__\\d+(_\\d+)*|-op\\d+)$"_s);
    QString name = opKey.section(u'@', 0, 0).trimmed();
    name.remove(counter);
    return name.isEmpty() ? opKey : name;
}

void mergeCollective(std::vector<CollectiveStats> &into, const CollectiveStats &stats)
{
    const auto it = std::find_if(
        into.begin(), into.end(), [&](const CollectiveStats &c) { return c.op == stats.op; });
    if (it == into.end())
        into.push_back(stats);
    else
        it->merge(stats);
}

void mergeCollectives(std::vector<CollectiveStats> &into, std::vector<CollectiveStats> &&stats)
{
    QHash<QString, size_t> index;
    index.reserve(qsizetype(into.size() + stats.size()));
    for (size_t i = into.size(); i-- > 0;)
        index.insert(into[i].op, i); // the first of equal names wins, as find_if finds it
    for (CollectiveStats &c : stats) {
        const auto it = index.constFind(c.op);
        if (it != index.cend()) {
            into[*it].merge(c);
            continue;
        }
        index.insert(c.op, into.size());
        into.push_back(std::move(c));
    }
}

void mergeMatrixLink(std::vector<MatrixLink> &into, const MatrixLink &link)
{
    const auto it = std::find_if(into.begin(), into.end(), [&](const MatrixLink &m) {
        return m.src == link.src && m.dst == link.dst && m.link == link.link;
    });
    if (it == into.end()) {
        into.push_back(link);
        return;
    }
    it->sizeMb += link.sizeMb;
    it->timeMs += link.timeMs;
    it->ops += link.ops;
}

} // namespace Twinscope::Core
