// ZipReader on the fixtures of tests/data/common/zip (made by make_fixtures.py there): stored,
// deflated and zip64 members read in place, whole, as a prefix and as a stream; every damaged
// archive or member fails with a clear Error and never reads outside the archive.
#include "core/common/zipreader.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_ZipReader : public QObject
{
    Q_OBJECT

private slots:
    void storedInPlace();
    void deflatedWholePrefixStream();
    void zip64();
    void bytesSourceMatchesFile();
    void cancelAndLimits();
    void brokenArchives_data();
    void brokenArchives();
    void brokenMembers_data();
    void brokenMembers();
    void prefixSweep();
    void inputsUnchanged();

private:
    static QString fixture(const QString &rel)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/common/zip/") + rel;
    }
    static QByteArray fileBytes(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static std::unique_ptr<ZipReader> open(const QString &rel)
    {
        Error e;
        auto zip = ZipReader::open(Source::fromPath(fixture(rel)), &e);
        if (!zip)
            qWarning("%s", qPrintable(e.toString()));
        return zip;
    }
    static QByteArray binary() // dir/binary.bin and first.bin: (i * 7 + 3) % 256
    {
        QByteArray b;
        for (int i = 0; i < 300; ++i)
            b.append(char((i * 7 + 3) % 256));
        return b;
    }
};

void tst_ZipReader::storedInPlace()
{
    const auto zip = open(u"good/stored.zip"_s);
    QVERIFY(zip);
    QCOMPARE(zip->entries().size(), 3);
    QCOMPARE(zip->entries()[0].name, u"hello.txt"_s);
    QCOMPARE(zip->entries()[1].name, u"dir/binary.bin"_s);
    QCOMPARE(zip->indexOf(u"empty.txt"_s), 2);
    QCOMPARE(zip->indexOf(u"missing"_s), -1);
    const ZipEntry &bin = zip->entries()[1];
    QCOMPARE(bin.method, ZipEntry::Method::Stored);
    QCOMPARE(bin.methodId, 0);
    QCOMPARE(bin.compressedSize, 300);
    QCOMPARE(bin.uncompressedSize, 300);
    QVERIFY(!bin.encrypted);
    QCOMPARE(bin.crc32, quint32(0xde0e57ce)); // zlib.crc32 of the 300 bytes

    // In place: the span is the member's bytes, and its offset finds the same bytes in the file.
    Error e;
    const auto span = zip->storedData(1, &e);
    QVERIFY2(span, qPrintable(e.toString()));
    QCOMPARE(span->size, 300);
    QCOMPARE(QByteArray(span->bytes.data(), qsizetype(span->bytes.size())), binary());
    QCOMPARE(fileBytes(fixture(u"good/stored.zip"_s)).mid(span->offset, 300), binary());

    const auto empty = zip->storedData(2, &e);
    QVERIFY(empty);
    QCOMPARE(empty->size, 0);
    QCOMPARE(zip->read(2, 10).data, QByteArray());
    QVERIFY(zip->read(2, 10).isOk());

    const ZipReadResult hello = zip->read(0, 1000);
    QVERIFY(hello.isOk());
    QCOMPARE(hello.data, QByteArray("hello, zip\n"));
    QCOMPARE(hello.bytes, 11);
    QCOMPARE(zip->readPrefix(0, 5).data, QByteArray("hello"));
    QVERIFY(!zip->storedData(7, &e));
}

void tst_ZipReader::deflatedWholePrefixStream()
{
    const auto zip = open(u"good/deflated.zip"_s);
    QVERIFY(zip);
    QCOMPARE(zip->entries().size(), 2);
    const ZipEntry &packed = zip->entries()[1];
    QCOMPARE(packed.method, ZipEntry::Method::Deflated);
    QCOMPARE(packed.uncompressedSize, 20000);
    QVERIFY(packed.compressedSize < 2000);

    const ZipReadResult plain = zip->read(0, 1 << 20);
    QVERIFY(plain.isOk());
    QCOMPARE(plain.data.size(), 20000);
    QVERIFY(plain.data.startsWith("line 00000 of the zip reader fixture\nline 00001"));
    const ZipReadResult inflated = zip->read(1, 1 << 20);
    QVERIFY2(inflated.isOk(), qPrintable(inflated.error ? inflated.error->toString() : QString()));
    QCOMPARE(inflated.data, plain.data);

    const ZipReadResult prefix = zip->readPrefix(1, 100);
    QVERIFY(prefix.isOk());
    QCOMPARE(prefix.data, plain.data.left(100));
    QCOMPARE(zip->readPrefix(1, 1 << 20).data, plain.data); // a longer prefix is the whole member

    QByteArray streamed;
    int chunks = 0;
    const ZipReadResult s = zip->stream(1, [&](std::string_view chunk) {
        streamed.append(chunk.data(), qsizetype(chunk.size()));
        ++chunks;
        return true;
    });
    QVERIFY(s.isOk());
    QCOMPARE(s.bytes, 20000);
    QVERIFY(s.data.isEmpty());
    QVERIFY(chunks >= 1);
    QCOMPARE(streamed, plain.data);

    Error e;
    QVERIFY(!zip->storedData(1, &e)); // a compressed member is never handed out in place
    QCOMPARE(e.code, ErrorCode::Unsupported);
    QVERIFY2(e.message.contains(u"packed.txt"_s) && e.message.contains(u"compressed"_s),
             qPrintable(e.message));
}

void tst_ZipReader::zip64()
{
    const auto zip = open(u"good/zip64.zip"_s);
    QVERIFY(zip);
    QCOMPARE(zip->entries().size(), 2);
    QCOMPARE(zip->entries()[1].uncompressedSize, 20000);
    Error e;
    const auto span = zip->storedData(zip->indexOf(u"first.bin"_s), &e);
    QVERIFY2(span, qPrintable(e.toString()));
    QCOMPARE(QByteArray(span->bytes.data(), qsizetype(span->bytes.size())), binary());
    const ZipReadResult text = zip->read(1, 1 << 20);
    QVERIFY(text.isOk());
    const auto reference = open(u"good/deflated.zip"_s);
    QCOMPARE(text.data, reference->read(0, 1 << 20).data);
}

void tst_ZipReader::bytesSourceMatchesFile()
{
    for (const QString &rel : {u"good/stored.zip"_s, u"good/deflated.zip"_s, u"good/zip64.zip"_s}) {
        const QByteArray raw = fileBytes(fixture(rel));
        Error e;
        const auto fromBytes = ZipReader::open(Source::fromBytes(raw, rel), &e);
        QVERIFY2(fromBytes, qPrintable(e.toString()));
        const auto fromFile = open(rel);
        QCOMPARE(fromBytes->name(), rel);
        QCOMPARE(fromBytes->entries().size(), fromFile->entries().size());
        for (int i = 0; i < fromFile->entries().size(); ++i) {
            QCOMPARE(fromBytes->entries()[i].name, fromFile->entries()[i].name);
            QCOMPARE(fromBytes->read(i, 1 << 20).data, fromFile->read(i, 1 << 20).data);
            const auto a = fromBytes->storedData(i, &e);
            const auto b = fromFile->storedData(i, &e);
            QCOMPARE(bool(a), bool(b));
            if (a)
                QCOMPARE(a->offset, b->offset);
        }
    }
}

void tst_ZipReader::cancelAndLimits()
{
    const auto zip = open(u"good/deflated.zip"_s);
    QVERIFY(zip);
    const ZipReadResult tooLarge = zip->read(1, 19999);
    QVERIFY(tooLarge.error);
    QCOMPARE(tooLarge.error->code, ErrorCode::TooLarge);
    QVERIFY(tooLarge.error->message.contains(u"packed.txt"_s));
    QVERIFY(tooLarge.data.isEmpty());

    CancelToken cancel = CancelToken::create();
    cancel.cancel();
    const ZipReadResult canceled = zip->read(1, 1 << 20, cancel);
    QVERIFY(canceled.canceled);
    QVERIFY(!canceled.isOk());
    QVERIFY(canceled.data.isEmpty());

    const ZipReadResult stopped = zip->stream(1, [](std::string_view) { return false; });
    QVERIFY(stopped.canceled);
    // The reader is usable after an interrupted read.
    QCOMPARE(zip->read(1, 1 << 20).data.size(), 20000);
}

void tst_ZipReader::brokenArchives_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("truncated") << fileBytes(fixture(u"broken/truncated.zip"_s))
                               << ErrorCode::Malformed << u"end-of-central-directory"_s;
    QTest::newRow("bad central directory")
        << fileBytes(fixture(u"broken/bad_central_directory.zip"_s)) << ErrorCode::Malformed
        << u"zip"_s;
    QTest::newRow("bad local header") << fileBytes(fixture(u"broken/bad_local_header.zip"_s))
                                      << ErrorCode::Malformed << u"local headers"_s;
    QTest::newRow("stored past end") << fileBytes(fixture(u"broken/stored_past_end.zip"_s))
                                     << ErrorCode::Malformed << u"member sizes do not agree"_s;
    QTest::newRow("not a zip") << QByteArray("just some text, no zip at all\n")
                               << ErrorCode::Malformed << u"no end-of-central-directory record"_s;
    QTest::newRow("empty") << QByteArray() << ErrorCode::EmptyFile << u"empty"_s;
    // A lone end record whose central directory would lie past the end of the file.
    QByteArray eocd("PK\x05\x06\0\0\0\0\x01\0\x01\0\xff\xff\0\0\x10\0\0\0\0\0", 22);
    QTest::newRow("directory outside") << eocd << ErrorCode::Malformed << u"zip"_s;
}

void tst_ZipReader::brokenArchives()
{
    QFETCH(QByteArray, bytes);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    Error e;
    const auto zip = ZipReader::open(Source::fromBytes(bytes, u"broken.zip"_s), &e);
    QVERIFY(!zip);
    QCOMPARE(errorCodeId(e.code), errorCodeId(code));
    QVERIFY2(e.message.contains(message), qPrintable(e.message));
    QCOMPARE(e.file, u"broken.zip"_s);
}

void tst_ZipReader::brokenMembers_data()
{
    QTest::addColumn<QString>("archive");
    QTest::addColumn<QString>("member");
    QTest::addColumn<bool>("inPlace"); // storedData() rather than read()
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");
    const QString bad = u"broken/bad_members.zip"_s;
    const QString unsupported = u"broken/unsupported_members.zip"_s;
    QTest::newRow("deflated claims more")
        << bad << u"deflated_short.txt"_s << false << ErrorCode::Malformed
        << u"but the central directory says"_s;
    QTest::newRow("deflated claims less") << bad << u"deflated_long.txt"_s << false
                                          << ErrorCode::Malformed << u"holds more than the"_s;
    QTest::newRow("deflate data corrupt")
        << bad << u"deflated_corrupt.txt"_s << false << ErrorCode::Malformed << u"corrupt"_s;
    QTest::newRow("stored sizes differ, in place") << bad << u"stored_size_mismatch.bin"_s << true
                                                   << ErrorCode::Malformed << u"301 uncompressed"_s;
    QTest::newRow("stored sizes differ, read")
        << bad << u"stored_size_mismatch.bin"_s << false << ErrorCode::Malformed << u"holds only"_s;
    QTest::newRow("encrypted, in place")
        << unsupported << u"secret.txt"_s << true << ErrorCode::Unsupported << u"encrypted"_s;
    QTest::newRow("encrypted, read")
        << unsupported << u"secret.txt"_s << false << ErrorCode::Unsupported << u"encrypted"_s;
    QTest::newRow("lzma") << unsupported << u"lzma.txt"_s << false << ErrorCode::Unsupported
                          << u"zip method 14, which"_s;
}

void tst_ZipReader::brokenMembers()
{
    QFETCH(QString, archive);
    QFETCH(QString, member);
    QFETCH(bool, inPlace);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    const auto zip = open(archive);
    QVERIFY(zip);
    const int index = zip->indexOf(member);
    QVERIFY(index >= 0);
    Error e;
    if (inPlace) {
        QVERIFY(!zip->storedData(index, &e));
    } else {
        const ZipReadResult r = zip->read(index, 1 << 20);
        QVERIFY(r.error);
        QVERIFY(r.data.isEmpty());
        e = *r.error;
    }
    QCOMPARE(errorCodeId(e.code), errorCodeId(code));
    QVERIFY2(e.message.contains(member) && e.message.contains(message), qPrintable(e.message));
    QCOMPARE(e.file, fixture(archive));
    // One bad member leaves the others readable.
    const ZipReadResult ok = zip->read(zip->indexOf(u"ok.txt"_s), 100);
    QVERIFY(ok.isOk());
    QCOMPARE(ok.data, QByteArray("fine\n"));
}

void tst_ZipReader::prefixSweep()
{
    // Every cut of a good archive opens or fails cleanly, and every member of a cut that opens
    // reads or fails cleanly: never a crash or a read outside the bytes (ASan checks that).
    for (const QString &rel : {u"good/stored.zip"_s, u"good/deflated.zip"_s, u"good/zip64.zip"_s}) {
        const QByteArray raw = fileBytes(fixture(rel));
        QVERIFY(!raw.isEmpty());
        int opened = 0;
        for (int step = 1; step <= 100; ++step) {
            const QByteArray cut = raw.left(raw.size() * step / 100);
            Error e;
            const auto zip = ZipReader::open(Source::fromBytes(cut, rel), &e);
            if (!zip) {
                QVERIFY(!e.message.isEmpty());
                continue;
            }
            ++opened;
            for (int i = 0; i < zip->entries().size(); ++i) {
                const ZipReadResult r = zip->read(i, 1 << 20);
                QVERIFY(r.isOk() || (r.error && !r.error->message.isEmpty()));
                if (const auto span = zip->storedData(i, &e))
                    QVERIFY(span->offset + span->size <= cut.size());
            }
        }
        QVERIFY(opened >= 1); // at least the whole archive
    }
}

void tst_ZipReader::inputsUnchanged()
{
    const QString path = fixture(u"good/deflated.zip"_s);
    const QByteArray before = QCryptographicHash::hash(fileBytes(path), QCryptographicHash::Sha256);
    {
        const auto zip = open(u"good/deflated.zip"_s);
        QVERIFY(zip);
        QVERIFY(zip->read(1, 1 << 20).isOk());
    }
    QCOMPARE(QCryptographicHash::hash(fileBytes(path), QCryptographicHash::Sha256), before);
}

QTEST_GUILESS_MAIN(tst_ZipReader)
#include "tst_zipreader.moc"
