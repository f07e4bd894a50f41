#include "common/hostileinputs.h"
#include "core/common/gzipstream.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_GzipStream : public QObject
{
    Q_OBJECT

private slots:
    void readsInAnyPieces();
    void indexReadsAnyRange_data();
    void indexReadsAnyRange();
    void bombsStopEarly_data();
    void bombsStopEarly();
};

namespace {

std::string_view view(const QByteArray &b)
{
    return std::string_view(b.constData(), size_t(b.size()));
}

} // namespace

void tst_GzipStream::readsInAnyPieces()
{
    const QByteArray text = Hostile::kinetoLike(300000);
    const QByteArray gz = Hostile::gzip(text.left(1000)) + Hostile::gzip(text.mid(1000));
    for (const qint64 piece : {qint64(1), qint64(333), qint64(1) << 20}) {
        GzipInflater in(view(gz));
        QByteArray out;
        std::vector<char> buf(static_cast<size_t>(piece));
        while (!in.finished()) {
            const qint64 n = in.read(buf.data(), piece);
            out.append(buf.data(), qsizetype(n));
        }
        QCOMPARE(in.state(), GzipInflater::State::Ended);
        QCOMPARE(out, text);
        QCOMPARE(in.consumed(), gz.size());
        Diagnostics d;
        QVERIFY(!in.finish(u"x"_s, &d));
        QVERIFY(d.isEmpty());
    }
}

void tst_GzipStream::indexReadsAnyRange_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("gz");
    const QByteArray text = Hostile::kinetoLike(14 << 20);
    QTest::newRow("one member") << text << Hostile::gzip(text);
    QTest::newRow("three members")
        << text
        << Hostile::gzip(text.left(5 << 20)) + Hostile::gzip(text.mid(5 << 20, 3)) +
               Hostile::gzip(text.mid((5 << 20) + 3));
    QTest::newRow("level 1") << text << Hostile::gzip(text, 1);
}

void tst_GzipStream::indexReadsAnyRange()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, gz);
    GzipIndex index;
    {
        GzipInflater in(view(gz), &index);
        std::vector<char> buf(1 << 20);
        qint64 total = 0;
        while (!in.finished())
            total += in.read(buf.data(), qint64(buf.size()));
        QCOMPARE(total, text.size());
    }
    QVERIFY(index.pointCount() >= 3);
    QVERIFY(index.memoryBytes() < 8 * 40000);
    const GzipIndex::Fetch fetch = [&](qint64 from, qint64 n) {
        return gz.mid(from, n);
    };
    QRandomGenerator rng(16);
    for (int k = 0; k < 60; ++k) {
        const qint64 offset = rng.bounded(qint64(text.size()));
        const qint64 length = 1 + rng.bounded(qint64(70000));
        QCOMPARE(index.read(fetch, offset, length), text.mid(offset, length));
    }
    // member and point edges, the very start, and past the end (cut to what there is)
    for (const qint64 offset : {qint64(0), qint64(5 << 20) - 2, qint64(4 << 20), text.size() - 5})
        QCOMPARE(index.read(fetch, offset, 10), text.mid(offset, 10));
    QCOMPARE(index.read(fetch, text.size() + 10, 5), QByteArray());
    // a fetch that fails gives nothing rather than wrong bytes
    QCOMPARE(index.read([](qint64, qint64) { return QByteArray(); }, 100, 10), QByteArray());
}

void tst_GzipStream::bombsStopEarly_data()
{
    QTest::addColumn<char>("fill");
    QTest::newRow("whitespace") << ' ';
    QTest::newRow("NUL") << '\0';
}

void tst_GzipStream::bombsStopEarly()
{
    QFETCH(char, fill);
    // 20 GB of fill from 21 MB: stopped once past the floor, not after inflating it all.
    const QByteArray bomb = Hostile::gzipBomb("[", fill, qint64(20) << 30);
    QVERIFY(bomb.size() < 25 << 20);
    GzipInflater in(view(bomb));
    std::vector<char> buf(1 << 20);
    qint64 total = 0;
    while (!in.finished())
        total += in.read(buf.data(), qint64(buf.size()));
    QCOMPARE(in.state(), GzipInflater::State::TooLarge);
    QVERIFY(total <= InflateFloorBytes + (2 << 20));
    const auto e = in.finish(u"bomb.gz"_s, nullptr);
    QVERIFY(e);
    QCOMPARE(e->code, ErrorCode::TooLarge);
    QVERIFY(e->message.contains(u"200"_s));
}

QTEST_GUILESS_MAIN(tst_GzipStream)
#include "tst_gzipstream.moc"
