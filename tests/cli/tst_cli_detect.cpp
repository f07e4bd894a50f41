#include "common/testdata.h"
#include "testhelpers_cli.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_CliDetect : public QObject
{
    Q_OBJECT

private slots:
    void usageErrors()
    {
        CliRun r = runCli({u"nope"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("Unknown command 'nope'"));
        r = runCli({});
        QCOMPARE(r.exitCode, 2);
        r = runCli({u"detect"_s});
        QCOMPARE(r.exitCode, 2);
        r = runCli({u"detect"_s, u"--no-such-option"_s, u"x"_s});
        QCOMPARE(r.exitCode, 2);
    }
    void helpAndVersion()
    {
        CliRun r = runCli({u"--help"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("detect"));
        r = runCli({u"--version"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("twinscope-cli 0."));
        r = runCli({u"detect"_s, u"--help"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--json"));
    }
    void missingPathExits3NamingIt()
    {
        const CliRun r = runCli({u"detect"_s, u"/nonexistent/trace.json"_s});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains("/nonexistent/trace.json"));
        QVERIFY(r.err.contains("does not exist"));
    }
    // The in-repo copy always; ../shared/data too where it is beside the checkout, so a file added
    // there is detected before anyone copies it.
    void jsonForEverySharedFile_data()
    {
        QTest::addColumn<QString>("root");
        QTest::newRow("tests/data/shared") << sharedData();
        QTest::newRow("../shared/data") << upstreamSharedData();
    }
    void jsonForEverySharedFile()
    {
        QFETCH(QString, root);
        if (root.isEmpty())
            QSKIP("../shared/data is not beside this checkout; the in-repo copy was checked");
        QStringList files;
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
        files.sort();
        QVERIFY2(!files.isEmpty(), qPrintable(root + u" is empty"_s));
        const CliRun r = runCli(QStringList{u"detect"_s, u"--json"_s} + files);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
        const QJsonArray arr = o.value(u"files"_s).toArray();
        QCOMPARE(arr.size(), files.size());
        for (int i = 0; i < arr.size(); ++i) {
            const QJsonObject f = arr[i].toObject();
            QCOMPARE(f.value(u"path"_s).toString(), files[i]);
            QCOMPARE(f.value(u"bytes"_s).toInteger(), QFileInfo(files[i]).size());
            const QString rel = QDir(root).relativeFilePath(files[i]);
            const QString folder = rel.section(u'/', 0, 0);
            const QString kind = f.value(u"kind"_s).toString();
            // The folder a file sits in names its kind, except PROVENANCE.md (not an input) and
            // the profiler tables that sit beside the traces and op-info logs they came with:
            // kernel_details.csv (trace/) and MindSpore's per-op time tables (opinfo/) are
            // Ascend profiler tables, the `profile` kind of issue #11.
            static const QStringList profileTables{
                u"trace/mstt_advisor_kernel_details.csv"_s,
                u"trace/mstt_compute_advice_kernel_details_small.csv"_s,
                u"opinfo/mindspore_aicore_intermediate_1_detail_run2.csv"_s,
                u"opinfo/mindspore_output_op_compute_time_1_run1.txt"_s};
            if (folder == u"PROVENANCE.md"_s)
                QCOMPARE(kind, u"unknown"_s);
            else if (folder == u"nsys"_s) // Nsight Systems exports are timelines
                QCOMPARE(kind, u"trace"_s);
            else if (rel.endsWith(u"/trace_view.json"_s)) // a torch_npu run's timeline
                QCOMPARE(kind, u"trace"_s);
            else if (folder == u"profiler"_s || profileTables.contains(rel))
                QVERIFY2(kind == u"profile"_s, qPrintable(rel + u": "_s + kind));
            else
                QVERIFY2(kind == folder, qPrintable(rel + u": "_s + kind));
            QVERIFY(f.contains(u"producer"_s));
        }
    }
};

QTEST_GUILESS_MAIN(tst_CliDetect)
#include "tst_cli_detect.moc"
