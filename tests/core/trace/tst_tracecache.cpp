// The trace cache (issue #28): a cached dataset equals the parsed one field by field; a stale,
// damaged or truncated cache is refused and rebuilt; an unwritable cache directory costs the cache,
// never the load. Every test writes into its own temporary directory, never the user's cache.
#include "common/testdata.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/tracecache.h"
#include "core/trace/tracefileload.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

// Every field of the model, columns and all; *why names the first difference.
bool sameDataset(const TraceDataset &a, const TraceDataset &b, QString *why)
{
    auto fail = [&](const QString &what) {
        *why = what;
        return false;
    };
#define SAME(field)                                                                                \
    if (!(a.field == b.field))                                                                     \
        return fail(QStringLiteral(#field));
    SAME(sliceStart)
    SAME(sliceDuration)
    SAME(sliceName)
    SAME(sliceCategory)
    SAME(sliceArgsOffset)
    SAME(sliceArgsLength)
    SAME(sliceFlags)
    SAME(instantTs)
    SAME(instantName)
    SAME(instantCategory)
    SAME(instantArgsOffset)
    SAME(instantArgsLength)
    SAME(counterTs)
    SAME(flowsByFrom)
    SAME(flowsByTo)
    SAME(strings.arena())
    SAME(strings.offsets())
    SAME(path)
    SAME(fileSize)
    SAME(fileModified)
    SAME(producer)
    SAME(displayTimeUnit)
    SAME(baseTimeNs)
    SAME(rank)
    SAME(firstNs)
    SAME(lastNs)
    SAME(eventsByPhase)
    SAME(argsInArena)
#undef SAME
    // Doubles compared by their bits: a NaN sample must come back as the same NaN.
    if (a.counterValue.size() != b.counterValue.size() ||
        (!a.counterValue.empty() &&
         memcmp(a.counterValue.data(), b.counterValue.data(), a.counterValue.size() * 8) != 0))
        return fail(u"counterValue"_s);
    if (a.flows.size() != b.flows.size())
        return fail(u"flows"_s);
    for (size_t i = 0; i < a.flows.size(); ++i) {
        const TraceFlow &x = a.flows[i], &y = b.flows[i];
        if (x.fromSlice != y.fromSlice || x.toSlice != y.toSlice || x.fromTrack != y.fromTrack ||
            x.toTrack != y.toTrack || x.fromNs != y.fromNs || x.toNs != y.toNs ||
            x.name != y.name || x.category != y.category)
            return fail(u"flows[%1]"_s.arg(i));
    }
    if (a.tracks.size() != b.tracks.size())
        return fail(u"tracks"_s);
    for (size_t i = 0; i < a.tracks.size(); ++i) {
        const TraceTrack &x = a.tracks[i], &y = b.tracks[i];
        bool same = x.kind == y.kind && x.process == y.process && x.tid == y.tid &&
                    x.name == y.name && x.sortIndex == y.sortIndex &&
                    x.lanes.size() == y.lanes.size() && x.sliceBegin == y.sliceBegin &&
                    x.sliceEnd == y.sliceEnd && x.instantBegin == y.instantBegin &&
                    x.instantEnd == y.instantEnd && x.counterBegin == y.counterBegin &&
                    x.counterEnd == y.counterEnd && x.firstNs == y.firstNs && x.lastNs == y.lastNs;
        for (size_t l = 0; same && l < x.lanes.size(); ++l)
            same = x.lanes[l].begin == y.lanes[l].begin && x.lanes[l].end == y.lanes[l].end &&
                   x.lanes[l].overflow == y.lanes[l].overflow;
        if (!same)
            return fail(u"tracks[%1]"_s.arg(i));
    }
    if (a.processes.size() != b.processes.size())
        return fail(u"processes"_s);
    for (size_t i = 0; i < a.processes.size(); ++i) {
        const TraceProcess &x = a.processes[i], &y = b.processes[i];
        if (x.pid != y.pid || x.name != y.name || x.labels != y.labels ||
            x.sortIndex != y.sortIndex || x.tracks != y.tracks)
            return fail(u"processes[%1]"_s.arg(i));
    }
    // Args are read back from the input through the cached offsets.
    for (quint32 i = 0; i < quint32(a.sliceCount()); ++i) {
        if (a.sliceArgs(i) != b.sliceArgs(i))
            return fail(u"sliceArgs(%1)"_s.arg(i));
    }
    return true;
}

bool sameDiagnostics(const Diagnostics &a, const Diagnostics &b)
{
    if (a.entries().size() != b.entries().size())
        return false;
    for (qsizetype i = 0; i < a.entries().size(); ++i) {
        const auto &x = a.entries()[i], &y = b.entries()[i];
        if (x.kind != y.kind || x.message != y.message || x.severity != y.severity ||
            x.count != y.count || x.file != y.file || x.first.size() != y.first.size())
            return false;
        for (qsizetype k = 0; k < x.first.size(); ++k) {
            if (x.first[k].offset != y.first[k].offset || x.first[k].line != y.first[k].line ||
                x.first[k].detail != y.first[k].detail)
                return false;
        }
    }
    return true;
}

TraceCacheSettings settingsIn(const QString &dir)
{
    TraceCacheSettings s;
    s.dir = dir;
    s.maxBytes = qint64(1) << 30;
    s.minInputBytes = 0; // the fixtures are small; the default would never cache them
    return s;
}

Result<TraceDataset> loadWith(const QString &path, const TraceCacheSettings &cache)
{
    ChromeTraceOptions o;
    o.threads = 1;
    o.cache = cache;
    ProgressSink progress;
    return loadTraceFile(path, o, progress, CancelToken());
}

QStringList fixtures()
{
    QStringList files;
    for (const QString &sub : {u"trace/good"_s,
                               u"trace/broken"_s,
                               u"trace/legacy"_s,
                               u"trace/tracediff/gpu_npu"_s,
                               u"trace/tracediff/npu_npu"_s}) {
        const QDir d(QStringLiteral(TWINSCOPE_TEST_DATA "/") + sub);
        for (const QString &f : d.entryList({u"*.json"_s}, QDir::Files, QDir::Name))
            files << d.filePath(f);
    }
    files << sharedFiles(u"trace"_s, {u"*.json"_s});
    return files;
}

// A copy of a fixture in dir, so tests may change it.
QString copyOf(const QString &source, const QString &dir)
{
    const QString to = dir + u"/trace.json"_s;
    QFile::remove(to);
    return QFile::copy(source, to) ? to : QString();
}

const QString Fixture =
    QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/gpu_npu/baseline.json");

} // namespace

class TestTraceCache : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void staleKeyIsIgnored();
    void damagedCacheIsRebuilt_data();
    void damagedCacheIsRebuilt();
    void cacheOfAnotherPathIsRefused();
    void unwritableDirectoryStillLoads();
    void disabledWritesNothing();
    void smallFilesAreNotCached();
    void evictionKeepsTheCap();
    void checksumSeesEveryByte();
};

void TestTraceCache::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &f : fixtures())
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TestTraceCache::roundTrip()
{
    QFETCH(QString, path);
    QTemporaryDir dir;
    const TraceCacheSettings cache = settingsIn(dir.path());
    const Result<TraceDataset> parsed = loadWith(path, cache);
    const QString cacheFile = traceCacheFilePath(cache.dir, fileCacheKey(path));
    if (!parsed.isOk()) {
        // A file that fails to load leaves no cache behind to be trusted later.
        QVERIFY(!QFileInfo::exists(cacheFile));
        return;
    }
    QVERIFY2(QFileInfo::exists(cacheFile), qPrintable(cacheFile));
    QString why;
    const auto hit = readTraceCache(path, fileCacheKey(path), cache, &why);
    QVERIFY2(hit.has_value(), qPrintable(why));
    QVERIFY2(sameDataset(*parsed.value(), *hit->dataset, &why), qPrintable(why));
    QVERIFY(sameDiagnostics(parsed.diagnostics(), hit->diagnostics));
    // The second open through the loader gives the same model and warnings.
    const Result<TraceDataset> again = loadWith(path, cache);
    QVERIFY(again.isOk());
    QVERIFY2(sameDataset(*parsed.value(), *again.value(), &why), qPrintable(why));
    QVERIFY(sameDiagnostics(parsed.diagnostics(), again.diagnostics()));
    // The cache is compact: far smaller than the JSON it replaces for any non-trivial trace.
    if (QFileInfo(path).size() > 100000)
        QVERIFY(QFileInfo(cacheFile).size() < QFileInfo(path).size() * 4 / 10);
}

void TestTraceCache::staleKeyIsIgnored()
{
    QTemporaryDir dir, data;
    const TraceCacheSettings cache = settingsIn(dir.path());
    const QString path = copyOf(Fixture, data.path());
    QVERIFY(loadWith(path, cache).isOk());
    const FileCacheKey before = fileCacheKey(path);
    QVERIFY(readTraceCache(path, before, cache).has_value());

    // mtime changes, bytes do not: stale.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.setFileTime(QFileInfo(path).lastModified().addSecs(-100),
                          QFileDevice::FileModificationTime));
    f.close();
    const FileCacheKey touched = fileCacheKey(path);
    QVERIFY(touched.mtimeNs != before.mtimeNs);
    QString why;
    QVERIFY(!readTraceCache(path, touched, cache, &why).has_value());
    QVERIFY2(why.contains(u"stale"_s), qPrintable(why));

    // Size changes: one more space at the end, still the same events.
    QVERIFY(f.open(QIODevice::Append));
    f.write(" ");
    f.close();
    const FileCacheKey grown = fileCacheKey(path);
    QVERIFY(!readTraceCache(path, grown, cache, &why).has_value());
    QVERIFY2(why.contains(u"stale"_s), qPrintable(why));

    // Same size and mtime, other bytes in the head: the head hash tells.
    FileCacheKey forged = grown;
    forged.headTailHash ^= 1;
    QVERIFY(!readTraceCache(path, forged, cache, &why).has_value());

    // The next load parses and rewrites the cache for the new version.
    const Result<TraceDataset> r = loadWith(path, cache);
    QVERIFY(r.isOk());
    QCOMPARE(r.value()->fileSize, QFileInfo(path).size());
    QVERIFY(readTraceCache(path, grown, cache).has_value());
}

void TestTraceCache::damagedCacheIsRebuilt_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<double>("where"); // fraction of the cache's length
    QTest::newRow("flip in the header") << u"flip"_s << -2.0;
    QTest::newRow("another format version") << u"flip"_s << -3.0;
    QTest::newRow("flip in the section table") << u"flip"_s << -1.0;
    QTest::newRow("flip early in the columns") << u"flip"_s << 0.3;
    QTest::newRow("flip late in the columns") << u"flip"_s << 0.97;
    QTest::newRow("flip the last byte") << u"flip"_s << 1.0;
    QTest::newRow("truncate to half") << u"truncate"_s << 0.5;
    QTest::newRow("truncate by one byte") << u"truncate"_s << 1.0;
    QTest::newRow("truncate to the header") << u"truncate"_s << 0.0;
    QTest::newRow("one byte appended") << u"append"_s << 1.0;
}

void TestTraceCache::damagedCacheIsRebuilt()
{
    QFETCH(QString, damage);
    QFETCH(double, where);
    QTemporaryDir dir;
    const TraceCacheSettings cache = settingsIn(dir.path());
    const Result<TraceDataset> parsed = loadWith(Fixture, cache);
    QVERIFY(parsed.isOk());
    const FileCacheKey key = fileCacheKey(Fixture);
    const QString file = traceCacheFilePath(cache.dir, key);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    f.close();
    const QByteArray good = bytes;
    const qsizetype size = bytes.size();
    if (damage == u"flip"_s) {
        const qsizetype at = where == -2.0 ? 44      // the cache's own length
                             : where < 0   ? 64 + 40 // a section offset
                                           : std::min(size - 1, qsizetype(where * size));
        bytes[at] = char(bytes[at] ^ 0x10);
    } else if (damage == u"truncate"_s) {
        bytes.truncate(where == 0.0 ? 64 : where == 1.0 ? size - 1 : qsizetype(where * size));
    } else {
        bytes.append('\0');
    }
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    QString why;
    QVERIFY(!readTraceCache(Fixture, key, cache, &why).has_value());
    QVERIFY(!why.isEmpty());
    // The loader ignores it, parses, and writes a good cache in its place.
    const Result<TraceDataset> r = loadWith(Fixture, cache);
    QVERIFY(r.isOk());
    QVERIFY2(sameDataset(*parsed.value(), *r.value(), &why), qPrintable(why));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), good);
    QVERIFY(readTraceCache(Fixture, key, cache).has_value());
}

void TestTraceCache::cacheOfAnotherPathIsRefused()
{
    // Two files alike in bytes, size and mtime: only the path tells their caches apart.
    QTemporaryDir dir, data;
    const TraceCacheSettings cache = settingsIn(dir.path());
    const QString a = data.path() + u"/a.json"_s, b = data.path() + u"/b.json"_s;
    QVERIFY(QFile::copy(Fixture, a));
    QVERIFY(QFile::copy(Fixture, b));
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(1700000000000);
    for (const QString &p : {a, b}) {
        QFile f(p);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(when, QFileDevice::FileModificationTime));
    }
    QVERIFY(loadWith(a, cache).isOk());
    FileCacheKey ka = fileCacheKey(a), kb = fileCacheKey(b);
    QCOMPARE(ka.size, kb.size);
    QCOMPARE(ka.mtimeNs, kb.mtimeNs);
    QCOMPARE(ka.headTailHash, kb.headTailHash);
    QVERIFY(QFile::copy(traceCacheFilePath(cache.dir, ka), traceCacheFilePath(cache.dir, kb)));
    QString why;
    QVERIFY(!readTraceCache(b, kb, cache, &why).has_value());
    QCOMPARE(why, u"cache of another file"_s);
}

void TestTraceCache::unwritableDirectoryStillLoads()
{
    QTemporaryDir dir;
    // A cache directory below a regular file cannot be created, not even by root.
    const QString file = dir.path() + u"/file"_s;
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    Result<TraceDataset> r = loadWith(Fixture, settingsIn(file + u"/traces"_s));
    QVERIFY(r.isOk());
    QVERIFY(r.value()->sliceCount() > 0);
    QVERIFY(QFileInfo(file).isFile());
    // A read-only directory (where permissions bind: not for root).
    if (::geteuid() == 0)
        return;
    const QString ro = dir.path() + u"/ro"_s;
    QVERIFY(QDir().mkpath(ro));
    QVERIFY(QFile::setPermissions(ro, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    r = loadWith(Fixture, settingsIn(ro));
    QFile::setPermissions(ro,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QVERIFY(r.isOk());
    QVERIFY(r.value()->sliceCount() > 0);
    QVERIFY(QDir(ro).isEmpty());
}

void TestTraceCache::disabledWritesNothing()
{
    QTemporaryDir dir;
    TraceCacheSettings cache = settingsIn(QString());
    QVERIFY(loadWith(Fixture, cache).isOk());
    // The environment switch: TWINSCOPE_CACHE=0 gives an empty directory.
    qputenv("TWINSCOPE_CACHE", "0");
    QVERIFY(TraceCacheSettings::fromEnvironment().dir.isEmpty());
    qunsetenv("TWINSCOPE_CACHE");
    qputenv("TWINSCOPE_CACHE_DIR", dir.path().toUtf8());
    QCOMPARE(TraceCacheSettings::fromEnvironment().dir, dir.path() + u"/traces"_s);
    qunsetenv("TWINSCOPE_CACHE_DIR");
    // Without TWINSCOPE_CACHE_DIR the cache follows XDG_CACHE_HOME (ctest points it into the
    // build tree, so no test ever writes into the user's real cache).
    QVERIFY(TraceCacheSettings::fromEnvironment().dir.endsWith(u"/twinscope/traces"_s));
    QVERIFY(QDir(dir.path()).isEmpty());
}

void TestTraceCache::smallFilesAreNotCached()
{
    QTemporaryDir dir;
    TraceCacheSettings cache = settingsIn(dir.path());
    cache.minInputBytes = QFileInfo(Fixture).size() + 1;
    QVERIFY(loadWith(Fixture, cache).isOk());
    QVERIFY(QDir(dir.path()).isEmpty());
}

void TestTraceCache::evictionKeepsTheCap()
{
    QTemporaryDir dir, data;
    TraceCacheSettings cache = settingsIn(dir.path());
    QStringList copies;
    for (int i = 0; i < 3; ++i) {
        const QString p = data.path() + u"/t%1.json"_s.arg(i);
        QVERIFY(QFile::copy(Fixture, p));
        copies << p;
    }
    QVERIFY(loadWith(copies[0], cache).isOk());
    const qint64 one = QFileInfo(traceCacheFilePath(cache.dir, fileCacheKey(copies[0]))).size();
    QVERIFY(one > 0);
    cache.maxBytes = 2 * one; // room for two caches
    QTest::qWait(20);         // distinct modification times order the eviction
    QVERIFY(loadWith(copies[1], cache).isOk());
    QTest::qWait(20);
    QVERIFY(loadWith(copies[2], cache).isOk());
    QVERIFY(!QFileInfo::exists(traceCacheFilePath(cache.dir, fileCacheKey(copies[0]))));
    QVERIFY(QFileInfo::exists(traceCacheFilePath(cache.dir, fileCacheKey(copies[1]))));
    QVERIFY(QFileInfo::exists(traceCacheFilePath(cache.dir, fileCacheKey(copies[2]))));
    // A cache larger than the whole cap is not written at all.
    cache.maxBytes = one - 1;
    QTemporaryDir other;
    cache.dir = other.path();
    QVERIFY(loadWith(copies[0], cache).isOk());
    QVERIFY(QDir(other.path()).isEmpty());
}

void TestTraceCache::checksumSeesEveryByte()
{
    QByteArray b(1000, 'x');
    const quint64 base = cacheChecksum(std::string_view(b.constData(), size_t(b.size())));
    for (qsizetype i = 0; i < b.size(); i += 37) {
        QByteArray c = b;
        c[i] = 'y';
        QVERIFY(cacheChecksum(std::string_view(c.constData(), size_t(c.size()))) != base);
    }
    QVERIFY(cacheChecksum(std::string_view(b.constData(), size_t(b.size() - 1))) != base);
}

QTEST_GUILESS_MAIN(TestTraceCache)
#include "tst_tracecache.moc"
