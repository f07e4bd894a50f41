// `twinscope-cli triage` (issue #15): the same findings as the core pipeline for paths given in
// order and for a .twinscope workspace, findings[] {code, severity, text, evidence, next_action},
// "nothing wrong" only on the det/non-det pair, and the exit codes of docs/CLI.md.
#include "core/triage/investigationfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);

struct Run
{
    int exit = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TWINSCOPE_CLI), QStringList{u"triage"_s} + args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QStringList codes(const QJsonObject &o)
{
    QStringList out;
    for (const QJsonValue &v : o.value(u"findings"_s).toArray())
        out << v.toObject().value(u"code"_s).toString();
    return out;
}

QStringList investigationPaths()
{
    return {Data + u"/triage/loss_bench.log"_s,
            Data + u"/triage/loss_npu.log"_s,
            Data + u"/dump/pairs/dumper/bench.h5"_s,
            Data + u"/dump/pairs/dumper/npu.h5"_s,
            Data + u"/triage/trace_bench.json.gz"_s,
            Data + u"/triage/trace_npu.json.gz"_s,
            Data + u"/opinfo/good/plog/plog-pid_4242_20260319100000.log"_s};
}

} // namespace

class tst_CliTriage : public QObject
{
    Q_OBJECT

private slots:
    void pathsGiveThePlantedFindings();
    void workspaceGivesTheSameFindings();
    void detVersusNonDetIsStatedAsFine();
    void textNamesEvidenceAndNextAction();
    void exitCodes();
    void profileAndCheckpointPathsAreSniffed();
};

void tst_CliTriage::pathsGiveThePlantedFindings()
{
    const Run r = run(QStringList{u"--json"_s} + investigationPaths());
    QCOMPARE(r.exit, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
    QVERIFY(o.value(u"warnings"_s).isArray());
    const QStringList c = codes(o);
    for (const QString &code : {u"loss.fork_later"_s,
                                u"dump.first_divergent"_s,
                                u"dump.nan_origin"_s,
                                u"trace.step_slower"_s,
                                u"trace.idle_grew"_s,
                                u"trace.op_slower"_s,
                                u"opinfo.recompile"_s})
        QVERIFY2(c.contains(code), qPrintable(code));
    for (const QJsonValue &v : o.value(u"findings"_s).toArray()) {
        const QJsonObject f = v.toObject();
        for (const QString &key : {u"code"_s, u"severity"_s, u"text"_s, u"next_action"_s})
            QVERIFY(!f.value(key).toString().isEmpty());
        QVERIFY(f.value(u"evidence"_s).isObject());
    }
    const QJsonObject fork =
        o.value(u"findings"_s).toArray()[c.indexOf(u"loss.fork_later"_s)].toObject();
    QCOMPARE(fork.value(u"evidence"_s).toObject().value(u"step"_s).toInt(), 40);
}

void tst_CliTriage::workspaceGivesTheSameFindings()
{
    QTemporaryDir dir;
    Twinscope::Core::InvestigationFile ws;
    const QStringList paths = investigationPaths();
    for (qsizetype i = 0; i < paths.size(); ++i) {
        ws.inputs.append({paths[i],
                          {},
                          i % 2 == 0 && i < 6 ? Twinscope::Core::InputRole::Benchmark
                                              : Twinscope::Core::InputRole::Target,
                          -1,
                          -1,
                          {}});
    }
    const QString file = dir.filePath(u"i.twinscope"_s);
    QCOMPARE(Twinscope::Core::writeInvestigationFile(ws, file), std::nullopt);
    const Run fromFile = run({u"--json"_s, file});
    const Run fromPaths = run(QStringList{u"--json"_s} + paths);
    QCOMPARE(fromFile.exit, 0);
    QCOMPARE(codes(QJsonDocument::fromJson(fromFile.out).object()),
             codes(QJsonDocument::fromJson(fromPaths.out).object()));
}

void tst_CliTriage::detVersusNonDetIsStatedAsFine()
{
    const Run r = run({u"--json"_s,
                       Data + u"/shared/loss/mindspeed_core_ms_pta_npu_qwen_sft_det.txt"_s,
                       Data + u"/shared/loss/mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt"_s});
    QCOMPARE(r.exit, 0);
    // No finding is raised; the pair is stated as fine in clear[].
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(u"findings"_s).toArray().size(), 0);
    const QJsonArray clear = o.value(u"clear"_s).toArray();
    QCOMPARE(clear.size(), 1);
    QCOMPARE(clear[0].toObject().value(u"code"_s).toString(), u"loss.curves_match"_s);
    QCOMPARE(clear[0].toObject().value(u"severity"_s).toString(), u"ok"_s);
}

void tst_CliTriage::textNamesEvidenceAndNextAction()
{
    const Run r = run({Data + u"/triage/loss_bench.log"_s, Data + u"/triage/loss_npu.log"_s});
    QCOMPARE(r.exit, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.startsWith(u"[critical] loss.fork_later: "_s));
    QVERIFY(text.contains(u"    evidence: step 40, loss_npu.log\n"_s));
    QVERIFY(text.contains(u"    next: Compare the checkpoints"_s));
}

void tst_CliTriage::exitCodes()
{
    QCOMPARE(run({}).exit, 2);
    QCOMPARE(run({u"--bogus"_s}).exit, 2);
    // One side of a pair missing: reported, exit 3, the rest still triaged.
    const Run missing = run({u"--json"_s,
                             Data + u"/triage/no_such.log"_s,
                             Data + u"/triage/trace_bench.json.gz"_s,
                             Data + u"/triage/trace_npu.json.gz"_s});
    QCOMPARE(missing.exit, 3);
    QVERIFY(codes(QJsonDocument::fromJson(missing.out).object()).contains(u"trace.step_slower"_s));
    QTemporaryDir dir;
    QFile bad(dir.filePath(u"x.twinscope"_s));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"twinscopeWorkspace\": 99}");
    bad.close();
    const Run newer = run({bad.fileName()});
    QCOMPARE(newer.exit, 3);
    QVERIFY(newer.err.contains("newer"));
}

void tst_CliTriage::profileAndCheckpointPathsAreSniffed()
{
    // Kinds left to the sniffer: a cluster step table (profile) and two checkpoints, the benchmark
    // first. The same codes and numbers as the core pipeline's (tst_evidencefindings).
    const Run r = run({u"--json"_s,
                       Data + u"/shared/profiler/msprof_analyze_cluster_step_trace_time.csv"_s,
                       Data + u"/checkpoint/good/torch_net.pth"_s,
                       Data + u"/checkpoint/good/ms_net.ckpt"_s});
    QCOMPARE(r.exit, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QStringList c = codes(o);
    QCOMPARE(c.count(u"profile.slow_rank"_s), 3);
    QCOMPARE(c.count(u"ckpt.divergent_parameter"_s), 1);
    const QJsonArray findings = o.value(u"findings"_s).toArray();
    const QJsonObject ckpt = findings[c.indexOf(u"ckpt.divergent_parameter"_s)].toObject();
    QCOMPARE(ckpt.value(u"evidence"_s).toObject().value(u"parameter_b"_s).toString(),
             u"layer1.0.bn2.moving_variance"_s);
    QCOMPARE(ckpt.value(u"link"_s).toObject().value(u"view"_s).toString(), u"checkpoint_param"_s);
    const QJsonObject rank = findings[c.indexOf(u"profile.slow_rank"_s)].toObject();
    QCOMPARE(rank.value(u"evidence"_s).toObject().value(u"rank"_s).toInt(), 1);
    QCOMPARE(rank.value(u"severity"_s).toString(), u"warning"_s);
}

QTEST_GUILESS_MAIN(tst_CliTriage)
#include "tst_clitriage.moc"
