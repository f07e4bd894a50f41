// What a dump can make Twinscope read (issue #16): declared sizes against what is stored, the
// per-tensor element cap, HDF5 external storage and links, and files a dump names outside its
// folder. Every refusal is a row with a message plus a counted warning; nothing hangs.
#include "core/dump/dumploader.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/msprobereader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

QString hostile(const QString &name)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/hostile/") + name;
}

Result<TensorDump> load(const QString &path, const DumpReadOptions &options = {})
{
    ProgressSink progress;
    return loadDump(Source::fromPath(path), progress, CancelToken(), options);
}

const TensorEntry *find(const TensorDump &dump, const QString &name)
{
    for (const TensorEntry &t : dump.tensors)
        if (t.name == name || t.key == name)
            return &t;
    return nullptr;
}

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

void write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// A tensor-mode msprobe dump.json naming one 16-element tensor per data_name.
QByteArray dumpJson(const QStringList &dataNames)
{
    QByteArray calls;
    for (int i = 0; i < dataNames.size(); ++i) {
        if (i)
            calls += ", ";
        calls += "\"Functional.t" + QByteArray::number(i) +
                 ".0.forward\": {\"input_args\": [], \"output\": [{\"type\": \"torch.Tensor\", "
                 "\"dtype\": \"torch.float32\", \"shape\": [16], \"Max\": 1, \"Min\": 0, "
                 "\"Mean\": 0.5, \"Norm\": 2, \"data_name\": \"" +
                 dataNames[i].toUtf8() + "\"}]}";
    }
    return "{\"task\": \"tensor\", \"level\": \"L1\", \"dump_data_dir\": null, \"data\": {" +
           calls + "}}";
}

} // namespace

class TestDumpSafety : public QObject
{
    Q_OBJECT

private slots:
    void hdf5Refusals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dataset");
        QTest::addColumn<QString>("says");    // in the row's message; empty: readable
        QTest::addColumn<QString>("warning"); // the counted kind
        QTest::newRow("10^12 declared, one chunk stored")
            << u"declared_1e12.h5"_s << u"layer/output"_s << u"stores only 1 of the"_s
            << u"hdf5_unstored_elements"_s;
        QTest::newRow("chunked, nothing stored")
            << u"declared_1e9_unstored.h5"_s << u"chunked/output"_s << u"stores only 0 of the"_s
            << u"hdf5_unstored_elements"_s;
        QTest::newRow("contiguous, nothing stored")
            << u"declared_1e9_unstored.h5"_s << u"contiguous/output"_s
            << u"but stores only 0 bytes"_s << u"hdf5_unstored_elements"_s;
        QTest::newRow("stored beside them") << u"declared_1e9_unstored.h5"_s << u"fine/output"_s
                                            << QString() << u"hdf5_unstored_elements"_s;
        QTest::newRow("external /dev/zero")
            << u"external_storage.h5"_s << u"zero/output"_s << u"external file (/dev/zero)"_s
            << u"hdf5_external_storage"_s;
        QTest::newRow("external /etc/passwd")
            << u"external_storage.h5"_s << u"passwd/output"_s << u"external file (/etc/passwd)"_s
            << u"hdf5_external_storage"_s;
        QTest::newRow("external ../canary.bin") << u"external_storage.h5"_s << u"canary/output"_s
                                                << u"external file"_s << u"hdf5_external_storage"_s;
        QTest::newRow("virtual dataset") << u"external_link.h5"_s << u"virtual/output"_s
                                         << u"virtual dataset"_s << u"hdf5_external_storage"_s;
        QTest::newRow("beside external links")
            << u"external_link.h5"_s << u"fine/output"_s << QString() << u"hdf5_external_link"_s;
    }
    void hdf5Refusals()
    {
        QFETCH(QString, file);
        QFETCH(QString, dataset);
        QFETCH(QString, says);
        QFETCH(QString, warning);
        QElapsedTimer timer;
        timer.start();
        const auto r = load(hostile(file));
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        const TensorEntry *t = find(*r.value(), dataset);
        QVERIFY(t);
        if (says.isEmpty())
            QVERIFY2(t->unreadable().isEmpty(), qPrintable(t->unreadable()));
        else
            QVERIFY2(t->unreadable().contains(says), qPrintable(t->unreadable()));
        QVERIFY(r.diagnostics().count(warning) >= 1);
        // External links are never listed as tensors.
        QVERIFY(!find(*r.value(), u"linked"_s) && !find(*r.value(), u"abs_linked"_s));
        QVERIFY(timer.elapsed() < 10000);
    }

    void hdf5ExternalLinksCounted()
    {
        const auto r = load(hostile(u"external_link.h5"_s));
        QVERIFY(r.isOk());
        QCOMPARE(r.diagnostics().count(u"hdf5_external_link"_s), 2);
        QCOMPARE(r.value()->tensors.size(), 2); // virtual/output (refused) and fine/output
    }

    void hostilePairComparesQuickly()
    {
        // The whole pipeline on the 10^12 file: one error row, done in well under a second of
        // work (it streamed ~4 TB of fill values before).
        QElapsedTimer timer;
        timer.start();
        DumpPipelineInput in;
        in.benchPath = in.npuPath = hostile(u"declared_1e12.h5"_s);
        ProgressSink progress;
        const auto r = runDumpPipeline(in, progress, CancelToken());
        QVERIFY(r.isOk());
        const DumpComparison &c = *r.value()->runs.first();
        QCOMPARE(c.rows.size(), 1);
        QCOMPARE(c.rows.first().verdict, Verdict::Error);
        QVERIFY(c.rows.first().message.contains(u"fill values"_s));
        QCOMPARE(c.bytesCompared, 0);
        QVERIFY(timer.elapsed() < 10000);
    }

    void elementCap()
    {
        QTemporaryDir dir;
        write(dir.filePath(u"a.npy"_s), npy(64, 0));
        DumpReadOptions capped;
        capped.maxElements = 10;
        const auto r = load(dir.filePath(u"a.npy"_s), capped);
        QVERIFY(r.isOk());
        const TensorEntry &t = r.value()->tensors.first();
        QVERIFY2(t.unreadable().contains(u"per-tensor cap of 10"_s), qPrintable(t.unreadable()));
        QVERIFY(t.unreadable().contains(u"--max-elements"_s));
        QCOMPARE(t.shape, (QList<qint64>{64})); // the row still says what the tensor is
        QCOMPARE(r.diagnostics().count(u"tensor_over_cap"_s), 1);
        QCOMPARE(r.value()->dataBytes, 0);
        // At the cap, and with the default, it is read.
        capped.maxElements = 64;
        QVERIFY(
            load(dir.filePath(u"a.npy"_s), capped).value()->tensors.first().unreadable().isEmpty());
        QVERIFY(load(dir.filePath(u"a.npy"_s)).value()->tensors.first().unreadable().isEmpty());
        QCOMPARE(DumpReadOptions().maxElements, qint64(1) << 32);

        // Through the pipeline: an error row naming the cap, nothing compared.
        DumpPipelineInput in;
        in.benchPath = in.npuPath = dir.filePath(u"a.npy"_s);
        in.options.read.maxElements = 10;
        ProgressSink progress;
        const auto c = runDumpPipeline(in, progress, CancelToken());
        QVERIFY(c.isOk());
        const CompareRow &row = c.value()->runs.first()->rows.first();
        QCOMPARE(row.verdict, Verdict::Error);
        QVERIFY(row.message.contains(u"per-tensor cap"_s));
        QVERIFY(std::isnan(row.metrics->cosine));
    }

    void msprobeContainment_data()
    {
        QTest::addColumn<bool>("allow");
        QTest::newRow("default: refused") << false;
        QTest::newRow("--allow-outside-dump") << true;
    }
    void msprobeContainment()
    {
        QFETCH(bool, allow);
        QTemporaryDir dir;
        const QString canary = dir.filePath(u"canary.npy"_s);
        write(canary, npy(16, 4242));
        const QString dump = dir.filePath(u"run/rank0"_s);
        write(dump + u"/dump_tensor_data/inside.npy"_s, npy(16, 1));
        QVERIFY(QFile::link(u"../../../canary.npy"_s, dump + u"/dump_tensor_data/linked.npy"_s));
        write(dump + u"/dump.json"_s,
              dumpJson({u"inside.npy"_s,
                        u"../../../canary.npy"_s,
                        canary,
                        u"linked.npy"_s,
                        u"../dump_tensor_data/inside.npy"_s}));
        DumpReadOptions options;
        options.allowOutsideFolder = allow;
        const auto r = load(dump, options);
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        const QList<TensorEntry> &t = r.value()->tensors;
        QCOMPARE(t.size(), 5);
        QVERIFY(t[0].unreadable().isEmpty());
        QVERIFY(t[4].unreadable().isEmpty()); // up and back in: still inside
        for (int i : {1, 2, 3}) {
            if (allow) {
                QVERIFY2(t[i].unreadable().isEmpty(), qPrintable(t[i].unreadable()));
                QCOMPARE(QFileInfo(t[i].storage.file).canonicalFilePath(),
                         QFileInfo(canary).canonicalFilePath());
            } else {
                QVERIFY2(t[i].unreadable().contains(u"outside the dump's folder"_s),
                         qPrintable(t[i].unreadable()));
                QCOMPARE(t[i].storage.kind, TensorStorage::Kind::None);
                QVERIFY(t[i].storage.file.isEmpty());
            }
        }
        QCOMPARE(r.diagnostics().count(u"outside_dump_folder"_s), allow ? 0 : 3);
    }

    void msprobeTensorFolderMayBeALink()
    {
        // dump_tensor_data on another disk through a symlink is the dump's own data.
        QTemporaryDir dir;
        write(dir.filePath(u"bigdisk/tensors/inside.npy"_s), npy(16, 1));
        const QString dump = dir.filePath(u"rank0"_s);
        QVERIFY(QDir().mkpath(dump));
        QVERIFY(QFile::link(dir.filePath(u"bigdisk/tensors"_s), dump + u"/dump_tensor_data"_s));
        write(dump + u"/dump.json"_s, dumpJson({u"inside.npy"_s}));
        const auto r = load(dump);
        QVERIFY(r.isOk());
        QVERIFY2(r.value()->tensors.first().unreadable().isEmpty(),
                 qPrintable(r.value()->tensors.first().unreadable()));
    }

    void msprobeSideFilesContained()
    {
        QTemporaryDir dir;
        write(dir.filePath(u"stack_elsewhere.json"_s), "{\"Functional.t0.0.forward\": [\"x\"]}");
        const QString dump = dir.filePath(u"rank0"_s);
        write(dump + u"/dump_tensor_data/inside.npy"_s, npy(16, 1));
        write(dump + u"/dump.json"_s, dumpJson({u"inside.npy"_s}));
        QVERIFY(QFile::link(dir.filePath(u"stack_elsewhere.json"_s), dump + u"/stack.json"_s));
        const auto r = load(dump);
        QVERIFY(r.isOk());
        QVERIFY(r.value()->callStacks.isEmpty());
        QCOMPARE(r.diagnostics().count(u"outside_dump_folder"_s), 1);
        DumpReadOptions allow;
        allow.allowOutsideFolder = true;
        QCOMPARE(load(dump, allow).value()->callStacks.size(), 1);
    }

    void msprobeFifoTensorDoesNotHang()
    {
        QTemporaryDir dir;
        const QString dump = dir.filePath(u"rank0"_s);
        QVERIFY(QDir().mkpath(dump + u"/dump_tensor_data"_s));
        QCOMPARE(
            ::mkfifo(QFile::encodeName(dump + u"/dump_tensor_data/pipe.npy"_s).constData(), 0600),
            0);
        write(dump + u"/dump.json"_s, dumpJson({u"pipe.npy"_s}));
        QElapsedTimer timer;
        timer.start();
        const auto r = load(dump);
        QVERIFY(r.isOk());
        QVERIFY2(r.value()->tensors.first().unreadable().contains(u"FIFO"_s),
                 qPrintable(r.value()->tensors.first().unreadable()));
        QVERIFY(timer.elapsed() < 5000);
    }

    void npyFolderContainment()
    {
        QTemporaryDir dir;
        write(dir.filePath(u"canary.npy"_s), npy(16, 4242));
        write(dir.filePath(u"dump/a.npy"_s), npy(16, 1));
        QVERIFY(QFile::link(u"../canary.npy"_s, dir.filePath(u"dump/b.npy"_s)));
        const auto r = load(dir.filePath(u"dump"_s));
        QVERIFY(r.isOk());
        QVERIFY(find(*r.value(), u"a.npy"_s)->unreadable().isEmpty());
        QVERIFY(
            find(*r.value(), u"b.npy"_s)->unreadable().contains(u"outside the dump's folder"_s));
        QCOMPARE(r.diagnostics().count(u"outside_dump_folder"_s), 1);
        DumpReadOptions allow;
        allow.allowOutsideFolder = true;
        QVERIFY(find(*load(dir.filePath(u"dump"_s), allow).value(), u"b.npy"_s)
                    ->unreadable()
                    .isEmpty());
    }

    void lyingShapesDoNotOverflow()
    {
        // Each axis below the per-axis limit, the product far past 2^63: kept without a shape.
        const QByteArray json =
            "{\"task\": \"statistics\", \"data\": {\"Functional.x.0.forward\": {\"output\": "
            "[{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": "
            "[1099511627776, 1099511627776, 1099511627776], \"Max\": 1, \"Min\": 0, \"Mean\": 0, "
            "\"Norm\": 1}]}}}";
        const auto m = parseMsprobeDumpJson(std::string_view(json.constData(), size_t(json.size())),
                                            u"dump.json"_s,
                                            {},
                                            CancelToken());
        QVERIFY(m.isOk());
        QVERIFY(m.value()->tensors.first().shape.isEmpty());
        QCOMPARE(m.diagnostics().count(u"msprobe_bad_shape"_s), 1);
        const QByteArray pkl = "[\"Functional_x_0_forward_output\", 1, [], \"torch.float32\", "
                               "[4294967296, 4294967296, 4294967296], [1, 0, 0.5]]\n";
        const auto p = parsePtdbgPkl(
            std::string_view(pkl.constData(), size_t(pkl.size())), u"x.pkl"_s, CancelToken());
        QVERIFY(p.isOk());
        QVERIFY(p.value()->tensors.first().shape.isEmpty());
        QCOMPARE(p.diagnostics().count(u"ptdbg_bad_shape"_s), 1);
    }

    void memberwiseParseKeepsErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("bad value in a call")
            << QByteArray("{\"task\": \"statistics\", \"data\": {\"A.a.0.forward\": {\"output\": "
                          "[tru]}}}")
            << u"not valid JSON"_s << qint64(32); // the call's key
        QTest::newRow("cut off")
            << QByteArray("{\"task\": \"statistics\", \"data\": {\"A.a.0.forward\": {\"output\": [")
            << u"not valid JSON"_s << qint64(-1); // where the text ends
        QTest::newRow("junk after the end")
            << QByteArray("{\"data\": {}} x") << u"after the end"_s << qint64(13);
        QTest::newRow("bad top-level member")
            << QByteArray("{\"task\": nope, \"data\": {}}") << u"not valid JSON"_s << qint64(1);
        QTest::newRow("an array") << QByteArray("[1, 2]") << u"must hold a JSON object"_s
                                  << qint64(0);
    }
    void memberwiseParseKeepsErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        QFETCH(qint64, offset);
        const auto r = parseMsprobeDumpJson(std::string_view(json.constData(), size_t(json.size())),
                                            u"dump.json"_s,
                                            {},
                                            CancelToken());
        QVERIFY(r.isFailed());
        QCOMPARE(r.error().code, ErrorCode::Malformed);
        QVERIFY2(r.error().message.contains(says), qPrintable(r.error().message));
        QCOMPARE(r.error().offset, offset < 0 ? qint64(json.size()) : offset);
    }

    void memberwiseParseReadsEveryShape()
    {
        // Non-finite statistics, escaped keys, the legacy layout without "data", and "task" after
        // "data".
        const QByteArray json =
            "\xEF\xBB\xBF {\"data\": {\"A.\\\"q\\\".0.forward\": {\"input_args\": [{\"type\": "
            "\"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": NaN, "
            "\"Min\": -Infinity, \"Mean\": 0, \"Norm\": Infinity}], \"output\": []}}, \"task\": "
            "\"statistics\"}\n";
        const auto r = parseMsprobeDumpJson(std::string_view(json.constData(), size_t(json.size())),
                                            u"dump.json"_s,
                                            {},
                                            CancelToken());
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        const TensorEntry &t = r.value()->tensors.first();
        QCOMPARE(t.key, u"A.\"q\".0.forward.input.0"_s);
        QVERIFY(std::isnan(t.stats->max));
        QVERIFY(std::isinf(t.stats->min) && t.stats->min < 0);
        QVERIFY(std::isinf(t.stats->norm) && t.stats->norm > 0);
        const QByteArray legacy =
            "{\"Torch.chunk.4.forward\": {\"input_args\": [{\"type\": \"torch.Tensor\", \"dtype\": "
            "\"torch.float32\", \"shape\": [4], \"Max\": 1, \"Min\": 0, \"Mean\": 0.5, \"Norm\": "
            "1}], \"output\": []}, \"bad\": 3}";
        const auto l =
            parseMsprobeDumpJson(std::string_view(legacy.constData(), size_t(legacy.size())),
                                 u"f.json"_s,
                                 {},
                                 CancelToken());
        QVERIFY(l.isOk());
        QCOMPARE(l.value()->tensors.size(), 1);
        QCOMPARE(l.diagnostics().count(u"msprobe_bad_entry"_s), 1);
    }
};

QTEST_GUILESS_MAIN(TestDumpSafety)
#include "tst_dumpsafety.moc"
