// Host-log parsing throughput on a big generated plog (the issue asks >= 300 MB/s on 2 cores).
// Generate the input first (not in git):
//   python3 scripts/gen_plog.py --bytes 1G --out /tmp/plog-pid_1000_1g.log
// then run bench_plog (TWINSCOPE_PLOG_BENCH_FILE picks another file).
#include "core/opinfo/opinfoanalysis.h"
#include "core/opinfo/opinfoloader.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class bench_Plog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void load_data();
    void load();

private:
    QString m_path;
};

void bench_Plog::initTestCase()
{
    m_path = qEnvironmentVariable("TWINSCOPE_PLOG_BENCH_FILE", u"/tmp/plog-pid_1000_1g.log"_s);
    if (!QFileInfo::exists(m_path))
        QSKIP("No benchmark input: python3 scripts/gen_plog.py --bytes 1G --out "
              "/tmp/plog-pid_1000_1g.log");
}

void bench_Plog::load_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("1 thread") << 1;
    QTest::newRow("2 threads") << 2;
}

void bench_Plog::load()
{
    QFETCH(int, threads);
    OpInfoLoadOptions options;
    options.threads = threads;
    qint64 events = 0;
    qint64 bestNs = -1;
    QBENCHMARK
    {
        QElapsedTimer timer;
        timer.start();
        ProgressSink progress;
        const auto r = loadOpInfo({Source::fromPath(m_path)}, options, progress, CancelToken{});
        QVERIFY(r.isOk());
        const OpInfoReport report = analyzeOpInfo(*r.value());
        events = report.compileEvents;
        const qint64 ns = timer.nsecsElapsed();
        bestNs = bestNs < 0 ? ns : std::min(bestNs, ns);
    }
    const double mbps = double(QFileInfo(m_path).size()) / 1e6 / (double(bestNs) / 1e9);
    qInfo("%d thread(s): %lld compile events, best %.3f s, %.0f MB/s",
          threads,
          events,
          double(bestNs) / 1e9,
          mbps);
    QVERIFY(events > 0);
}

QTEST_GUILESS_MAIN(bench_Plog)
#include "bench_plog.moc"
