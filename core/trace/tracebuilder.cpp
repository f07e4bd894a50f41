#include "tracebuilder.h"

#include "core/common/nearlysorted.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "tracebuilderphases.h"
#include "tracetime.h"

#include <QLocale>

#include <algorithm>
#include <atomic>
#include <map>
#include <numeric>
#include <unordered_map>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// A span opened by the begin event b (B, b or S) and closed at endNs: a matched end, or the trace's
// last timestamp for one that never finished.
PendingSlice spanFrom(const RawEvent &b, qint64 endNs, quint16 flags, quint32 order)
{
    PendingSlice p;
    p.start = b.ts;
    p.dur = std::max<qint64>(0, endNs - b.ts);
    p.name = b.name;
    p.category = b.category;
    p.argsOffset = b.argsOffset;
    p.argsLength = b.argsLength;
    p.flags = flags;
    p.order = order;
    return p;
}

quint64 pairKey(quint32 a, quint32 b)
{
    return (quint64(a) << 32) | b;
}

qint64 numericOr(std::string_view text, qint64 fallback)
{
    qint64 v = 0;
    return parseInt64(text, &v) ? v : fallback;
}

class Builder
{
public:
    Builder(TraceBuildInput &in, TraceDataset *ds, Diagnostics *diag)
        : m_in(in)
        , m_ds(ds)
        , m_diag(diag)
    {}

    void run(const CancelToken &cancel);
    // The same phases for a database reader's events, already on their tracks.
    void runTracked(TrackedBuildInput &in, const CancelToken &cancel);

private:
    // The phases of run(), in order.
    void classifyEvents(EventsByKind &out);
    bool hasUsableTime(RawEvent &e, qint64 base); // shifts e.ts by base; false: dropped, counted
    void reportUnsupportedPhases(const std::map<char, qint64> &unsupported);
    // Columns and diagnostics are parameters so that two threads can build disjoint tracks.
    using BuildOne = std::function<void(
        size_t track, std::vector<PendingSlice> &pending, TraceDataset &cols, Diagnostics &diag)>;
    bool buildThreadTracks(const ThreadTrackGroups &groups,
                           const CancelToken &cancel,
                           const BuildOne &buildOne);
    void laneAsyncTracks(size_t firstAsyncTrack);
    void bindFlowsToSlices(const FlowPairs &flowPairs);

    int process(quint32 pid);
    int threadTrack(quint32 pid, quint32 tid);
    int asyncTrack(quint32 pid, quint32 category, quint32 name);
    // A counter track for the series (no samples yet), labelled from its name, id and series.
    TraceTrack counterTrack(quint32 pid, quint32 name, quint64 id, quint32 series);
    // Columns and diagnostics are parameters so that two threads can build disjoint tracks.
    void buildThreadTrack(int track,
                          const std::vector<quint32> &events,
                          std::vector<PendingSlice> &pending,
                          TraceDataset &cols,
                          Diagnostics &diag);
    void buildAsync(const std::vector<quint32> &asyncEvents);
    void buildCounters();
    void buildTrackedCounters(TrackedBuildInput &in);
    void collectTrackedInstants(TrackedBuildInput &in);
    void applyMetadata();
    void orderForDisplay();
    QString where(const RawEvent &e) const;

    TraceBuildInput &m_in;
    TraceDataset *m_ds;
    Diagnostics *m_diag;
    std::unordered_map<quint32, int> m_processByPid;
    std::unordered_map<quint64, int> m_threadTracks;
    std::map<std::tuple<quint32, quint32, quint32>, int> m_asyncTracks;
    std::vector<std::vector<quint32>> m_trackInstants; // raw event indices per track
    std::vector<std::vector<PendingSlice>> m_asyncSlices;
    std::vector<bool> m_threadSortSet;
};

int Builder::process(quint32 pid)
{
    if (auto it = m_processByPid.find(pid); it != m_processByPid.end())
        return it->second;
    TraceProcess p;
    p.pid = pid;
    p.sortIndex = numericOr(m_ds->strings.view(pid), 0);
    m_ds->processes.push_back(std::move(p));
    const int index = int(m_ds->processes.size() - 1);
    m_processByPid.emplace(pid, index);
    return index;
}

int Builder::threadTrack(quint32 pid, quint32 tid)
{
    const quint64 key = pairKey(pid, tid);
    if (auto it = m_threadTracks.find(key); it != m_threadTracks.end())
        return it->second;
    TraceTrack t;
    t.kind = TraceTrackKind::Thread;
    t.process = process(pid);
    t.tid = tid;
    t.sortIndex = numericOr(m_ds->strings.view(tid), 0);
    m_ds->tracks.push_back(std::move(t));
    const int index = int(m_ds->tracks.size() - 1);
    m_threadTracks.emplace(key, index);
    m_trackInstants.emplace_back();
    m_asyncSlices.emplace_back();
    m_threadSortSet.push_back(false);
    return index;
}

int Builder::asyncTrack(quint32 pid, quint32 category, quint32 name)
{
    const auto key = std::make_tuple(pid, category, name);
    if (auto it = m_asyncTracks.find(key); it != m_asyncTracks.end())
        return it->second;
    TraceTrack t;
    t.kind = TraceTrackKind::Async;
    t.process = process(pid);
    t.tid = category;
    t.name = name;
    t.sortIndex = std::numeric_limits<qint64>::max() / 2; // after the threads
    m_ds->tracks.push_back(std::move(t));
    const int index = int(m_ds->tracks.size() - 1);
    m_asyncTracks.emplace(key, index);
    m_trackInstants.emplace_back();
    m_asyncSlices.emplace_back();
    m_threadSortSet.push_back(false);
    return index;
}

QString Builder::where(const RawEvent &e) const
{
    return m_ds->strings.string(e.name);
}

void Builder::buildThreadTrack(int track,
                               const std::vector<quint32> &events,
                               std::vector<PendingSlice> &pending,
                               TraceDataset &cols,
                               Diagnostics &diag)
{
    pending.clear();
    qint64 lastNs = std::numeric_limits<qint64>::min();
    std::vector<quint32> beginEnd;
    for (const quint32 i : events) {
        const RawEvent &e = m_in.events[i];
        lastNs = std::max(lastNs, e.ts);
        if (e.phase == 'X') {
            PendingSlice p;
            p.start = e.ts;
            p.dur = e.dur;
            if (!(e.flags & RawFlag::HasDur)) {
                p.dur = 0;
                p.flags |= TraceSliceFlag::MissingDuration;
                diag.add(
                    u"missing_dur"_s,
                    Tr::tr("Complete events (X) without a duration were kept with duration 0."),
                    Location{e.offset, -1, where(e)});
            } else if (e.dur < 0) {
                diag.add(u"negative_dur"_s,
                         Tr::tr("Complete events (X) with a negative duration were dropped."),
                         Location{e.offset, -1, where(e)});
                continue;
            }
            lastNs = std::max(lastNs, e.ts + p.dur);
            p.name = e.name;
            p.category = e.category;
            p.argsOffset = e.argsOffset;
            p.argsLength = e.argsLength;
            p.order = i;
            pending.push_back(p);
        } else {
            beginEnd.push_back(i);
        }
    }
    // B/E: an E closes the innermost open B on its thread whatever its name (docs/FORMATS.md §1),
    // in (ts, file order); file order alone is not enough because producers do not sort.
    sortNearlySorted(beginEnd.begin(), beginEnd.end(), [&](quint32 a, quint32 b) {
        return m_in.events[a].ts < m_in.events[b].ts;
    });
    std::vector<quint32> open;
    for (const quint32 i : beginEnd) {
        const RawEvent &e = m_in.events[i];
        if (e.phase == 'B') {
            open.push_back(i);
            continue;
        }
        if (open.empty()) {
            diag.add(u"unmatched_end"_s,
                     Tr::tr("End events (E) without an open begin (B) were dropped."),
                     Location{e.offset, -1, m_ds->strings.string(m_in.events[i].tid)});
            continue;
        }
        const RawEvent &b = m_in.events[open.back()];
        PendingSlice p = spanFrom(b, e.ts, TraceSliceFlag::FromBeginEnd, open.back());
        // B and E may both carry args; the B's are the ones users look at.
        if (b.argsOffset < 0) {
            p.argsOffset = e.argsOffset;
            p.argsLength = e.argsLength;
        }
        pending.push_back(p);
        open.pop_back();
    }
    for (const quint32 i : open) {
        const RawEvent &b = m_in.events[i];
        pending.push_back(
            spanFrom(b, lastNs, TraceSliceFlag::FromBeginEnd | TraceSliceFlag::DidNotFinish, i));
        diag.add(
            u"unmatched_begin"_s,
            Tr::tr("Begin events (B) without an end (E) were closed at the track's last timestamp "
                   "and marked \"did not finish\"."),
            Location{b.offset, -1, where(b)});
    }
    assignLanes(
        m_ds->tracks[size_t(track)], pending, false, cols, diag, m_ds->strings, m_in.events);
}

void Builder::buildAsync(const std::vector<quint32> &asyncEvents)
{
    // Nestable (b/e) and legacy (S/F) async spans pair by (pid, category, id); an end closes the
    // most recent open begin of its key. Steps (T/p) and nestable instants (n) become instants.
    std::vector<quint32> sorted = asyncEvents;
    sortNearlySorted(sorted.begin(), sorted.end(), [&](quint32 a, quint32 b) {
        return m_in.events[a].ts < m_in.events[b].ts;
    });
    std::map<std::tuple<quint32, quint32, quint64, bool>, std::vector<quint32>> open;
    qint64 lastNs = std::numeric_limits<qint64>::min();
    for (const quint32 i : sorted)
        lastNs = std::max(lastNs, m_in.events[i].ts);
    for (const quint32 i : sorted) {
        const RawEvent &e = m_in.events[i];
        const bool legacy = e.phase == 'S' || e.phase == 'T' || e.phase == 'F' || e.phase == 'p';
        const auto key = std::make_tuple(e.pid, e.category, e.id, legacy);
        if (e.phase == 'b' || e.phase == 'S') {
            open[key].push_back(i);
        } else if (e.phase == 'e' || e.phase == 'F') {
            auto it = open.find(key);
            if (it == open.end() || it->second.empty()) {
                m_diag->add(u"unmatched_async_end"_s,
                            Tr::tr("Async end events without a begin were dropped."),
                            Location{e.offset, -1, where(e)});
                continue;
            }
            const RawEvent &b = m_in.events[it->second.back()];
            it->second.pop_back();
            m_asyncSlices[size_t(asyncTrack(b.pid, b.category, b.name))].push_back(
                spanFrom(b, e.ts, TraceSliceFlag::AsyncSlice, i));
        } else {
            // n, T, p: an instant on the track of the open span with that key, else on its own name
            auto it = open.find(key);
            quint32 name = e.name;
            if (it != open.end() && !it->second.empty())
                name = m_in.events[it->second.back()].name;
            m_trackInstants[size_t(asyncTrack(e.pid, e.category, name))].push_back(i);
        }
    }
    for (auto &[key, stack] : open) {
        for (const quint32 i : stack) {
            const RawEvent &b = m_in.events[i];
            m_asyncSlices[size_t(asyncTrack(b.pid, b.category, b.name))].push_back(
                spanFrom(b, lastNs, TraceSliceFlag::AsyncSlice | TraceSliceFlag::DidNotFinish, i));
            m_diag->add(
                u"unmatched_async_begin"_s,
                Tr::tr(
                    "Async begin events without an end were closed at the last async timestamp."),
                Location{b.offset, -1, where(b)});
        }
    }
}

TraceTrack Builder::counterTrack(quint32 pid, quint32 name, quint64 id, quint32 s)
{
    TraceTrack t;
    t.kind = TraceTrackKind::Counter;
    t.process = process(pid);
    const std::string_view base = m_ds->strings.view(name);
    const std::string_view sv = m_ds->strings.view(s);
    std::string label(base);
    if (id != RawIdStringTag) {
        label += ' ';
        label += (id & RawIdStringTag) ? std::string(m_ds->strings.view(quint32(id)))
                                       : std::to_string(id);
    }
    if (sv != "value" && sv != base) {
        label += label.empty() ? "" : " ";
        label += sv;
    }
    t.name = m_ds->strings.intern(label);
    t.tid = s;
    t.sortIndex = std::numeric_limits<qint64>::min() / 2; // counters above the threads
    t.sliceBegin = t.sliceEnd = quint32(m_ds->sliceStart.size());
    return t;
}

void Builder::buildTrackedCounters(TrackedBuildInput &in)
{
    size_t samples = 0;
    for (const auto &[key, series] : in.counters)
        samples += series.size();
    m_ds->counterTs.reserve(m_ds->counterTs.size() + samples);
    m_ds->counterValue.reserve(m_ds->counterValue.size() + samples);
    // Keys in the order buildCounters meets them (the id part is the same for all); each series
    // is freed once copied.
    for (auto &[key, series] : in.counters) {
        const auto [pid, name, s] = key;
        // MEMORY_RECORD is selected by time: most series are in order already.
        auto byTs = [](const auto &a, const auto &b) {
            return a.first < b.first;
        };
        if (!std::is_sorted(series.begin(), series.end(), byTs))
            std::stable_sort(series.begin(), series.end(), byTs);
        TraceTrack t = counterTrack(pid, name, RawIdStringTag, s);
        t.counterBegin = quint32(m_ds->counterTs.size());
        for (const auto &[ts, value] : series) {
            m_ds->counterTs.push_back(ts);
            m_ds->counterValue.push_back(value);
        }
        std::vector<std::pair<qint64, double>>().swap(series);
        t.counterEnd = quint32(m_ds->counterTs.size());
        t.firstNs = m_ds->counterTs[t.counterBegin];
        t.lastNs = m_ds->counterTs[t.counterEnd - 1];
        m_ds->tracks.push_back(std::move(t));
    }
    in.counters.clear();
}

void Builder::collectTrackedInstants(TrackedBuildInput &in)
{
    size_t total = 0;
    for (const TrackedBuildInput::Thread &thread : in.threads)
        total += thread.instants.size();
    m_ds->instantTs.reserve(total);
    m_ds->instantName.reserve(total);
    m_ds->instantCategory.reserve(total);
    m_ds->instantArgsOffset.reserve(total);
    m_ds->instantArgsLength.reserve(total);
    // Thread k is track k: runTracked made them in this order, before any other track.
    for (size_t t = 0; t < in.threads.size(); ++t) {
        std::vector<PendingInstant> &list = in.threads[t].instants;
        auto byTs = [](const auto &a, const auto &b) {
            return a.ts < b.ts;
        };
        if (!std::is_sorted(list.begin(), list.end(), byTs))
            std::stable_sort(list.begin(), list.end(), byTs);
        TraceTrack &track = m_ds->tracks[t];
        track.instantBegin = quint32(m_ds->instantTs.size());
        for (const PendingInstant &e : list) {
            m_ds->instantTs.push_back(e.ts);
            m_ds->instantName.push_back(e.name);
            m_ds->instantCategory.push_back(e.category);
            m_ds->instantArgsOffset.push_back(e.argsOffset);
            m_ds->instantArgsLength.push_back(e.argsLength);
        }
        track.instantEnd = quint32(m_ds->instantTs.size());
        std::vector<PendingInstant>().swap(list);
    }
}

void Builder::buildCounters()
{
    // One counter track per (pid, name, id, series): each args key of a C event is its own series.
    std::map<std::tuple<quint32, quint32, quint64, quint32>, std::vector<quint32>> series;
    for (quint32 i = 0; i < quint32(m_in.counters.size()); ++i) {
        const RawCounter &c = m_in.counters[i];
        series[std::make_tuple(c.pid, c.name, c.id, c.series)].push_back(i);
    }
    for (auto &[key, members] : series) {
        const auto [pid, name, id, s] = key;
        sortNearlySorted(members.begin(), members.end(), [&](quint32 a, quint32 b) {
            return m_in.counters[a].ts < m_in.counters[b].ts;
        });
        TraceTrack t = counterTrack(pid, name, id, s);
        t.counterBegin = quint32(m_ds->counterTs.size());
        for (const quint32 i : members) {
            m_ds->counterTs.push_back(m_in.counters[i].ts + m_in.baseTimeNs);
            m_ds->counterValue.push_back(m_in.counters[i].value);
        }
        t.counterEnd = quint32(m_ds->counterTs.size());
        t.firstNs = m_ds->counterTs[t.counterBegin];
        t.lastNs = m_ds->counterTs[t.counterEnd - 1];
        m_ds->tracks.push_back(std::move(t));
    }
}

void Builder::applyMetadata()
{
    // Last value wins for repeated or conflicting metadata (docs/FORMATS.md §1).
    for (const RawMeta &m : m_in.metas) {
        const std::string_view kind = m_ds->strings.view(m.kind);
        if (kind == "process_name") {
            m_ds->processes[size_t(process(m.pid))].name = m_ds->strings.string(m.text);
        } else if (kind == "process_labels") {
            m_ds->processes[size_t(process(m.pid))].labels =
                m_ds->strings.string(m.text).split(u',', Qt::SkipEmptyParts);
        } else if (kind == "process_sort_index" && m.hasNumber) {
            m_ds->processes[size_t(process(m.pid))].sortIndex = m.number;
        } else if (kind == "thread_name") {
            m_ds->tracks[size_t(threadTrack(m.pid, m.tid))].name = m.text;
        } else if (kind == "thread_sort_index" && m.hasNumber) {
            const int t = threadTrack(m.pid, m.tid);
            m_ds->tracks[size_t(t)].sortIndex = m.number;
            m_threadSortSet[size_t(t)] = true;
        }
    }
}

void Builder::orderForDisplay()
{
    for (int t = 0; t < int(m_ds->tracks.size()); ++t)
        m_ds->processes[size_t(m_ds->tracks[size_t(t)].process)].tracks.push_back(t);
    for (TraceProcess &p : m_ds->processes) {
        std::stable_sort(p.tracks.begin(), p.tracks.end(), [&](int a, int b) {
            const TraceTrack &x = m_ds->tracks[size_t(a)];
            const TraceTrack &y = m_ds->tracks[size_t(b)];
            if (x.sortIndex != y.sortIndex)
                return x.sortIndex < y.sortIndex;
            return m_ds->strings.view(x.tid) < m_ds->strings.view(y.tid);
        });
    }
    // Processes: sort index, then numeric pid, then pid text. Track indices stay stable; the
    // process order only changes which process index a track points to.
    std::vector<int> order(m_ds->processes.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const TraceProcess &x = m_ds->processes[size_t(a)];
        const TraceProcess &y = m_ds->processes[size_t(b)];
        if (x.sortIndex != y.sortIndex)
            return x.sortIndex < y.sortIndex;
        return m_ds->strings.view(x.pid) < m_ds->strings.view(y.pid);
    });
    std::vector<TraceProcess> sorted;
    std::vector<int> newIndex(order.size());
    for (size_t k = 0; k < order.size(); ++k) {
        newIndex[size_t(order[k])] = int(k);
        sorted.push_back(std::move(m_ds->processes[size_t(order[k])]));
    }
    m_ds->processes.swap(sorted);
    for (TraceTrack &t : m_ds->tracks)
        t.process = newIndex[size_t(t.process)];
}

void Builder::classifyEvents(EventsByKind &out)
{
    const qint64 base = m_in.baseTimeNs;
    out.trackOfEvent.assign(m_in.events.size(), -1);
    // The parser keeps no event of an unsupported phase, only their counts.
    std::map<char, qint64> unsupported = m_in.unsupportedPhases;
    int lastTrack = -1;
    quint64 lastKey = ~quint64(0);
    for (quint32 i = 0; i < quint32(m_in.events.size()); ++i) {
        RawEvent &e = m_in.events[i];
        const char ph = e.phase;
        if (!isKeptPhase(ph)) {
            ++unsupported[ph];
            continue;
        }
        if (!hasUsableTime(e, base))
            continue;
        if (ph == 'b' || ph == 'e' || ph == 'n' || ph == 'S' || ph == 'T' || ph == 'F' ||
            ph == 'p') {
            out.asyncEvents.push_back(i);
            continue;
        }
        const quint64 key = pairKey(e.pid, e.tid);
        if (key != lastKey) {
            lastKey = key;
            lastTrack = threadTrack(e.pid, e.tid);
        }
        if (ph == 's' || ph == 't' || ph == 'f') {
            out.flowEvents.push_back(i);
            continue;
        }
        if (ph == 'i' || ph == 'I' || ph == 'R') {
            m_trackInstants[size_t(lastTrack)].push_back(i);
            continue;
        }
        out.trackOfEvent[i] = lastTrack;
        out.threadEvents.push_back(i);
    }
    reportUnsupportedPhases(unsupported);
}

bool Builder::hasUsableTime(RawEvent &e, qint64 base)
{
    if (!(e.flags & RawFlag::HasTs)) {
        m_diag->add(u"missing_ts"_s,
                    Tr::tr("Events without a usable timestamp were dropped."),
                    Location{e.offset, -1, where(e)});
        return false;
    }
    if (e.phase == 'X' && (e.flags & RawFlag::BadDur)) {
        m_diag->add(u"bad_dur"_s,
                    Tr::tr("Complete events (X) whose duration is not a number were dropped."),
                    Location{e.offset, -1, where(e)});
        return false;
    }
    if (base != 0) {
        if ((base > 0 && e.ts > std::numeric_limits<qint64>::max() - base)) {
            m_diag->add(u"missing_ts"_s,
                        Tr::tr("Events without a usable timestamp were dropped."),
                        Location{e.offset, -1, where(e)});
            return false;
        }
        e.ts += base;
    }
    if (e.phase == 'X' && e.dur > 0 && e.ts > std::numeric_limits<qint64>::max() - e.dur) {
        m_diag->add(u"bad_dur"_s,
                    Tr::tr("Complete events (X) whose duration is not a number were dropped."),
                    Location{e.offset, -1, where(e)});
        return false;
    }
    return true;
}

void Builder::reportUnsupportedPhases(const std::map<char, qint64> &unsupported)
{
    for (const auto &[ph, count] : unsupported) {
        const QString letter = ph == '?' || ph == 0 ? u"?"_s : QString(QLatin1Char(ph));
        m_diag->add(u"unsupported_phase"_s,
                    Tr::tr("Events of phases Twinscope does not show (samples, objects, unknown) "
                           "were skipped."),
                    Location{-1, -1, Tr::tr("phase %1: %2 events").arg(letter).arg(count)},
                    Severity::Info,
                    count);
    }
}

bool Builder::buildThreadTracks(const ThreadTrackGroups &groups,
                                const CancelToken &cancel,
                                const BuildOne &buildOne)
{
    const std::vector<char> second = splitTracksInTwo(groups);
    TraceDataset otherCols;
    Diagnostics otherDiag;
    std::atomic<bool> stop{false};
    // Thread tracks are independent: two threads build them into separate columns, balanced by
    // event count; the second thread's columns are appended afterwards.
    auto buildGroup = [&](int group, TraceDataset &cols, Diagnostics &diag) {
        std::vector<PendingSlice> pending;
        for (size_t t = 0; t < groups.trackCount; ++t) {
            if (second[t] != group)
                continue;
            if (stop.load(std::memory_order_relaxed) || cancel.isCanceled()) {
                stop = true;
                return;
            }
            buildOne(t, pending, cols, diag);
        }
    };
    std::atomic<int> nextGroup{0};
    WorkerPool::run(2, [&](int) {
        for (int g = nextGroup.fetch_add(1); g < 2; g = nextGroup.fetch_add(1)) {
            if (g == 0)
                buildGroup(0, *m_ds, *m_diag);
            else
                buildGroup(1, otherCols, otherDiag);
        }
    });
    if (stop)
        return false;
    m_diag->merge(otherDiag);
    appendSecondColumns(*m_ds, otherCols, second, groups.trackCount);
    return true;
}

void Builder::laneAsyncTracks(size_t firstAsyncTrack)
{
    for (size_t t = firstAsyncTrack; t < m_ds->tracks.size(); ++t)
        assignLanes(
            m_ds->tracks[t], m_asyncSlices[t], true, *m_ds, *m_diag, m_ds->strings, m_in.events);
}

void Builder::bindFlowsToSlices(const FlowPairs &flowPairs)
{
    bindFlows(
        flowPairs,
        m_in.events,
        [this](const RawEvent &e) {
            auto it = m_threadTracks.find(pairKey(e.pid, e.tid));
            return it == m_threadTracks.end() ? -1 : it->second;
        },
        m_ds,
        m_diag);
}

// Events are classified and grouped before anything is built; flows pair on a second thread
// meanwhile, and bind to slices once every track is complete.
void Builder::run(const CancelToken &cancel)
{
    EventsByKind events;
    classifyEvents(events);
    FlowPairs flowPairs;
    WorkerPool::Background flowPairing(
        [&] { flowPairs = pairFlows(m_in.events, events.flowEvents); });
    if (cancel.isCanceled())
        return;
    const ThreadTrackGroups groups = groupByThreadTrack(events, m_ds->tracks.size());
    reserveSliceColumns(events, m_in.events, *m_ds);
    // Not needed past grouping: freed before the columns grow.
    std::vector<int>().swap(events.trackOfEvent);
    std::vector<quint32>().swap(events.threadEvents);
    const bool built = buildThreadTracks(
        groups,
        cancel,
        [&](size_t t, std::vector<PendingSlice> &pending, TraceDataset &cols, Diagnostics &diag) {
            // One list per call: the two threads build at once.
            const std::vector<quint32> members(groups.grouped.begin() + groups.start[t],
                                               groups.grouped.begin() + groups.start[t + 1]);
            buildThreadTrack(int(t), members, pending, cols, diag);
        });
    if (!built)
        return;
    buildAsync(events.asyncEvents);
    laneAsyncTracks(groups.trackCount);
    collectInstants(m_trackInstants, m_in.events, *m_ds);
    buildCounters();
    applyMetadata();
    flowPairing.wait();
    bindFlowsToSlices(flowPairs);
    computeExtents(*m_ds);
    orderForDisplay();
}

// The phases of run() in the same order, on events that are already on their thread tracks: the
// diagnostics come in the order run() gives them for the equivalent raw events.
void Builder::runTracked(TrackedBuildInput &in, const CancelToken &cancel)
{
    for (const quint32 name : in.badDurNames)
        m_diag->add(u"bad_dur"_s,
                    Tr::tr("Complete events (X) whose duration is not a number were dropped."),
                    Location{-1, -1, m_ds->strings.string(name)});
    std::vector<quint32>().swap(in.badDurNames);
    std::vector<int> trackOfThread(in.threads.size());
    for (size_t k = 0; k < in.threads.size(); ++k)
        trackOfThread[k] = threadTrack(in.threads[k].pid, in.threads[k].tid);
    if (cancel.isCanceled())
        return;
    ThreadTrackGroups groups;
    groups.trackCount = m_ds->tracks.size();
    groups.start.assign(groups.trackCount + 1, 0);
    for (size_t k = 0; k < in.threads.size(); ++k)
        groups.start[size_t(trackOfThread[k]) + 1] = quint32(in.threads[k].events());
    std::partial_sum(groups.start.begin(), groups.start.end(), groups.start.begin());
    reserveSlices(groups.start.back(), *m_ds);
    const bool built = buildThreadTracks(
        groups,
        cancel,
        [&](size_t t, std::vector<PendingSlice> &, TraceDataset &cols, Diagnostics &diag) {
            TrackedBuildInput::Thread &thread = in.threads[t];
            for (const quint32 name : thread.negativeDurNames)
                diag.add(u"negative_dur"_s,
                         Tr::tr("Complete events (X) with a negative duration were dropped."),
                         Location{-1, -1, m_ds->strings.string(name)});
            // No raw events: a database's events have no file offset for warnings anyway.
            assignLanes(m_ds->tracks[t], thread.slices, false, cols, diag, m_ds->strings, {});
            // Released at once: the columns grow while the staging of the other tracks shrinks.
            std::vector<PendingSlice>().swap(thread.slices);
            std::vector<quint32>().swap(thread.negativeDurNames);
        });
    if (!built)
        return;
    collectTrackedInstants(in);
    buildTrackedCounters(in);
    applyMetadata();
    bindPendingFlows(in.flows, trackOfThread, m_ds);
    computeExtents(*m_ds);
    orderForDisplay();
}

} // namespace

void buildTraceDataset(TrackedBuildInput &input,
                       TraceDataset *dataset,
                       Diagnostics *diagnostics,
                       const CancelToken &cancel)
{
    // The builder reads metadata from a TraceBuildInput; it has no raw events here.
    TraceBuildInput metas;
    metas.metas = std::move(input.metas);
    Builder builder(metas, dataset, diagnostics);
    builder.runTracked(input, cancel);
    input = TrackedBuildInput();
}

void buildTraceDataset(TraceBuildInput &input,
                       TraceDataset *dataset,
                       Diagnostics *diagnostics,
                       const CancelToken &cancel)
{
    Builder builder(input, dataset, diagnostics);
    builder.run(cancel);
}

} // namespace Twinscope::Core
