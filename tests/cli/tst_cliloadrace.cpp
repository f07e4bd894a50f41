// Files truncated while twinscope-cli loads them (issue #16): a trace (plain and .gz) and an .npy
// of a dump pair, cut at several delays through the load. The command used to die of SIGBUS
// (exit 135); it must now end normally every time: with the result when the cut came after the
// read, or with exit 3 or an error row that says the file changed (or is too short) otherwise
// (dumps prints row messages in --json).
#include "common/hostileinputs.h"
#include "testhelpers_measure.h"

#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;

class tst_CliLoadRace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cutWhileLoading_data();
    void cutWhileLoading();

private:
    QTemporaryDir m_dir;
    QByteArray m_trace, m_traceGz, m_npy;
};

void tst_CliLoadRace::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = Hostile::kinetoLike(160 << 20);
    m_traceGz = Hostile::gzip(m_trace, 1);
    m_npy = Hostile::npy(32 << 20); // 128 MB
}

void tst_CliLoadRace::cutWhileLoading_data()
{
    QTest::addColumn<QString>("kind");
    for (const QString &kind : {u"trace"_s, u"trace.gz"_s, u"npy"_s})
        QTest::newRow(qPrintable(kind)) << kind;
}

void tst_CliLoadRace::cutWhileLoading()
{
    QFETCH(QString, kind);
    const bool npy = kind == u"npy"_s;
    const QString victim =
        m_dir.filePath(npy ? u"npu.npy"_s : (kind == u"trace"_s ? u"t.json"_s : u"t.json.gz"_s));
    const QString bench = m_dir.filePath(u"bench.npy"_s);
    auto reset = [&] {
        return Hostile::writeFile(victim,
                                  npy ? m_npy : (kind == u"trace"_s ? m_trace : m_traceGz)) &&
               (!npy || Hostile::writeFile(bench, m_npy));
    };
    const QStringList args = npy ? QStringList{u"dumps"_s, u"--json"_s, bench, victim}
                                 : QStringList{u"trace"_s, u"--threads"_s, u"1"_s, victim};
    // The delays follow this machine's speed: fractions of an untouched run.
    QVERIFY(reset());
    const MeasuredRun whole = runMeasured(args, 300000);
    QVERIFY2(whole.exitCode == 0, qPrintable(whole.describe()));
    int changed = 0;
    for (const double fraction : {0.05, 0.2, 0.4, 0.6, 0.8, 0.95}) {
        QVERIFY(reset());
        const int delayMs = int(whole.wallSeconds * 1000 * fraction);
        const MeasuredRun r = runMeasured(args, 300000, [&] {
            QThread::msleep(ulong(delayMs));
            QFile::resize(victim, 4096);
        });
        const QString what = u"cut after %1 ms: "_s.arg(delayMs) + r.describe();
        qInfo("%s %s", qPrintable(kind), qPrintable(what.left(300)));
        QVERIFY2(!r.timedOut && r.signal == 0, qPrintable(what));
        QVERIFY2(r.exitCode == 0 || r.exitCode == 3, qPrintable(what));
        const QString all = QString::fromUtf8(r.out + r.err);
        if (r.exitCode == 3)
            QVERIFY2(!r.err.trimmed().isEmpty(), qPrintable(what));
        changed += all.contains(u"changed while it was read"_s) ? 1 : 0;
    }
    // Most cuts land inside the read; at least one must have been seen as such.
    QVERIFY2(changed > 0, "no run reported the change");
}

TWINSCOPE_MEASURED_MAIN(tst_CliLoadRace)
#include "tst_cliloadrace.moc"
