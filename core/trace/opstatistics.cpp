#include "opstatistics.h"

#include "core/common/constants.h"
#include "core/common/tr.h"
#include "taskclassify.h"

#include <QHash>

#include <algorithm>

namespace Twinscope::Core {

Result<OpStatistics> computeOpStatistics(const TraceDataset &ds,
                                         const OpStatisticsQuery &query,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    auto out = std::make_shared<OpStatistics>();
    OpStatistics &result = *out;
    const qint64 from = std::max(query.fromNs, ds.firstNs);
    const qint64 to = std::min(query.toNs, ds.lastNs);
    result.rangeNs = std::max<qint64>(0, to - from);
    std::vector<int> tracks = query.tracks;
    if (tracks.empty()) {
        const std::vector<TrackRole> roles = query.scope == OpStatisticsQuery::Scope::All
                                                 ? std::vector<TrackRole>()
                                                 : classifyTrackRoles(ds);
        for (int t = 0; t < int(ds.tracks.size()); ++t) {
            if (!roles.empty()) {
                const TrackRole r = roles[size_t(t)];
                const bool device = r == TrackRole::Device || r == TrackRole::CommunicationOps ||
                                    r == TrackRole::CommunicationTasks;
                if (r == TrackRole::Overlap ||
                    (query.scope == OpStatisticsQuery::Scope::Host && device) ||
                    (query.scope == OpStatisticsQuery::Scope::Device && !device))
                    continue;
            }
            tracks.push_back(t);
        }
    }
    // Accumulate by interned id pair, then turn ids into text once.
    struct Acc
    {
        quint32 name = 0, category = 0;
        qint64 count = 0, total = 0, self = 0, min = 0, max = 0;
    };
    QHash<quint64, int> index;
    std::vector<Acc> acc;
    std::vector<qint64> clipped;
    std::vector<qint64> self;
    const QString stage = Tr::tr("Computing op statistics");
    qint64 sincePoll = 0;
    for (size_t done = 0; done < tracks.size(); ++done) {
        const int t = tracks[done];
        progress.reportRange(qint64(done), qint64(tracks.size()), 0, 1000, stage);
        if (cancel.isCanceled())
            return Result<OpStatistics>::canceled();
        if (t < 0 || t >= int(ds.tracks.size()))
            continue;
        const TraceTrack &track = ds.tracks[size_t(t)];
        if (track.kind == TraceTrackKind::Counter ||
            (track.kind == TraceTrackKind::Async && !query.includeAsync))
            continue;
        const quint32 base = track.sliceBegin;
        const size_t n = track.sliceEnd - track.sliceBegin;
        sincePoll += qint64(n);
        if (sincePoll >= PollRecords) {
            sincePoll = 0;
            if (cancel.isCanceled())
                return Result<OpStatistics>::canceled();
        }
        clipped.assign(n, -1);
        for (size_t k = 0; k < n; ++k) {
            const quint32 i = base + quint32(k);
            const qint64 s = ds.sliceStart[i];
            const qint64 e = s + ds.sliceDuration[i];
            if (e < from || s > to || (e == from && ds.sliceDuration[i] > 0))
                continue;
            clipped[k] = std::max<qint64>(0, std::min(e, to) - std::max(s, from));
        }
        self = clipped;
        // A slice in depth lane d has its parent in lane d-1: both lanes are sorted and disjoint,
        // so one merge walk finds every parent.
        if (track.kind == TraceTrackKind::Thread) {
            for (size_t l = 1; l < track.lanes.size(); ++l) {
                const TraceLane &lane = track.lanes[l];
                const TraceLane &up = track.lanes[l - 1];
                if (lane.overflow || up.overflow)
                    continue;
                quint32 p = up.begin;
                for (quint32 c = lane.begin; c < lane.end; ++c) {
                    if (clipped[c - base] < 0)
                        continue;
                    while (p + 1 < up.end && ds.sliceStart[p + 1] <= ds.sliceStart[c])
                        ++p;
                    if (p < up.end && ds.sliceStart[p] <= ds.sliceStart[c] &&
                        clipped[p - base] >= 0)
                        self[p - base] -= clipped[c - base];
                }
            }
        }
        for (size_t k = 0; k < n; ++k) {
            if (clipped[k] < 0)
                continue;
            const quint32 i = base + quint32(k);
            if ((ds.sliceFlags[i] & TraceSliceFlag::AsyncSlice) && !query.includeAsync)
                continue;
            quint32 nameId = ds.sliceName[i];
            quint32 catId = ds.sliceCategory[i];
            quint64 key = 0;
            switch (query.groupBy) {
            case OpStatisticsQuery::GroupBy::Name:
                key = nameId;
                break;
            case OpStatisticsQuery::GroupBy::NameAndCategory:
                key = (quint64(catId) << 32) | nameId;
                break;
            case OpStatisticsQuery::GroupBy::Category:
                key = catId;
                nameId = 0;
                break;
            }
            auto it = index.find(key);
            if (it == index.end()) {
                it = index.insert(key, int(acc.size()));
                Acc a;
                a.name = nameId;
                a.category = catId;
                a.min = clipped[k];
                a.max = clipped[k];
                acc.push_back(a);
            }
            Acc &a = acc[size_t(*it)];
            ++a.count;
            a.total += clipped[k];
            a.self += std::max<qint64>(0, self[k]);
            a.min = std::min(a.min, clipped[k]);
            a.max = std::max(a.max, clipped[k]);
            ++result.slices;
        }
    }
    result.rows.reserve(acc.size());
    for (const Acc &a : acc) {
        OpStatisticsRow r;
        r.name = query.groupBy == OpStatisticsQuery::GroupBy::Category ? QString()
                                                                       : ds.strings.string(a.name);
        r.category = ds.strings.string(a.category);
        r.count = a.count;
        r.totalNs = a.total;
        r.selfNs = a.self;
        r.minNs = a.min;
        r.maxNs = a.max;
        result.rows.push_back(std::move(r));
    }
    std::stable_sort(result.rows.begin(),
                     result.rows.end(),
                     [](const OpStatisticsRow &a, const OpStatisticsRow &b) {
                         if (a.totalNs != b.totalNs)
                             return a.totalNs > b.totalNs;
                         return a.name < b.name;
                     });
    progress.report(1000, stage);
    return Result<OpStatistics>::ok(std::move(out));
}

OpStatistics computeOpStatistics(const TraceDataset &dataset, const OpStatisticsQuery &query)
{
    ProgressSink progress;
    return *computeOpStatistics(dataset, query, progress, CancelToken()).value();
}

OpStatistics mergeOpStatistics(const std::vector<OpStatistics> &parts,
                               OpStatisticsQuery::GroupBy groupBy)
{
    OpStatistics merged;
    QHash<QPair<QString, QString>, size_t> index;
    const bool byName = groupBy == OpStatisticsQuery::GroupBy::Name;
    for (const OpStatistics &part : parts) {
        merged.rangeNs += part.rangeNs;
        merged.slices += part.slices;
        for (const OpStatisticsRow &row : part.rows) {
            const QPair<QString, QString> key(row.name, byName ? QString() : row.category);
            auto it = index.find(key);
            if (it == index.end()) {
                index.insert(key, merged.rows.size());
                merged.rows.push_back(row);
                continue;
            }
            OpStatisticsRow &m = merged.rows[*it];
            m.count += row.count;
            m.totalNs += row.totalNs;
            m.selfNs += row.selfNs;
            m.minNs = std::min(m.minNs, row.minNs);
            m.maxNs = std::max(m.maxNs, row.maxNs);
        }
    }
    std::stable_sort(merged.rows.begin(),
                     merged.rows.end(),
                     [](const OpStatisticsRow &a, const OpStatisticsRow &b) {
                         if (a.totalNs != b.totalNs)
                             return a.totalNs > b.totalNs;
                         return a.name < b.name;
                     });
    return merged;
}

QString opTypeOfName(const QString &name)
{
    // Only names that end in MindSpore's instance suffix change: "-op" and digits.
    qsizetype digits = name.size();
    while (digits > 0 && name[digits - 1].isDigit())
        --digits;
    if (digits == name.size() || digits < 4 || !QStringView(name).left(digits).endsWith(u"-op"))
        return name;
    const qsizetype scope = name.lastIndexOf(u'/', digits - 4);
    const qsizetype start = scope < 0 ? 0 : scope + 1;
    if (digits - 3 <= start)
        return name;
    return name.mid(start, digits - 3 - start);
}

OpStatistics groupByOpType(const OpStatistics &statistics)
{
    OpStatistics renamed = statistics;
    for (OpStatisticsRow &row : renamed.rows)
        row.name = opTypeOfName(row.name);
    return mergeOpStatistics({renamed}, OpStatisticsQuery::GroupBy::NameAndCategory);
}

} // namespace Twinscope::Core
