// Hostile-input suite, paths and references (issue #16): FIFOs, devices and folders wherever a
// path goes; HDF5 files that declare what they do not store or point outside themselves; dumps
// whose data_name leaves the dump's folder. Every run ends by itself in time, without a signal,
// with exit 0 and counted warnings or exit 3 and a message; canaries outside the inputs are never
// opened (inotify), and the inputs are byte-identical afterwards. docs/RELIABILITY.md lists the
// same cases with their commands.
#include "testhelpers_hostile.h"

#include <QDir>
#include <QJsonArray>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString Fixtures = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/hostile/");

// A float32 .npy (format 1.0) holding n values start, start + 1, ...
QByteArray npy(int n, float start)
{
    QByteArray header =
        "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(n) + ",), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header.append(' ');
    header.append('\n');
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out.append(char(header.size() & 0xff)).append(char(header.size() >> 8)).append(header);
    for (int i = 0; i < n; ++i) {
        const float v = start + float(i);
        out.append(reinterpret_cast<const char *>(&v), sizeof v);
    }
    return out;
}

bool write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QJsonObject rowNamed(const QJsonObject &json, const QString &name)
{
    for (const QJsonValue &t : json.value(u"tensors"_s).toArray())
        if (t.toObject().value(u"name"_s).toString() == name)
            return t.toObject();
    return {};
}

} // namespace

class TestCliHostilePaths : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_fifo, m_npy;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fifo = m_dir.filePath(u"fifo"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(m_fifo).constData(), 0600), 0);
        m_npy = m_dir.filePath(u"a.npy"_s);
        QVERIFY(write(m_npy, npy(64, 0)));
        QVERIFY(QDir(m_dir.path()).mkdir(u"folder"_s));
    }

    // Each would block forever on a FIFO or read a device endlessly if opened plainly.
    void neverBlocks_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString fifo = u"FIFO"_s;
        QTest::newRow("detect FIFO") << QStringList{u"detect"_s, u"@fifo"_s} << fifo;
        QTest::newRow("trace FIFO") << QStringList{u"trace"_s, u"@fifo"_s} << fifo;
        QTest::newRow("trace /dev/zero") << QStringList{u"trace"_s, u"/dev/zero"_s} << u"device"_s;
        QTest::newRow("loss FIFO") << QStringList{u"loss"_s, u"@fifo"_s} << fifo;
        QTest::newRow("opinfo FIFO") << QStringList{u"opinfo"_s, u"@fifo"_s} << fifo;
        QTest::newRow("dumps FIFO") << QStringList{u"dumps"_s, u"@fifo"_s, u"@npy"_s} << fifo;
        QTest::newRow("dumps --map FIFO")
            << QStringList{u"dumps"_s, u"--map"_s, u"@fifo"_s, u"@npy"_s, u"@npy"_s} << fifo;
        QTest::newRow("dumps --map /dev/zero")
            << QStringList{u"dumps"_s, u"--map"_s, u"/dev/zero"_s, u"@npy"_s, u"@npy"_s}
            << u"device"_s;
        QTest::newRow("dumps --map folder")
            << QStringList{u"dumps"_s, u"--map"_s, u"@folder"_s, u"@npy"_s, u"@npy"_s}
            << u"folder, not a file"_s;
        QTest::newRow("dumps --csv FIFO nobody reads")
            << QStringList{u"dumps"_s, u"--csv"_s, u"@fifo"_s, u"@npy"_s, u"@npy"_s}
            << u"Nothing reads this FIFO"_s;
        QTest::newRow("dumps --csv folder")
            << QStringList{u"dumps"_s, u"--csv"_s, u"@folder"_s, u"@npy"_s, u"@npy"_s}
            << u"folder, not a file"_s;
    }
    void neverBlocks()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        for (QString &a : args) {
            if (a == u"@fifo"_s)
                a = m_fifo;
            else if (a == u"@npy"_s)
                a = m_npy;
            else if (a == u"@folder"_s)
                a = m_dir.filePath(u"folder"_s);
        }
        const HostileRun r = runHostile(args, hostileLimitMs(10000));
        QVERIFY2(r.exited(3), r.describe());
        QVERIFY2(QString::fromUtf8(r.err).contains(says), r.describe());
    }

    void hdf5_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("warning");
        QTest::addColumn<int>("errors"); // error rows
        QTest::newRow("10^12 declared")
            << u"declared_1e12.h5"_s << u"hdf5_unstored_elements"_s << 1;
        QTest::newRow("10^9 declared, none stored")
            << u"declared_1e9_unstored.h5"_s << u"hdf5_unstored_elements"_s << 2;
        QTest::newRow("external storage")
            << u"external_storage.h5"_s << u"hdf5_external_storage"_s << 3;
        QTest::newRow("external links") << u"external_link.h5"_s << u"hdf5_external_link"_s << 1;
    }
    void hdf5()
    {
        QFETCH(QString, file);
        QFETCH(QString, warning);
        QFETCH(int, errors);
        // The fixture in its own folder with a canary beside it: external storage names
        // ../canary.bin, which HDF5 resolves from the working directory.
        QTemporaryDir dir;
        const QString dump = dir.filePath(u"dump"_s);
        QVERIFY(QDir().mkpath(dump));
        for (const QString &f : {file, u"other.h5"_s})
            QVERIFY(QFile::copy(Fixtures + f, dump + u'/' + f));
        QVERIFY(write(dir.filePath(u"canary.bin"_s), QByteArray(64, '\x42')));
        const auto before = fingerprints(dir.path());
        CanaryWatch canaries; // after the fingerprints, which read every file
        QVERIFY(canaries.watch(dir.filePath(u"canary.bin"_s)));
        if (file == u"external_link.h5"_s)
            QVERIFY(canaries.watch(dump + u"/other.h5"_s));
        const QString input = dump + u'/' + file;
        const HostileRun r =
            runHostile({u"dumps"_s, u"--json"_s, input, input}, hostileLimitMs(10000), dump);
        QVERIFY2(r.exited(0), r.describe());
        const QJsonObject json = r.json();
        QVERIFY2(warningCount(json, warning) >= 1, r.out.left(2000).constData());
        int errorRows = 0;
        for (const QJsonValue &t : json.value(u"tensors"_s).toArray()) {
            const QJsonObject o = t.toObject();
            if (o.value(u"verdict"_s).toString() == u"error"_s) {
                ++errorRows;
                QVERIFY(o.value(u"cosine"_s).isNull()); // nothing computed from it
                QVERIFY(!o.value(u"message"_s).toString().isEmpty());
            }
        }
        QCOMPARE(errorRows, errors);
        if (file != u"declared_1e12.h5"_s)
            QCOMPARE(rowNamed(json, u"fine/output"_s).value(u"cosine"_s).toDouble(), 1.0);
        QCOMPARE(canaries.opened(), 0);
        // Text mode says so too.
        const HostileRun text = runHostile({u"dumps"_s, input, input}, hostileLimitMs(10000), dump);
        QVERIFY2(text.exited(0), text.describe());
        QVERIFY2(QString::fromUtf8(text.err).contains(u'[' + warning + u']'), text.describe());
        QCOMPARE(canaries.opened(), 0);
        QCOMPARE(fingerprints(dir.path()), before);
    }

    void msprobeEscape_data()
    {
        QTest::addColumn<bool>("allow");
        QTest::newRow("default") << false;
        QTest::newRow("--allow-outside-dump") << true;
    }
    void msprobeEscape()
    {
        QFETCH(bool, allow);
        // tmp/canary.npy outside; tmp/dump/step0/rank0/{dump.json, dump_tensor_data/}.
        QTemporaryDir dir;
        const QString canary = dir.filePath(u"canary.npy"_s);
        QVERIFY(write(canary, npy(16, 4242)));
        const QString rank = dir.filePath(u"dump/step0/rank0"_s);
        QVERIFY(write(rank + u"/dump_tensor_data/inside.npy"_s, npy(16, 1)));
        QVERIFY(QFile::link(u"../../../../canary.npy"_s, rank + u"/dump_tensor_data/linked.npy"_s));
        const QStringList names{
            u"inside.npy"_s, u"../../../../canary.npy"_s, canary, u"linked.npy"_s};
        QByteArray calls;
        for (int i = 0; i < names.size(); ++i)
            calls += (i ? ", " : "") + QByteArray("\"Functional.t") + QByteArray::number(i) +
                     ".0.forward\": {\"input_args\": [], \"output\": [{\"type\": "
                     "\"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [16], \"Max\": "
                     "1, \"Min\": 0, \"Mean\": 0.5, \"Norm\": 2, \"data_name\": \"" +
                     names[i].toUtf8() + "\"}]}";
        QVERIFY(write(rank + u"/dump.json"_s,
                      "{\"task\": \"tensor\", \"level\": \"L1\", \"data\": {" + calls + "}}"));
        const auto before = fingerprints(dir.path());
        CanaryWatch canaries; // after the fingerprints, which read every file
        QVERIFY(canaries.watch(canary));
        QStringList args{u"dumps"_s, u"--json"_s, rank, rank};
        if (allow)
            args.insert(1, u"--allow-outside-dump"_s);
        const HostileRun r = runHostile(args, hostileLimitMs(10000));
        QVERIFY2(r.exited(0), r.describe());
        const QJsonObject json = r.json();
        QCOMPARE(json.value(u"pairs"_s).toInt(), 4);
        // Rows carry msprobe's names (issue #24), not the files' (data_name).
        auto rowName = [](qsizetype i) {
            return u"Functional.t%1.0.forward.output.0"_s.arg(i);
        };
        QCOMPARE(rowNamed(json, rowName(0)).value(u"cosine"_s).toDouble(), 1.0);
        for (qsizetype i = 1; i < names.size(); ++i) {
            const QString name = names[i];
            const QJsonObject row = rowNamed(json, rowName(i));
            QVERIFY2(!row.isEmpty(), qPrintable(name));
            if (allow) {
                QCOMPARE(row.value(u"verdict"_s).toString(), u"pass"_s);
                QCOMPARE(row.value(u"cosine"_s).toDouble(), 1.0);
            } else {
                QCOMPARE(row.value(u"verdict"_s).toString(), u"error"_s);
                QVERIFY(
                    row.value(u"message"_s).toString().contains(u"outside the dump's folder"_s));
                QVERIFY(row.value(u"cosine"_s).isNull());
            }
        }
        // 3 refused per side, both sides are this dump.
        QCOMPARE(warningCount(json, u"outside_dump_folder"_s), allow ? 0 : 6);
        // The canary: never opened by default; opened with the option (so the watch works).
        if (allow)
            QVERIFY(canaries.opened() > 0);
        else
            QCOMPARE(canaries.opened(), 0);
        QCOMPARE(fingerprints(dir.path()), before);
    }

    void elementCap()
    {
        const HostileRun r =
            runHostile({u"dumps"_s, u"--json"_s, u"--max-elements"_s, u"10"_s, m_npy, m_npy},
                       hostileLimitMs(10000));
        QVERIFY2(r.exited(0), r.describe());
        const QJsonObject row = r.json().value(u"tensors"_s).toArray().first().toObject();
        QCOMPARE(row.value(u"verdict"_s).toString(), u"error"_s);
        QVERIFY(row.value(u"message"_s).toString().contains(u"--max-elements"_s));
        QCOMPARE(warningCount(r.json(), u"tensor_over_cap"_s), 2);
        for (const QString &bad : {u"0"_s, u"-5"_s, u"1.5"_s, u"x"_s, u"1e30"_s}) {
            const HostileRun u = runHostile({u"dumps"_s, u"--max-elements"_s, bad, m_npy, m_npy},
                                            hostileLimitMs(10000));
            QVERIFY2(u.exited(2), u.describe());
        }
        const HostileRun sci =
            runHostile({u"dumps"_s, u"--json"_s, u"--max-elements"_s, u"1e12"_s, m_npy, m_npy},
                       hostileLimitMs(10000));
        QVERIFY2(sci.exited(0), sci.describe());
        QCOMPARE(warningCount(sci.json(), u"tensor_over_cap"_s), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliHostilePaths)
#include "tst_clihostile_paths.moc"
