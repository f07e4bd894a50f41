// The .twinscope file (issue #15): save -> open gives back exactly what was saved, paths are
// written relative to the file (so a moved folder still opens), a missing input is reported
// while the rest opens, and writing never overwrites an input or a file that is not a workspace.
#include "core/triage/investigationfile.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

void touch(const QString &path, const QByteArray &bytes = "x\n")
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every field away from its default, with text that JSON must escape.
InvestigationFile fullWorkspace(const QString &root)
{
    InvestigationFile ws;
    ws.title = u"Qwen SFT 对齐 \"GPU vs NPU\""_s;
    InvestigationInput loss{
        root + u"/runs/gpu/loss.log"_s, u"loss"_s, InputRole::Benchmark, 0, -1, u"GPU"_s};
    InvestigationInput npu{
        root + u"/runs/npu/loss.log"_s, u"loss"_s, InputRole::Target, 0, -1, u"NPU"_s};
    InvestigationInput dump{root + u"/dumps/step3"_s, u"dump"_s, InputRole::Target, 7, 3, {}};
    InvestigationInput plog{root + u"/plog/plog-pid_1.log"_s, u"log"_s, InputRole::Log, -1, -1, {}};
    ws.inputs = {loss, npu, dump, plog};
    ws.settings.lossRtol = 0.003;
    ws.settings.lossAtol = 1e-7;
    ws.settings.lossK = 5;
    ws.settings.lossMetric = u"lm loss"_s;
    ws.settings.dumpCosine = 0.9999;
    ws.settings.dumpMaxAbsErr = 0.0001;
    ws.settings.opinfoCutoffNs = 1773914405123456789;
    ws.mappings = {{root + u"/maps/ms_to_pt.json"_s, u"dump_names"_s},
                   {root + u"/maps/my_errors.json"_s, u"knowledge"_s}};
    ws.view = QJsonObject{{u"current"_s, u"loss"_s},
                          {u"loss"_s, QJsonObject{{u"from"_s, 10}, {u"to"_s, 90}}}};
    ws.notes = u"Step 40 forks.\nTried: fixed seeds; 关闭 dropout.\ttab"_s;
    ChecklistEntry *e = ws.checklist.find(ws.checklist.entries.first().id);
    e->state = ChecklistState::NoProblem;
    e->notes = u"checked by hand"_s;
    ChecklistEntry &last = ws.checklist.entries.last();
    last.state = ChecklistState::Problem;
    last.fromEvidence = true;
    last.evidence = u"loss differs at step 2"_s;
    return ws;
}

} // namespace

class tst_InvestigationFile : public QObject
{
    Q_OBJECT

private slots:
    void roundTripIsExact();
    void pathsAreRelativeSoAMovedFolderOpens();
    void missingInputIsReported();
    void neverOverwritesAnInputOrAForeignFile();
    void brokenFilesFailWithAMessage_data();
    void brokenFilesFailWithAMessage();
    void outOfRangeNumbersAreIgnored();
};

void tst_InvestigationFile::roundTripIsExact()
{
    QTemporaryDir dir;
    const InvestigationFile ws = fullWorkspace(dir.path());
    const QString path = dir.filePath(u"investigation.twinscope"_s);
    QCOMPARE(writeInvestigationFile(ws, path), std::nullopt);
    QVERIFY(isInvestigationFile(path));
    const Result<InvestigationFile> back = readInvestigationFile(path);
    QVERIFY(back.isOk());
    QCOMPARE(back.value()->inputs, ws.inputs);
    QCOMPARE(back.value()->settings, ws.settings);
    QCOMPARE(back.value()->checklist, ws.checklist);
    QCOMPARE(back.value()->notes, ws.notes);
    QVERIFY(*back.value() == ws);
    // Saved again unchanged: the same bytes (a save of an unchanged file changes nothing).
    const QByteArray first = readAll(path);
    QCOMPARE(writeInvestigationFile(*back.value(), path), std::nullopt);
    QCOMPARE(readAll(path), first);
    // The schema version is the file's first key.
    QVERIFY(first.startsWith("{\n    \"twinscopeWorkspace\": 1,\n"));
}

void tst_InvestigationFile::pathsAreRelativeSoAMovedFolderOpens()
{
    QTemporaryDir a, b;
    const InvestigationFile ws = fullWorkspace(a.path());
    for (const InvestigationInput &in : ws.inputs)
        touch(in.path);
    QCOMPARE(writeInvestigationFile(ws, a.filePath(u"w.twinscope"_s)), std::nullopt);
    const QByteArray bytes = readAll(a.filePath(u"w.twinscope"_s));
    QVERIFY(bytes.contains("\"runs/gpu/loss.log\""));
    QVERIFY(!bytes.contains(a.path().toUtf8()));
    // The whole folder moved: the inputs are found beside the file.
    for (const InvestigationInput &in : ws.inputs)
        touch(b.path() + in.path.mid(a.path().size()));
    touch(b.filePath(u"w.twinscope"_s), bytes);
    const Result<InvestigationFile> moved = readInvestigationFile(b.filePath(u"w.twinscope"_s));
    QVERIFY(moved.isOk());
    QCOMPARE(moved.value()->inputs.first().path, b.path() + u"/runs/gpu/loss.log"_s);
    QVERIFY(missingInputs(*moved.value()).isEmpty());
}

void tst_InvestigationFile::missingInputIsReported()
{
    QTemporaryDir dir;
    InvestigationFile ws = fullWorkspace(dir.path());
    for (const InvestigationInput &in : ws.inputs)
        touch(in.path);
    QVERIFY(QFile::remove(ws.inputs[1].path));
    QCOMPARE(writeInvestigationFile(ws, dir.filePath(u"w.twinscope"_s)), std::nullopt);
    const Result<InvestigationFile> r = readInvestigationFile(dir.filePath(u"w.twinscope"_s));
    QVERIFY(r.isOk());
    // The rest opens; the missing one is named.
    QCOMPARE(r.value()->inputs.size(), ws.inputs.size());
    const QList<InvestigationInput> missing = missingInputs(*r.value());
    QCOMPARE(missing.size(), 1);
    QCOMPARE(missing.first().path, ws.inputs[1].path);
}

void tst_InvestigationFile::neverOverwritesAnInputOrAForeignFile()
{
    QTemporaryDir dir;
    InvestigationFile ws = fullWorkspace(dir.path());
    touch(ws.inputs.first().path, "loss bytes\n");
    const auto asInput = writeInvestigationFile(ws, ws.inputs.first().path);
    QVERIFY(asInput.has_value());
    QCOMPARE(readAll(ws.inputs.first().path), QByteArray("loss bytes\n"));
    const QString foreign = dir.filePath(u"notes.json"_s);
    touch(foreign, "{\"mine\": true}\n");
    QVERIFY(writeInvestigationFile(ws, foreign).has_value());
    QCOMPARE(readAll(foreign), QByteArray("{\"mine\": true}\n"));
}

void tst_InvestigationFile::brokenFilesFailWithAMessage_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    QTest::newRow("not json") << QByteArray("{\"twinscopeWorkspace\": 1, ") << u"malformed"_s;
    QTest::newRow("array") << QByteArray("[1, 2]") << u"malformed"_s;
    QTest::newRow("other json") << QByteArray("{\"traceEvents\": []}") << u"unknown_format"_s;
    QTest::newRow("newer") << QByteArray("{\"twinscopeWorkspace\": 99}") << u"unsupported"_s;
    QTest::newRow("empty") << QByteArray() << u"empty_file"_s;
}

void tst_InvestigationFile::brokenFilesFailWithAMessage()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"w.twinscope"_s);
    touch(path, bytes);
    const Result<InvestigationFile> r = readInvestigationFile(path);
    QVERIFY(r.isFailed());
    QCOMPARE(errorCodeId(r.error().code), code);
    QVERIFY(!r.error().message.isEmpty());
    QCOMPARE(r.error().file, path);
}

void tst_InvestigationFile::outOfRangeNumbersAreIgnored()
{
    // Numbers no qint64 holds (a cast would be undefined) read as "not given".
    QTemporaryDir dir;
    const QString path = dir.filePath(u"w.twinscope"_s);
    touch(path,
          R"({"twinscopeWorkspace": 1, "inputs": [{"path": "a.log", "kind": "loss",
              "role": "target", "step": 1e30, "rank": -1e300}],
              "settings": {"opinfo": {"cutoff_ns": -1e40}}})");
    const Result<InvestigationFile> r = readInvestigationFile(path);
    QVERIFY(r.isOk());
    QCOMPARE(r.value()->inputs.size(), 1);
    QCOMPARE(r.value()->inputs.first().step, -1);
    QCOMPARE(r.value()->inputs.first().rank, -1);
    QCOMPARE(r.value()->settings.opinfoCutoffNs, -1);
}

QTEST_GUILESS_MAIN(tst_InvestigationFile)
#include "tst_investigationfile.moc"
