// The safetensors reader (issue #13): header, values, and headers that lie.
#include "core/checkpoint/safetensorsreader.h"
#include "core/dump/npyreader.h"
#include "testhelpers_checkpoint.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_SafetensorsReader : public QObject
{
    Q_OBJECT

private:
    static Result<TensorDump> load(const QString &path)
    {
        ProgressSink progress;
        return loadSafetensors(Source::fromPath(path), progress, CancelToken());
    }
    static QString write(QTemporaryDir &dir, const QByteArray &header, const QByteArray &data)
    {
        const QString path = dir.filePath(u"x.safetensors"_s);
        QFile f(path);
        f.open(QIODevice::WriteOnly | QIODevice::Truncate);
        char length[8];
        qToLittleEndian<quint64>(quint64(header.size()), length);
        f.write(length, 8);
        f.write(header);
        f.write(data);
        return path;
    }

private slots:
    void tensorsAndValues()
    {
        const auto r = load(checkpointData(u"good/net.safetensors"_s));
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        QVERIFY(r.diagnostics().isEmpty());
        const TensorDump &d = *r.value();
        QCOMPARE(d.format, u"safetensors"_s);
        QCOMPARE(d.tensors.size(), 25);
        // Natural name order: the header's JSON object has none of its own.
        QCOMPARE(d.tensors.first().name, u"bn1.bias"_s);
        const TensorEntry *count = findTensor(d, u"bn1.num_batches_tracked"_s);
        QCOMPARE(count->dtype, DType::Int64);
        QCOMPARE(count->shape, QList<qint64>{});
        ProgressSink progress;
        const auto npz = loadNpzDump(
            Source::fromPath(checkpointData(u"good/net.npz"_s)), progress, CancelToken());
        QVERIFY(npz.isOk());
        QString error;
        for (const TensorEntry &t : npz.value()->tensors) {
            const TensorEntry *s = findTensor(d, t.name);
            QVERIFY2(s, qPrintable(t.name));
            QCOMPARE(s->shape, t.shape);
            QVERIFY2(tensorValues(*s, &error) == tensorValues(t, &error), qPrintable(t.name));
        }
    }

    void lyingHeaders_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        QTest::newRow("offsets past the data")
            << u"st_offsets_past_end.safetensors"_s << u"safetensors_bad_entry"_s << u"run past"_s;
        QTest::newRow("size of dtype x shape")
            << u"st_wrong_size.safetensors"_s << u"safetensors_bad_entry"_s << u"needs 8"_s;
        QTest::newRow("overlapping ranges")
            << u"st_overlap.safetensors"_s << u"safetensors_overlap"_s << u"share bytes"_s;
    }
    // A header that lies about one tensor: a warning naming the entry, the rest readable.
    void lyingHeaders()
    {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        QFETCH(QString, text);
        const auto r = load(checkpointData(u"broken/"_s + file));
        QVERIFY(r.isOk());
        QCOMPARE(r.diagnostics().count(kind), 1);
        const auto &e = r.diagnostics().entries().first();
        QVERIFY2(e.message.contains(u"a.bias"_s) && e.message.contains(text),
                 qPrintable(e.message));
        QCOMPARE(e.first.first().detail, u"a.bias"_s);
        QString error;
        QCOMPARE(tensorValues(*findTensor(*r.value(), u"a.weight"_s), &error),
                 (std::vector<double>{0, 1, 2, 3, 4, 5}));
        if (kind == u"safetensors_bad_entry"_s) {
            const TensorEntry *bias = findTensor(*r.value(), u"a.bias"_s);
            QVERIFY(bias->unreadable().contains(file) && bias->unreadable().contains(u"a.bias"_s));
        }
    }

    void brokenHeadersFail_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("code");
        QTest::newRow("length past the file")
            << u"st_header_too_long.safetensors"_s << int(ErrorCode::Truncated);
        QTest::newRow("not JSON") << u"st_not_json.safetensors"_s << int(ErrorCode::Malformed);
    }
    void brokenHeadersFail()
    {
        QFETCH(QString, file);
        QFETCH(int, code);
        const auto r = load(checkpointData(u"broken/"_s + file));
        QVERIFY(r.isFailed());
        QCOMPARE(int(r.error().code), code);
        QVERIFY(r.error().file.endsWith(file));
    }

    void handMadeHeaders()
    {
        QTemporaryDir dir;
        const QByteArray data(8, '\0');
        // float8 is not read; a shape with a negative or fractional axis is not a shape.
        auto r = load(write(dir,
                            R"({"f8": {"dtype": "F8_E4M3", "shape": [8], "data_offsets": [0, 8]},
                                "neg": {"dtype": "U8", "shape": [-1], "data_offsets": [0, 1]},
                                "frac": {"dtype": "U8", "shape": [1.5], "data_offsets": [0, 1]},
                                "big": {"dtype": "F32", "shape": [4611686018427387904, 8],
                                        "data_offsets": [0, 8]},
                                "ok": {"dtype": "U8", "shape": [2, 4], "data_offsets": [0, 8]},
                                "__metadata__": {"format": "pt"}})",
                            data));
        QVERIFY(r.isOk());
        QCOMPARE(r.value()->tensors.size(), 5);
        QCOMPARE(r.diagnostics().count(u"safetensors_bad_entry"_s), 4);
        QVERIFY(findTensor(*r.value(), u"ok"_s)->unreadable().isEmpty());
        for (const char *bad : {"f8", "neg", "frac", "big"})
            QVERIFY(!findTensor(*r.value(), QString::fromUtf8(bad))->unreadable().isEmpty());
        // Too short for the length, and a top-level array.
        const QString tiny = dir.filePath(u"tiny.safetensors"_s);
        QFile f(tiny);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("abc");
        f.close();
        QCOMPARE(load(tiny).error().code, ErrorCode::Malformed);
        QVERIFY(load(write(dir, "[1, 2]", {})).isFailed());
    }

    void entryCap()
    {
        // More tensors than the cap: refused before the header is parsed, naming the option.
        QTemporaryDir dir;
        QByteArray header = "{";
        for (int i = 0; i < 3; ++i)
            header += (i ? "," : "") + QByteArray("\"t") + QByteArray::number(i) +
                      "\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[" +
                      QByteArray::number(4 * i) + "," + QByteArray::number(4 * i + 4) + "]}";
        header += '}';
        const QString path = write(dir, header, QByteArray(12, '\0'));
        ProgressSink progress;
        const auto capped = loadSafetensors(Source::fromPath(path), progress, CancelToken(), 2);
        QVERIFY(capped.isFailed());
        QCOMPARE(capped.error().code, ErrorCode::TooLarge);
        QVERIFY(capped.error().message.contains(u"--max-entries"_s));
        QVERIFY(capped.error().offset > 8);
        const auto fits = loadSafetensors(Source::fromPath(path), progress, CancelToken(), 3);
        QVERIFY(fits.isOk());
        QCOMPARE(fits.value()->tensors.size(), 3);
    }

    void prefixSweep()
    {
        QFile f(checkpointData(u"good/net.safetensors"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        int ok = 0;
        for (int i = 1; i <= 100; ++i) {
            ProgressSink progress;
            const auto r = loadSafetensors(
                Source::fromBytes(all.left(all.size() * i / 100), u"cut.safetensors"_s),
                progress,
                CancelToken());
            QVERIFY(r.isOk() || (r.isFailed() && !r.error().message.isEmpty()));
            ok += r.isOk();
            // A cut inside the data keeps the header: the tensors past the cut are flagged.
            if (r.isOk() && i < 100)
                QVERIFY(r.diagnostics().count(u"safetensors_bad_entry"_s) > 0);
        }
        QVERIFY(ok > 50);
    }
};

QTEST_GUILESS_MAIN(tst_SafetensorsReader)
#include "tst_safetensorsreader.moc"
