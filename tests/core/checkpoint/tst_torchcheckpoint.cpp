// PyTorch checkpoints (issue #13) through the restricted pickle reader: state dicts, training
// checkpoints, and pickles that must be refused without running anything.
#include "core/checkpoint/checkpoint.h"
#include "core/checkpoint/torchcheckpoint.h"
#include "core/dump/npyreader.h"
#include "testhelpers_checkpoint.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_TorchCheckpoint : public QObject
{
    Q_OBJECT

private:
    static Result<TensorDump> load(const QString &path)
    {
        ProgressSink progress;
        return loadTorchCheckpoint(Source::fromPath(path), progress, CancelToken());
    }
    // What make_checkpoints.py's malicious pickle would create if it were ever unpickled.
    static QString pwned() { return u"/tmp/twinscope-ckpt-pwned"_s; }

private slots:
    void stateDict()
    {
        const auto r = load(checkpointData(u"good/torch_net.pth"_s));
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        const TensorDump &d = *r.value();
        QCOMPARE(d.format, u"torch_zip"_s);
        QCOMPARE(d.tensors.size(), 25);
        // The state dict's own order.
        QCOMPARE(d.tensors[0].name, u"conv1.weight"_s);
        QCOMPARE(d.tensors[1].name, u"bn1.weight"_s);
        QCOMPARE(d.tensors[5].name, u"bn1.num_batches_tracked"_s);
        QCOMPARE(d.tensors[5].dtype, DType::Int64);
        QCOMPARE(d.tensors[5].shape, QList<qint64>{});
        ProgressSink progress;
        const auto npz = loadNpzDump(
            Source::fromPath(checkpointData(u"good/net.npz"_s)), progress, CancelToken());
        QVERIFY(npz.isOk());
        QString error;
        for (const TensorEntry &t : npz.value()->tensors) {
            const TensorEntry *p = findTensor(d, t.name);
            QVERIFY2(p, qPrintable(t.name));
            QCOMPARE(p->shape, t.shape);
            QCOMPARE(p->storage.kind, TensorStorage::Kind::RawFile);
            QVERIFY2(tensorValues(*p, &error) == tensorValues(t, &error), qPrintable(t.name));
        }
    }

    void trainingCheckpoint()
    {
        const auto r = load(checkpointData(u"good/torch_train.pth"_s));
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        const TensorDump &d = *r.value();
        // "model" is dropped from the names, the optimizer keeps torch.optim's layout.
        QVERIFY(findTensor(d, u"conv1.weight"_s));
        QVERIFY(!findTensor(d, u"model.conv1.weight"_s));
        QVERIFY(findTensor(d, u"optimizer.state.0.exp_avg"_s));
        QVERIFY(findTensor(d, u"optimizer.state.15.exp_avg_sq"_s));
        QVERIFY(findTensor(d, u"optimizer.state.3.step"_s));
        QCOMPARE(d.tensors.size(), 25 + 16 * 3);
        // epoch, lr, betas, params, ...: values, not tensors.
        QVERIFY(r.diagnostics().count(u"torch_non_tensor"_s) > 5);
        for (const auto &e : r.diagnostics().entries())
            QCOMPARE(e.severity, Severity::Info);
        // The optimizer's index k is the k-th parameter (buffers skipped).
        const QList<CheckpointEntry> entries = classifyCheckpoint(d, u"pytorch"_s);
        for (int i = 0; i < d.tensors.size(); ++i) {
            if (d.tensors[i].name == u"optimizer.state.1.exp_avg"_s)
                QCOMPARE(entries[i].owner, u"bn1.weight"_s);
            if (d.tensors[i].name == u"optimizer.state.3.exp_avg"_s)
                QCOMPARE(entries[i].owner, u"layer1.0.conv1.weight"_s);
        }
    }

    void savedTensor()
    {
        const auto r = load(checkpointData(u"good/tensor.pt"_s));
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.size(), 1);
        QCOMPARE(r.value()->tensors.first().name, u"tensor"_s);
        QCOMPARE(r.value()->tensors.first().shape, QList<qint64>{10});
    }

    // The acceptance's malicious pickle: its __reduce__ would run `touch /tmp/...`. It is refused
    // at the global, before anything could be called, and the file is not created.
    void maliciousPickleIsRefused()
    {
        QFile::remove(pwned());
        QVERIFY(!QFile::exists(pwned()));
        const auto r = load(checkpointData(u"broken/pth_malicious.pth"_s));
        QVERIFY(r.isFailed());
        QCOMPARE(r.error().code, ErrorCode::Unsupported);
        QVERIFY2(r.error().message.contains(u"posix.system"_s), qPrintable(r.error().message));
        QVERIFY(r.error().toString().contains(u"data.pkl"_s));
        QVERIFY(r.error().file.contains(u"pth_malicious"_s));
        QVERIFY(r.error().offset > 0);
        // Through the whole loader too (sniffed as a checkpoint first).
        ProgressSink progress;
        const auto c =
            loadCheckpoint(Source::fromPath(checkpointData(u"broken/pth_malicious.pth"_s)),
                           progress,
                           CancelToken());
        QVERIFY(c.isFailed());
        QVERIFY(!QFile::exists(pwned()));
    }

    void brokenFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("text");
        QTest::newRow("non-tensor global")
            << u"pth_nontensor_global.pth"_s << u"argparse.Namespace"_s;
        QTest::newRow("truncated zip") << u"pth_truncated.pth"_s << u"cut off"_s;
    }
    void brokenFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, text);
        const auto r = load(checkpointData(u"broken/"_s + file));
        QVERIFY(r.isFailed());
        QVERIFY2(r.error().message.contains(text), qPrintable(r.error().message));
        QVERIFY(r.error().file.contains(file.chopped(4)));
    }

    void prefixSweep()
    {
        QFile f(checkpointData(u"good/torch_train.pth"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        for (int i = 1; i <= 100; ++i) {
            ProgressSink progress;
            const auto r =
                loadTorchCheckpoint(Source::fromBytes(all.left(all.size() * i / 100), u"cut.pth"_s),
                                    progress,
                                    CancelToken());
            QVERIFY(r.isOk() || (r.isFailed() && !r.error().message.isEmpty()));
            QCOMPARE(r.isOk(), i == 100);
        }
    }
};

QTEST_GUILESS_MAIN(tst_TorchCheckpoint)
#include "tst_torchcheckpoint.moc"
