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
    for (const QString &f : {u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s,
                             u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s,
                             u"kineto/w1.pt.trace.json.gz"_s,
                             u"kineto/w0.pt.trace.json"_s,
                             u"notes.json"_s}) {
        QFile file(d.filePath(f));
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    const QStringList found = findTraceFiles(dir.path());
    QCOMPARE(found,
             (QStringList{d.filePath(u"kineto/w0.pt.trace.json"_s),
                          d.filePath(u"kineto/w1.pt.trace.json.gz"_s),
                          d.filePath(u"r1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s)}));
    // a file stands for itself, whatever its name
    QCOMPARE(findTraceFiles(d.filePath(u"notes.json"_s)), QStringList{d.filePath(u"notes.json"_s)});
}

QTEST_GUILESS_MAIN(TestTraceFiles)
#include "tst_tracefiles.moc"
