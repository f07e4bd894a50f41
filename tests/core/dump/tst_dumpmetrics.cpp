// Streaming metrics against a float64 numpy reference (tests/dump/make_reference.py).
#include "core/dump/dumpcompare.h"
#include "core/dump/dumploader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestDumpMetrics : public QObject
{
    Q_OBJECT

private:
    static QString dir() { return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/reference/"); }
    static std::shared_ptr<const TensorDump> load(const QString &file)
    {
        ProgressSink progress;
        const auto r = loadDump(Source::fromPath(dir() + file), progress, CancelToken());
        if (!r.isOk())
            qWarning() << r.error().toString();
        return r.value();
    }
    static void compareValue(const QString &what, double got, const QJsonValue &want)
    {
        if (want.isNull()) {
            QVERIFY2(std::isnan(got),
                     qPrintable(what + u": expected NaN, got "_s + QString::number(got, 'g', 17)));
            return;
        }
        const double w = want.toDouble();
        const double tolerance = 1e-9 * std::max(std::fabs(w), 1e-300);
        QVERIFY2(std::fabs(got - w) <= tolerance || got == w,
                 qPrintable(what + u": got "_s + QString::number(got, 'g', 17) + u", numpy "_s +
                            QString::number(w, 'g', 17)));
    }

private slots:
    void metrics_data()
    {
        QTest::addColumn<QJsonObject>("ref");
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<qint64>("split");
        QFile f(dir() + u"reference.json"_s);
        const QJsonArray cases =
            f.open(QIODevice::ReadOnly)
                ? QJsonDocument::fromJson(f.readAll()).object().value(u"cases"_s).toArray()
                : QJsonArray();
        // Without cases one row still runs and fails: a data table with no rows, or a check
        // failing before any row is added, makes QFETCH abort the whole program.
        if (cases.isEmpty())
            QTest::newRow("no cases") << QJsonObject() << qint64(0) << qint64(0);
        for (const QJsonValue &c : cases) {
            const QJsonObject o = c.toObject();
            // A tiny chunk crosses chunk and hyperslab boundaries; the default one reads whole
            // tensors.
            // ... and a small split cuts pairs into element ranges merged afterwards.
            for (qint64 chunk : {qint64(97), qint64(1) << 18})
                QTest::addRow("%s/%lld", qPrintable(o.value(u"name"_s).toString()), chunk)
                    << o << chunk << qint64(0);
            QTest::addRow("%s/split", qPrintable(o.value(u"name"_s).toString()))
                << o << qint64(64) << qint64(301);
        }
        QVERIFY2(cases.size() >= 15, qPrintable(f.fileName()));
    }
    void metrics()
    {
        QFETCH(QJsonObject, ref);
        QFETCH(qint64, chunk);
        QFETCH(qint64, split);
        const auto bench = load(ref.value(u"bench"_s).toString());
        const auto npu = load(ref.value(u"npu"_s).toString());
        QVERIFY(bench && npu);
        CompareOptions options;
        options.chunkElements = chunk;
        options.computeKl = true;
        options.splitElements = split;
        ProgressSink progress;
        const auto r = compareDumps(bench, npu, options, progress, CancelToken());
        QVERIFY(r.isOk());
        const QString tensor = ref.value(u"tensor"_s).toString();
        const CompareRow *row = nullptr;
        for (const CompareRow &cr : r.value()->rows)
            if (tensor.isEmpty() || bench->tensors[cr.bench].name == tensor)
                row = &cr;
        QVERIFY(row);
        if (ref.contains(u"dtype"_s))
            QCOMPARE(dtypeId(bench->tensors[row->bench].dtype), ref.value(u"dtype"_s).toString());
        const PairMetrics &m = *row->metrics;
        QCOMPARE(m.count, ref.value(u"count"_s).toInteger());
        QCOMPARE(m.nanNpu, ref.value(u"nan_npu"_s).toInteger());
        QCOMPARE(m.infNpu, ref.value(u"inf_npu"_s).toInteger());
        QCOMPARE(m.nanBench, ref.value(u"nan_bench"_s).toInteger());
        QCOMPARE(m.infBench, ref.value(u"inf_bench"_s).toInteger());
        compareValue(u"cosine"_s, m.cosine, ref.value(u"cosine"_s));
        compareValue(u"max_abs_err"_s, m.maxAbsErr, ref.value(u"max_abs_err"_s));
        compareValue(u"max_rel_err"_s, m.maxRelErr, ref.value(u"max_rel_err"_s));
        compareValue(u"mean_abs_err"_s, m.meanAbsErr, ref.value(u"mean_abs_err"_s));
        compareValue(u"rmse"_s, m.rmse, ref.value(u"rmse"_s));
        compareValue(u"rel_euclidean"_s, m.relEuclidean, ref.value(u"rel_euclidean"_s));
        compareValue(
            u"one_thousandth_ratio"_s, m.oneThousandthRatio, ref.value(u"one_thousandth_ratio"_s));
        compareValue(u"five_thousandth_ratio"_s,
                     m.fiveThousandthRatio,
                     ref.value(u"five_thousandth_ratio"_s));
        compareValue(
            u"allclose_pass_share"_s, m.allclosePassShare, ref.value(u"allclose_pass_share"_s));
        // KL sums p·ln(p/q) over many near-equal terms: agree to 1e-9 absolute or relative.
        const QJsonValue kl = ref.value(u"kl"_s);
        if (kl.isNull())
            QVERIFY(std::isnan(m.klDivergence));
        else
            QVERIFY2(std::fabs(m.klDivergence - kl.toDouble()) <=
                         1e-9 * std::max(1e-3, std::fabs(kl.toDouble())),
                     qPrintable(u"kl: got %1, numpy %2"_s.arg(m.klDivergence, 0, 'g', 17)
                                    .arg(kl.toDouble(), 0, 'g', 17)));
    }

    void accumulatorEdgeCases()
    {
        // METRICS.md §2 worked example: N = [1e-3, 2.0], B = [0, 2.002].
        PairAccumulator acc(0, 0);
        const double n[] = {1e-3, 2.0}, b[] = {0.0, 2.002};
        acc.add(n, b, 2);
        const PairMetrics m = acc.finish(1);
        QVERIFY(std::fabs(m.maxRelErr - 1e-3 / 2.220446049250313e-16) / m.maxRelErr < 1e-6);
        QCOMPARE(m.oneThousandthRatio, 0.5);
        QVERIFY(std::fabs(m.maxRelErrMsaccucmp - 0.002 / 2.002) < 1e-12);
        QVERIFY(std::fabs(m.meanRelErrMsaccucmp - 0.002 / 2.002 / 2) < 1e-12);
        // 0-d: no cosine, no ratios, but the absolute error is there.
        PairAccumulator scalar(0, 0);
        const double x = 3, y = 2;
        scalar.add(&x, &y, 1);
        const PairMetrics s = scalar.finish(0);
        QVERIFY(std::isnan(s.cosine));
        QVERIFY(std::isnan(s.oneThousandthRatio));
        QCOMPARE(s.maxAbsErr, 1.0);
        QVERIFY(s.message.contains(u"0-d"_s));
        // All-zero NPU only: cosine NaN with msprobe's message.
        PairAccumulator zero(0, 0);
        const double z[] = {0, 0}, one[] = {1, 1};
        zero.add(z, one, 2);
        const PairMetrics zm = zero.finish(1);
        QVERIFY(std::isnan(zm.cosine));
        QVERIFY(zm.message.contains(u"npu dump data"_s));
    }
};

QTEST_GUILESS_MAIN(TestDumpMetrics)
#include "tst_dumpmetrics.moc"
