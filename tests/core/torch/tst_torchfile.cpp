// torch.save files written by Debian's python3-torch 1.13 (tests/data/torch/make_fixtures.py):
// tensors of every dtype and view kind read back element by element, nested checkpoints walked,
// and pickles that would run code refused without running it.
#include "core/tensor/tensorstream.h"
#include "core/torch/torchfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;
using Kind = PickleValue::Kind;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/torch/") + name;
}

// base = arange(12).reshape(3, 4) / 4 - 1 in make_fixtures.py.
double base(int row, int col)
{
    return (row * 4 + col) / 4.0 - 1.0;
}

std::vector<double> logical(const TensorEntry &t)
{
    std::vector<double> out;
    QString error;
    if (!readTensorLogical(t, &out, 1 << 20, &error))
        qWarning() << error;
    return out;
}

} // namespace

class TestTorchFile : public QObject
{
    Q_OBJECT

private slots:
    void tensors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<QList<double>>("values");
        QList<double> all;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 4; ++c)
                all << base(r, c);
        QTest::newRow("float32") << u"tensor_f32.pt"_s << u"float32"_s << QList<qint64>{3, 4}
                                 << all;
        // Every value of base is exact in bf16 and fp16 (quarters up to 1.75).
        QTest::newRow("bfloat16") << u"tensor_bf16.pt"_s << u"bfloat16"_s << QList<qint64>{3, 4}
                                  << all;
        QTest::newRow("float16") << u"tensor_f16.pt"_s << u"float16"_s << QList<qint64>{3, 4}
                                 << all;
        QTest::newRow("int64") << u"tensor_i64.pt"_s << u"int64"_s << QList<qint64>{5}
                               << QList<double>{-2, -1, 0, 1, 2};
        QTest::newRow("bool") << u"tensor_bool.pt"_s << u"bool"_s << QList<qint64>{3}
                              << QList<double>{1, 0, 1};
        QTest::newRow("0-d") << u"tensor_scalar.pt"_s << u"float32"_s << QList<qint64>{}
                             << QList<double>{2.5};
        QList<double> transposed;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 3; ++r)
                transposed << base(r, c);
        QTest::newRow("transposed view")
            << u"view_transposed.pt"_s << u"float32"_s << QList<qint64>{4, 3} << transposed;
        QTest::newRow("view with offset")
            << u"view_offset.pt"_s << u"float32"_s << QList<qint64>{2, 4} << all.mid(4);
        QTest::newRow("parameter")
            << u"parameter.pt"_s << u"float32"_s << QList<qint64>{3, 4} << all;
        QTest::newRow("protocol 4")
            << u"protocol4.pt"_s << u"float32"_s << QList<qint64>{3, 4} << all;
    }
    void tensors()
    {
        QFETCH(QString, file);
        QFETCH(QString, dtype);
        QFETCH(QList<qint64>, shape);
        QFETCH(QList<double>, values);
        Error error;
        const auto t = readPtTensor(fixture(file), &error);
        QVERIFY2(t, qPrintable(error.toString()));
        QVERIFY2(t->unreadable().isEmpty(), qPrintable(t->unreadable()));
        QCOMPARE(dtypeId(t->dtype), dtype);
        QCOMPARE(t->shape, shape);
        QCOMPARE(t->storage.kind, TensorStorage::Kind::RawFile);
        const std::vector<double> got = logical(*t);
        QCOMPARE(qsizetype(got.size()), values.size());
        for (qsizetype i = 0; i < values.size(); ++i)
            QCOMPARE(got[size_t(i)], values[i]);
    }

    void unreadableViews()
    {
        Error error;
        const auto strided = readPtTensor(fixture(u"view_strided.pt"_s), &error);
        QVERIFY(strided);
        QVERIFY(strided->unreadable().contains(u"strided view"_s));
        QCOMPARE(strided->shape, (QList<qint64>{3, 2}));
        const auto empty = readPtTensor(fixture(u"tensor_empty.pt"_s), &error);
        QVERIFY(empty);
        QVERIFY(empty->unreadable().isEmpty());
        QCOMPARE(empty->numel(), 0);
    }

    void checkpoint()
    {
        Error error;
        const auto file =
            TorchFile::open(Source::fromPath(fixture(u"checkpoint.pt"_s)), PickleOptions{}, &error);
        QVERIFY2(file, qPrintable(error.toString()));
        QCOMPARE(file->archiveName(), u"checkpoint"_s);
        QVERIFY(!file->bigEndian());
        const PickleValue root = file->root();
        QCOMPARE(root.kind(), Kind::Dict);
        const PickleValue model = root.get(u"model"_s);
        QVERIFY(model.ordered());
        QCOMPARE(model.size(), 2);
        QCOMPARE(model.key(0).toString(), u"weight"_s);
        QCOMPARE(model.value(0).tensor()->shape, (QList<qint64>{3, 4}));
        QCOMPARE(model.value(1).storage()->dtype, DType::Float32);
        // state_dict() attributes: _metadata {'': {'version': 1}}.
        QCOMPARE(model.attributes().get(u"_metadata"_s).get(u""_s).get(u"version"_s).toInt(), 1);
        // Optimizer state keyed by integer parameter ids.
        const PickleValue state = root.get(u"optimizer"_s).get(u"state"_s);
        QCOMPARE(state.size(), 2);
        QCOMPARE(state.key(0).kind(), Kind::Int);
        QVERIFY(state.get(qint64(0)).get(u"momentum_buffer"_s).tensor());
        const PickleValue groups = root.get(u"optimizer"_s).get(u"param_groups"_s);
        QCOMPARE(groups.at(0).get(u"lr"_s).toDouble(), 0.1);
        QCOMPARE(groups.at(0).get(u"params"_s).size(), 2);
        QCOMPARE(root.get(u"step"_s).toInt(), 7);
        QCOMPARE(root.get(u"name"_s).toString(), u"tiny"_s);
        QVERIFY(root.get(u"flag"_s).toBool());
        QCOMPARE(root.get(u"nothing"_s).kind(), Kind::None);
        QCOMPARE(root.get(u"bytes"_s).toBytes(), QByteArray("\x00\x01\xff", 3));
        QCOMPARE(root.get(u"shape"_s).kind(), Kind::Tuple);
        QCOMPARE(root.get(u"shape"_s).at(1).toInt(), 4);
        QCOMPARE(root.get(u"dtype"_s).globalName(), u"torch.bfloat16"_s);
        QCOMPARE(root.get(u"big"_s).kind(), Kind::BigInt);
        QCOMPARE(root.get(u"negative"_s).toInt(), -(qint64(1) << 40));
        // Two views of one storage share it; the second starts 4 elements in.
        const PickleValue shared = root.get(u"shared"_s);
        QCOMPARE(shared.at(0).tensor()->storage, shared.at(1).tensor()->storage);
        QCOMPARE(shared.at(1).tensor()->storageOffset, 4);
        TensorEntry e;
        QString problem;
        QVERIFY(file->describeTensor(*shared.at(1).tensor(), &e, &problem));
        const std::vector<double> got = logical(e);
        QCOMPARE(got.size(), size_t(8));
        QCOMPARE(got[0], base(1, 0));
        QCOMPARE(got[7], base(2, 3));
    }

    void refusedFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("os.system in __reduce__")
            << u"malicious_reduce.pt"_s << u"unsupported"_s << u"posix.system"_s;
        QTest::newRow("builtins.eval, protocol 4")
            << u"malicious_eval.pt"_s << u"unsupported"_s << u"builtins.eval"_s;
        QTest::newRow("legacy format") << u"legacy.pt"_s << u"unsupported"_s << u"legacy"_s;
    }
    void refusedFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, message);
        // Run where the payloads would create their marker file, then check it is not there.
        QTemporaryDir cwd;
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(cwd.path()));
        const QByteArray before = [&] {
            QFile f(fixture(file));
            return f.open(QIODevice::ReadOnly)
                       ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
                       : QByteArray();
        }();
        Error error;
        const auto t = readPtTensor(fixture(file), &error);
        const auto doc = TorchFile::open(Source::fromPath(fixture(file)), PickleOptions{}, &error);
        QDir::setCurrent(previous);
        QVERIFY(!t);
        QVERIFY(!doc);
        QCOMPARE(errorCodeId(error.code), code);
        QVERIFY2(error.message.contains(message), qPrintable(error.message));
        QVERIFY2(error.file.contains(file), qPrintable(error.file));
        QVERIFY(!QFile::exists(cwd.filePath(u"twinscope-pickle-executed"_s)));
        QFile f(fixture(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
    }

    void opaqueModeKeepsTheTensors()
    {
        // A checkpoint that also pickles an object: with opaqueObjects the tensor is still there
        // and the object is a placeholder (checkpoints, issue #13). Nothing is executed.
        PickleOptions options;
        options.opaqueObjects = true;
        Error error;
        QTemporaryDir cwd;
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(cwd.path()));
        const auto file =
            TorchFile::open(Source::fromPath(fixture(u"malicious_reduce.pt"_s)), options, &error);
        QDir::setCurrent(previous);
        QVERIFY2(file, qPrintable(error.toString()));
        QVERIFY(file->root().get(u"weight"_s).tensor());
        QCOMPARE(file->root().get(u"payload"_s).globalName(), u"posix.system"_s);
        QVERIFY(!QFile::exists(cwd.filePath(u"twinscope-pickle-executed"_s)));
    }

    void notATorchFile()
    {
        Error error;
        QVERIFY(!readPtTensor(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/reference/arrays.npu.npz"),
                              &error));
        QCOMPARE(error.code, ErrorCode::UnknownFormat);
        QVERIFY(error.message.contains(u"data.pkl"_s));
    }
};

QTEST_GUILESS_MAIN(TestTorchFile)
#include "tst_torchfile.moc"
