// Two trace files given together (issue #23): ranks of one run merge into one timeline, two runs
// are compared. The rule reads distributedInfo's rank where both files have one, else the names.
#include "core/trace/tracefiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &body = "[]")
{
    const QString path = dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(body);
    return path;
}

QByteArray rank(int r)
{
    return R"({"distributedInfo": {"backend": "nccl", "rank": )" + QByteArray::number(r) +
           R"(, "world_size": 2}, "traceEvents": []})";
}

} // namespace

class tst_TracePairs : public QObject
{
    Q_OBJECT

private slots:
    void kinetoRankFilesAreOneRun()
    {
        QTemporaryDir dir;
        QVERIFY(looksLikeRanksOfOneRun(write(dir, u"worker0.1623143089861.pt.trace.json"_s),
                                       write(dir, u"worker1.1623143089862.pt.trace.json"_s)));
    }
    void rankFoldersAreOneRun()
    {
        QTemporaryDir dir;
        QVERIFY(looksLikeRanksOfOneRun(
            write(dir, u"rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s),
            write(dir, u"rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s)));
    }
    void distributedRanksDecide()
    {
        QTemporaryDir dir;
        // Different names, ranks 0 and 1 of one job: one run.
        QVERIFY(looksLikeRanksOfOneRun(write(dir, u"a.json"_s, rank(0)),
                                       write(dir, u"b.json"_s, rank(1))));
        // Alike names, both rank 0: two runs of the same rank.
        QVERIFY(!looksLikeRanksOfOneRun(write(dir, u"run1/worker0.json"_s, rank(0)),
                                        write(dir, u"run2/worker0.json"_s, rank(0))));
    }
    void twoRunsAreCompared()
    {
        QTemporaryDir dir;
        QVERIFY(
            !looksLikeRanksOfOneRun(write(dir, u"baseline.json"_s), write(dir, u"target.json"_s)));
        QVERIFY(!looksLikeRanksOfOneRun(write(dir, u"gpu/trace.json"_s),
                                        write(dir, u"npu/trace.json"_s)));
        // The same file twice is not two ranks.
        const QString one = write(dir, u"worker0.json"_s);
        QVERIFY(!looksLikeRanksOfOneRun(one, one));
    }
};

QTEST_GUILESS_MAIN(tst_TracePairs)
#include "tst_tracepairs.moc"
