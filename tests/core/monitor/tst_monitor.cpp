// Monitor readers and the two-run comparison (issue #27): msprobe's real output (v1 CSV, anomaly
// JSON, csv2db's database) and generated pairs with a departure planted where the test alone knows.
#include "common/monitorgenerator.h"
#include "common/testdata.h"
#include "core/monitor/monitorloader.h"
#include "core/monitor/monitorpipeline.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Twinscope::Core;

namespace {

const QString realDir = QStringLiteral(TWINSCOPE_TEST_DATA "/monitor/msprobe_real");

std::shared_ptr<const MonitorRun> load(const QString &path, Diagnostics *diagnostics = nullptr)
{
    ProgressSink progress;
    const Result<MonitorRun> r = loadMonitorRun(path, progress, {});
    if (diagnostics)
        *diagnostics = r.diagnostics();
    if (!r.isOk())
        qWarning("%s", qPrintable(r.error().toString()));
    return r.isOk() ? r.value() : nullptr;
}

MonitorComparison compareDirs(const QString &a, const QString &b)
{
    const auto ra = load(a);
    const auto rb = load(b);
    if (!ra || !rb)
        return {};
    return compareMonitorRuns(*ra, *rb, {});
}

} // namespace

class TestMonitor : public QObject
{
    Q_OBJECT

private slots:
    void realV1Folder()
    {
        const auto run = load(realDir);
        QVERIFY(run);
        QCOMPARE(run->layout, QStringLiteral("v1"));
        QCOMPARE(run->ranks.size(), size_t(1));
        const MonitorRank &r = run->ranks.front();
        QCOMPARE(r.rank, 0);
        QCOMPARE(r.modules.size(), 4);
        QVERIFY(r.modules.contains(QStringLiteral("0.weight")));
        QCOMPARE(r.steps.front(), 0);
        QCOMPARE(r.steps.back(), 29);
        for (const char *m : {"grad_reduced.norm",
                              "grad_unreduced.max",
                              "param_updated.mean",
                              "exp_avg.norm",
                              "exp_avg_sq.nans"})
            QVERIFY2(r.metricIndex(QString::fromLatin1(m)) >= 0, m);
        // shape and dtype describe the tensor; they are no statistic.
        QCOMPARE(r.metricIndex(QStringLiteral("grad_reduced.shape")), -1);
        // Adam's moments exist from step 1: step 0 of exp_avg is absent, not zero.
        const int x = r.metricIndex(QStringLiteral("exp_avg.norm"));
        QVERIFY(!r.has(x, 0, 0));
        QVERIFY(r.has(x, 1, 0));
        // Every file of the folder is listed, read or not, with its reason.
        int csv = 0;
        bool listedDb = false;
        for (const MonitorFileUse &f : run->files) {
            csv += f.read && f.path.endsWith(u".csv");
            if (f.path.endsWith(u"monitor_metrics.db")) {
                listedDb = true;
                QVERIFY(!f.read);
            }
            QVERIFY(!f.reason.isEmpty());
        }
        QCOMPARE(csv, 18);
        QVERIFY(listedDb);
    }

    void realAnomalies()
    {
        const auto run = load(realDir);
        QVERIFY(run);
        QFile f(realDir + QStringLiteral("/anomaly_detected/rank0/anomaly.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const qsizetype entries = f.readAll().count("\"tag_name\"");
        QVERIFY(entries > 0);
        QCOMPARE(qsizetype(run->anomalies.size()), entries);
        const MonitorAnomaly &a = run->anomalies.front();
        QCOMPARE(a.rule, QStringLiteral("AnomalyTurbulence"));
        QVERIFY(a.prefix == u"exp_avg" || a.prefix == u"exp_avg_sq" ||
                a.prefix.startsWith(u"param"));
        QVERIFY(run->ranks.front().modules.contains(a.module));
        QVERIFY(!a.stat.isEmpty());
    }

    // msprobe's own csv2db of the same CSVs: the database reader must give every cell the CSV
    // reader gives (both at the CSV's 8 digits).
    void realDatabaseMatchesCsv()
    {
        const auto csv = load(realDir);
        const auto db = load(realDir + QStringLiteral("/csv2db/monitor_metrics.db"));
        QVERIFY(csv && db);
        QCOMPARE(db->layout, QStringLiteral("monitor_metrics.db"));
        const MonitorRank &c = csv->ranks.front();
        const MonitorRank &d = db->ranks.front();
        QCOMPARE(d.steps, c.steps);
        QCOMPARE(d.metrics, c.metrics);
        QCOMPARE(QSet<QString>(d.modules.begin(), d.modules.end()),
                 QSet<QString>(c.modules.begin(), c.modules.end()));
        qint64 cells = 0;
        for (int x = 0; x < int(c.metrics.size()); ++x)
            for (int s = 0; s < int(c.steps.size()); ++s)
                for (int m = 0; m < int(c.modules.size()); ++m) {
                    const int dm = int(d.modules.indexOf(c.modules[m]));
                    QCOMPARE(d.has(x, s, dm), c.has(x, s, m));
                    if (c.has(x, s, m)) {
                        QCOMPARE(d.value(x, s, dm), c.value(x, s, m));
                        ++cells;
                    }
                }
        QVERIFY(cells > 1000);
        // The same run compared with itself (through two readers) departs nowhere.
        const MonitorComparison same = compareMonitorRuns(*csv, *db, {});
        QVERIFY(!same.first);
    }

    // The acceptance pair: 2 ranks, 24 modules, 200 steps, noise everywhere, one module's
    // gradient norm scaled from step N. N, the module and the rank come from the seed only.
    void plantedDepartureFound_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<bool>("v2");
        for (quint64 seed : {11ull, 23ull, 37ull, 41ull, 59ull})
            QTest::newRow(qPrintable(QStringLiteral("v1 seed %1").arg(seed))) << seed << false;
        QTest::newRow("v2 seed 71") << 71ull << true;
    }
    void plantedDepartureFound()
    {
        QFETCH(quint64, seed);
        QFETCH(bool, v2);
        MonitorGenRandom pick(seed);
        MonitorGenSpec spec;
        spec.seed = seed;
        spec.v2 = v2;
        spec.plantStep = 60 + int(pick.next() % 120);
        spec.plantModule = int(pick.next() % 24);
        spec.plantRank = int(pick.next() % 3) - 1;
        QTemporaryDir tmp;
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("a")), spec, 0));
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("b")), spec, 1));
        const MonitorComparison c =
            compareDirs(tmp.filePath(QStringLiteral("a")), tmp.filePath(QStringLiteral("b")));
        QCOMPARE(c.ranks.size(), size_t(2));
        QVERIFY(c.first);
        QCOMPARE(c.first->step, qint64(spec.plantStep));
        QCOMPARE(c.first->module, monitorGenModuleName(spec.plantModule));
        QCOMPARE(c.first->metric,
                 v2 ? QStringLiteral("weight_grad.norm") : QStringLiteral("grad_reduced.norm"));
        if (spec.plantRank >= 0)
            QCOMPARE(c.first->rank, spec.plantRank);
        // Nothing else departs: the plant is the only departure of any metric.
        QCOMPARE(c.firstPerMetric.size(), size_t(1));
        int departed = 0;
        for (const MonitorRankGap &g : c.ranks)
            for (qint64 d : g.departure)
                departed += d >= 0;
        QCOMPARE(departed, spec.plantRank >= 0 ? 1 : 2);
    }

    // The same pairs without the plant: noise everywhere, no finding.
    void unplantedPairReportsNone_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<bool>("v2");
        for (quint64 seed : {11ull, 23ull, 37ull, 41ull, 59ull, 83ull, 97ull})
            QTest::newRow(qPrintable(QStringLiteral("v1 seed %1").arg(seed))) << seed << false;
        QTest::newRow("v2 seed 71") << 71ull << true;
    }
    void unplantedPairReportsNone()
    {
        QFETCH(quint64, seed);
        QFETCH(bool, v2);
        MonitorGenSpec spec;
        spec.seed = seed;
        spec.v2 = v2;
        QTemporaryDir tmp;
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("a")), spec, 0));
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("b")), spec, 1));
        const MonitorComparison c =
            compareDirs(tmp.filePath(QStringLiteral("a")), tmp.filePath(QStringLiteral("b")));
        QCOMPARE(c.ranks.size(), size_t(2));
        QVERIFY(!c.ranks.front().gap.empty());
        QVERIFY2(!c.first,
                 c.first ? qPrintable(QStringLiteral("%1 %2 step %3 gap %4 floor %5")
                                          .arg(c.first->metric, c.first->module)
                                          .arg(c.first->step)
                                          .arg(c.first->gap)
                                          .arg(c.first->floor))
                         : "");
        QVERIFY(c.firstPerMetric.empty());
        // The gaps are real noise, not zeros: the floors sit above the minimum for norms.
        const MonitorRankGap &g = c.ranks.front();
        const int x = int(g.metrics.indexOf(v2 ? QStringLiteral("weight_grad.norm")
                                               : QStringLiteral("grad_reduced.norm")));
        QVERIFY(x >= 0);
        QVERIFY(g.floor[size_t(x) * size_t(g.modules.size())] > 0.005f);
    }

    // A NaN that appears in B only is a departure at its step, even at a small scale.
    void nanInOneRunDeparts()
    {
        QTemporaryDir tmp;
        const auto write = [&](const QString &dir, bool nan) {
            QDir().mkpath(tmp.filePath(dir + QStringLiteral("/x-rank0-a")));
            QFile f(tmp.filePath(dir + QStringLiteral("/x-rank0-a/grad_reduced_0-19.csv")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("vpp_stage,name,step,norm\n");
            for (int s = 0; s < 20; ++s)
                for (const char *m : {"a.weight", "b.weight"})
                    f.write(
                        QByteArray("0,") + m + ',' + QByteArray::number(s) + ',' +
                        (nan && s >= 12 && m[0] == 'b' ? QByteArray("nan") : QByteArray("1.5")) +
                        '\n');
        };
        write(QStringLiteral("a"), false);
        write(QStringLiteral("b"), true);
        const MonitorComparison c =
            compareDirs(tmp.filePath(QStringLiteral("a")), tmp.filePath(QStringLiteral("b")));
        QVERIFY(c.first);
        QCOMPARE(c.first->step, 12);
        QCOMPARE(c.first->module, QStringLiteral("b.weight"));
        QVERIFY(std::isinf(c.first->gap));
    }

    // A hostile run whose every row has a new step and a new module would ask for steps x modules
    // cells: the build refuses with a message instead of allocating gigabytes.
    void cubeLimit()
    {
        MonitorCubeBuilder builder;
        for (int i = 0; i < 30000; ++i)
            builder.add(0,
                        QStringLiteral("grad_reduced.norm"),
                        QStringLiteral("m%1").arg(i),
                        qint64(i) * 1000000000000LL,
                        1.0);
        std::vector<MonitorRank> ranks;
        QString error;
        Diagnostics d;
        QVERIFY(!builder.build(&ranks, &error, &d));
        QVERIFY2(error.contains(QStringLiteral("30000 steps x 30000 modules")), qPrintable(error));
    }

    void fileNameRules()
    {
        QCOMPARE(monitorV1Prefix(QStringLiteral("grad_reduced_0-4.csv")),
                 QStringLiteral("grad_reduced"));
        QCOMPARE(monitorV1Prefix(QStringLiteral("actv_grad_10-19.csv")),
                 QStringLiteral("actv_grad"));
        QCOMPARE(monitorV1Prefix(QStringLiteral("stack_info.csv")), QString());
        QCOMPARE(monitorV2Kind(QStringLiteral("weight_grad_step0-9.csv")),
                 QStringLiteral("weight_grad"));
        QCOMPARE(monitorV2Kind(QStringLiteral("grad_step0.csv")), QString());
        QCOMPARE(monitorRankOfFolder(QStringLiteral("Nov28_13-20-02-rank12-8479e284")), 12);
        QCOMPARE(monitorRankOfFolder(QStringLiteral("rank_3")), 3);
        QCOMPARE(monitorRankOfFolder(QStringLiteral("anomaly_detected")), -1);
    }
};

QTEST_GUILESS_MAIN(TestMonitor)
#include "tst_monitor.moc"
