// Hostile-input suite, round 2 (issue #30): small inputs that made the newer readers take minutes
// or gigabytes: loss lines that made the key=value matcher quadratic, user patterns that backtrack
// catastrophically (loss --pattern, tracediff --map), PyTorch pickles whose memo references form
// a "billion laughs" graph or ask for millions of copies. Each input is generated here; every run
// must end by itself within its limit, without a signal, with exit 0 and counted warnings or exit
// 3 and a message, and (Release builds) within max(4x the input, 512 MB) of memory. The big cases
// (a million checkpoint entries, ...) are in tst_clihostile_scale.
#include "common/hostileinputs.h"
#include "core/common/zipreader.h"
#include "core/dump/resulttable.h"
#include "testhelpers_hostile.h"

#include <QDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString TraceDiffPairs = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/npu_npu/");

// The issue's acceptance bound on memory.
constexpr qint64 MemoryBoundKb = 512 * 1024;

} // namespace

class TestCliHostileReaders : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        return Hostile::writeFile(path, bytes) ? path : QString();
    }

    // Ends by itself within limitMs without a signal, with exit 0 or 3; in Release within the
    // memory bound and cpuLimit CPU seconds.
    static void checkEnds(const HostileRun &r, double cpuLimit)
    {
        QVERIFY2(r.started, "twinscope-cli did not start");
        QVERIFY2(!r.timedOut && r.signal == 0, r.describe().constData());
        QVERIFY2(r.exitCode == 0 || r.exitCode == 3, r.describe().constData());
        if (r.exitCode == 3)
            QVERIFY2(!r.err.trimmed().isEmpty(), "exit 3 without a message");
        if (!TWINSCOPE_SANITIZED) {
            QVERIFY2(r.peakRssKb <= MemoryBoundKb, r.describe().constData());
            QVERIFY2(r.cpuSeconds <= cpuLimit, r.describe().constData());
        }
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void keyValueLinesAreLinear_data()
    {
        QTest::addColumn<QByteArray>("line");
        // 10^6 separators and no " is ": each one searched the rest of the line for " is ".
        QTest::newRow("colons") << QByteArray(1000000, ':');
        // 100 000 " is " and no ':': each one searched the rest of the line for ':' or '='.
        QTest::newRow("is") << QByteArray(" is ").repeated(100000);
        QTest::newRow("key=") << QByteArray("k=").repeated(200000);
    }
    void keyValueLinesAreLinear()
    {
        QFETCH(QByteArray, line);
        const QString log =
            write(u"kv.log"_s,
                  "step: 1, loss: 2.5\nstep: 2, loss: 2.25\n" + line + "\nstep: 3, loss: 2.0\n");
        const HostileRun r = runHostile({u"loss"_s, u"--json"_s, log}, hostileLimitMs(20000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(0), r.describe().constData());
        QCOMPARE(r.json().value(u"runs"_s).toArray().first().toObject().value(u"steps"_s).toInt(),
                 3);
    }

    void riskyLossPatternsAreRefused_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::newRow("(a+)+") << u"^(?<step>\\d+) (a+)+$"_s;
        QTest::newRow("(a|a)*") << u"^(?<step>\\d+) (?<loss>(a|a)*)$"_s;
        QTest::newRow("(\\d*)*") << u"^((\\d*)*) (?<loss>\\S+)$"_s;
    }
    void riskyLossPatternsAreRefused()
    {
        QFETCH(QString, pattern);
        const QString log =
            write(u"p.log"_s, "1 " + QByteArray(40, 'a') + "b\n2 " + QByteArray(40, 'a') + "\n");
        const HostileRun r =
            runHostile({u"loss"_s, u"--pattern"_s, pattern, log}, hostileLimitMs(10000));
        checkEnds(r, 2);
        QVERIFY2(r.exited(3), r.describe().constData());
        QVERIFY2(r.err.contains("exponential time"), r.err.constData());
    }

    void slowLossPatternRunsOutOfSteps()
    {
        // Not refused (no nested repetition) but quartic on a line of x's: every line runs into
        // the step budget, and after 16 such lines the pattern is given up.
        QByteArray text = "1 0.5\n";
        for (int i = 0; i < 2000; ++i)
            text += QByteArray(3000, 'x') + '\n';
        const QString log = write(u"slow.log"_s, text);
        const HostileRun r = runHostile(
            {u"loss"_s, u"--json"_s, u"--pattern"_s, u"^(\\d+) (\\S+)|x*x*x*x*\\d"_s, log},
            hostileLimitMs(20000));
        checkEnds(r, 10);
        QVERIFY2(r.exited(0), r.describe().constData());
        QCOMPARE(warningCount(r.json(), u"pattern_budget"_s), 16);
        QCOMPARE(warningCount(r.json(), u"pattern_abandoned"_s), 1);
    }

    void riskyTraceDiffMapIsRefused()
    {
        const QString map = write(u"families.json"_s, R"({"^(a|a)*$": "attention"})");
        const HostileRun r = runHostile({u"tracediff"_s,
                                         u"--map"_s,
                                         map,
                                         TraceDiffPairs + u"baseline.json"_s,
                                         TraceDiffPairs + u"target.json"_s},
                                        hostileLimitMs(20000));
        checkEnds(r, 10);
        QVERIFY2(r.exited(3), r.describe().constData());
        QVERIFY2(r.err.contains("exponential time") && r.err.contains("families.json"),
                 r.err.constData());
    }

    void riskyDumpsMapIsRefused()
    {
        const QString map = write(u"names.json"_s, R"({"(x+x+)+y": "z"})");
        const QString pt = write(u"one.pt"_s, Hostile::billionLaughsPt(1));
        const HostileRun r =
            runHostile({u"ckpt"_s, u"--map"_s, map, pt, pt}, hostileLimitMs(10000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(3), r.describe().constData());
        QVERIFY2(r.err.contains("exponential time"), r.err.constData());
    }

    void pickleMemoGraphIsLinear_data()
    {
        QTest::addColumn<int>("depth");
        QTest::newRow("depth 10") << 10;
        QTest::newRow("depth 22") << 22;
        QTest::newRow("depth 200") << 200;
    }
    void pickleMemoGraphIsLinear()
    {
        // Each level holds the level below twice: 2^depth tensor names when walked as a tree.
        QFETCH(int, depth);
        const QString pt = write(u"laughs.pt"_s, Hostile::billionLaughsPt(depth));
        const HostileRun r = runHostile({u"ckpt"_s, u"--json"_s, pt, pt}, hostileLimitMs(20000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(0), r.describe().constData());
        QVERIFY2(r.err.isEmpty() || !r.err.contains("error"), r.err.constData());
        QCOMPARE(warningCount(r.json(), u"torch_shared_container"_s), 2 * (depth - 1));
    }

    void pickleCopiesRunIntoTheBudget()
    {
        // 70 KB of pickle asking for 10 000 x 10 000 items (400 MB).
        const QString pt = write(u"copies.pt"_s, Hostile::orderedDictCopiesPt(5000, 10000));
        const HostileRun r = runHostile({u"ckpt"_s, pt, pt}, hostileLimitMs(20000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(3), r.describe().constData());
        QVERIFY2(r.err.contains("pickle bomb") && r.err.contains("copies.pt"), r.err.constData());
    }

    void inflatedPickleIsRefused()
    {
        // data.pkl deflated 1000-fold (torch.save stores it uncompressed): refused unread.
        QByteArray p("\x80\x02]", 3);
        p += QByteArray(100 << 20, 'N');
        const QString pt =
            write(u"inflated.pt"_s, Hostile::zipArchive({{"archive/data.pkl", p}}, true));
        const HostileRun r = runHostile({u"ckpt"_s, pt, pt}, hostileLimitMs(20000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(3), r.describe().constData());
        QVERIFY2(r.err.contains("zip bomb"), r.err.constData());
    }
    void compareResultHeaderTooWide()
    {
        // A 0.7 MB header of 100 000 columns and 20 000 rows: every row was padded to the
        // header (4.6 GB); now refused at the end of the header line.
        QByteArray csv = "NPU Name,Bench Name";
        for (int i = 0; i < 100000; ++i)
            csv += ",c" + QByteArray::number(i);
        csv += '\n';
        for (int i = 0; i < 20000; ++i)
            csv += "a" + QByteArray::number(i) + ",b\n";
        const QString path = write(u"wide.csv"_s, csv);
        const HostileRun r = runHostile({u"dumps"_s, u"--json"_s, path}, hostileLimitMs(20000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(3), r.describe().constData());
        QVERIFY2(r.err.contains("100002 columns") && r.err.contains("wide.csv"), r.err.constData());
    }

    void compareResultLongFieldIsCut()
    {
        // One 40 MB cell and one row wider than the header: kept within the cell cap, counted.
        QByteArray csv = "NPU Name,Bench Name,Cosine,Err_message\n";
        csv += "Functional.linear.0.forward.output.0,Functional.linear.0.forward.output.0,1.0,\"" +
               QByteArray(40 << 20, 'x') + "\"\n";
        csv += "Functional.relu.0.forward.output.0,Functional.relu.0.forward.output.0,0.5,m,x,y\n";
        const QString path = write(u"long.csv"_s, csv);
        const HostileRun r = runHostile({u"dumps"_s, u"--json"_s, path}, hostileLimitMs(20000));
        checkEnds(r, 5);
        QVERIFY2(r.exited(0), r.describe().constData());
        QCOMPARE(warningCount(r.json(), u"long_cell"_s), 1);
        QCOMPARE(warningCount(r.json(), u"cells_past_header"_s), 2);
    }

    void xlsxSharedStringsAreCapped()
    {
        // One 10 MB shared string referenced by 300 cells: the string is cut at the cell cap
        // when it is read, so the table holds 300 references to 64 KiB.
        QByteArray shared = "<sst><si><t>NPU Name</t></si><si><t>Bench Name</t></si><si><t>" +
                            QByteArray(10 << 20, 'y') + "</t></si></sst>";
        QByteArray sheet = "<worksheet><sheetData><row><c r=\"A1\" t=\"s\"><v>0</v></c><c "
                           "r=\"B1\" t=\"s\"><v>1</v></c></row>";
        for (int i = 0; i < 300; ++i)
            sheet += "<row><c t=\"s\"><v>2</v></c><c t=\"s\"><v>2</v></c></row>";
        sheet += "</sheetData></worksheet>";
        const QByteArray xlsx = Hostile::zipArchive(
            {{"xl/sharedStrings.xml", shared}, {"xl/worksheets/sheet1.xml", sheet}}, true);
        Twinscope::Core::Error error;
        const auto zip = Twinscope::Core::ZipReader::open(
            Twinscope::Core::Source::fromBytes(xlsx, u"shared.xlsx"_s), &error);
        QVERIFY2(zip, qPrintable(error.toString()));
        QElapsedTimer timer;
        timer.start();
        const auto table = Twinscope::Core::readXlsxTable(*zip, {}, &error);
        QVERIFY2(table, qPrintable(error.toString()));
        QVERIFY(timer.elapsed() < hostileLimitMs(10000));
        QCOMPARE(table->rows.size(), 300);
        QCOMPARE(table->rows.first().first().size(), Twinscope::Core::MaxResultCellBytes);
    }
};

QTEST_GUILESS_MAIN(TestCliHostileReaders)
#include "tst_clihostile_readers.moc"
