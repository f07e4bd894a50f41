#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "core/opinfo/opinfoloader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_OpInfoLoader : public QObject
{
    Q_OBJECT

private slots:
    void fixtures_data();
    void fixtures();
    void recordDetails();
    void summaryMatchesPlog();
    void chunksGiveTheSameResult_data();
    void chunksGiveTheSameResult();
    void prefixSweep();
    void cancel();
    void fixturesUnchanged();
    void sniffedAsOpInfo_data();
    void sniffedAsOpInfo();
    void refusedInputsLeaveTheOthersLoaded();
};

namespace {

const QString data = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/opinfo/"_s;
const QString plogA = u"good/plog/plog-pid_4242_20260319100000.log"_s;
const QString plogB = u"good/plog/plog-pid_5151_20260319100010.log"_s;

Result<OpInfoDataset> load(const QStringList &paths, OpInfoLoadOptions options = {})
{
    QList<Source> sources;
    for (const QString &p : paths)
        sources.append(Source::fromPath(data + p));
    ProgressSink progress;
    return loadOpInfo(sources, options, progress, CancelToken{});
}

Result<OpInfoDataset> loadBytes(const QByteArray &bytes, OpInfoLoadOptions options = {})
{
    ProgressSink progress;
    return loadOpInfo({Source::fromBytes(bytes, u"bytes.log"_s)}, options, progress, CancelToken{});
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

} // namespace

void tst_OpInfoLoader::fixtures_data()
{
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QString>("error"); // error code id; empty when the load succeeds
    QTest::addColumn<int>("events");
    QTest::addColumn<int>("signatures");
    QTest::addColumn<int>("truncated");
    QTest::addColumn<int>("assembled");
    QTest::addColumn<int>("dynamic");
    QTest::addColumn<int>("markers");
    QTest::addColumn<int>("lines");
    QTest::addColumn<int>("plogLines");
    QTest::addColumn<int>("unparsed");
    QTest::addColumn<QList<int>>("levels"); // DEBUG INFO WARNING ERROR EVENT TRACE
    QTest::addColumn<int>("messages");
    QTest::addColumn<int>("aicpu");
    QTest::addColumn<bool>("summary");

    // A: LF, one record per line, 2 recompiles with markers, 3 WARNING + 1 ERROR, 1 garbage line.
    QTest::newRow("plog A") << QStringList{plogA} << QString() << 9 << 7 << 0 << 0 << 2 << 2 << 19
                            << 18 << 1 << QList<int>{0, 13, 3, 1, 1, 0} << 3 << 1 << false;
    // B: CRLF + wall clock; 2 records completed from DEBUG chunks (appended, re-logged) and one
    // more like the first, 1 cut by the next line of its thread, 1 cut at the end of the file.
    QTest::newRow("plog B") << QStringList{plogB} << QString() << 5 << 4 << 2 << 3 << 0 << 0 << 16
                            << 14 << 1 << QList<int>{5, 8, 0, 1, 0, 0} << 1 << 1 << false;
    QTest::newRow("plog folder") << QStringList{u"good/plog"_s} << QString() << 14 << 11 << 2 << 3
                                 << 2 << 2 << 35 << 32 << 2 << QList<int>{5, 21, 3, 2, 1, 0} << 4
                                 << 2 << false;
    // 5 summary lines whose signatures all occur in plog A.
    QTest::newRow("summary") << QStringList{u"good/ascend_op_info_summary.txt"_s} << QString() << 5
                             << 5 << 0 << 0 << 0 << 0 << 5 << 0 << 0 << QList<int>{0, 0, 0, 0, 0, 0}
                             << 0 << 0 << true;
    // Plus good/mindspore: 6 per-step entries with 4 distinct shape signatures.
    QTest::newRow("good folder") << QStringList{u"good"_s} << QString() << 25 << 15 << 2 << 3 << 2
                                 << 2 << 46 << 32 << 2 << QList<int>{5, 21, 3, 2, 1, 0} << 4 << 2
                                 << true;
    QTest::newRow("garbage") << QStringList{u"broken/garbage_mixed.log"_s} << QString() << 5 << 5
                             << 4 << 0 << 0 << 0 << 11 << 7 << 4 << QList<int>{1, 6, 0, 0, 0, 0}
                             << 0 << 0 << false;
    QTest::newRow("not a plog") << QStringList{u"broken/not_a_plog.log"_s} << u"unknown_format"_s
                                << 0 << 0 << 0 << 0 << 0 << 0 << 0 << 0 << 0 << QList<int>{} << 0
                                << 0 << false;
    QTest::newRow("empty") << QStringList{u"broken/empty.log"_s} << u"empty_file"_s << 0 << 0 << 0
                           << 0 << 0 << 0 << 0 << 0 << 0 << QList<int>{} << 0 << 0 << false;
    QTest::newRow("missing") << QStringList{u"broken/nope.log"_s} << u"not_found"_s << 0 << 0 << 0
                             << 0 << 0 << 0 << 0 << 0 << 0 << QList<int>{} << 0 << 0 << false;
    // not_a_plog.log and empty.log are no host logs and are skipped.
    // Plus the MindSpore table with 2 good rows, a cut JSON cell and a short row.
    QTest::newRow("broken folder")
        << QStringList{u"broken"_s} << QString() << 7 << 7 << 4 << 0 << 0 << 0 << 15 << 7 << 6
        << QList<int>{1, 6, 0, 0, 0, 0} << 0 << 0 << false;
    QTest::newRow("folder without logs")
        << QStringList{u"../common/broken"_s} << u"unknown_format"_s << 0 << 0 << 0 << 0 << 0 << 0
        << 0 << 0 << 0 << QList<int>{} << 0 << 0 << false;
}

void tst_OpInfoLoader::fixtures()
{
    QFETCH(QStringList, paths);
    QFETCH(QString, error);
    const Result<OpInfoDataset> r = load(paths);
    if (!error.isEmpty()) {
        QVERIFY(r.isFailed());
        QCOMPARE(errorCodeId(r.error().code), error);
        QVERIFY(!r.error().message.isEmpty());
        QVERIFY(!r.error().file.isEmpty());
        return;
    }
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const OpInfoDataset &ds = *r.value();
    QTEST(int(ds.events.size()), "events");
    QTEST(int(ds.signatures.size()), "signatures");
    QTEST(int(ds.truncatedRecords), "truncated");
    QTEST(int(ds.assembledRecords), "assembled");
    int dynamic = 0;
    for (const CompileEvent &e : ds.events)
        dynamic += (e.flags & CompileEvent::Dynamic) ? 1 : 0;
    QTEST(dynamic, "dynamic");
    QTEST(int(ds.markers.size()), "markers");
    QTEST(int(ds.lines), "lines");
    QTEST(int(ds.plogLines), "plogLines");
    QTEST(int(ds.unparsedLines), "unparsed");
    QList<int> levels;
    for (qint64 c : ds.levelCounts)
        levels.append(int(c));
    QTEST(levels, "levels");
    QTEST(int(ds.messages.size()), "messages");
    QTEST(int(ds.aicpuFallbacks.size()), "aicpu");
    QTEST(ds.fromSummary, "summary");
    QCOMPARE(r.diagnostics().count(u"truncated_record"_s), ds.truncatedRecords);
    // Log noise is an info; unreadable rows of a MindSpore table are warnings (issue #16).
    QCOMPARE(r.diagnostics().count(u"unparsed_line"_s) + r.diagnostics().count(u"unparsed_row"_s),
             ds.unparsedLines);
    for (qsizetype i = 1; i < ds.events.size(); ++i)
        QVERIFY(ds.events[i - 1].timeNs <= ds.events[i].timeNs);
}

void tst_OpInfoLoader::recordDetails()
{
    const Result<OpInfoDataset> a = load({plogA});
    QVERIFY(a.isOk());
    const OpInfoDataset &ds = *a.value();
    const CompileEvent &first = ds.events.first();
    QCOMPARE(first.line, 3);
    QCOMPARE(first.timeNs, 1773914400100000000LL); // 2026-03-19 10:00:00.100 UTC
    const OpSignature &mm = ds.signatures[first.signature];
    QCOMPARE(mm.opType, u"MatMul"_s);
    QCOMPARE(mm.inputs.size(), 2);
    QCOMPARE(mm.inputs[0].dataType, 1);
    QCOMPARE(mm.inputs[0].shape, (QList<qint64>{32, 1024}));
    QCOMPARE(mm.attr, u"transpose_x1 = 0, transpose_x2 = 0"_s);
    QVERIFY(!mm.truncated);
    // The recompiles are the ones followed by a marker: MatMul [48, 1024] (line 12), Add (line 14).
    QList<qint64> dynamicLines;
    for (const CompileEvent &e : ds.events) {
        if (e.flags & CompileEvent::Dynamic)
            dynamicLines.append(e.line);
    }
    QCOMPARE(dynamicLines, (QList<qint64>{12, 14}));
    QCOMPARE(ds.markers[0].line, 13);
    QVERIFY(!ds.markers[0].matchFailed);
    QVERIFY(ds.markers[1].matchFailed);
    // Messages: errors first, then by count.
    QCOMPARE(ds.messages[0].level, u"ERROR"_s);
    QCOMPARE(ds.messages[0].module, u"ASCENDCL"_s);
    QCOMPARE(ds.messages[0].firstLine, 17);
    QCOMPARE(ds.messages[1].module, u"RUNTIME"_s);
    QCOMPARE(ds.messages[1].count, 2);
    QCOMPARE(ds.messages[1].first, u"stream 3 synchronize timeout, retry 1"_s);
    QCOMPARE(ds.aicpuFallbacks[0].op, u"ArgMax"_s);
    QCOMPARE(ds.aicpuFallbacks[0].firstLine, 18);
    // Diagnostics name the first places: the garbage line is line 10.
    for (const Diagnostics::Entry &d : a.diagnostics().entries()) {
        if (d.kind == u"unparsed_line"_s) {
            QCOMPARE(d.count, 1);
            QCOMPARE(d.first.size(), 1);
            QCOMPARE(d.first[0].line, 10);
            QVERIFY(d.first[0].detail.endsWith(u"plog-pid_4242_20260319100000.log"_s));
        }
    }

    const Result<OpInfoDataset> b = load({plogB});
    QVERIFY(b.isOk());
    const OpInfoDataset &db = *b.value();
    QStringList kinds;
    for (const CompileEvent &e : db.events) {
        const OpSignature &s = db.signatures[e.signature];
        kinds.append(u"%1:%2:%3%4"_s.arg(s.opType).arg(e.line).arg(
            (e.flags & CompileEvent::Truncated) ? u"cut"_s : u"ok"_s,
            (e.flags & CompileEvent::Assembled) ? u"+chunks"_s : QString()));
    }
    QCOMPARE(kinds,
             (QStringList{u"BatchMatMulV2:2:ok+chunks"_s,
                          u"LayerNormV3:5:ok+chunks"_s,
                          u"DynamicRNN:8:cut"_s,
                          u"BatchMatMulV2:14:ok+chunks"_s,
                          u"BatchMatMulV2:16:cut"_s}));
    // Both complete BatchMatMulV2 records assembled to the same signature, with the full Attr.
    QCOMPARE(db.events[0].signature, db.events[3].signature);
    const OpSignature &bmm = db.signatures[db.events[0].signature];
    QCOMPARE(bmm.inputs.size(), 3);
    QCOMPARE(bmm.outputs.size(), 1);
    QVERIFY(bmm.attr.endsWith(u"_fusion_scope = transformer_block_0_attention"_s));
    QCOMPARE(bmm.inputs[2].shapeRange, u"[[1,16],[1,4096],[128,128]]"_s);
    const OpSignature &ln = db.signatures[db.events[1].signature];
    QCOMPARE(ln.outputs.size(), 4);
    QVERIFY(!ln.text.contains(u"aclopCompile"_s)); // the re-logged copy replaced the cut line
    // A cut record keeps only what was complete.
    const OpSignature &rnn = db.signatures[db.events[2].signature];
    QVERIFY(rnn.truncated);
    QCOMPARE(rnn.inputs.size(), 5);
    QCOMPARE(rnn.outputs.size(), 0); // cut inside OutputDesc[0]: "Shape = ["
    QCOMPARE(db.messages[0].module, u"GE"_s);
    QCOMPARE(db.aicpuFallbacks[0].op, u"ArgSort"_s);
    QCOMPARE(db.aicpuFallbacks[0].firstLine, 10);
    QList<qint64> truncatedLines;
    for (const Diagnostics::Entry &d : b.diagnostics().entries()) {
        if (d.kind == u"truncated_record"_s) {
            QCOMPARE(d.count, 2);
            for (const Location &l : d.first)
                truncatedLines.append(l.line);
        }
    }
    QCOMPARE(truncatedLines, (QList<qint64>{8, 16}));
}

void tst_OpInfoLoader::summaryMatchesPlog()
{
    // The summary drops Attr's closing brace; once restored, its signatures are plog A's.
    const Result<OpInfoDataset> r = load({plogA, u"good/ascend_op_info_summary.txt"_s});
    QVERIFY(r.isOk());
    QCOMPARE(r.value()->signatures.size(), 7);
    QCOMPARE(r.value()->events.size(), 14);
    int fromSummary = 0;
    for (const CompileEvent &e : r.value()->events) {
        if (e.flags & CompileEvent::FromSummary) {
            ++fromSummary;
            QCOMPARE(e.timeNs, -1);
        }
    }
    QCOMPARE(fromSummary, 5);
}

void tst_OpInfoLoader::chunksGiveTheSameResult_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("2") << 2;
    QTest::newRow("3") << 3;
    QTest::newRow("7") << 7;
}

void tst_OpInfoLoader::chunksGiveTheSameResult()
{
    // 40 copies of A and B (LF): chunks must start where no cut record waits for its DEBUG lines.
    QByteArray a = readAll(data + plogA);
    QByteArray b = readAll(data + plogB);
    b.replace("\r\n", "\n");
    QByteArray big;
    for (int i = 0; i < 40; ++i)
        big += a + b;
    OpInfoLoadOptions one;
    one.threads = 1;
    OpInfoLoadOptions many;
    QFETCH(int, threads);
    many.threads = threads;
    many.minChunkBytes = 1024;
    const auto r1 = loadBytes(big, one);
    const auto rn = loadBytes(big, many);
    QVERIFY(r1.isOk() && rn.isOk());
    QCOMPARE(rn.value()->events.size(), 40 * 14);
    QCOMPARE(rn.value()->events.size(), r1.value()->events.size());
    QCOMPARE(rn.value()->truncatedRecords, 40 * 2);
    QCOMPARE(rn.value()->assembledRecords, 40 * 3);
    QCOMPARE(rn.value()->signatures.size(), r1.value()->signatures.size());
    QCOMPARE(rn.value()->unparsedLines, r1.value()->unparsedLines);
    QCOMPARE(rn.value()->lines, r1.value()->lines);
    QCOMPARE(rn.value()->markers.size(), r1.value()->markers.size());
    for (qsizetype i = 0; i < r1.value()->events.size(); ++i) {
        QCOMPARE(rn.value()->events[i].line, r1.value()->events[i].line);
        QCOMPARE(rn.value()->events[i].flags, r1.value()->events[i].flags);
    }
    QCOMPARE(rn.value()->messages.first().count, r1.value()->messages.first().count);
}

void tst_OpInfoLoader::prefixSweep()
{
    // Every prefix of the good logs loads (possibly with truncated records) or fails cleanly.
    for (const QString &f : {plogA, plogB, u"good/ascend_op_info_summary.txt"_s}) {
        const QByteArray bytes = readAll(data + f);
        QVERIFY(!bytes.isEmpty());
        for (int i = 1; i <= 100; ++i) {
            const QByteArray prefix = bytes.left(bytes.size() * i / 100);
            const auto r = loadBytes(prefix);
            if (r.isFailed()) {
                QVERIFY(!r.error().message.isEmpty());
                continue;
            }
            QVERIFY(r.isOk());
            QVERIFY(r.value()->events.size() <= 14);
            QVERIFY(r.value()->truncatedRecords <= r.value()->events.size());
        }
    }
}

void tst_OpInfoLoader::cancel()
{
    QByteArray big;
    const QByteArray a = readAll(data + plogA);
    QVERIFY2(!a.isEmpty(), qPrintable(data + plogA)); // else the loop below never ends
    while (big.size() < 4 * 1024 * 1024)
        big += a;
    CancelToken token = CancelToken::create();
    token.cancel();
    ProgressSink progress;
    const auto r = loadOpInfo({Source::fromBytes(big, u"big.log"_s)}, {}, progress, token);
    QVERIFY(r.isCanceled());
    QVERIFY(!r.value());
}

void tst_OpInfoLoader::fixturesUnchanged()
{
    // Loaders never write to their inputs (docs/DESIGN.md §8).
    const QString path = data + plogB;
    const QByteArray before = QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha256);
    QVERIFY(load({plogB}).isOk());
    QCOMPARE(QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha256), before);
}

void tst_OpInfoLoader::sniffedAsOpInfo_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("producer");
    // Host logs start with '[' like JSON arrays; the sniffer must still call them plog.
    QTest::newRow("A") << plogA << u"ascend_plog"_s;
    QTest::newRow("B wall clock") << plogB << u"ascend_plog"_s;
    QTest::newRow("folder") << u"good/plog"_s << u"ascend_plog"_s;
    QTest::newRow("summary") << u"good/ascend_op_info_summary.txt"_s << u"ascend_op_info_summary"_s;
    QTest::newRow("garbage") << u"broken/garbage_mixed.log"_s << u"ascend_plog"_s;
}

void tst_OpInfoLoader::sniffedAsOpInfo()
{
    QFETCH(QString, path);
    const SniffResult s = sniffPath(data + path);
    QCOMPARE(s.kind, FileKind::OpInfo);
    QTEST(s.producer, "producer");
}

void tst_OpInfoLoader::refusedInputsLeaveTheOthersLoaded()
{
    // The four shared MindSpore tables at once: two hold times but no signatures and are refused;
    // the other two load, and each refusal is an error entry that names its file.
    const QStringList files = sharedFiles(u"opinfo"_s, {u"mindspore_*"_s});
    QCOMPARE(files.size(), 4);
    QList<Source> sources;
    for (const QString &f : files)
        sources.append(Source::fromPath(f));
    ProgressSink progress;
    const Result<OpInfoDataset> r = loadOpInfo(sources, {}, progress, {});
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const OpInfoDataset &ds = *r.value();
    QStringList refused;
    for (const Error &e : ds.refused)
        refused << QFileInfo(e.file).fileName();
    QCOMPARE(refused,
             (QStringList{u"mindspore_aicore_intermediate_1_detail_run2.csv"_s,
                          u"mindspore_output_op_compute_time_1_run1.txt"_s}));
    QVERIFY(!ds.events.isEmpty());
    QCOMPARE(r.diagnostics().count(u"refused_input"_s), 2);
    for (const auto &e : r.diagnostics().entries()) {
        if (e.kind == u"refused_input"_s)
            QCOMPARE(e.severity, Severity::Error);
    }
    // One file alone that cannot be read still fails, with its own error.
    const Result<OpInfoDataset> one = loadOpInfo({sources.first()}, {}, progress, {});
    QVERIFY(one.isFailed());
    QCOMPARE(one.error().file, files.first());
    // Every input refused: the load fails with the first refusal.
    const Result<OpInfoDataset> none =
        loadOpInfo({sources.first(), sources.last()}, {}, progress, {});
    QVERIFY(none.isFailed());
    QCOMPARE(none.error().file, files.first());
}

QTEST_GUILESS_MAIN(tst_OpInfoLoader)
#include "tst_opinfoloader.moc"
