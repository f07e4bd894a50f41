#include "tracecache.h"

#include "core/common/mappedfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cstring>
#include <functional>
#include <sys/mman.h>
#include <type_traits>

namespace Twinscope::Core {

namespace {

constexpr char Magic[8] = {'T', 'W', 'S', 'T', 'R', 'A', 'C', 'E'};
constexpr quint32 EndianMark = 0x01020304;
constexpr qint64 Align = 8;

struct Header
{
    char magic[8];
    quint32 version;
    quint32 endian;
    quint64 inputSize;
    qint64 inputMtimeNs;
    quint64 headTailHash;
    quint64 fileBytes;
    quint32 sections;
    quint32 reserved;
    quint64 checksum; // of the header with this field 0, then the section table
};
static_assert(sizeof(Header) == 64 && std::is_trivially_copyable_v<Header>);

struct Section
{
    quint32 id;
    quint32 elemSize;
    quint64 offset;
    quint64 bytes;
    quint64 checksum;
};
static_assert(sizeof(Section) == 32 && std::is_trivially_copyable_v<Section>);

// The flows column is written as the struct's bytes: no padding, nothing but integers.
static_assert(sizeof(TraceFlow) == 40 && std::is_trivially_copyable_v<TraceFlow>);

enum SectionId : quint32 {
    Meta,
    SliceStart,
    SliceDuration,
    SliceName,
    SliceCategory,
    SliceArgsOffset,
    SliceArgsLength,
    SliceFlags,
    InstantTs,
    InstantName,
    InstantCategory,
    InstantArgsOffset,
    InstantArgsLength,
    CounterTs,
    CounterValue,
    Flows,
    FlowsByFrom,
    FlowsByTo,
    StringArena,
    StringOffsets,
    SectionCount
};

// The small record of everything that is not a column, written field by field (no QDataStream:
// its container counts would be trusted before the reader could check them against the bytes).
class MetaWriter
{
public:
    template<typename T>
    void put(T v)
    {
        static_assert(std::is_arithmetic_v<T>);
        bytes.append(reinterpret_cast<const char *>(&v), sizeof v);
    }
    void str(const QString &s)
    {
        const QByteArray u = s.toUtf8();
        put(quint32(u.size()));
        bytes.append(u);
    }
    QByteArray bytes;
};

class MetaReader
{
public:
    explicit MetaReader(std::string_view b)
        : m_b(b)
    {}
    template<typename T>
    T get()
    {
        T v{};
        if (m_at + sizeof v > m_b.size()) {
            m_ok = false;
            return v;
        }
        std::memcpy(&v, m_b.data() + m_at, sizeof v);
        m_at += sizeof v;
        return v;
    }
    QString str()
    {
        const quint32 n = get<quint32>();
        if (!m_ok || n > m_b.size() - m_at) {
            m_ok = false;
            return {};
        }
        const QString s = QString::fromUtf8(m_b.data() + m_at, qsizetype(n));
        m_at += n;
        return s;
    }
    // A count of items of at least minBytes each: never more than the bytes left could hold, so
    // a damaged count cannot make the reader allocate more than the cache's size.
    quint32 count(size_t minBytes)
    {
        const quint32 n = get<quint32>();
        if (!m_ok || size_t(n) > (m_b.size() - m_at) / minBytes) {
            m_ok = false;
            return 0;
        }
        return n;
    }
    bool ok() const { return m_ok; }
    bool atEnd() const { return m_at == m_b.size(); }

private:
    std::string_view m_b;
    size_t m_at = 0;
    bool m_ok = true;
};

QByteArray
encodeMeta(const TraceDataset &ds, const Diagnostics &diagnostics, const QString &canonical)
{
    MetaWriter w;
    w.str(canonical);
    w.str(ds.producer);
    w.str(ds.displayTimeUnit);
    w.put(ds.baseTimeNs);
    w.put(qint64(ds.rank));
    w.put(ds.firstNs);
    w.put(ds.lastNs);
    w.put(quint32(ds.eventsByPhase.size()));
    for (auto it = ds.eventsByPhase.begin(); it != ds.eventsByPhase.end(); ++it) {
        w.str(it.key());
        w.put(it.value());
    }
    w.put(quint32(ds.tracks.size()));
    for (const TraceTrack &t : ds.tracks) {
        w.put(quint8(t.kind));
        w.put(qint32(t.process));
        w.put(t.tid);
        w.put(t.name);
        w.put(t.sortIndex);
        w.put(quint32(t.lanes.size()));
        for (const TraceLane &l : t.lanes) {
            w.put(l.begin);
            w.put(l.end);
            w.put(quint8(l.overflow));
        }
        w.put(t.sliceBegin);
        w.put(t.sliceEnd);
        w.put(t.instantBegin);
        w.put(t.instantEnd);
        w.put(t.counterBegin);
        w.put(t.counterEnd);
        w.put(t.firstNs);
        w.put(t.lastNs);
    }
    w.put(quint32(ds.processes.size()));
    for (const TraceProcess &p : ds.processes) {
        w.put(p.pid);
        w.str(p.name);
        w.put(quint32(p.labels.size()));
        for (const QString &l : p.labels)
            w.str(l);
        w.put(p.sortIndex);
        w.put(quint32(p.tracks.size()));
        for (int t : p.tracks)
            w.put(qint32(t));
    }
    w.put(quint32(diagnostics.entries().size()));
    for (const Diagnostics::Entry &e : diagnostics.entries()) {
        w.str(e.kind);
        w.str(e.message);
        w.put(quint8(e.severity));
        w.put(e.count);
        w.put(quint32(e.first.size()));
        for (const Location &l : e.first) {
            w.put(l.offset);
            w.put(l.line);
            w.str(l.detail);
        }
        w.str(e.file);
    }
    return w.bytes;
}

bool decodeMeta(std::string_view bytes,
                TraceDataset &ds,
                Diagnostics &diagnostics,
                QString &canonical)
{
    MetaReader r(bytes);
    canonical = r.str();
    ds.producer = r.str();
    ds.displayTimeUnit = r.str();
    ds.baseTimeNs = r.get<qint64>();
    ds.rank = int(r.get<qint64>());
    ds.firstNs = r.get<qint64>();
    ds.lastNs = r.get<qint64>();
    const quint32 phases = r.count(12);
    for (quint32 i = 0; i < phases && r.ok(); ++i) {
        const QString key = r.str();
        ds.eventsByPhase.insert(key, r.get<qint64>());
    }
    const quint32 tracks = r.count(65);
    ds.tracks.resize(tracks);
    for (TraceTrack &t : ds.tracks) {
        const quint8 kind = r.get<quint8>();
        if (kind > quint8(TraceTrackKind::Counter))
            return false;
        t.kind = TraceTrackKind(kind);
        t.process = r.get<qint32>();
        t.tid = r.get<quint32>();
        t.name = r.get<quint32>();
        t.sortIndex = r.get<qint64>();
        t.lanes.resize(r.count(9));
        for (TraceLane &l : t.lanes) {
            l.begin = r.get<quint32>();
            l.end = r.get<quint32>();
            l.overflow = r.get<quint8>() != 0;
        }
        t.sliceBegin = r.get<quint32>();
        t.sliceEnd = r.get<quint32>();
        t.instantBegin = r.get<quint32>();
        t.instantEnd = r.get<quint32>();
        t.counterBegin = r.get<quint32>();
        t.counterEnd = r.get<quint32>();
        t.firstNs = r.get<qint64>();
        t.lastNs = r.get<qint64>();
        if (!r.ok())
            return false;
    }
    const quint32 processes = r.count(24);
    ds.processes.resize(processes);
    for (TraceProcess &p : ds.processes) {
        p.pid = r.get<quint32>();
        p.name = r.str();
        const quint32 labels = r.count(4);
        for (quint32 i = 0; i < labels && r.ok(); ++i)
            p.labels << r.str();
        p.sortIndex = r.get<qint64>();
        p.tracks.resize(r.count(4));
        for (int &t : p.tracks)
            t = r.get<qint32>();
        if (!r.ok())
            return false;
    }
    const quint32 entries = r.count(25);
    for (quint32 i = 0; i < entries && r.ok(); ++i) {
        const QString kind = r.str();
        const QString message = r.str();
        const quint8 severity = r.get<quint8>();
        const qint64 count = r.get<qint64>();
        if (severity > quint8(Severity::Error) || count < 0)
            return false;
        QList<Location> first;
        const quint32 locations = r.count(20);
        for (quint32 k = 0; k < locations && r.ok(); ++k) {
            Location l;
            l.offset = r.get<qint64>();
            l.line = r.get<qint64>();
            l.detail = r.str();
            first << l;
        }
        const QString file = r.str();
        // Rebuilt through add(), the one way in: the first location carries the count.
        Diagnostics one;
        one.add(kind, message, first.value(0), Severity(severity), count);
        for (qsizetype k = 1; k < first.size(); ++k)
            one.add(kind, message, first[k], Severity(severity), 0);
        if (!file.isEmpty())
            one.setFile(file);
        diagnostics.merge(one);
    }
    return r.ok() && r.atEnd();
}

// Every index a reader of the dataset follows without checking is checked here.
bool validate(const TraceDataset &ds, qint64 inputSize, QString *why)
{
    auto fail = [&](const char *what) {
        if (why)
            *why = QString::fromLatin1(what);
        return false;
    };
    const size_t slices = ds.sliceStart.size();
    if (slices >= UINT32_MAX || ds.sliceDuration.size() != slices ||
        ds.sliceName.size() != slices || ds.sliceCategory.size() != slices ||
        ds.sliceArgsOffset.size() != slices || ds.sliceArgsLength.size() != slices ||
        ds.sliceFlags.size() != slices)
        return fail("slice columns differ in length");
    const size_t instants = ds.instantTs.size();
    if (instants >= UINT32_MAX || ds.instantName.size() != instants ||
        ds.instantCategory.size() != instants || ds.instantArgsOffset.size() != instants ||
        ds.instantArgsLength.size() != instants)
        return fail("instant columns differ in length");
    const size_t counters = ds.counterTs.size();
    if (counters >= UINT32_MAX || ds.counterValue.size() != counters)
        return fail("counter columns differ in length");
    const std::vector<quint32> &offsets = ds.strings.offsets();
    if (offsets.size() < 2 || offsets.front() != 0 || offsets[1] != 0 ||
        offsets.back() != ds.strings.arena().size())
        return fail("string offsets");
    for (size_t i = 1; i < offsets.size(); ++i) {
        if (offsets[i] < offsets[i - 1])
            return fail("string offsets");
    }
    const quint32 strings = ds.strings.size();
    auto ids = [&](const std::vector<quint32> &v) {
        for (quint32 id : v) {
            if (id >= strings)
                return false;
        }
        return true;
    };
    if (!ids(ds.sliceName) || !ids(ds.sliceCategory) || !ids(ds.instantName) ||
        !ids(ds.instantCategory))
        return fail("string id out of range");
    auto args = [&](const std::vector<qint64> &off, const std::vector<quint32> &len) {
        for (size_t i = 0; i < off.size(); ++i) {
            if (off[i] < -1 || (off[i] >= 0 && off[i] + qint64(len[i]) > inputSize))
                return false;
        }
        return true;
    };
    if (!args(ds.sliceArgsOffset, ds.sliceArgsLength) ||
        !args(ds.instantArgsOffset, ds.instantArgsLength))
        return fail("args range outside the input");
    const int tracks = int(ds.tracks.size());
    for (const TraceTrack &t : ds.tracks) {
        if (t.process < -1 || t.process >= int(ds.processes.size()) || t.tid >= strings ||
            t.name >= strings || t.sliceBegin > t.sliceEnd || t.sliceEnd > slices ||
            t.instantBegin > t.instantEnd || t.instantEnd > instants ||
            t.counterBegin > t.counterEnd || t.counterEnd > counters)
            return fail("track range");
        for (const TraceLane &l : t.lanes) {
            if (l.begin > l.end || l.begin < t.sliceBegin || l.end > t.sliceEnd)
                return fail("lane range");
        }
    }
    for (const TraceProcess &p : ds.processes) {
        if (p.pid >= strings)
            return fail("process pid");
        for (int t : p.tracks) {
            if (t < 0 || t >= tracks)
                return fail("process track");
        }
    }
    for (const TraceFlow &f : ds.flows) {
        if ((f.fromSlice != TraceFlow::Unbound && f.fromSlice >= slices) ||
            (f.toSlice != TraceFlow::Unbound && f.toSlice >= slices) || f.fromTrack < -1 ||
            f.fromTrack >= tracks || f.toTrack < -1 || f.toTrack >= tracks || f.name >= strings ||
            f.category >= strings)
            return fail("flow");
    }
    for (const auto *v : {&ds.flowsByFrom, &ds.flowsByTo}) {
        if (v->size() != ds.flows.size())
            return fail("flow index length");
        for (quint32 i : *v) {
            if (i >= ds.flows.size())
                return fail("flow index");
        }
    }
    return true;
}

// A warm open spends most of its time faulting in the fresh pages its columns are copied into
// (perf of `trace --summary` from a 1 GB trace's cache: page faults, page clearing and their locks
// were over 40 %). Asked for before the first write, transparent huge pages take one fault per
// 2 MiB instead of 512: readTraceCache went from 128-155 to 72-86 ms of CPU (issue #28). Only the
// 2 MiB-aligned inside of the block is advised; a kernel without THP ignores the advice. (Copying
// the columns on two threads instead was no faster: the faults contend for the same lock.)
void adviseHugePages(void *data, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    constexpr quintptr Huge = quintptr(2) << 20;
    if (bytes < 2 * Huge)
        return;
    const quintptr b = (reinterpret_cast<quintptr>(data) + Huge - 1) & ~(Huge - 1);
    const quintptr e = (reinterpret_cast<quintptr>(data) + bytes) & ~(Huge - 1);
    if (e > b)
        madvise(reinterpret_cast<void *>(b), size_t(e - b), MADV_HUGEPAGE);
#else
    Q_UNUSED(data);
    Q_UNUSED(bytes);
#endif
}

// Gives the pages of a mapped range back once its column is copied (readTraceCache), so that a
// warm open holds the mapping one column at a time instead of the whole cache beside its copy.
using Release = std::function<void(quint64 from, quint64 to)>;

template<typename T>
bool column(std::string_view bytes,
            const Section &s,
            std::vector<T> &out,
            bool verifyChecksums,
            const Release &release)
{
    if (s.elemSize != sizeof(T) || s.bytes % sizeof(T) != 0)
        return false;
    const std::string_view b = bytes.substr(size_t(s.offset), size_t(s.bytes));
    if (verifyChecksums && cacheChecksum(b) != s.checksum)
        return false;
    const size_t n = size_t(s.bytes / sizeof(T));
    out.reserve(n);
    adviseHugePages(out.data(), n * sizeof(T));
    if (reinterpret_cast<quintptr>(b.data()) % alignof(T) == 0) {
        const T *first = reinterpret_cast<const T *>(b.data());
        out.assign(first, first + n);
    } else {
        out.resize(n);
        if (n > 0)
            std::memcpy(out.data(), b.data(), size_t(s.bytes));
    }
    if (release)
        release(s.offset, s.offset + s.bytes);
    return true;
}

struct Column
{
    SectionId id;
    quint32 elemSize;
    const char *data;
    qint64 bytes;
};

template<typename T>
Column col(SectionId id, const std::vector<T> &v)
{
    return Column{id,
                  quint32(sizeof(T)),
                  reinterpret_cast<const char *>(v.data()),
                  qint64(v.size() * sizeof(T))};
}

qint64 aligned(qint64 n)
{
    return (n + Align - 1) / Align * Align;
}

void setWhy(QString *why, const QString &text)
{
    if (why)
        *why = text;
}

} // namespace

TraceCacheSettings TraceCacheSettings::fromEnvironment()
{
    TraceCacheSettings s;
    s.dir = defaultCacheDir(QStringLiteral("traces"));
    s.maxBytes = defaultCacheMaxBytes();
    bool ok = false;
    const qint64 min = qgetenv("TWINSCOPE_TRACE_CACHE_MIN_BYTES").toLongLong(&ok);
    if (ok && min >= 0)
        s.minInputBytes = min;
    return s;
}

QString traceCacheFilePath(const QString &dir, const FileCacheKey &key)
{
    const QByteArray path = key.canonicalPath.toUtf8();
    const quint64 h = cacheChecksum(std::string_view(path.constData(), size_t(path.size())));
    return dir + u'/' + QString::number(h, 16).rightJustified(16, u'0') +
           QStringLiteral(".twtrace");
}

bool isTraceCacheable(const TraceDataset &ds)
{
    return !ds.path.isEmpty() && !ds.argsInArena && !ds.argsIndex && !ds.argsRecords &&
           ds.argsCompressed.isEmpty();
}

namespace {

// Each section's checksum is verified just before it is decoded, and a damaged one refuses the
// whole cache: nothing decoded so far is handed out.
std::optional<TraceCacheHit> decode(std::string_view bytes,
                                    const FileCacheKey *expect,
                                    bool verifyChecksums,
                                    QString *why,
                                    const Release &release)
{
    Header h;
    if (bytes.size() < sizeof h) {
        setWhy(why, QStringLiteral("shorter than its header"));
        return std::nullopt;
    }
    std::memcpy(&h, bytes.data(), sizeof h);
    if (std::memcmp(h.magic, Magic, sizeof Magic) != 0 || h.endian != EndianMark) {
        setWhy(why, QStringLiteral("not a trace cache"));
        return std::nullopt;
    }
    if (h.version != TraceCacheVersion) {
        setWhy(why, QStringLiteral("format version %1").arg(h.version));
        return std::nullopt;
    }
    if (h.fileBytes != bytes.size() || h.sections != SectionCount ||
        bytes.size() - sizeof h < size_t(h.sections) * sizeof(Section)) {
        setWhy(why, QStringLiteral("length differs from its header (truncated?)"));
        return std::nullopt;
    }
    if (expect && (qint64(h.inputSize) != expect->size || h.inputMtimeNs != expect->mtimeNs ||
                   h.headTailHash != expect->headTailHash)) {
        setWhy(why, QStringLiteral("stale: the trace changed since the cache was written"));
        return std::nullopt;
    }
    std::vector<Section> table(SectionCount);
    std::memcpy(table.data(), bytes.data() + sizeof h, table.size() * sizeof(Section));
    if (verifyChecksums) {
        Header zero = h;
        zero.checksum = 0;
        quint64 sum =
            cacheChecksum(std::string_view(reinterpret_cast<const char *>(&zero), sizeof zero));
        sum = cacheChecksum(
            std::string_view(bytes.data() + sizeof h, table.size() * sizeof(Section)), sum);
        if (sum != h.checksum) {
            setWhy(why, QStringLiteral("header checksum"));
            return std::nullopt;
        }
    }
    for (quint32 i = 0; i < SectionCount; ++i) {
        const Section &s = table[i];
        if (s.id != i || s.elemSize == 0 || s.offset > bytes.size() ||
            s.bytes > bytes.size() - s.offset) {
            setWhy(why, QStringLiteral("section %1 out of bounds").arg(i));
            return std::nullopt;
        }
    }
    // Sections follow each other in id order, separated only by zero padding, and the last ends
    // the file: no byte of a cache goes unchecked.
    quint64 end = sizeof h + SectionCount * sizeof(Section);
    for (const Section &s : table) {
        if (s.offset < end || s.offset - end >= quint64(Align)) {
            setWhy(why, QStringLiteral("section layout"));
            return std::nullopt;
        }
        for (quint64 i = end; i < s.offset; ++i) {
            if (bytes[i] != 0) {
                setWhy(why, QStringLiteral("section padding"));
                return std::nullopt;
            }
        }
        end = s.offset + s.bytes;
    }
    if (end != bytes.size()) {
        setWhy(why, QStringLiteral("bytes after the last section"));
        return std::nullopt;
    }
    auto ds = std::make_shared<TraceDataset>();
    TraceCacheHit hit;
    QString canonical;
    const Section &meta = table[Meta];
    if (verifyChecksums &&
        cacheChecksum(bytes.substr(size_t(meta.offset), size_t(meta.bytes))) != meta.checksum) {
        setWhy(why, QStringLiteral("meta checksum"));
        return std::nullopt;
    }
    if (!decodeMeta(bytes.substr(size_t(meta.offset), size_t(meta.bytes)),
                    *ds,
                    hit.diagnostics,
                    canonical)) {
        setWhy(why, QStringLiteral("meta record"));
        return std::nullopt;
    }
    if (expect && canonical != expect->canonicalPath) {
        setWhy(why, QStringLiteral("cache of another file"));
        return std::nullopt;
    }
    std::vector<char> arena;
    std::vector<quint32> offsets;
    const bool ok =
        column(bytes, table[SliceStart], ds->sliceStart, verifyChecksums, release) &&
        column(bytes, table[SliceDuration], ds->sliceDuration, verifyChecksums, release) &&
        column(bytes, table[SliceName], ds->sliceName, verifyChecksums, release) &&
        column(bytes, table[SliceCategory], ds->sliceCategory, verifyChecksums, release) &&
        column(bytes, table[SliceArgsOffset], ds->sliceArgsOffset, verifyChecksums, release) &&
        column(bytes, table[SliceArgsLength], ds->sliceArgsLength, verifyChecksums, release) &&
        column(bytes, table[SliceFlags], ds->sliceFlags, verifyChecksums, release) &&
        column(bytes, table[InstantTs], ds->instantTs, verifyChecksums, release) &&
        column(bytes, table[InstantName], ds->instantName, verifyChecksums, release) &&
        column(bytes, table[InstantCategory], ds->instantCategory, verifyChecksums, release) &&
        column(bytes, table[InstantArgsOffset], ds->instantArgsOffset, verifyChecksums, release) &&
        column(bytes, table[InstantArgsLength], ds->instantArgsLength, verifyChecksums, release) &&
        column(bytes, table[CounterTs], ds->counterTs, verifyChecksums, release) &&
        column(bytes, table[CounterValue], ds->counterValue, verifyChecksums, release) &&
        column(bytes, table[Flows], ds->flows, verifyChecksums, release) &&
        column(bytes, table[FlowsByFrom], ds->flowsByFrom, verifyChecksums, release) &&
        column(bytes, table[FlowsByTo], ds->flowsByTo, verifyChecksums, release) &&
        column(bytes, table[StringArena], arena, verifyChecksums, release) &&
        column(bytes, table[StringOffsets], offsets, verifyChecksums, release);
    if (!ok) {
        setWhy(why, QStringLiteral("column checksum or element size"));
        return std::nullopt;
    }
    // Checked before the table is built: view() trusts its offsets.
    if (offsets.size() < 2 || offsets.front() != 0 || offsets.back() != arena.size()) {
        setWhy(why, QStringLiteral("string offsets"));
        return std::nullopt;
    }
    ds->strings = TraceStringTable::fromFrozen(std::move(arena), std::move(offsets));
    QString invalid;
    if (!validate(*ds, qint64(h.inputSize), &invalid)) {
        setWhy(why, invalid);
        return std::nullopt;
    }
    hit.dataset = std::move(ds);
    return hit;
}

} // namespace

std::optional<TraceCacheHit> decodeTraceCache(std::string_view bytes,
                                              const FileCacheKey *expect,
                                              bool verifyChecksums,
                                              QString *why)
{
    return decode(bytes, expect, verifyChecksums, why, {});
}

std::optional<TraceCacheHit> readTraceCache(const QString &path,
                                            const FileCacheKey &key,
                                            const TraceCacheSettings &settings,
                                            QString *why)
{
    if (settings.dir.isEmpty() || !key.isValid()) {
        setWhy(why, QStringLiteral("caching is off"));
        return std::nullopt;
    }
    const QString file = traceCacheFilePath(settings.dir, key);
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        setWhy(why, QStringLiteral("no cache"));
        return std::nullopt;
    }
    const qint64 size = f.size();
    if (size < qint64(sizeof(Header))) {
        setWhy(why, QStringLiteral("shorter than its header"));
        return std::nullopt;
    }
    QString error;
    // Mapped, not read: the columns are copied straight from the page cache, and the SIGBUS
    // guard of MappedFile covers a cache truncated by another process while it is read.
    const std::unique_ptr<MappedFile> map = MappedFile::map(f.handle(), 0, size, false, &error);
    if (!map) {
        setWhy(why, error);
        return std::nullopt;
    }
    std::optional<TraceCacheHit> hit =
        decode(std::string_view(map->data(), size_t(map->size())),
               &key,
               true,
               why,
               [&](quint64 from, quint64 to) { map->release(qint64(from), qint64(to)); });
    if (hit && map->changed()) {
        setWhy(why, QStringLiteral("the cache changed while it was read"));
        return std::nullopt;
    }
    if (!hit)
        return std::nullopt;
    TraceDataset &ds = *hit->dataset;
    ds.path = path;
    const QFileInfo info(path);
    ds.fileSize = key.size;
    ds.fileModified = info.lastModified();
    touchCacheFile(file);
    return hit;
}

bool writeTraceCache(const TraceDataset &ds,
                     const Diagnostics &diagnostics,
                     const FileCacheKey &key,
                     const TraceCacheSettings &settings,
                     QString *why)
{
    if (settings.dir.isEmpty() || !key.isValid() || !isTraceCacheable(ds)) {
        setWhy(why, QStringLiteral("not cacheable"));
        return false;
    }
    const QByteArray meta = encodeMeta(ds, diagnostics, key.canonicalPath);
    const std::vector<Column> columns{
        Column{Meta, 1, meta.constData(), meta.size()},
        col(SliceStart, ds.sliceStart),
        col(SliceDuration, ds.sliceDuration),
        col(SliceName, ds.sliceName),
        col(SliceCategory, ds.sliceCategory),
        col(SliceArgsOffset, ds.sliceArgsOffset),
        col(SliceArgsLength, ds.sliceArgsLength),
        col(SliceFlags, ds.sliceFlags),
        col(InstantTs, ds.instantTs),
        col(InstantName, ds.instantName),
        col(InstantCategory, ds.instantCategory),
        col(InstantArgsOffset, ds.instantArgsOffset),
        col(InstantArgsLength, ds.instantArgsLength),
        col(CounterTs, ds.counterTs),
        col(CounterValue, ds.counterValue),
        col(Flows, ds.flows),
        col(FlowsByFrom, ds.flowsByFrom),
        col(FlowsByTo, ds.flowsByTo),
        col(StringArena, ds.strings.arena()),
        col(StringOffsets, ds.strings.offsets()),
    };
    Header h{};
    std::memcpy(h.magic, Magic, sizeof Magic);
    h.version = TraceCacheVersion;
    h.endian = EndianMark;
    h.inputSize = quint64(key.size);
    h.inputMtimeNs = key.mtimeNs;
    h.headTailHash = key.headTailHash;
    h.sections = SectionCount;
    std::vector<Section> table;
    qint64 at = aligned(qint64(sizeof h + SectionCount * sizeof(Section)));
    for (const Column &c : columns) {
        table.push_back(Section{quint32(c.id),
                                c.elemSize,
                                quint64(at),
                                quint64(c.bytes),
                                cacheChecksum(std::string_view(c.data, size_t(c.bytes)))});
        at += c.bytes;
        if (c.id + 1 < SectionCount)
            at = aligned(at);
    }
    h.fileBytes = quint64(at);
    if (at > settings.maxBytes) {
        setWhy(why, QStringLiteral("larger than the cache cap"));
        return false;
    }
    quint64 sum = cacheChecksum(std::string_view(reinterpret_cast<const char *>(&h), sizeof h));
    h.checksum = cacheChecksum(std::string_view(reinterpret_cast<const char *>(table.data()),
                                                table.size() * sizeof(Section)),
                               sum);
    if (!QDir().mkpath(settings.dir)) {
        setWhy(why, QStringLiteral("cannot create %1").arg(settings.dir));
        return false;
    }
    const QString path = traceCacheFilePath(settings.dir, key);
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly)) {
        setWhy(why, out.errorString());
        return false;
    }
    static const char zeros[Align] = {};
    bool ok =
        out.write(reinterpret_cast<const char *>(&h), sizeof h) == qint64(sizeof h) &&
        out.write(reinterpret_cast<const char *>(table.data()),
                  qint64(table.size() * sizeof(Section))) == qint64(table.size() * sizeof(Section));
    qint64 written = qint64(sizeof h + table.size() * sizeof(Section));
    for (size_t i = 0; ok && i < columns.size(); ++i) {
        const qint64 pad = qint64(table[i].offset) - written;
        ok = out.write(zeros, pad) == pad &&
             out.write(columns[i].data, columns[i].bytes) == columns[i].bytes;
        written += pad + columns[i].bytes;
    }
    // Without commit() the temporary file is removed: a reader never sees half a cache.
    if (!ok || !out.commit()) {
        setWhy(why, out.errorString());
        return false;
    }
    evictCacheFiles(settings.dir, QStringLiteral(".twtrace"), settings.maxBytes, path);
    return true;
}

} // namespace Twinscope::Core
