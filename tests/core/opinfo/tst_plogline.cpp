#include "core/opinfo/aclopparser.h"
#include "core/opinfo/ascendenums.h"
#include "core/opinfo/plogline.h"
#include "core/opinfo/plogparser.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_PlogLine : public QObject
{
    Q_OBJECT

private slots:
    void lines_data();
    void lines();
    void timestamps_data();
    void timestamps();
    void records_data();
    void records();
    void enums();
    void aicpu_data();
    void aicpu();
};

void tst_PlogLine::lines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("module");
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<qint64>("tid");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("message");

    // The line quoted in docs/FORMATS.md §4.1 from public docs.
    QTest::newRow("docs")
        << QByteArray(
               "[ERROR] ASCENDCL(618,python3):2025-03-06-01:09:07.262.594 [device.cpp:342]618 "
               "aclrtGetDeviceCount: get device count failed, runtime result = 507899.")
        << true << u"ERROR"_s << u"ASCENDCL"_s << 618LL << 618LL << u"device.cpp:342"_s
        << u"aclrtGetDeviceCount: get device count failed, runtime result = 507899."_s;
    QTest::newRow("wallclock+crlf")
        << QByteArray("[2026-03-19 15:04:57] [INFO] GE(12,python3):2026-03-19-15:04:57.000.001 "
                      "[g.cc:1]13 hi\r")
        << true << u"INFO"_s << u"GE"_s << 12LL << 13LL << u"g.cc:1"_s << u"hi"_s;
    QTest::newRow("no source") << QByteArray("[DEBUG] RUNTIME(1,a b):2026-03-19-15:04:57.000 text")
                               << true << u"DEBUG"_s << u"RUNTIME"_s << 1LL << -1LL << QString()
                               << u"text"_s;
    QTest::newRow("leading space")
        << QByteArray("  [WARNING] HCCL(5,p):2026-03-19-15:04:57.000.000 [a:1]5 w") << true
        << u"WARNING"_s << u"HCCL"_s << 5LL << 5LL << u"a:1"_s << u"w"_s;
    QTest::newRow("bad level") << QByteArray("[FATAL] GE(1,p):2026-03-19-15:04:57.000.000 [a:1]1 x")
                               << false << QString() << QString() << 0LL << 0LL << QString()
                               << QString();
    QTest::newRow("bad month") << QByteArray("[INFO] GE(1,p):2026-13-19-15:04:57.000.000 [a:1]1 x")
                               << false << QString() << QString() << 0LL << 0LL << QString()
                               << QString();
    QTest::newRow("cut prefix") << QByteArray("[INFO] ASCENDCL(777,pyth") << false << QString()
                                << QString() << 0LL << 0LL << QString() << QString();
    QTest::newRow("lower module") << QByteArray(
                                         "[INFO] ge(1,p):2026-03-19-15:04:57.000.000 [a:1]1 x")
                                  << false << QString() << QString() << 0LL << 0LL << QString()
                                  << QString();
    QTest::newRow("torch_npu warning")
        << QByteArray("[W compiler_depend.ts:41] Warning: x") << false << QString() << QString()
        << 0LL << 0LL << QString() << QString();
    QTest::newRow("empty") << QByteArray() << false << QString() << QString() << 0LL << 0LL
                           << QString() << QString();
}

void tst_PlogLine::lines()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, ok);
    PlogLine pl;
    QCOMPARE(parsePlogLine(std::string_view(line.constData(), size_t(line.size())), &pl), ok);
    if (!ok)
        return;
    QTEST(plogLevelId(pl.level), "level");
    QTEST(QString::fromUtf8(pl.module.data(), qsizetype(pl.module.size())), "module");
    QTEST(pl.pid, "pid");
    QTEST(pl.tid, "tid");
    QTEST(QString::fromUtf8(pl.source.data(), qsizetype(pl.source.size())), "source");
    QTEST(QString::fromUtf8(pl.message.data(), qsizetype(pl.message.size())), "message");
}

void tst_PlogLine::timestamps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ns");
    // 2025-03-06 01:09:07 UTC = 1741223347 s.
    QTest::newRow("plog") << u"2025-03-06-01:09:07.262.594"_s << 1741223347262594000LL;
    QTest::newRow("plog ms") << u"2025-03-06-01:09:07.262"_s << 1741223347262000000LL;
    QTest::newRow("space") << u"2025-03-06 01:09:07"_s << 1741223347000000000LL;
    QTest::newRow("iso frac") << u"2025-03-06T01:09:07.5"_s << 1741223347500000000LL;
    QTest::newRow("leap day") << u"2024-02-29 00:00:00"_s << 1709164800000000000LL;
    QTest::newRow("garbage") << u"yesterday"_s << -1LL;
    QTest::newRow("trailing") << u"2025-03-06 01:09:07x"_s << -1LL;
    QTest::newRow("bad day") << u"2025-03-32 01:09:07"_s << -1LL;
}

void tst_PlogLine::timestamps()
{
    QFETCH(QString, text);
    QFETCH(qint64, ns);
    const auto ts = parseUserTimestamp(text);
    QCOMPARE(ts.value_or(-1), ns);
    if (ns >= 0 && !text.contains(u'.'))
        QCOMPARE(formatTimestampNs(ns), QString(text).replace(u' ', u'T') + u".000000"_s);
}

void tst_PlogLine::records_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("summary");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("inputs");
    QTest::addColumn<int>("outputs");
    QTest::addColumn<bool>("truncated");
    QTest::addColumn<QString>("attr");

    // The closest real capture (docs/FORMATS.md §4.2), one line per record.
    const QByteArray conv = "OpType: Conv2D, InputDesc[0]: [TensorDesc] DataType = 0, Format = 0, "
                            "StorageFormat = 0, Shape = [4, 1, "
                            "28, 28], StorageShape = [4, 1, 28, 28], shapeRange = [], memtype = 0, "
                            "isConst = 0 OutputDesc[0]: "
                            "[TensorDesc] DataType = 0, Format = 0, StorageFormat = 3, Shape = [4, "
                            "6, 26, 26], StorageShape = [4, 1, "
                            "26, 26, 16], shapeRange = [], memtype = 0, isConst = 0 Attr: "
                            "{data_format = NCHW, dilations = [1, 1, 1, "
                            "1], groups = 1, pads = [1, 1, 1, 1], strides = [1, 1, 1, 1]}";
    QTest::newRow("conv")
        << conv << false << u"Conv2D"_s << 1 << 1 << false
        << u"data_format = NCHW, dilations = [1, 1, 1, 1], groups = 1, pads = [1, 1, 1, 1], strides = [1, 1, 1, 1]"_s;
    QTest::newRow("attr unclosed")
        << conv.left(conv.size() - 1) << false << u"Conv2D"_s << 1 << 1 << true
        << u"data_format = NCHW, dilations = [1, 1, 1, 1], groups = 1, pads = [1, 1, 1, 1], strides = [1, 1, 1, 1]"_s;
    QTest::newRow("summary attr")
        << conv.left(conv.size() - 1) << true << u"Conv2D"_s << 1 << 1 << false
        << u"data_format = NCHW, dilations = [1, 1, 1, 1], groups = 1, pads = [1, 1, 1, 1], strides = [1, 1, 1, 1]"_s;
    QTest::newRow("cut in shape") << conv.left(60) << false << u"Conv2D"_s << 0 << 0 << true
                                  << QString();
    QTest::newRow("cut after input") << conv.left(conv.indexOf("OutputDesc")) << false
                                     << u"Conv2D"_s << 1 << 0 << false << QString();
    QTest::newRow("const")
        << QByteArray(
               "OpType: Add, InputDesc[0]: [TensorDesc] DataType = 1, Format = 2, StorageFormat = "
               "2, "
               "Shape = [1], StorageShape = [1], shapeRange = [], memtype = 0, isConst = true, "
               "Const Len = 4 ,Const data = 0,60, OutputDesc[0]: [TensorDesc] DataType = 1, Format "
               "= 2, "
               "StorageFormat = 2, Shape = [1], StorageShape = [1], shapeRange = [], memtype = 0, "
               "isConst = 0")
        << false << u"Add"_s << 1 << 1 << false << QString();
    QTest::newRow("index gap")
        << QByteArray("OpType: Mul, InputDesc[1]: [TensorDesc] DataType = 1, Format = 2, "
                      "StorageFormat = 2, Shape = [1], StorageShape = [1], shapeRange = [], "
                      "memtype = 0, isConst = 0")
        << false << u"Mul"_s << 0 << 0 << true << QString();
    QTest::newRow("type only") << QByteArray("OpType: Relu") << false << u"Relu"_s << 0 << 0 << true
                               << QString();
    QTest::newRow("empty") << QByteArray("OpType: ") << false << QString() << 0 << 0 << true
                           << QString();
}

void tst_PlogLine::records()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, summary);
    const OpSignature s =
        parseAclOpRecord(std::string_view(body.constData(), size_t(body.size())), summary);
    QTEST(s.opType, "type");
    QTEST(int(s.inputs.size()), "inputs");
    QTEST(int(s.outputs.size()), "outputs");
    QTEST(s.truncated, "truncated");
    QTEST(s.attr, "attr");
    if (QByteArray(QTest::currentDataTag()) == "conv") {
        QCOMPARE(s.outputs[0].storageFormat, 3);
        QCOMPARE(s.outputs[0].storageShape, (QList<qint64>{4, 1, 26, 26, 16}));
        QCOMPARE(s.inputs[0].shape, (QList<qint64>{4, 1, 28, 28}));
        QCOMPARE(s.inputs[0].shapeRange, u"[]"_s);
    }
    if (QByteArray(QTest::currentDataTag()) == "const") {
        QVERIFY(s.inputs[0].isConst);
        QCOMPARE(s.inputs[0].constLength, 4);
        QCOMPARE(s.inputs[0].constData, u"0,60"_s);
        QVERIFY(!s.outputs[0].isConst);
    }
}

void tst_PlogLine::enums()
{
    QCOMPARE(aclDataTypeName(27), u"bf16"_s);
    QCOMPARE(aclDataTypeName(1), u"float16"_s);
    QCOMPARE(aclDataTypeName(5), u"5"_s); // not in aclDataType: shown as the number
    QCOMPARE(aclDataTypeName(-1), u"undefined"_s);
    QCOMPARE(aclFormatName(29), u"FRACTAL_NZ"_s);
    QCOMPARE(aclFormatName(3), u"NC1HWC0"_s);
    QCOMPARE(aclFormatName(77), u"77"_s);
    QCOMPARE(privateFormatShortName(29), u"NZ"_s);
    QCOMPARE(privateFormatShortName(3), u"5HD"_s);
    QCOMPARE(privateFormatShortName(4), u"FZ"_s);
    QVERIFY(!isPrivateFormat(2));
}

void tst_PlogLine::aicpu_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("fallback");
    QTest::addColumn<QString>("op");
    // Real torch_npu line (data/PROVENANCE.md, from the PTA loss logs).
    QTest::newRow("torch_npu")
        << QByteArray(
               "[W compiler_depend.ts:41] Warning: Warning: kernel [ArgSort] can not support "
               "dtype int32 or int64 on AiCore, Now this kernel is running on AiCpu.")
        << true << u"ArgSort"_s;
    QTest::newRow("op bracket")
        << QByteArray("op[ArgMax] is not supported on AI Core, now it is running on AiCpu.") << true
        << u"ArgMax"_s;
    QTest::newRow("word") << QByteArray("Op NonZero is running on AICPU") << true << u"NonZero"_s;
    QTest::newRow("nameless") << QByteArray("this kernel is running on AiCpu") << true << QString();
    QTest::newRow("other") << QByteArray("running on AiCore") << false << QString();
}

void tst_PlogLine::aicpu()
{
    QFETCH(QByteArray, line);
    const std::string_view v(line.constData(), size_t(line.size()));
    QTEST(isAiCpuFallbackLine(v), "fallback");
    QTEST(QString::fromStdString(aicpuOpName(v)), "op");
}

QTEST_GUILESS_MAIN(tst_PlogLine)
#include "tst_plogline.moc"
