#include "tracedataset.h"

#include "core/common/inputfile.h"
#include "core/common/tr.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

int TraceDataset::trackOfSlice(quint32 slice) const
{
    for (int t = 0; t < int(tracks.size()); ++t) {
        if (slice >= tracks[size_t(t)].sliceBegin && slice < tracks[size_t(t)].sliceEnd)
            return t;
    }
    return -1;
}

int TraceDataset::laneOfSlice(int track, quint32 slice) const
{
    if (track < 0 || track >= int(tracks.size()))
        return -1;
    const auto &lanes = tracks[size_t(track)].lanes;
    for (int l = 0; l < int(lanes.size()); ++l) {
        if (slice >= lanes[size_t(l)].begin && slice < lanes[size_t(l)].end)
            return l;
    }
    return -1;
}

QByteArray TraceDataset::readArgs(qint64 offset, quint32 length, bool *stale) const
{
    if (stale)
        *stale = false;
    if (offset < 0 || length == 0)
        return {};
    if (argsRecords)
        return argsRecords->text(offset, length, strings);
    if (argsInArena) {
        if (offset + qint64(length) > argsArena.size())
            return {};
        return argsArena.mid(offset, length);
    }
    if (argsIndex && !argsCompressed.isEmpty()) {
        return argsIndex->read(
            [&](qint64 from, qint64 n) { return argsCompressed.mid(from, n); }, offset, length);
    }
    // Read through the file, never a long-lived mapping: only if it is still the file we loaded.
    const QFileInfo info(path);
    if (!info.exists() || info.size() != fileSize || info.lastModified() != fileModified) {
        if (stale)
            *stale = true;
        return {};
    }
    QFile f;
    Error error;
    if (!openInputFile(&f, path, &error))
        return {};
    if (argsIndex) {
        return argsIndex->read(
            [&](qint64 from, qint64 n) { return f.seek(from) ? f.read(n) : QByteArray(); },
            offset,
            length);
    }
    if (!f.seek(offset))
        return {};
    return f.read(length);
}

QByteArray TraceDataset::sliceArgs(quint32 slice, bool *stale) const
{
    if (slice >= sliceArgsOffset.size())
        return {};
    return readArgs(sliceArgsOffset[slice], sliceArgsLength[slice], stale);
}

QByteArray TraceDataset::instantArgs(quint32 instant, bool *stale) const
{
    if (instant >= instantArgsOffset.size())
        return {};
    return readArgs(instantArgsOffset[instant], instantArgsLength[instant], stale);
}

quint32 TraceDataset::sliceAt(int track, qint64 ts) const
{
    if (track < 0 || track >= int(tracks.size()))
        return UINT32_MAX;
    const auto &lanes = tracks[size_t(track)].lanes;
    for (auto l = lanes.rbegin(); l != lanes.rend(); ++l) {
        if (l->overflow)
            continue;
        const auto first = sliceStart.begin() + l->begin;
        const auto last = sliceStart.begin() + l->end;
        auto it = std::upper_bound(first, last, ts);
        if (it == first)
            continue;
        const auto i = quint32(it - sliceStart.begin() - 1);
        if (sliceStart[i] + sliceDuration[i] >= ts)
            return i;
    }
    return UINT32_MAX;
}

quint32 TraceDataset::nextSliceStartingAt(int track, qint64 ts) const
{
    if (track < 0 || track >= int(tracks.size()))
        return UINT32_MAX;
    quint32 best = UINT32_MAX;
    for (const TraceLane &l : tracks[size_t(track)].lanes) {
        const auto first = sliceStart.begin() + l.begin;
        const auto last = sliceStart.begin() + l.end;
        auto it = std::lower_bound(first, last, ts);
        if (it == last)
            continue;
        const auto i = quint32(it - sliceStart.begin());
        if (best == UINT32_MAX || sliceStart[i] < sliceStart[best])
            best = i;
    }
    return best;
}

QString TraceDataset::trackDisplayName(int track) const
{
    const TraceTrack &t = tracks[size_t(track)];
    // Kineto thread names end with a space ("stream 7 "): trimmed for display only.
    const QString name = strings.string(t.name).trimmed();
    switch (t.kind) {
    case TraceTrackKind::Thread:
        if (!name.isEmpty())
            return name;
        // Kineto's global instants have pid "" and tid "": name the track rather than leave it
        // blank.
        return t.tid == 0 ? Tr::tr("(no thread)") : strings.string(t.tid);
    case TraceTrackKind::Async:
    case TraceTrackKind::Counter:
        return name;
    }
    return name;
}

QString TraceDataset::processDisplayName(int process) const
{
    const TraceProcess &p = processes[size_t(process)];
    const QString pid = strings.string(p.pid);
    if (!p.name.isEmpty())
        return p.name;
    return pid.isEmpty() ? Tr::tr("Global") : pid;
}

qint64 TraceDataset::memoryBytes() const
{
    auto bytes = [](const auto &v) {
        return qint64(v.capacity() * sizeof(v[0]));
    };
    return bytes(sliceStart) + bytes(sliceDuration) + bytes(sliceName) + bytes(sliceCategory) +
           bytes(sliceArgsOffset) + bytes(sliceArgsLength) + bytes(sliceFlags) + bytes(instantTs) +
           bytes(instantName) + bytes(instantCategory) + bytes(instantArgsOffset) +
           bytes(instantArgsLength) + bytes(counterTs) + bytes(counterValue) + bytes(flows) +
           bytes(flowsByFrom) + bytes(flowsByTo) + strings.bytes() + argsArena.capacity() +
           (argsIndex ? argsIndex->memoryBytes() : 0) + (argsRecords ? argsRecords->bytes() : 0);
}

} // namespace Twinscope::Core
