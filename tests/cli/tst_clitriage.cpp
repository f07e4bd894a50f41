// `twinscope-cli triage` (issue #15): the same findings as the core pipeline for paths given in
// order and for a .twinscope workspace, findings[] {code, severity, text, evidence, next_action},
// "nothing wrong" only on the det/non-det pair, and the exit codes of docs/CLI.md.
#include "core/triage/investigationfile.h"

#include <QDir>
#include <QFile>
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
    void hostileWorkspaceReadsNothingOutside();
    void failedInputIsNamedNotQuoted();
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
    // The inputs lie outside the workspace's temporary folder: read only when allowed (#31).
    const Run refused = run({u"--json"_s, file});
    QCOMPARE(refused.exit, 3);
    QCOMPARE(
        QJsonDocument::fromJson(refused.out).object().value(u"failed_inputs"_s).toArray().size(),
        paths.size());
    const Run fromFile = run({u"--json"_s, u"--allow-outside-workspace"_s, file});
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

// Issue #31's acceptance case: a workspace naming canary files outside its folder (absolute,
// "../", a symlink out, /proc) and bundling a knowledge file whose regex would copy any line it
// matches into the findings. triage exits 3 with every outside input refused and the knowledge
// file withheld, and no byte of a canary reaches stdout, stderr or the JSON. With both consents
// the knowledge file does run, on what it is given, so the test could fail.
void tst_CliTriage::hostileWorkspaceReadsNothingOutside()
{
    QTemporaryDir root;
    QVERIFY(QDir(root.path()).mkpath(u"secret"_s));
    QVERIFY(QDir(root.path()).mkpath(u"ws"_s));
    const QByteArray canaryText = "root:x:0:0:CANARY31-7f3a9c:/root:/bin/bash\n"
                                  "-----BEGIN PRIVATE KEY----- CANARY31-b41d02\n";
    const QString canary = root.filePath(u"secret/passwd"_s);
    QFile c(canary);
    QVERIFY(c.open(QIODevice::WriteOnly));
    c.write(canaryText);
    c.close();
    const QString ws = root.filePath(u"ws"_s);
    QVERIFY(QFile::link(canary, ws + u"/innocent.log"_s));
    const QString knowledge = ws + u"/knowledge.json"_s;
    QFile k(knowledge);
    QVERIFY(k.open(QIODevice::WriteOnly));
    k.write(R"kb({"schemaVersion": 1, "kind": "twinscope_known_errors", "entries": [
        {"id": "exfil", "patterns": ["root:", "PRIVATE KEY", "CANARY31"],
         "regex": "(?<secret>.*)", "severity": "error",
         "title": {"en": "t"}, "cause": {"en": "c"}, "fix": {"en": "f"}}]})kb");
    k.close();
    using R = Twinscope::Core::InputRole;
    Twinscope::Core::InvestigationFile w;
    w.inputs = {{canary, u"log"_s, R::Log, -1, -1, {}},
                {ws + u"/../secret/passwd"_s, u"log"_s, R::Log, -1, -1, {}},
                {ws + u"/innocent.log"_s, u"log"_s, R::Log, -1, -1, {}},
                {u"/proc/self/environ"_s, u"log"_s, R::Log, -1, -1, {}},
                {canary, {}, R::Benchmark, -1, -1, {}}};
    w.mappings = {{knowledge, u"knowledge"_s}};
    const QString file = ws + u"/shared.twinscope"_s;
    QCOMPARE(Twinscope::Core::writeInvestigationFile(w, file), std::nullopt);
    // The JSON a sender wrote by hand: the paths exactly as they should be judged.
    auto noCanary = [](const Run &r) {
        for (const QByteArray &s : {r.out, r.err}) {
            if (s.contains("CANARY31") || s.contains("root:x") || s.contains("PRIVATE KEY"))
                return false;
        }
        return true;
    };
    for (const QStringList &mode : {QStringList{u"--json"_s}, QStringList{}}) {
        const Run r = run(mode + QStringList{file});
        QCOMPARE(r.exit, 3);
        QVERIFY2(noCanary(r), r.out.left(2000).constData());
        if (!mode.isEmpty()) {
            const QJsonObject o = QJsonDocument::fromJson(r.out).object();
            QCOMPARE(o.value(u"failed_inputs"_s).toArray().size(), 5);
            QCOMPARE(o.value(u"findings"_s).toArray().size(), 0);
            QStringList kinds;
            for (const QJsonValue &v : o.value(u"warnings"_s).toArray())
                kinds << v.toObject().value(u"kind"_s).toString();
            QVERIFY2(kinds.contains(u"workspace_input_refused"_s), qPrintable(kinds.join(u' ')));
            QVERIFY(kinds.contains(u"workspace_mapping_withheld"_s));
        } else {
            QVERIFY(r.err.contains("workspace_input_refused"));
            QVERIFY(r.err.contains("--allow-outside-workspace"));
        }
    }
    // /proc stays refused even when outside inputs are allowed; the knowledge file is still
    // withheld without --trust-workspace, so the canary lines are read but not copied out.
    const Run allowed = run({u"--json"_s, u"--allow-outside-workspace"_s, file});
    QVERIFY2(noCanary(allowed), allowed.out.left(2000).constData());
    QVERIFY(QJsonDocument::fromJson(allowed.out)
                .object()
                .value(u"failed_inputs"_s)
                .toArray()
                .contains(u"/proc/self/environ"_s));
    // Both consents: the knowledge file runs and its capture is the canary line, capped.
    const Run trusted =
        run({u"--json"_s, u"--allow-outside-workspace"_s, u"--trust-workspace"_s, file});
    QVERIFY2(trusted.out.contains("CANARY31"), trusted.out.left(2000).constData());
}

// A workspace input that fails to load (a text file that is no loss log, inside the folder) is
// named with the kind of failure; the loader's "First lines:" quote of the file stays out.
void tst_CliTriage::failedInputIsNamedNotQuoted()
{
    QTemporaryDir dir;
    const QString bad = dir.filePath(u"notes.log"_s);
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("PRIVATE-31 first line\nPRIVATE-31 second line\nPRIVATE-31 third line\n");
    f.close();
    Twinscope::Core::InvestigationFile w;
    w.inputs = {{bad, u"loss"_s, Twinscope::Core::InputRole::Benchmark, -1, -1, {}},
                {bad, u"loss"_s, Twinscope::Core::InputRole::Target, -1, -1, {}}};
    const QString file = dir.filePath(u"w.twinscope"_s);
    QCOMPARE(Twinscope::Core::writeInvestigationFile(w, file), std::nullopt);
    const Run r = run({u"--json"_s, file});
    QCOMPARE(r.exit, 3);
    QVERIFY2(!r.out.contains("PRIVATE-31") && !r.err.contains("PRIVATE-31"), r.out.constData());
    bool named = false;
    for (const QJsonValue &v :
         QJsonDocument::fromJson(r.out).object().value(u"warnings"_s).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(u"kind"_s).toString() == u"triage_input_failed"_s) {
            named = o.value(u"file"_s).toString() == bad;
            QVERIFY(o.value(u"message"_s).toString().contains(u"unknown_format"_s));
        }
    }
    QVERIFY(named);
}

QTEST_GUILESS_MAIN(tst_CliTriage)
#include "tst_clitriage.moc"
