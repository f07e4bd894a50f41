#include "common/testdata.h"
#include "testhelpers_cli.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

// twinscope-cli profile: the key contract, exit codes, --shard and --merge.
class tst_CliProfile : public QObject
{
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void exactKeys();
    void realClusterNamesRank1();
    void text();
    void exitCodes_data();
    void exitCodes();
    void shardsMergeLikeOneRun();
    void mergeChecksItsShards();
    void walDatabaseInReadOnlyFolder();
    void textAndDatabaseExportsAreOneRun();
    void dominantPhaseInASentence();
};

namespace {

const QString profile = QStringLiteral(TWINSCOPE_TEST_DATA "/profile/");

QJsonObject runJson(const QStringList &args)
{
    const CliRun r = runCli(QStringList{u"profile"_s, u"--json"_s} + args);
    if (r.exitCode != 0)
        qWarning("exit %d: %s", r.exitCode, r.err.constData());
    return r.json();
}

QStringList keys(const QJsonValue &v)
{
    return v.isArray() ? v.toArray().first().toObject().keys() : v.toObject().keys();
}

} // namespace

void tst_CliProfile::golden_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    QTest::newRow("cluster") << QStringList{profile + u"good/cluster"_s}
                             << u"profile_cluster.json"_s;
    QTest::newRow("real cluster step table")
        << QStringList{sharedData(u"profiler/msprof_analyze_cluster_step_trace_time.csv"_s),
                       sharedData(u"profiler/msprof_analyze_cluster_communication.json"_s)}
        << u"profile_msprof_analyze.json"_s;
    QTest::newRow("real kernel table")
        << QStringList{sharedData(u"trace/mstt_advisor_kernel_details.csv"_s)}
        << u"profile_kernel_details.json"_s;
}

void tst_CliProfile::golden()
{
    // TWINSCOPE_UPDATE_GOLDEN=1 rewrites tests/cli/golden/*.json; review the diff.
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    const QJsonObject o = runJson(args);
    QVERIFY(!o.isEmpty());
    const QString where = compareGolden(o, golden);
    QVERIFY2(where.isEmpty(), qPrintable(where));
}

void tst_CliProfile::exactKeys()
{
    // The contract, checked outside the project too: exactly these keys.
    const QJsonObject o = runJson({profile + u"good/cluster"_s});
    QCOMPARE(o.keys(),
             (QStringList{u"ai_cpu"_s,
                          u"communication"_s,
                          u"dominant_phase"_s,
                          u"kernels"_s,
                          u"ranks"_s,
                          u"schemaVersion"_s,
                          u"slow_links"_s,
                          u"slow_ranks"_s,
                          u"warnings"_s}));
    QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
    QCOMPARE(keys(o.value(u"ranks"_s)),
             (QStringList{u"bubble_us"_s,
                          u"communication_not_overlapped_us"_s,
                          u"communication_us"_s,
                          u"computing_us"_s,
                          u"free_us"_s,
                          u"overlapped_us"_s,
                          u"path"_s,
                          u"rank"_s,
                          u"step_us"_s,
                          u"steps"_s}));
    QCOMPARE(
        keys(o.value(u"kernels"_s)),
        (QStringList{u"core"_s, u"count"_s, u"mean_us"_s, u"share"_s, u"total_us"_s, u"type"_s}));
    QCOMPARE(keys(o.value(u"ai_cpu"_s)), (QStringList{u"count"_s, u"share"_s, u"total_us"_s}));
    QCOMPARE(keys(o.value(u"dominant_phase"_s)),
             (QStringList{u"phase"_s, u"share"_s, u"step_us"_s, u"text"_s, u"us"_s}));
    QCOMPARE(keys(o.value(u"communication"_s)),
             (QStringList{u"bandwidth_gbps"_s,
                          u"count"_s,
                          u"elapse_ms"_s,
                          u"op"_s,
                          u"transit_ms"_s,
                          u"wait_ms"_s}));
    QCOMPARE(keys(o.value(u"slow_ranks"_s)),
             (QStringList{u"median_us"_s, u"phase"_s, u"rank"_s, u"value_us"_s}));
    QCOMPARE(keys(o.value(u"slow_links"_s)),
             (QStringList{u"bandwidth_gbps"_s, u"dst"_s, u"link"_s, u"median_gbps"_s, u"src"_s}));
    QVERIFY(o.value(u"kernels"_s).toArray().size() <= 50);
}

void tst_CliProfile::textAndDatabaseExportsAreOneRun()
{
    // Issue #23: a run's text and database exports opened together are its two ranks, once
    // each, and a warning per rank says which export was used.
    const QString run = sharedData(u"profiler/torch_npu_level1"_s);
    const QJsonObject both = runJson({run + u"/text"_s, run + u"/db"_s});
    const QJsonArray ranks = both.value(u"ranks"_s).toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks[0].toObject().value(u"rank"_s).toInt(), 0);
    QCOMPARE(ranks[1].toObject().value(u"rank"_s).toInt(), 1);
    int duplicates = 0;
    for (const QJsonValue &v : both.value(u"warnings"_s).toArray()) {
        const QJsonObject w = v.toObject();
        if (w.value(u"kind"_s).toString() != u"duplicate_rank"_s)
            continue;
        ++duplicates;
        // Names the export used (the file) and the one left out (the detail).
        QVERIFY(w.value(u"file"_s).toString().contains(u"_ascend_pt"_s));
        QVERIFY(w.value(u"detail"_s).toString().contains(u"_ascend_pt"_s));
        QVERIFY(w.value(u"message"_s).toString().contains(u"is used"_s));
    }
    QCOMPARE(duplicates, 2);
    // The ranks used are whole readings, not a mix: each rank's step is one export's.
    const QJsonObject text = runJson({run + u"/text"_s});
    const QJsonObject db = runJson({run + u"/db"_s});
    for (int k = 0; k < 2; ++k) {
        const double step = ranks[k].toObject().value(u"step_us"_s).toDouble();
        const double a =
            text.value(u"ranks"_s).toArray()[k].toObject().value(u"step_us"_s).toDouble();
        const double b =
            db.value(u"ranks"_s).toArray()[k].toObject().value(u"step_us"_s).toDouble();
        QVERIFY(step == a || step == b);
    }
    // Benign: one export of each rank warns of nothing of the kind.
    for (const QJsonObject &one : {text, db}) {
        QCOMPARE(one.value(u"ranks"_s).toArray().size(), 2);
        for (const QJsonValue &v : one.value(u"warnings"_s).toArray())
            QVERIFY(v.toObject().value(u"kind"_s).toString() != u"duplicate_rank"_s);
    }
}

void tst_CliProfile::dominantPhaseInASentence()
{
    // The real Level1 run: communication not hidden by compute is about three quarters of the
    // step, said in the JSON and in the text.
    const QString run = sharedData(u"profiler/torch_npu_level1/text"_s);
    const QJsonObject o = runJson({run});
    const QJsonObject d = o.value(u"dominant_phase"_s).toObject();
    QCOMPARE(d.value(u"phase"_s).toString(), u"communication_not_overlapped"_s);
    double us = 0, step = 0;
    for (const QJsonValue &v : o.value(u"ranks"_s).toArray()) {
        us += v.toObject().value(u"communication_not_overlapped_us"_s).toDouble();
        step += v.toObject().value(u"step_us"_s).toDouble();
    }
    QVERIFY(qAbs(d.value(u"share"_s).toDouble() - us / step) < 1e-12);
    const QString sentence = d.value(u"text"_s).toString();
    QCOMPARE(sentence,
             u"Communication not hidden by compute is %1 % of the step."_s.arg(
                 QLocale::c().toString(100.0 * us / step, 'f', 0)));
    const CliRun r = runCli({u"profile"_s, run});
    QVERIFY(QString::fromUtf8(r.out).contains(sentence));
    // A computing-bound cluster says so instead.
    const QJsonObject cluster = runJson({profile + u"good/cluster"_s});
    QCOMPARE(cluster.value(u"dominant_phase"_s).toObject().value(u"phase"_s).toString(),
             u"computing"_s);
}

void tst_CliProfile::realClusterNamesRank1()
{
    const QJsonObject o =
        runJson({sharedData(u"profiler/msprof_analyze_cluster_step_trace_time.csv"_s)});
    const QJsonObject first = o.value(u"slow_ranks"_s).toArray().first().toObject();
    QCOMPARE(first.value(u"rank"_s).toInt(), 1);
    QCOMPARE(first.value(u"phase"_s).toString(), u"free"_s);
}

void tst_CliProfile::text()
{
    const CliRun r = runCli({u"profile"_s, profile + u"good/cluster"_s});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY(out.contains(u"5 rank"_s));
    QVERIFY(out.contains(u"Slow rank 3: Free"_s));
    QVERIFY(out.contains(u"Slow rank 2: Computing"_s));
    QVERIFY(out.contains(u"Slow link 1 -> 2 HCCS"_s));
    QVERIFY(out.contains(u"hcom_allReduce"_s));
}

void tst_CliProfile::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("stderrContains");
    QTest::newRow("no path") << QStringList{} << 2 << u"at least one path"_s;
    QTest::newRow("bad shard") << QStringList{u"--shard"_s, u"3/2"_s, profile} << 2 << u"I/N"_s;
    QTest::newRow("shard text") << QStringList{u"--shard"_s, u"x"_s, profile} << 2 << u"I/N"_s;
    QTest::newRow("merge and shard")
        << QStringList{u"--merge"_s, u"--shard"_s, u"0/2"_s, profile} << 2 << u"together"_s;
    QTest::newRow("missing column")
        << QStringList{profile + u"broken/no_type"_s} << 3 << u"kernel_details.csv, line 1"_s;
    QTest::newRow("not a profile") << QStringList{sharedData(u"loss/troubleshooter_npu_loss.txt"_s)}
                                   << 3 << u"troubleshooter_npu_loss.txt"_s;
    QTest::newRow("merge a summary that is no shard")
        << QStringList{u"--merge"_s, profile + u"expected.json"_s} << 3 << u"shard"_s;
    QTest::newRow("nothing there") << QStringList{profile + u"nope"_s} << 3 << u"nope"_s;
}

void tst_CliProfile::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exit);
    QFETCH(QString, stderrContains);
    const CliRun r = runCli(QStringList{u"profile"_s} + args);
    QCOMPARE(r.exitCode, exit);
    QVERIFY2(QString::fromUtf8(r.err).contains(stderrContains), r.err.constData());
}

void tst_CliProfile::shardsMergeLikeOneRun()
{
    QTemporaryDir dir;
    QStringList summaries;
    for (int i = 0; i < 2; ++i) {
        const CliRun r = runCli({u"profile"_s,
                                 u"--json"_s,
                                 u"--shard"_s,
                                 u"%1/2"_s.arg(i),
                                 profile + u"good/cluster"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().contains(u"partial"_s));
        QCOMPARE(r.json().value(u"shard"_s).toObject().value(u"index"_s).toInt(), i);
        const QString path = dir.filePath(u"shard%1.json"_s.arg(i));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(r.out);
        summaries << path;
    }
    QJsonObject merged = runJson(QStringList{u"--merge"_s} + summaries);
    QJsonObject direct = runJson({profile + u"good/cluster"_s});
    // Warnings are about files (an op_statistic.csv set aside); a merge reads summaries, not files.
    QCOMPARE(merged.take(u"warnings"_s).toArray().size(), 0);
    QVERIFY(!direct.take(u"warnings"_s).toArray().isEmpty());
    QString where;
    QVERIFY2(sameJson(merged, direct, u"$"_s, &where), qPrintable(where));
}

void tst_CliProfile::mergeChecksItsShards()
{
    QTemporaryDir dir;
    const CliRun r =
        runCli({u"profile"_s, u"--json"_s, u"--shard"_s, u"1/3"_s, profile + u"good/cluster"_s});
    QCOMPARE(r.exitCode, 0);
    const QString path = dir.filePath(u"one.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(r.out);
    f.close();
    // Shards 0 and 2 of 3 missing: merged anyway, with a warning per missing shard.
    const QJsonObject partial = runJson({u"--merge"_s, path});
    const QJsonArray warnings = partial.value(u"warnings"_s).toArray();
    QCOMPARE(warnings.size(), 1);
    QCOMPARE(warnings[0].toObject().value(u"kind"_s).toString(), u"merge_missing_shard"_s);
    QCOMPARE(warnings[0].toObject().value(u"count"_s).toInt(), 2);
    // The same shard twice would count its ranks twice.
    const CliRun twice = runCli({u"profile"_s, u"--merge"_s, path, path});
    QCOMPARE(twice.exitCode, 3);
    QVERIFY(twice.err.contains("1/3"));
}

// Issue #31: a WAL-mode database is read without writing anything beside it. Bytes 18 and 19 of a
// SQLite header are 2 in WAL mode (what PRAGMA journal_mode=WAL leaves in the file); a plain
// read-only open of such a database creates -wal and -shm files, and fails where it cannot. The
// folder is made read-only; as root (which ignores the mode bits) the CLI also runs as nobody when
// setpriv can start it, and in every case the folder must hold the same files afterwards.
void tst_CliProfile::walDatabaseInReadOnlyFolder()
{
    QTemporaryDir tmp;
    QVERIFY(QFile::setPermissions(tmp.path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                      QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                      QFile::ExeOther));
    const QString folder = tmp.filePath(u"readonly"_s);
    QVERIFY(QDir().mkpath(folder));
    const QString db = folder + u"/analysis.db"_s;
    QVERIFY(QFile::copy(profile + u"good/db/analysis.db"_s, db));
    {
        QFile f(db);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(18));
        QCOMPARE(f.write("\x02\x02", 2), qint64(2));
    }
    QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const auto perms555 = QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup |
                          QFile::ReadOther | QFile::ExeOther;
    QVERIFY(QFile::setPermissions(folder, perms555));
    auto listing = [&] {
        return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System |
                                      QDir::NoDotAndDotDot);
    };
    const QStringList before = listing();
    QCOMPARE(before, QStringList{u"analysis.db"_s});

    const CliRun r = runCli({u"profile"_s, u"--json"_s, db});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.json().value(u"ranks"_s).toArray().size(), 1);
    QCOMPARE(listing(), before);

    if (geteuid() == 0 && QFileInfo::exists(u"/usr/bin/setpriv"_s)) {
        const QStringList asNobody = {u"--reuid=65534"_s,
                                      u"--regid=65534"_s,
                                      u"--clear-groups"_s,
                                      QStringLiteral(TWINSCOPE_CLI)};
        QProcess probe;
        probe.start(u"/usr/bin/setpriv"_s, asNobody + QStringList{u"--version"_s});
        if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit &&
            probe.exitCode() == 0) {
            QProcess p;
            p.start(u"/usr/bin/setpriv"_s, asNobody + QStringList{u"profile"_s, u"--json"_s, db});
            QVERIFY(p.waitForFinished(120000));
            QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
            QCOMPARE(QJsonDocument::fromJson(p.readAllStandardOutput())
                         .object()
                         .value(u"ranks"_s)
                         .toArray()
                         .size(),
                     1);
            QCOMPARE(listing(), before);
        } else {
            qInfo("nobody cannot run the CLI from this build folder; checked as root only");
        }
    }
    QVERIFY(QFile::setPermissions(folder, perms555 | QFile::WriteOwner)); // so tmp can go
}

QTEST_GUILESS_MAIN(tst_CliProfile)
#include "tst_cliprofile.moc"
