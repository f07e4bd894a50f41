// The restricted pickle reader on hand-made pickles: each opcode it knows, the globals it refuses,
// its limits (memory, depth, cycles) and every prefix of a real pickle.
#include "core/common/zipreader.h"
#include "core/torch/torchpickle.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;
using Kind = PickleValue::Kind;

namespace {

template<size_t N>
QByteArray raw(const char (&s)[N])
{
    return QByteArray(s, qsizetype(N - 1));
}

std::shared_ptr<const PickleDocument>
parse(const QByteArray &bytes, Error *error, const PickleOptions &options = {})
{
    return parseTorchPickle(
        std::string_view(bytes.constData(), size_t(bytes.size())), u"test.pkl"_s, options, error);
}

QByteArray realPickle(const QString &file)
{
    Error error;
    const auto zip = ZipReader::open(
        Source::fromPath(QStringLiteral(TWINSCOPE_TEST_DATA "/torch/") + file), &error);
    if (!zip)
        return {};
    for (int i = 0; i < zip->entries().size(); ++i)
        if (zip->entries()[i].name.endsWith(u"/data.pkl"_s))
            return zip->read(i, 1 << 20).data;
    return {};
}

} // namespace

class TestTorchPickle : public QObject
{
    Q_OBJECT

private slots:
    void scalars()
    {
        // PROTO 2, MARK, then one of each scalar opcode, TUPLE, STOP.
        QByteArray p = raw("\x80\x02(");
        p += raw("N\x88\x89");                                    // None True False
        p += raw("J\xfe\xff\xff\xff");                            // BININT -2
        p += raw("K\x07");                                        // BININT1 7
        p += raw("M\x00\x01");                                    // BININT2 256
        p += raw("\x8a\x02\x00\x80");                             // LONG1 -32768
        p += raw("\x8a\x09") + QByteArray(8, '\0') + raw("\x01"); // 2^64
        p += raw("G\x3f\xb9\x99\x99\x99\x99\x99\x9a");            // BINFLOAT 0.1
        p += raw("X\x03\x00\x00\x00\xc3\xa9z");                   // BINUNICODE 'éz'
        p += raw("\x8c\x02hi");                                   // SHORT_BINUNICODE 'hi'
        p += raw("C\x02\x00\xff");                                // SHORT_BINBYTES
        p += raw("t.");
        Error error;
        const auto doc = parse(p, &error);
        QVERIFY2(doc, qPrintable(error.toString()));
        const PickleValue t = doc->root();
        QCOMPARE(t.kind(), Kind::Tuple);
        QCOMPARE(t.size(), 12);
        QCOMPARE(t.at(0).kind(), Kind::None);
        QVERIFY(t.at(1).toBool());
        QVERIFY(!t.at(2).toBool());
        QCOMPARE(t.at(3).toInt(), -2);
        QCOMPARE(t.at(4).toInt(), 7);
        QCOMPARE(t.at(5).toInt(), 256);
        QCOMPARE(t.at(6).toInt(), -32768);
        QCOMPARE(t.at(7).kind(), Kind::BigInt);
        QCOMPARE(t.at(7).toBytes().size(), 9);
        QCOMPARE(t.at(8).toDouble(), 0.1);
        QCOMPARE(t.at(9).toString(), u"éz"_s);
        QCOMPARE(t.at(10).toString(), u"hi"_s);
        QCOMPARE(t.at(11).toBytes(), raw("\x00\xff"));
        QCOMPARE(t.at(12).kind(), Kind::Missing); // out of range
        QCOMPARE(doc->protocol(), 2);
    }

    void containersAndMemo()
    {
        // {1: [True, 'a'], 'k': ()} built with EMPTY_DICT/SETITEMS, the list memoised and reused.
        QByteArray p = raw("\x80\x02}q\x00(K\x01]q\x01(\x88\x8c\x01"
                           "ae");
        p += raw("\x8c\x01k)\x8c\x04"
                 "copyh\x01u.");
        Error error;
        const auto doc = parse(p, &error);
        QVERIFY2(doc, qPrintable(error.toString()));
        const PickleValue d = doc->root();
        QCOMPARE(d.kind(), Kind::Dict);
        QCOMPARE(d.size(), 3);
        QVERIFY(!d.ordered());
        QCOMPARE(d.get(qint64(1)).size(), 2);
        QCOMPARE(d.get(qint64(1)).at(1).toString(), u"a"_s);
        QCOMPARE(d.get(u"k"_s).kind(), Kind::Tuple);
        QCOMPARE(d.get(u"copy"_s).index(), d.get(qint64(1)).index()); // the same list (BINGET)
        QVERIFY(d.get(u"absent"_s).isNull());
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("pickle");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("os.system")
            << raw("\x80\x02\x63posix\nsystem\n") << u"unsupported"_s << u"posix.system"_s;
        QTest::newRow("builtins.eval via STACK_GLOBAL") << raw("\x80\x04\x8c\x08"
                                                               "builtins\x8c\x04"
                                                               "eval\x93")
                                                        << u"unsupported"_s << u"builtins.eval"_s;
        QTest::newRow("text INT opcode") << raw("\x80\x02I1\n.") << u"unsupported"_s << u"0x49"_s;
        QTest::newRow("protocol 6") << raw("\x80\x06N.") << u"unsupported"_s << u"protocol 6"_s;
        QTest::newRow("REDUCE of a storage type") << raw("\x80\x02\x63torch\nFloatStorage\n)R.")
                                                  << u"unsupported"_s << u"torch.FloatStorage"_s;
        QTest::newRow("NEWOBJ") << raw("\x80\x02\x63torch\nSize\n)\x81.") << u"unsupported"_s
                                << u"torch.Size"_s;
        QTest::newRow("bad persistent id")
            << raw("\x80\x02\x8c\x01xQ.") << u"unsupported"_s << u"persistent id"_s;
        QTest::newRow("stack underflow")
            << raw("\x80\x02\x30.") << u"malformed"_s << u"stack is empty"_s;
        QTest::newRow("pop across MARK")
            << raw("\x80\x02N(0.") << u"malformed"_s << u"stack is empty"_s;
        QTest::newRow("APPEND to a dict")
            << raw("\x80\x02}Na.") << u"malformed"_s << u"not a list"_s;
        QTest::newRow("unknown memo")
            << raw("\x80\x02h\x05.") << u"malformed"_s << u"memo entry 5"_s;
        QTest::newRow("no STOP") << raw("\x80\x02N") << u"truncated"_s << QString();
        QTest::newRow("length past the end")
            << raw("\x80\x02X\xff\xff\xff\x7f") << u"truncated"_s << QString();
        QTest::newRow("cycle") << raw("\x80\x02]q\x00h\x00"
                                      "a.")
                               << u"unsupported"_s << u"cycle"_s;
    }
    void refused()
    {
        QFETCH(QByteArray, pickle);
        QFETCH(QString, code);
        QFETCH(QString, message);
        Error error;
        QVERIFY(!parse(pickle, &error));
        QCOMPARE(errorCodeId(error.code), code);
        QVERIFY2(error.message.contains(message), qPrintable(error.message));
        QCOMPARE(error.file, u"test.pkl"_s);
        QVERIFY(error.offset >= 0);
    }

    void opaqueObjectsAreInert()
    {
        // With opaqueObjects, os.system('x') becomes a placeholder naming the call; nothing runs.
        const QByteArray p = raw("\x80\x02\x63posix\nsystem\n\x8c\x01xq\x00\x85R.");
        PickleOptions options;
        options.opaqueObjects = true;
        Error error;
        const auto doc = parse(p, &error, options);
        QVERIFY2(doc, qPrintable(error.toString()));
        QCOMPARE(doc->root().kind(), Kind::Opaque);
        QCOMPARE(doc->root().globalName(), u"posix.system"_s);
        QCOMPARE(doc->root().describe(), u"<posix.system>"_s);
        QCOMPARE(doc->root().at(0).at(0).toString(), u"x"_s);
    }

    void depthLimit()
    {
        // 300 nested lists: EMPTY_LIST x300, then APPEND x299.
        QByteArray p = raw("\x80\x02");
        p += QByteArray(300, ']');
        p += QByteArray(299, 'a');
        p += '.';
        Error error;
        QVERIFY(!parse(p, &error));
        QCOMPARE(error.code, ErrorCode::TooLarge);
        QVERIFY(error.message.contains(u"256"_s));
        PickleOptions deep;
        deep.maxDepth = 400;
        const auto doc = parse(p, &error, deep);
        QVERIFY2(doc, qPrintable(error.toString()));
        QCOMPARE(doc->depth(), 299);
    }

    void nodeLimit()
    {
        QByteArray p = raw("\x80\x02(");
        p += QByteArray(1000, 'N');
        p += "t.";
        PickleOptions small;
        small.maxNodes = 500;
        Error error;
        QVERIFY(!parse(p, &error, small));
        QCOMPARE(error.code, ErrorCode::TooLarge);
    }

    void sharedSubtreesAreLinear()
    {
        // Each level holds the previous one twice: 2^40 paths, 40 nodes. Must finish at once.
        QByteArray p = raw("\x80\x02]");
        for (int i = 0; i < 40; ++i)
            p += raw("q\x00h\x00h\x00\x86");
        p += '.';
        Error error;
        QElapsedTimer timer;
        timer.start();
        const auto doc = parse(p, &error);
        QVERIFY2(doc, qPrintable(error.toString()));
        QCOMPARE(doc->depth(), 40);
        QVERIFY(timer.elapsed() < 1000);
    }

    void memoryBudget()
    {
        // OrderedDict(list) of one memoized list of 1 000 pairs, called 1 000 times: six bytes of
        // pickle per call, 2 000 items each (issue #30). Refused past the budget, with a message.
        QByteArray p = raw("\x80\x02\x63"
                           "collections\nOrderedDict\nq\x04K\x01K\x02\x86q\x02"
                           "0](");
        for (int i = 0; i < 1000; ++i)
            p += raw("h\x02");
        p += raw("eq\x03");
        for (int i = 0; i < 1000; ++i)
            p += raw("h\x04h\x03\x85R0");
        p += '.';
        PickleOptions small;
        small.maxBytes = 4 << 20; // 8 MB asked
        Error error;
        QVERIFY(!parse(p, &error, small));
        QCOMPARE(error.code, ErrorCode::TooLarge);
        QVERIFY2(error.message.contains(u"pickle bomb"_s), qPrintable(error.message));
        QVERIFY(error.offset > 0);
        // Within the default budget the same pickle parses: the budget is a bound, not a ban.
        const auto doc = parse(p, &error);
        QVERIFY2(doc, qPrintable(error.toString()));
        QCOMPARE(doc->root().size(), 1000);
    }

    void stackAndMemoAreCounted()
    {
        // DUP makes no node, but each copy on the stack is counted.
        QByteArray p = raw("\x80\x02N");
        p += QByteArray(200000, '2');
        p += '.';
        PickleOptions small;
        small.maxBytes = 256 << 10;
        Error error;
        QVERIFY(!parse(p, &error, small));
        QCOMPARE(error.code, ErrorCode::TooLarge);
        // MEMOIZE of one value under 100 000 indices.
        QByteArray m = raw("\x80\x04N");
        m += QByteArray(100000, char(0x94));
        m += '.';
        QVERIFY(!parse(m, &error, small));
        QCOMPARE(error.code, ErrorCode::TooLarge);
    }

    void prefixesOfARealPickle()
    {
        // Every prefix of checkpoint.pt's data.pkl fails cleanly; only the whole one parses.
        const QByteArray full = realPickle(u"checkpoint.pt"_s);
        QVERIFY(full.size() > 1000);
        for (qsizetype n = 0; n < full.size(); ++n) {
            Error error;
            const auto doc = parse(full.left(n), &error);
            QVERIFY2(!doc, qPrintable(u"prefix %1 parsed"_s.arg(n)));
            QVERIFY(!error.message.isEmpty());
        }
        Error error;
        QVERIFY(parse(full, &error));
    }

    void storageDTypes()
    {
        QCOMPARE(torchStorageDType(u"BFloat16Storage"_s), DType::BFloat16);
        QCOMPARE(torchStorageDType(u"HalfStorage"_s), DType::Float16);
        QCOMPARE(torchStorageDType(u"BoolStorage"_s), DType::Bool);
        QCOMPARE(torchStorageDType(u"ComplexFloatStorage"_s), DType::Unknown);
        QCOMPARE(torchDTypeName(DType::Float32), u"torch.float32"_s);
    }
};

QTEST_GUILESS_MAIN(TestTorchPickle)
#include "tst_torchpickle.moc"
