#include "core/common/bytesource.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_ByteSource : public QObject
{
    Q_OBJECT

private slots:
    void mapsFileReadOnly();
    void bytesSource();
    void cheapChecks();
    void inflateWhole();
    void inflateMultiMember();
    void inflateTruncatedKeepsPrefix();
    void inflatePrefixOnly();
    void inflateGarbageFails();
    void inflateCancel();

private:
    static QByteArray gzip(const QByteArray &data);
};

QByteArray tst_ByteSource::gzip(const QByteArray &data)
{
    z_stream zs{};
    deflateInit2(&zs, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(int(deflateBound(&zs, uLong(data.size()))) + 32, Qt::Uninitialized);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(qsizetype(zs.total_out));
    deflateEnd(&zs);
    return out;
}

void tst_ByteSource::mapsFileReadOnly()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"a.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[{\"ph\":\"X\"}]");
    f.close();
    const QDateTime before = QFileInfo(path).lastModified();
    Error e;
    auto bs = ByteSource::open(Source::fromPath(path), &e);
    QVERIFY(bs);
    QCOMPARE(bs->size(), 12);
    QCOMPARE(bs->data(), std::string_view("[{\"ph\":\"X\"}]"));
    bs.reset();
    QCOMPARE(QFileInfo(path).lastModified(), before);
}

void tst_ByteSource::bytesSource()
{
    Error e;
    auto bs = ByteSource::open(Source::fromBytes("abc", u"mem"_s), &e);
    QVERIFY(bs);
    QCOMPARE(bs->data(), std::string_view("abc"));
    QVERIFY(!ByteSource::open(Source::fromBytes({}, u"mem"_s), &e));
    QCOMPARE(e.code, ErrorCode::EmptyFile);
}

void tst_ByteSource::cheapChecks()
{
    QTemporaryDir dir;
    QCOMPARE(checkReadableFile(dir.filePath(u"none"_s))->code, ErrorCode::NotFound);
    QCOMPARE(checkReadableFile(dir.path())->code, ErrorCode::NotRegularFile);
    QFile f(dir.filePath(u"empty"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    QCOMPARE(checkReadableFile(f.fileName())->code, ErrorCode::EmptyFile);
    Error e;
    QVERIFY(!ByteSource::open(Source::fromPath(f.fileName()), &e));
    QCOMPARE(e.file, f.fileName());
    QVERIFY(e.toString().contains(u"empty"_s));
}

void tst_ByteSource::inflateWhole()
{
    QByteArray payload;
    for (int i = 0; i < 200000; ++i)
        payload += QByteArray::number(i) + ',';
    const QByteArray gz = gzip(payload);
    Diagnostics d;
    const InflateResult r =
        inflateGzip(std::string_view(gz.constData(), size_t(gz.size())), u"x.gz"_s, &d);
    QVERIFY(!r.error);
    QVERIFY(r.complete);
    QCOMPARE(r.data, payload);
    QVERIFY(d.isEmpty());
}

void tst_ByteSource::inflateMultiMember()
{
    const QByteArray gz = gzip("hello ") + gzip("world");
    Diagnostics d;
    const InflateResult r =
        inflateGzip(std::string_view(gz.constData(), size_t(gz.size())), u"x.gz"_s, &d);
    QVERIFY(r.complete);
    QCOMPARE(r.data, QByteArray("hello world"));
}

void tst_ByteSource::inflateTruncatedKeepsPrefix()
{
    QByteArray payload;
    for (int i = 0; i < 100000; ++i)
        payload += QByteArray::number(i * 7919 % 100003) + ' ';
    const QByteArray gz = gzip(payload);
    const QByteArray cut = gz.left(gz.size() / 2);
    Diagnostics d;
    const InflateResult r =
        inflateGzip(std::string_view(cut.constData(), size_t(cut.size())), u"x.gz"_s, &d);
    QVERIFY(!r.error);
    QVERIFY(!r.complete);
    QVERIFY(r.data.size() > 0);
    QVERIFY(payload.startsWith(r.data));
    QCOMPARE(d.count(u"truncated_gzip"_s), 1);
}

void tst_ByteSource::inflatePrefixOnly()
{
    QByteArray payload(1 << 20, 'a');
    const QByteArray gz = gzip(payload);
    const InflateResult r =
        inflateGzip(std::string_view(gz.constData(), size_t(gz.size())), u"x.gz"_s, nullptr, 4096);
    QVERIFY(!r.error);
    QCOMPARE(r.data.size(), 4096);
}

void tst_ByteSource::inflateGarbageFails()
{
    const QByteArray bad("\x1f\x8b\x08\x00garbagegarbage", 18);
    Diagnostics d;
    const InflateResult r =
        inflateGzip(std::string_view(bad.constData(), size_t(bad.size())), u"bad.gz"_s, &d);
    QVERIFY(r.error);
    QCOMPARE(r.error->code, ErrorCode::Malformed);
    QCOMPARE(r.error->file, u"bad.gz"_s);
}

void tst_ByteSource::inflateCancel()
{
    QByteArray payload;
    for (int i = 0; i < 2000000; ++i)
        payload += QByteArray::number(i * 31 % 9973);
    const QByteArray gz = gzip(payload);
    CancelToken token = CancelToken::create();
    token.cancel();
    const InflateResult r = inflateGzip(
        std::string_view(gz.constData(), size_t(gz.size())), u"x.gz"_s, nullptr, 0, token);
    QVERIFY(r.canceled);
}

QTEST_GUILESS_MAIN(tst_ByteSource)
#include "tst_bytesource.moc"
