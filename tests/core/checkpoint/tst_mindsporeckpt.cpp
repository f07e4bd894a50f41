// The MindSpore .ckpt decoder (issue #13): parameters, slices, scalars, non-tensor entries and
// every kind of damage.
#include "core/checkpoint/mindsporeckpt.h"
#include "core/dump/npyreader.h"
#include "testhelpers_checkpoint.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_MindSporeCkpt : public QObject
{
    Q_OBJECT

private:
    static Result<TensorDump> load(const QString &path)
    {
        ProgressSink progress;
        return loadMindSporeCheckpoint(Source::fromPath(path), progress, CancelToken());
    }
    static QString write(QTemporaryDir &dir, const QByteArray &bytes)
    {
        const QString path = dir.filePath(u"x.ckpt"_s);
        QFile f(path);
        f.open(QIODevice::WriteOnly | QIODevice::Truncate);
        f.write(bytes);
        return path;
    }

private slots:
    void parametersInFileOrder()
    {
        const QString path = checkpointData(u"good/ms_net.ckpt"_s);
        const QByteArray before = QCryptographicHash::hash(
            [&] {
                QFile f(path);
                f.open(QIODevice::ReadOnly);
                return f.readAll();
            }(),
            QCryptographicHash::Sha256);
        const auto r = load(path);
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        QVERIFY(r.diagnostics().isEmpty());
        const TensorDump &d = *r.value();
        QCOMPARE(d.format, u"mindspore_ckpt"_s);
        QCOMPARE(d.tensors.size(), 22);
        // MindSpore's order: a BatchNorm lists moving_mean, moving_variance, gamma, beta.
        QCOMPARE(d.tensors[0].name, u"conv1.weight"_s);
        QCOMPARE(d.tensors[1].name, u"bn1.moving_mean"_s);
        QCOMPARE(d.tensors[2].name, u"bn1.moving_variance"_s);
        QCOMPARE(d.tensors[3].name, u"bn1.gamma"_s);
        QCOMPARE(d.tensors[0].shape, (QList<qint64>{8, 3, 3, 3}));
        QCOMPARE(d.tensors[0].dtype, DType::Float32);
        QCOMPARE(findTensor(d, u"temporal.weight"_s)->shape, (QList<qint64>{4, 16, 1, 3}));
        QVERIFY(findTensor(d, u"embed.embedding_table"_s));
        qint64 bytes = 0;
        for (const TensorEntry &t : d.tensors) {
            QCOMPARE(t.storage.kind, TensorStorage::Kind::RawFile);
            QVERIFY(t.storage.layout().segments.isEmpty());
            QVERIFY(t.storage.offset > 0);
            bytes += t.numel() * 4;
        }
        QCOMPARE(d.dataBytes, bytes);
        // Values: the very numbers numpy wrote into the .npz of the same network.
        ProgressSink progress;
        const auto npz = loadNpzDump(
            Source::fromPath(checkpointData(u"good/net.npz"_s)), progress, CancelToken());
        QVERIFY(npz.isOk());
        QString error;
        const auto fc = tensorValues(*findTensor(d, u"fc.weight"_s), &error);
        const auto fcNpz = tensorValues(*findTensor(*npz.value(), u"fc.weight"_s), &error);
        QVERIFY2(!fc.empty(), qPrintable(error));
        QVERIFY(fc == fcNpz);
        const auto table = tensorValues(*findTensor(d, u"embed.embedding_table"_s), &error);
        QVERIFY(table == tensorValues(*findTensor(*npz.value(), u"embed.weight"_s), &error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
    }

    void slicedParameterIsJoined()
    {
        // fc.weight written as three consecutive values with one tag (MindSpore's 512 MiB slices).
        const auto sliced = load(checkpointData(u"good/ms_net_sliced.ckpt"_s));
        const auto plain = load(checkpointData(u"good/ms_net.ckpt"_s));
        QVERIFY(sliced.isOk() && plain.isOk());
        QCOMPARE(sliced.value()->tensors.size(), plain.value()->tensors.size());
        const TensorEntry *fc = findTensor(*sliced.value(), u"fc.weight"_s);
        QCOMPARE(fc->shape, (QList<qint64>{10, 16}));
        QCOMPARE(fc->storage.layout().segments.size(), 3);
        qint64 bytes = 0;
        for (const auto &[offset, size] : fc->storage.layout().segments) {
            QVERIFY(offset > 0);
            bytes += size;
        }
        QCOMPARE(bytes, 10 * 16 * 4);
        QString error;
        const auto a = tensorValues(*fc, &error);
        QVERIFY2(!a.empty(), qPrintable(error));
        QVERIFY(a == tensorValues(*findTensor(*plain.value(), u"fc.weight"_s), &error));
        // The float fast path across pieces and at odd offsets: chunks smaller than a piece.
        auto stream = TensorStream::open(*fc, &error);
        QVERIFY(stream);
        std::vector<float> floats;
        for (;;) {
            qint64 got = 0;
            const float *p = stream->readFloats(7, &got, &error);
            if (!p || got == 0)
                break;
            QCOMPARE(quintptr(p) % alignof(float), quintptr(0));
            floats.insert(floats.end(), p, p + got);
        }
        QCOMPARE(floats.size(), a.size());
        for (size_t i = 0; i < a.size(); ++i)
            QCOMPARE(double(floats[i]), a[i]);
        QVERIFY(stream->seek(45));
        double v = 0;
        QCOMPARE(stream->read(&v, 1, &error), 1);
        QCOMPARE(v, a[45]);
    }

    void scalarsAndNonTensorEntries()
    {
        const auto r = load(checkpointData(u"good/ms_train.ckpt"_s));
        QVERIFY(r.isOk());
        const TensorDump &d = *r.value();
        const TensorEntry *step = findTensor(d, u"global_step"_s);
        QVERIFY(step);
        QCOMPARE(step->shape, QList<qint64>{}); // dims [0] with one element: a scalar
        QCOMPARE(step->dtype, DType::Int32);
        QString error;
        QCOMPARE(tensorValues(*step, &error), std::vector<double>{10});
        QCOMPARE(findTensor(d, u"beta1_power"_s)->shape, QList<qint64>{1});
        QVERIFY(findTensor(d, u"moment1.conv1.weight"_s));
        // The text entry and the map parameter are counted, not listed.
        QVERIFY(!findTensor(d, u"network_name"_s));
        QVERIFY(!findTensor(d, u"hash_embedding"_s));
        QCOMPARE(r.diagnostics().count(u"ckpt_non_tensor"_s), 1);
        QCOMPARE(r.diagnostics().count(u"ckpt_map_parameter"_s), 1);
        for (const auto &e : r.diagnostics().entries())
            QCOMPARE(e.severity, Severity::Info);
    }

    void damagedEntries_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("text");
        QTest::newRow("unknown tensor_type")
            << u"ckpt_unknown_type.ckpt"_s << u"ckpt_unknown_tensor_type"_s << u"a.bias"_s
            << u"Complex64"_s;
        QTest::newRow("dims and content disagree")
            << u"ckpt_size_mismatch.ckpt"_s << u"ckpt_size_mismatch"_s << u"a.weight"_s
            << u"64 bytes"_s;
    }
    // A bad parameter is a listed, unreadable entry with a message naming file and entry; the
    // others stay readable.
    void damagedEntries()
    {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        QFETCH(QString, entry);
        QFETCH(QString, text);
        const auto r = load(checkpointData(u"broken/"_s + file));
        QVERIFY(r.isOk());
        QCOMPARE(r.diagnostics().count(kind), 1);
        const auto &e = r.diagnostics().entries().first();
        QCOMPARE(e.first.first().detail, entry);
        QVERIFY2(e.message.contains(entry) && e.message.contains(text), qPrintable(e.message));
        const TensorEntry *t = findTensor(*r.value(), entry);
        QVERIFY(t);
        QVERIFY(t->unreadable().contains(file) && t->unreadable().contains(entry));
        QCOMPARE(r.value()->tensors.size(), 2);
        for (const TensorEntry &other : r.value()->tensors)
            if (other.name != entry)
                QVERIFY(other.unreadable().isEmpty());
        QString error;
        QVERIFY(!TensorStream::open(*t, &error));
        QVERIFY(error.contains(entry));
    }

    void truncatedFileKeepsCompleteParameters()
    {
        const auto r = load(checkpointData(u"broken/ckpt_truncated.ckpt"_s));
        QVERIFY(r.isOk());
        QCOMPARE(r.diagnostics().count(u"ckpt_truncated"_s), 1);
        QCOMPARE(r.diagnostics().entries().first().severity, Severity::Error);
        QVERIFY(r.value()->tensors.size() > 0 && r.value()->tensors.size() < 22);
        QString error;
        for (const TensorEntry &t : r.value()->tensors)
            QVERIFY2(!tensorValues(t, &error).empty() || t.numel() == 0, qPrintable(error));
    }

    void encryptedFileFails()
    {
        const auto r = load(checkpointData(u"broken/ckpt_encrypted.ckpt"_s));
        QVERIFY(r.isFailed());
        QCOMPARE(r.error().code, ErrorCode::Malformed);
        QCOMPARE(r.error().offset, 0);
        QVERIFY(r.error().message.contains(u"encrypted"_s));
        QVERIFY(r.error().file.endsWith(u"ckpt_encrypted.ckpt"_s));
    }

    void handMadeValues()
    {
        QTemporaryDir dir;
        const QByteArray four(16, '\0');
        // Packed dims (a proto3 writer) read as well as MindSpore's unpacked ones.
        auto r = load(write(dir, checkpointValue("w", {2, 2}, "Float32", four, true)));
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.first().shape, (QList<qint64>{2, 2}));
        // dims [0] with no content: an empty tensor, not a scalar.
        r = load(write(dir, checkpointValue("e", {0}, "Float32", {})));
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.first().shape, QList<qint64>{0});
        // A later value with the same tag, not adjacent: MindSpore's dict keeps the later one.
        r = load(write(dir,
                       checkpointValue("w", {1}, "Float32", QByteArray(4, '\0')) +
                           checkpointValue("v", {1}, "Float32", QByteArray(4, '\0')) +
                           checkpointValue("w", {2}, "Float32", QByteArray(8, '\0'))));
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.size(), 2);
        QCOMPARE(r.value()->tensors.first().shape, QList<qint64>{2});
        QCOMPARE(r.diagnostics().count(u"ckpt_duplicate_parameter"_s), 1);
        // Slices that disagree on the type.
        r = load(write(dir,
                       checkpointValue("w", {2}, "Float32", QByteArray(4, '\0')) +
                           checkpointValue("w", {2}, "Float16", QByteArray(4, '\0'))));
        QVERIFY(r.isOk());
        QVERIFY(!r.value()->tensors.first().unreadable().isEmpty());
        // Absurd dims never allocate.
        r = load(write(dir, checkpointValue("w", {1LL << 40, 1LL << 40}, "Float32", four)));
        QVERIFY(r.isOk());
        QVERIFY(!r.value()->tensors.first().unreadable().isEmpty());
        // Damage in the framing fails with the offset of the value.
        const QByteArray good = checkpointValue("w", {1}, "Float32", QByteArray(4, '\0'));
        r = load(write(dir, good + QByteArray("\x08\x01", 2)));
        QVERIFY(r.isFailed());
        QCOMPARE(r.error().offset, good.size());
        // A value whose tensor field claims more bytes than the value holds.
        r = load(write(dir, field(1, field(1, "w") + varint(2 << 3 | 2) + varint(100) + "abc")));
        QVERIFY(r.isFailed());
        QCOMPARE(r.error().code, ErrorCode::Malformed);
        QCOMPARE(r.error().offset, 0);
        QVERIFY2(r.error().message.contains(u"runs past"_s), qPrintable(r.error().message));
        // Only non-tensor entries: nothing to compare.
        r = load(write(dir, checkpointValue("s", {0}, "str", "abc")));
        QVERIFY(r.isFailed());
        QVERIFY(r.error().message.contains(u"no parameters"_s));
    }

    void bytesAreListedNotRead()
    {
        QFile f(checkpointData(u"good/ms_net.ckpt"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        ProgressSink progress;
        const auto r = loadMindSporeCheckpoint(
            Source::fromBytes(f.readAll(), u"mem.ckpt"_s), progress, CancelToken());
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.size(), 22);
        QVERIFY(r.value()->tensors.first().unreadable().contains(u"mem.ckpt"_s));
    }

    // Every prefix loads with warnings or fails cleanly (docs/DESIGN.md §9).
    void prefixSweep()
    {
        QFile f(checkpointData(u"good/ms_train.ckpt"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        for (int i = 1; i <= 100; ++i) {
            const qsizetype n = all.size() * i / 100;
            ProgressSink progress;
            const auto r = loadMindSporeCheckpoint(
                Source::fromBytes(all.left(n), u"cut.ckpt"_s), progress, CancelToken());
            QVERIFY(r.isOk() || r.isFailed());
            if (r.isFailed())
                QVERIFY(!r.error().message.isEmpty());
        }
    }

    void entryCap()
    {
        // Parameters past the cap fail the file with a message naming --max-entries; slices of
        // one parameter count once.
        QTemporaryDir dir;
        QByteArray three;
        for (int i = 0; i < 3; ++i)
            three += checkpointValue("p" + QByteArray::number(i), {1}, "Int8", "x");
        three += checkpointValue("p2", {1}, "Int8", "x"); // a second slice of p2
        const QString path = write(dir, three);
        ProgressSink progress;
        const auto capped =
            loadMindSporeCheckpoint(Source::fromPath(path), progress, CancelToken(), 2);
        QVERIFY(capped.isFailed());
        QCOMPARE(capped.error().code, ErrorCode::TooLarge);
        QVERIFY(capped.error().message.contains(u"--max-entries"_s));
        QVERIFY(capped.error().offset > 0);
        const auto fits =
            loadMindSporeCheckpoint(Source::fromPath(path), progress, CancelToken(), 3);
        QVERIFY2(fits.isOk(), qPrintable(fits.isFailed() ? fits.error().toString() : QString()));
        QCOMPARE(fits.value()->tensors.size(), 3);
    }

    void cancel()
    {
        // More values than one poll interval: a canceled token stops the decoder.
        QTemporaryDir dir;
        QByteArray many;
        for (int i = 0; i < 70000; ++i)
            many += checkpointValue("p" + QByteArray::number(i), {1}, "Int8", "x");
        const QString path = write(dir, many);
        CancelToken token = CancelToken::create();
        token.cancel();
        ProgressSink progress;
        QVERIFY(loadMindSporeCheckpoint(Source::fromPath(path), progress, token).isCanceled());
        const auto r = load(path);
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.size(), 70000);
    }
};

QTEST_GUILESS_MAIN(tst_MindSporeCkpt)
#include "tst_mindsporeckpt.moc"
