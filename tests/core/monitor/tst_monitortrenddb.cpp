// msprobe data2db's .trend.db (issue #27): read through the monitor loader, every cell equals what
// the fixture's generator wrote from the published schema (no real data2db output exists here);
// a stat the metric lacks is no cell; a row of an unnamed target is skipped and counted; a
// trend_data that is a view is refused; a folder holding a .trend.db reads it.
#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "core/monitor/monitorloader.h"
#include "core/monitor/monitortrenddb.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Twinscope::Core;

namespace {

const QString Dir = QStringLiteral(TWINSCOPE_TEST_DATA "/monitor/trend_db");

// make_trend_db.py's value of a cell.
double planted(int rank, int step, int target, int metric)
{
    return 1000.0 * (metric + 1) + 100.0 * rank + 10.0 * target + step;
}

} // namespace

class TestMonitorTrendDb : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryCell()
    {
        ProgressSink progress;
        const QString path = Dir + QStringLiteral("/monitor_data.trend.db");
        const Result<MonitorRun> r = loadMonitorRun(path, progress, {});
        QVERIFY2(r.isOk(), r.isFailed() ? qPrintable(r.error().toString()) : "");
        const MonitorRun &run = *r.value();
        QCOMPARE(run.layout, QStringLiteral("trend.db"));
        QCOMPARE(run.ranks.size(), size_t(2));
        const QStringList targets = {QStringLiteral("layers.0.mlp"),
                                     QStringLiteral("layers.1.mlp"),
                                     QStringLiteral("embedding")};
        const QStringList metrics = {QStringLiteral("grad_reduced"), QStringLiteral("actv")};
        for (const MonitorRank &rank : run.ranks) {
            QCOMPARE(rank.steps, (std::vector<qint64>{0, 1, 2, 3, 4}));
            QCOMPARE(rank.modules.size(), 3);
            for (int mi = 0; mi < 2; ++mi) {
                const int norm = rank.metricIndex(metrics[mi] + QStringLiteral(".norm"));
                const int max = rank.metricIndex(metrics[mi] + QStringLiteral(".max"));
                QVERIFY(norm >= 0 && max >= 0);
                for (int ti = 0; ti < 3; ++ti) {
                    const int m = int(rank.modules.indexOf(targets[ti]));
                    QVERIFY(m >= 0);
                    for (int s = 0; s < 5; ++s) {
                        const double v = planted(rank.rank, s, ti, mi);
                        QCOMPARE(double(rank.value(norm, s, m)), v);
                        QCOMPARE(double(rank.value(max, s, m)), v + 0.5);
                    }
                }
            }
            // nans: grad_reduced has it, 0/1 by step parity; actv's column is NULL: no cell.
            const int gNans = rank.metricIndex(QStringLiteral("grad_reduced.nans"));
            QVERIFY(gNans >= 0);
            QCOMPARE(double(rank.value(gNans, 3, 0)), 1.0);
            QCOMPARE(double(rank.value(gNans, 2, 0)), 0.0);
            const int aNans = rank.metricIndex(QStringLiteral("actv.nans"));
            QVERIFY(aNans < 0 || !rank.has(aNans, 0, 0));
        }
        // The one row of a target no monitoring_targets row names: skipped and counted.
        bool counted = false;
        for (const Diagnostics::Entry &d : r.diagnostics().entries())
            counted = counted || (d.kind == QStringLiteral("monitor_db_bad_row") && d.count == 1);
        QVERIFY(counted);
        bool listed = false;
        for (const MonitorFileUse &f : run.files)
            listed = listed || (f.path.endsWith(QStringLiteral("#trend_data")) && f.read &&
                                f.rows == 2 * 5 * 3 * 2);
        QVERIFY(listed);
    }

    // The sniffer names it apart from csv2db's database, and sends it to the Monitor tab.
    void sniffed()
    {
        const SniffResult r = sniffPath(Dir + QStringLiteral("/monitor_data.trend.db"));
        QCOMPARE(r.kind, FileKind::Monitor);
        QCOMPARE(r.format, QStringLiteral("monitor_trend_db"));
    }

    void viewIsRefused()
    {
        ProgressSink progress;
        const QString path = Dir + QStringLiteral("/view_trend_data.db");
        const Result<MonitorRun> r = loadMonitorRun(path, progress, {});
        QVERIFY(r.isFailed());
        QVERIFY2(r.error().toString().contains(QStringLiteral(".trend.db")),
                 qPrintable(r.error().toString()));
        // And the reader itself, given it directly.
        MonitorCubeBuilder builder;
        std::vector<MonitorFileUse> files;
        Diagnostics d;
        const auto e = readMonitorTrendDb(path, builder, files, d, {});
        QVERIFY(e);
        QVERIFY2(e->toString().contains(QStringLiteral("trend_data")), qPrintable(e->toString()));
    }

    void folderWithTrendDb()
    {
        QTemporaryDir tmp;
        QVERIFY(QFile::copy(Dir + QStringLiteral("/monitor_data.trend.db"),
                            tmp.filePath(QStringLiteral("monitor_data.trend.db"))));
        ProgressSink progress;
        const Result<MonitorRun> r = loadMonitorRun(tmp.path(), progress, {});
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->layout, QStringLiteral("trend.db"));
        QCOMPARE(r.value()->ranks.size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestMonitorTrendDb)
#include "tst_monitortrenddb.moc"
