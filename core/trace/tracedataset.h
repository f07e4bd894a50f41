#pragma once

#include "core/common/gzipstream.h"
#include "traceargsrecords.h"
#include "tracestringtable.h"

#include <QByteArray>
#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace Twinscope::Core {

enum class TraceTrackKind : quint8 { Thread, Async, Counter };

namespace TraceSliceFlag {
enum : quint16 {
    DidNotFinish = 1, // a B without its E, closed at the track's last timestamp
    Overflow = 2,     // partially overlaps a sibling: lives in an overflow lane
    FromBeginEnd = 4, // built from a B/E pair rather than an X
    MissingDuration = 8,
    AsyncSlice = 16,
};
}

// A contiguous index range [begin, end) into the dataset's slice columns. Within one lane spans are
// disjoint and sorted by start, so start order equals end order (docs/DESIGN.md §4).
struct TraceLane
{
    quint32 begin = 0;
    quint32 end = 0;
    bool overflow = false;
};

struct TraceTrack
{
    TraceTrackKind kind = TraceTrackKind::Thread;
    int process = -1;     // index into processes()
    quint32 tid = 0;      // string id of the tid text (thread tracks), category (async)
    quint32 name = 0;     // thread name, async event name or counter series name
    qint64 sortIndex = 0; // thread_sort_index, else the numeric tid
    std::vector<TraceLane> lanes;
    quint32 sliceBegin = 0, sliceEnd = 0;     // all lanes of the track
    quint32 instantBegin = 0, instantEnd = 0; // instants, sorted by ts
    quint32 counterBegin = 0, counterEnd = 0; // counter samples, sorted by ts
    qint64 firstNs = 0, lastNs = 0;           // extent of everything on the track
};

struct TraceProcess
{
    quint32 pid = 0; // string id of the pid text: pids may be strings or exceed 2^32
    QString name;    // process_name, empty when the trace names none
    QStringList labels;
    qint64 sortIndex = 0;
    std::vector<int> tracks; // in display order
};

struct TraceFlow
{
    static constexpr quint32 Unbound = UINT32_MAX;
    quint32 fromSlice = Unbound, toSlice = Unbound;
    int fromTrack = -1, toTrack = -1;
    qint64 fromNs = 0, toNs = 0;
    quint32 name = 0, category = 0;
};

// One loaded chrome trace: immutable, columnar, shared read-only between threads (docs/DESIGN.md
// §4). Slices of all tracks live in one set of parallel columns, ordered by (track, lane, start).
class TraceDataset
{
public:
    // Columns: 8 + 8 + 4 + 4 + 8 + 4 + 2 = 38 bytes per slice, the lane implicit in its index.
    std::vector<qint64> sliceStart;
    std::vector<qint64> sliceDuration;
    std::vector<quint32> sliceName;
    std::vector<quint32> sliceCategory;
    std::vector<qint64> sliceArgsOffset; // -1 without args; into argsText() or the mapped file
    std::vector<quint32> sliceArgsLength;
    std::vector<quint16> sliceFlags;

    std::vector<qint64> instantTs;
    std::vector<quint32> instantName;
    std::vector<quint32> instantCategory;
    std::vector<qint64> instantArgsOffset;
    std::vector<quint32> instantArgsLength;

    std::vector<qint64> counterTs;
    std::vector<double> counterValue;

    std::vector<TraceFlow> flows;
    // Flow indices sorted by fromSlice / toSlice, for "outgoing/incoming flows of this slice".
    std::vector<quint32> flowsByFrom;
    std::vector<quint32> flowsByTo;

    std::vector<TraceTrack> tracks;
    std::vector<TraceProcess> processes; // in display order (sort index, then pid)
    TraceStringTable strings;

    // File facts (docs/DESIGN.md §3): where the args offsets point and whether that is still valid.
    QString path;
    qint64 fileSize = 0;
    QDateTime fileModified;
    QString producer;        // "kineto", "torch_npu", "msprof", "mindspore", "catapult" or ""
    QString displayTimeUnit; // as written; only changes how times are printed
    qint64 baseTimeNs = 0;   // baseTimeNanoseconds, already added to every timestamp
    int rank = -1;           // distributedInfo.rank, -1 when unknown
    qint64 firstNs = 0, lastNs = 0;
    QMap<QString, qint64> eventsByPhase; // "X" -> count, as read (before any drop)
    QByteArray argsArena;                // args text for inputs in memory that are not gzip
    bool argsInArena = false;
    // Inputs read from databases: args offsets point into these typed records, whose JSON text
    // is written when read (SyntheticTrace).
    std::shared_ptr<const TraceArgsRecords> argsRecords;
    // gzip input: args offsets are offsets of the inflated text, read back through this index
    // from the file (or from argsCompressed when the input was given as bytes).
    std::shared_ptr<const GzipIndex> argsIndex;
    QByteArray argsCompressed;

    qint64 sliceCount() const { return qint64(sliceStart.size()); }
    qint64 sliceEnd(quint32 i) const { return sliceStart[i] + sliceDuration[i]; }
    int trackOfSlice(quint32 slice) const;
    int laneOfSlice(int track, quint32 slice) const;
    // The args object's JSON text, read on demand from the arena or the unchanged file; empty when
    // the event had none or the file changed since loading (then *stale is set).
    QByteArray sliceArgs(quint32 slice, bool *stale = nullptr) const;
    QByteArray instantArgs(quint32 instant, bool *stale = nullptr) const;
    // The deepest slice on track that contains ts, or UINT32_MAX.
    quint32 sliceAt(int track, qint64 ts) const;
    // The first slice on track starting at or after ts (any lane), or UINT32_MAX.
    quint32 nextSliceStartingAt(int track, qint64 ts) const;
    QString trackDisplayName(int track) const;
    QString processDisplayName(int process) const;
    qint64 memoryBytes() const;

private:
    QByteArray readArgs(qint64 offset, quint32 length, bool *stale) const;
};

} // namespace Twinscope::Core
