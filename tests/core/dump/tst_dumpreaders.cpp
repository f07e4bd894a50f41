// Dump readers on good and broken inputs: every bad input fails or becomes an error row with a
// message.
#include "common/testdata.h"
#include "core/common/zipreader.h"
#include "core/dump/dumpcompare.h"
#include "core/dump/dumploader.h"
#include "core/dump/msprobereader.h"
#include "core/dump/npyreader.h"
#include "core/tensor/dumpnames.h"

#include <QCryptographicHash>
#include <QFile>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestDumpReaders : public QObject
{
    Q_OBJECT

private:
    static QString data(const QString &rel)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/") + rel;
    }
    static Result<TensorDump> load(const QString &path)
    {
        ProgressSink progress;
        return loadDump(Source::fromPath(path), progress, CancelToken());
    }

private slots:
    void brokenFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("npy truncated")
            << u"broken/truncated.npy"_s << u"truncated"_s << u"needs 12288 data bytes"_s;
        QTest::newRow("npy header cut")
            << u"broken/header_cut.npy"_s << u"truncated"_s << u"header is cut off"_s;
        QTest::newRow("npy bad magic")
            << u"broken/bad_magic.npy"_s << u"unknown_format"_s << u"not a tensor dump"_s;
        QTest::newRow("npy version 9")
            << u"broken/version9.npy"_s << u"unsupported"_s << u"version 9.0"_s;
        QTest::newRow("npy object") << u"broken/object.npy"_s << u"unsupported"_s << u"pickles"_s;
        QTest::newRow("npy V2") << u"broken/void2_bf16.npy"_s << u"unsupported"_s << u"bfloat16"_s;
        QTest::newRow("npy bad dict")
            << u"broken/bad_dict.npy"_s << u"malformed"_s << u"fortran_order must be"_s;
        QTest::newRow("npy huge shape")
            << u"broken/huge_shape.npy"_s << u"too_large"_s << u"absurd"_s;
        QTest::newRow("npy empty") << u"broken/empty.npy"_s << u"empty_file"_s << QString();
        QTest::newRow("npz truncated")
            << u"broken/truncated.npz"_s << u"malformed"_s << u"end-of-central-directory"_s;
        QTest::newRow("h5 truncated")
            << u"broken/truncated.h5"_s << u"truncated"_s << u"truncated or its metadata"_s;
        QTest::newRow("pt that is no zip")
            << u"good/msprobe_pt/dump_tensor_data/Torch.cos.0.forward.input.0.pt"_s
            << u"unknown_format"_s << u"not a tensor dump"_s;
    }
    void brokenFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, message);
        QFile f(data(file));
        QByteArray before;
        if (f.open(QIODevice::ReadOnly))
            before = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
        f.close();
        const auto r = load(data(file));
        QVERIFY(r.isFailed());
        QCOMPARE(errorCodeId(r.error().code), code);
        QVERIFY2(r.error().message.contains(message), qPrintable(r.error().toString()));
        QVERIFY(!r.error().file.isEmpty());
        if (f.open(QIODevice::ReadOnly)) // inputs are never modified
            QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
    }

    // Bad tensors inside a readable file become error rows, never crashes or silent passes.
    void brokenTensors_data()
    {
        QTest::addColumn<QString>("bench");
        QTest::addColumn<QString>("npu");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("verdict");
        QTest::newRow("wrong dtype")
            << u"broken/wrong_dtype.h5"_s << u"broken/wrong_dtype.h5"_s
            << u"DataType 1 says float32, but it is stored as int32"_s << u"error"_s;
        QTest::newRow("stride rank")
            << u"broken/stride_mismatch.h5"_s << u"broken/stride_mismatch.h5"_s
            << u"Stride has 1 entries but the shape has 2 axes"_s << u"error"_s;
        QTest::newRow("shape mismatch")
            << u"broken/shape_mismatch.bench.h5"_s << u"broken/shape_mismatch.npu.h5"_s
            << u"Shape of NPU and bench tensor do not match"_s << u"unmatched"_s;
        QTest::newRow("compressed npz") << u"broken/compressed.npz"_s << u"broken/compressed.npz"_s
                                        << u"numpy.savez_compressed"_s << u"error"_s;
        // The fixture's .pt files are 27 bytes of "PK.. not really a torch zip".
        QTest::newRow("damaged .pt tensors")
            << u"good/msprobe_pt"_s << u"good/msprobe_pt"_s << u"not a zip archive"_s << u"error"_s;
    }
    void brokenTensors()
    {
        QFETCH(QString, bench);
        QFETCH(QString, npu);
        QFETCH(QString, message);
        QFETCH(QString, verdict);
        const auto b = load(data(bench));
        const auto n = load(data(npu));
        QVERIFY2(b.isOk(), qPrintable(b.error().toString()));
        QVERIFY(n.isOk());
        ProgressSink progress;
        const auto c =
            compareDumps(b.value(), n.value(), CompareOptions(), progress, CancelToken());
        QVERIFY(c.isOk());
        bool found = false;
        for (const CompareRow &r : c.value()->rows) {
            if (r.message.contains(message)) {
                found = true;
                QCOMPARE(verdictId(r.verdict), verdict);
            }
        }
        QVERIFY2(found, qPrintable(message));
    }

    void msprobeJsonErrors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << u"broken/not_json.dump.json"_s << u"not valid JSON"_s;
        QTest::newRow("no tensors") << u"broken/no_tensors.dump.json"_s << u"lists no tensor"_s;
    }
    void msprobeJsonErrors()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        QFile f(data(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const auto r = parseMsprobeDumpJson(
            std::string_view(bytes.constData(), size_t(bytes.size())), file, {}, CancelToken());
        QVERIFY(r.isFailed());
        QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    }

    // Prefix sweep: every cut of a good .npy header fails cleanly.
    void npyPrefixSweep()
    {
        QFile f(data(u"reference/f16.bench.npy"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        Error error;
        QVERIFY(parseNpyHeader(
            std::string_view(all.constData(), size_t(all.size())), u"f16"_s, &error));
        for (qsizetype cut = 0; cut < 128; ++cut)
            QVERIFY(
                !parseNpyHeader(std::string_view(all.constData(), size_t(cut)), u"f16"_s, &error));
    }

    // .npz members go through ZipReader: stored members are streamed from their offset in the file,
    // a short member or a compressed one is an error row that still says what the tensor is.
    void npzMembers()
    {
        ProgressSink progress;
        const auto good = loadNpzDump(
            Source::fromPath(data(u"reference/arrays.bench.npz"_s)), progress, CancelToken());
        QVERIFY2(good.isOk(), qPrintable(good.error().toString()));
        QCOMPARE(good.value()->tensors.size(), 2);
        QFile archive(data(u"reference/arrays.bench.npz"_s));
        QVERIFY(archive.open(QIODevice::ReadOnly));
        const QByteArray raw = archive.readAll();
        Error error;
        const auto zip = ZipReader::open(Source::fromBytes(raw, u"arrays.npz"_s), &error);
        QVERIFY(zip);
        for (const TensorEntry &t : good.value()->tensors) {
            QVERIFY2(t.unreadable().isEmpty(), qPrintable(t.unreadable()));
            QCOMPARE(t.storage.kind, TensorStorage::Kind::RawFile);
            // The offset points at the elements inside the file: the tail of the inflated member.
            const qint64 bytes = t.numel() * dtypeSize(t.storage.stored);
            const QByteArray member = zip->read(zip->indexOf(t.name + u".npy"_s), 1 << 24).data;
            QVERIFY(bytes > 0 && member.size() > bytes);
            QCOMPARE(raw.mid(t.storage.offset, bytes), member.right(bytes));
        }

        const auto shortMember = loadNpzDump(
            Source::fromPath(data(u"broken/short_member.npz"_s)), progress, CancelToken());
        QVERIFY(shortMember.isOk());
        QCOMPARE(shortMember.value()->tensors.size(), 2);
        const TensorEntry &whole = shortMember.value()->tensors[0];
        const TensorEntry &cut = shortMember.value()->tensors[1];
        QVERIFY(whole.unreadable().isEmpty());
        QCOMPARE(whole.shape, QList<qint64>{100});
        QCOMPARE(cut.name, u"short"_s);
        QVERIFY2(cut.unreadable().contains(u"short.npy is truncated"_s),
                 qPrintable(cut.unreadable()));
        QCOMPARE(cut.storage.kind, TensorStorage::Kind::None);
        QCOMPARE(cut.shape, QList<qint64>{100});

        const auto compressed = loadNpzDump(
            Source::fromPath(data(u"broken/compressed.npz"_s)), progress, CancelToken());
        QVERIFY(compressed.isOk());
        const TensorEntry &x = compressed.value()->tensors[0];
        QVERIFY(x.unreadable().contains(u"numpy.savez_compressed"_s));
        QCOMPARE(x.shape, QList<qint64>{10});
        QCOMPARE(x.dtype, DType::Float64);

        // Bytes (no file to stream from): members are listed, their elements are not readable.
        QFile f(data(u"reference/arrays.bench.npz"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto bytes =
            loadNpzDump(Source::fromBytes(f.readAll(), u"arrays.npz"_s), progress, CancelToken());
        QVERIFY(bytes.isOk());
        QCOMPARE(bytes.value()->tensors.size(), 2);
        QVERIFY(bytes.value()->tensors[0].unreadable().contains(u"not read from a file"_s));
        QCOMPARE(bytes.value()->tensors[0].shape, good.value()->tensors[0].shape);
    }

    void realFiles_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("tensors");
        QTest::addColumn<bool>("statistics");
        const QString shared = sharedData(u"dump/"_s);
        QTest::newRow("npy") << shared + u"msprobe_ms_2_3_input.npy"_s << u"npy"_s << 1 << false;
        QTest::newRow("ptdbg pkl")
            << shared + u"ptdbg_npu_test_dump.pkl"_s << u"ptdbg_pkl"_s << -1 << true;
        QTest::newRow("msprobe pt")
            << shared + u"msprobe_ms_vs_pt_compare/pytorch_data"_s << u"msprobe"_s << 39 << true;
        QTest::newRow("msprobe ms")
            << shared + u"msprobe_ms_vs_pt_compare/mindspore_data/dump.json"_s << u"msprobe"_s << -1
            << true;
        QTest::newRow("forward.json")
            << shared + u"msprobe_run_ut_forward.json"_s << u"msprobe"_s << -1 << true;
        QTest::newRow("dumper") << data(u"pairs/dumper/bench.h5"_s) << u"torch_dumper_h5"_s << 83
                                << false;
    }
    void realFiles()
    {
        QFETCH(QString, path);
        QFETCH(QString, format);
        QFETCH(int, tensors);
        QFETCH(bool, statistics);
        const auto r = load(path);
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        QCOMPARE(r.value()->format, format);
        QCOMPARE(r.value()->statisticsOnly, statistics);
        if (tensors >= 0)
            QCOMPARE(r.value()->tensors.size(), tensors);
        QVERIFY(!r.value()->tensors.isEmpty());
        for (const TensorEntry &t : r.value()->tensors) {
            QVERIFY(!t.key.isEmpty());
            QVERIFY(t.dtype != DType::Unknown);
        }
    }

    void msprobeSidecars()
    {
        const auto r = load(sharedData(u"dump/msprobe_ms_vs_pt_compare/pytorch_data"_s));
        QVERIFY(r.isOk());
        QVERIFY(!r.value()->moduleParent.isEmpty());
        const QStringList stack = r.value()->callStacks.value(u"Torch.cos.0.forward"_s);
        QVERIFY(!stack.isEmpty());
        QVERIFY(stack.first().startsWith(u"File "_s));
    }

    void names()
    {
        auto a = parseAscendDumpName(
            u"Conv2d.Conv2D-op107.2.2.1623124369613540.output.0.DefaultFormat.npy"_s);
        QVERIFY(a);
        QCOMPARE(a->opType, u"Conv2d"_s);
        QCOMPARE(a->opName, u"Conv2D-op107"_s);
        QCOMPARE(a->timestamp, 1623124369613540);
        QVERIFY(a->isOutput);
        auto p = parseAscendDumpName(u"Pooling.pool1.1147.1589195081588018.output.0.npy"_s);
        QVERIFY(p);
        QCOMPARE(p->opName, u"pool1"_s);
        QCOMPARE(p->taskId, 1147);
        QCOMPARE(p->streamId, -1);
        auto m = parseMsprobeTensorName(
            u"Module.module.language_model.embedding.Embedding.forward.0.output.0.npy"_s);
        QVERIFY(m);
        QCOMPARE(m->callKey, u"Module.module.language_model.embedding.Embedding.forward.0"_s);
        QCOMPARE(m->suffix, u"output.0"_s);
        QCOMPARE(fuzzyKey(u"softmax_int/17/output/result"_s), u"softmax_int/#/output/result"_s);
        QVERIFY(naturalLess(u"input_2"_s, u"input_10"_s));
        QVERIFY(!naturalLess(u"input_10"_s, u"input_2"_s));
    }

    // Short labels keep the API, its call number and the slot; the prefix and "forward" go first.
    void shortNames()
    {
        QCOMPARE(shortTensorNames(u"Functional.linear.2.forward.input.1"_s),
                 QStringList({u"Functional.linear.2.forward.input.1"_s,
                              u"linear.2.forward.input.1"_s,
                              u"linear.2.input.1"_s}));
        // Backward stays said.
        QCOMPARE(shortTensorNames(u"Tensor.__add__.3.backward.output.0"_s).last(),
                 u"__add__.3.backward.output.0"_s);
        // A module keeps its last path segment, class and call.
        QCOMPARE(shortTensorNames(u"Module.layer1.0.conv1.Conv2d.forward.0.input.0"_s).last(),
                 u"conv1.Conv2d.0.input.0"_s);
        // Names of other shapes (HDF5 paths, checkpoint keys) have one form.
        QCOMPARE(shortTensorNames(u"/layer1/conv/output"_s), QStringList{u"/layer1/conv/output"_s});
        QCOMPARE(shortTensorNames(u"layer1.0.bn1.running_var"_s).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestDumpReaders)
#include "tst_dumpreaders.moc"
