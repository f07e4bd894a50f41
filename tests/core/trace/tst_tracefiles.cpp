#include "common/testdata.h"
#include "core/trace/tracefiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestTraceFiles : public QObject
{
    Q_OBJECT

private slots:
    void labels_data();
    void labels();
    void folder();
};

void TestTraceFiles::labels_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("label");
    QTest::newRow("torch_npu rank folder")
        << u"/p/node0_rank12_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s << u"rank 12"_s;
    QTest::newRow("msprof device")
        << u"/p/PROF_000001/device_3/timeline/msprof_0_2_1.json"_s << u"rank 3"_s;
    QTest::newRow("msprobe rank dir") << u"/p/step0/rank7/trace.json"_s << u"rank 7"_s;
    QTest::newRow("plain file") << u"/p/worker0.pt.trace.json.gz"_s
                                << u"worker0.pt.trace.json.gz"_s;
    QTest::newRow("word containing rank") << u"/p/franky/trace.json"_s << u"trace.json"_s;
}

void TestTraceFiles::labels()
{
    QFETCH(QString, path);
    QFETCH(QString, label);
    QCOMPARE(traceGroupLabel(path), label);
}

void TestTraceFiles::folder()
{
    QTemporaryDir dir;
    QDir d(dir.path());
    QVERIFY(d.mkpath(u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT"_s));
    QVERIFY(d.mkpath(u"kineto"_s));
    // Real content under the names a user's folder might have: a Kineto trace whose name does not
    // end in .pt.trace.json (issue #10 found one skipped silently) is kept for its content.
    const QList<QPair<QString, QString>> copies{
        {u"trace/mstt_advisor_trace_view.json"_s,
         u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s},
        {u"trace/mstt_advisor_kernel_details.csv"_s,
         u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s},
        {u"trace/hta_triton_example.json.gz"_s, u"kineto/w1.pt.trace.json.gz"_s},
        {u"trace/catapult_trivial_trace.json"_s, u"kineto/worker0.json"_s}};
    for (const auto &[from, to] : copies)
        QVERIFY2(QFile::copy(sharedData(from), d.filePath(to)), qPrintable(to));
    for (const auto &[name, text] : {std::pair{u"notes.json"_s, QByteArray("{\"a\": 1}")},
                                     std::pair{u"kineto/empty.pt.trace.json"_s, QByteArray()},
                                     std::pair{u"raw.data"_s, QByteArray("\x5a\x5a\x00\x01")}}) {
        QFile file(d.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    }
    const TraceFileScan scan = scanTraceFiles(dir.path());
    QCOMPARE(scan.traces,
             (QStringList{d.filePath(u"kineto/w1.pt.trace.json.gz"_s),
                          d.filePath(u"kineto/worker0.json"_s),
                          d.filePath(u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s)}));
    QStringList skipped;
    for (const SkippedTraceFile &f : scan.skipped)
        skipped << QDir(dir.path()).relativeFilePath(f.path) + u' ' + f.kind;
    QCOMPARE(skipped,
             (QStringList{u"kineto/empty.pt.trace.json unknown"_s,
                          u"notes.json unknown"_s,
                          u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv unknown"_s,
                          u"raw.data unknown"_s}));
    QCOMPARE(findTraceFiles(dir.path()), scan.traces);
    // a file stands for itself, whatever its name
    QCOMPARE(findTraceFiles(d.filePath(u"notes.json"_s)), QStringList{d.filePath(u"notes.json"_s)});
}

QTEST_GUILESS_MAIN(TestTraceFiles)
#include "tst_tracefiles.moc"
