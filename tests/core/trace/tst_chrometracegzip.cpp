#include "common/hostileinputs.h"
#include "common/testdata.h"
#include "core/common/bytesource.h"
#include "core/trace/chrometraceloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// A .json.gz trace is inflated and parsed as a stream (issue #16). Whatever the segment size, and
// so wherever events, strings, escapes and numbers are cut, it must load exactly as the same text
// uncompressed: the same slices, args, warnings and errors (at the same offsets).
class tst_ChromeTraceGzip : public QObject
{
    Q_OBJECT

private slots:
    void sameAsPlain_data();
    void sameAsPlain();
    void multiMemberAndSegments();
    void argsFromFileThroughIndex();
    void truncatedGzipKeepsPrefix();
    void bombRefused();
    void longNameAcrossSegments();

private:
    static Result<TraceDataset> load(const Source &source, qint64 segment = 4 << 20)
    {
        ProgressSink progress;
        ChromeTraceOptions o;
        o.threads = 2;
        o.gzipSegmentBytes = segment;
        return loadChromeTrace(source, o, progress, CancelToken());
    }
    static void compare(const Result<TraceDataset> &plain, const Result<TraceDataset> &gz);
};

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray inflated(const QByteArray &gz)
{
    return inflateGzip(std::string_view(gz.constData(), size_t(gz.size())), u"x"_s, nullptr).data;
}

QMap<QString, qint64> kinds(const Diagnostics &d)
{
    QMap<QString, qint64> m;
    for (const auto &e : d.entries())
        m[e.kind] += e.count;
    m.remove(u"truncated_gzip"_s); // only the gzip side can have it
    return m;
}

} // namespace

void tst_ChromeTraceGzip::compare(const Result<TraceDataset> &plain, const Result<TraceDataset> &gz)
{
    QCOMPARE(gz.isOk(), plain.isOk());
    QCOMPARE(kinds(gz.diagnostics()), kinds(plain.diagnostics()));
    if (!plain.isOk()) {
        QCOMPARE(errorCodeId(gz.error().code), errorCodeId(plain.error().code));
        QCOMPARE(gz.error().offset, plain.error().offset);
        QCOMPARE(gz.error().line, plain.error().line);
        QCOMPARE(gz.error().column, plain.error().column);
        QCOMPARE(gz.error().expected, plain.error().expected);
        return;
    }
    const TraceDataset &a = *plain.value();
    const TraceDataset &b = *gz.value();
    QCOMPARE(b.sliceCount(), a.sliceCount());
    QCOMPARE(b.instantTs.size(), a.instantTs.size());
    QCOMPARE(b.counterTs.size(), a.counterTs.size());
    QCOMPARE(b.flows.size(), a.flows.size());
    QCOMPARE(b.tracks.size(), a.tracks.size());
    QCOMPARE(b.eventsByPhase, a.eventsByPhase);
    QCOMPARE(b.producer, a.producer);
    QCOMPARE(b.baseTimeNs, a.baseTimeNs);
    QCOMPARE(b.displayTimeUnit, a.displayTimeUnit);
    QCOMPARE(b.rank, a.rank);
    QCOMPARE(b.sliceStart, a.sliceStart);
    QCOMPARE(b.sliceDuration, a.sliceDuration);
    QCOMPARE(b.sliceFlags, a.sliceFlags);
    for (quint32 i = 0; i < quint32(a.sliceCount()); ++i) {
        QCOMPARE(b.strings.string(b.sliceName[i]), a.strings.string(a.sliceName[i]));
        if (i < 200 || i % 211 == 0) // every args read inflates up to a span: sample big files
            QCOMPARE(b.sliceArgs(i), a.sliceArgs(i));
    }
    for (quint32 i = 0; i < quint32(a.instantTs.size()); i += 7)
        QCOMPARE(b.instantArgs(i), a.instantArgs(i));
}

void tst_ChromeTraceGzip::sameAsPlain_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("segment");
    const QString data = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/");
    QStringList files;
    for (const QString &sub : {u"good"_s, u"broken"_s}) {
        const QDir dir(data + sub);
        for (const QString &f : dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name))
            files << dir.filePath(f);
    }
    files << sharedFiles(u"trace"_s, {u"*.json"_s, u"*.json.gz"_s});
    for (const QString &f : files) {
        QByteArray text = readAll(f);
        if (f.endsWith(u".gz"_s))
            text = inflated(text);
        if (text.isEmpty())
            continue; // the empty fixture has no gzip twin worth the name
        const QString name = QFileInfo(f).fileName();
        QList<qint64> segments{4096, qint64(4) << 20};
        if (text.size() < 20000)
            segments << 1 << 7;
        else if (text.size() < 500000)
            segments << 61;
        for (const qint64 s : segments)
            QTest::newRow(qPrintable(u"%1 / %2"_s.arg(name).arg(s))) << text << s;
    }
    const QByteArray kineto = Hostile::kinetoLike(3 << 20);
    for (const qint64 s : {qint64(13), qint64(65536)})
        QTest::newRow(qPrintable(u"kineto-like 3 MB / %1"_s.arg(s))) << kineto << s;
    // cut inside an event, a string, a number; junk after; a cut inside the envelope
    for (const qint64 cut : {qint64(55), qint64(1500001), qint64(2000017), kineto.size() - 30})
        QTest::newRow(qPrintable(u"kineto-like cut at %1"_s.arg(cut)))
            << kineto.left(cut) << qint64(4099);
    QTest::newRow("kineto-like with junk after") << kineto + " trailing" << qint64(4099);
    QTest::newRow("malformed deep inside") << kineto.left(2500000) + "{\"ph\" 5}]}" << qint64(1000);
}

void tst_ChromeTraceGzip::sameAsPlain()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, segment);
    const Result<TraceDataset> plain = load(Source::fromBytes(text, u"t.json"_s));
    const Result<TraceDataset> gz =
        load(Source::fromBytes(Hostile::gzip(text), u"t.json.gz"_s), segment);
    compare(plain, gz);
}

void tst_ChromeTraceGzip::multiMemberAndSegments()
{
    // Concatenated members (RFC 1952 §2.2) read as one text, the member ends cutting events.
    const QByteArray text = Hostile::kinetoLike(1 << 20);
    const QByteArray gz = Hostile::gzip(text.left(333333)) +
                          Hostile::gzip(text.mid(333333, 400000)) + Hostile::gzip(text.mid(733333));
    const Result<TraceDataset> plain = load(Source::fromBytes(text, u"t.json"_s));
    for (const qint64 s : {qint64(1000), qint64(4) << 20})
        compare(plain, load(Source::fromBytes(gz, u"t.json.gz"_s), s));
}

void tst_ChromeTraceGzip::argsFromFileThroughIndex()
{
    // 12 MB of text: three index points; args are read back from the file through them.
    QTemporaryDir dir;
    const QString path = dir.filePath(u"big.json.gz"_s);
    const QByteArray text = Hostile::kinetoLike(12 << 20);
    QVERIFY(Hostile::writeFile(path, Hostile::gzip(text)));
    const Result<TraceDataset> plain = load(Source::fromBytes(text, u"big.json"_s));
    const Result<TraceDataset> gz = load(Source::fromPath(path));
    QVERIFY(gz.isOk());
    QVERIFY(gz.value()->argsIndex);
    QVERIFY(gz.value()->argsIndex->pointCount() >= 3);
    QVERIFY(gz.value()->argsArena.isEmpty()); // the text is not kept
    compare(plain, gz);
    // A changed file is said to be stale instead of giving wrong bytes.
    QTest::qWait(20);
    QVERIFY(Hostile::writeFile(path, Hostile::gzip(text.left(text.size() / 2))));
    bool stale = false;
    QVERIFY(gz.value()->sliceArgs(5, &stale).isEmpty());
    QVERIFY(stale);
}

void tst_ChromeTraceGzip::truncatedGzipKeepsPrefix()
{
    const QByteArray text = Hostile::kinetoLike(2 << 20);
    const QByteArray gz = Hostile::gzip(text);
    const Result<TraceDataset> r =
        load(Source::fromBytes(gz.left(gz.size() / 2), u"t.json.gz"_s), 4099);
    QVERIFY(r.isOk());
    QCOMPARE(r.diagnostics().count(u"truncated_gzip"_s), qint64(1));
    QCOMPARE(r.diagnostics().count(u"truncated"_s), qint64(1));
    QVERIFY(r.value()->sliceCount() > 1000);
}

void tst_ChromeTraceGzip::bombRefused()
{
    // 200 MB of whitespace inside the array from 200 KB: refused once past the floor, quickly.
    const QByteArray bomb = Hostile::gzipBomb("[", ' ', 200 << 20);
    const Result<TraceDataset> r = load(Source::fromBytes(bomb, u"bomb.json.gz"_s));
    QVERIFY(!r.isOk());
    QCOMPARE(r.error().code, ErrorCode::TooLarge);
    QVERIFY2(r.error().message.contains(u"gzip bomb"_s), qPrintable(r.error().message));
    // The same through the whole-buffer inflate other readers use.
    Diagnostics d;
    const InflateResult i =
        inflateGzip(std::string_view(bomb.constData(), size_t(bomb.size())), u"b"_s, &d);
    QVERIFY(i.error);
    QCOMPARE(i.error->code, ErrorCode::TooLarge);
    QVERIFY(i.data.isEmpty());
    // Below the floor a high ratio is fine: 32 MB of spaces after one event.
    const QByteArray fine = Hostile::gzip("[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}" +
                                          QByteArray(32 << 20, ' ') + ']');
    const Result<TraceDataset> ok = load(Source::fromBytes(fine, u"fine.json.gz"_s));
    QVERIFY(ok.isOk());
    QCOMPARE(ok.value()->sliceCount(), qint64(1));
}

void tst_ChromeTraceGzip::longNameAcrossSegments()
{
    // A name longer than the room kept in front of a segment: gathered over many segments, cut to
    // MaxTraceNameBytes with a warning, and the event after it still read.
    const QByteArray text = Hostile::longName(3 << 20);
    const Result<TraceDataset> plain = load(Source::fromBytes(text, u"t.json"_s));
    QVERIFY(plain.isOk());
    QCOMPARE(plain.diagnostics().count(u"long_name"_s), qint64(1));
    QCOMPARE(plain.value()->sliceCount(), qint64(2));
    const QString cut = plain.value()->strings.string(plain.value()->sliceName[0]);
    QVERIFY(cut.endsWith(QChar(0x2026)));
    QVERIFY(cut.toUtf8().size() <= 16 * 1024 + 3);
    for (const qint64 s : {qint64(100000), qint64(4) << 20})
        compare(plain, load(Source::fromBytes(Hostile::gzip(text), u"t.json.gz"_s), s));
}

QTEST_GUILESS_MAIN(tst_ChromeTraceGzip)
#include "tst_chrometracegzip.moc"
