// Pairing, verdicts, first divergent tensor and NaN origin on generated pairs with a known truth
// (gen_dump_pair.py's truth.json) and on the real msprobe MindSpore-vs-PyTorch pair.
#include "common/testdata.h"
#include "core/dump/dumpcompare.h"
#include "core/dump/dumploader.h"
#include "core/dump/dumpseries.h"
#include "core/export/comparecsv.h"

#include <QBuffer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestDumpCompare : public QObject
{
    Q_OBJECT

private:
    static std::shared_ptr<const TensorDump> load(const QString &path)
    {
        ProgressSink progress;
        const auto r = loadDump(Source::fromPath(path), progress, CancelToken());
        if (!r.isOk())
            qWarning() << r.error().toString();
        return r.value();
    }
    static std::shared_ptr<const DumpComparison>
    compare(const QString &bench, const QString &npu, const CompareOptions &options = {})
    {
        auto b = load(bench), n = load(npu);
        if (!b || !n)
            return nullptr;
        ProgressSink progress;
        return compareDumps(b, n, options, progress, CancelToken()).value();
    }
    static void checkTruth(const QString &dir)
    {
        QFile f(dir + u"/truth.json"_s);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject truth = QJsonDocument::fromJson(f.readAll()).object();
        const auto c = compare(dir + u'/' + truth.value(u"bench"_s).toString(),
                               dir + u'/' + truth.value(u"npu"_s).toString());
        QVERIFY(c);
        QCOMPARE(c->rows.size(), truth.value(u"tensors"_s).toInt());
        QVERIFY(c->unmatchedBench.isEmpty() && c->unmatchedNpu.isEmpty());
        const QJsonObject first = truth.value(u"first_divergent"_s).toObject();
        QVERIFY(c->firstDivergent >= 0);
        const CompareRow &r = c->rows[c->firstDivergent];
        // msprobe's names (issue #24): the generator's truth names the tensor file.
        QString truthName = first.value(u"name"_s).toString();
        if (truthName.endsWith(u".npy"_s) &&
            c->bench->tensors[r.bench].name + u".npy"_s == truthName)
            truthName.chop(4);
        QCOMPARE(c->bench->tensors[r.bench].name, truthName);
        QCOMPARE(r.bench, first.value(u"index"_s).toInt());
        QVERIFY(r.origin);
        QCOMPARE(first.value(u"kind"_s).toString(), u"origin"_s);
        if (!c->statisticsMode)
            QVERIFY(std::fabs(r.metrics->cosine - first.value(u"cosine"_s).toDouble()) < 1e-9);
        const QJsonObject nan = truth.value(u"nan"_s).toObject();
        QVERIFY(c->nanOrigin >= 0);
        QCOMPARE(c->bench->tensors[c->rows[c->nanOrigin].bench].name + u".npy"_s ==
                         nan.value(u"name"_s).toString()
                     ? nan.value(u"name"_s).toString().chopped(4)
                     : nan.value(u"name"_s).toString(),
                 c->bench->tensors[c->rows[c->nanOrigin].bench].name);
        QCOMPARE(c->rows[c->nanOrigin].bench, nan.value(u"index"_s).toInt());
        // Everything before the planted divergence passes msprobe's accuracy rule.
        for (int i = 0; i < c->firstDivergent; ++i)
            QVERIFY2(!c->rows[i].divergent, qPrintable(c->bench->tensors[c->rows[i].bench].name));
    }

private slots:
    void committedPairs_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::newRow("dumper gzip") << QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper");
        QTest::newRow("msprobe statistics")
            << QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/msprobe_statistics");
    }
    void committedPairs()
    {
        QFETCH(QString, dir);
        checkTruth(dir);
    }

    // The other layouts are generated on the fly when Debian's numpy/h5py are there.
    void generatedPairs_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("dumper") << QStringList{u"--layout"_s, u"dumper"_s};
        QTest::newRow("flat") << QStringList{u"--layout"_s, u"flat"_s};
        QTest::newRow("npy") << QStringList{u"--layout"_s, u"npy"_s};
        QTest::newRow("msprobe tensor")
            << QStringList{u"--layout"_s, u"msprobe"_s, u"--task"_s, u"tensor"_s};
        QTest::newRow("no divergence")
            << QStringList{u"--layout"_s, u"flat"_s, u"--diverge-block"_s, u"9"_s};
    }
    void generatedPairs()
    {
        QFETCH(QStringList, args);
        const QString tool =
            QStringLiteral(TWINSCOPE_SOURCE_DIR "/../shared/tools/gen_dump_pair.py");
        if (!QFile::exists(tool) || !QFile::exists(u"/usr/bin/python3"_s))
            QSKIP("../shared/tools/gen_dump_pair.py (outside the repository) or /usr/bin/python3 "
                  "is not available");
        QTemporaryDir tmp;
        QProcess p;
        p.start(u"/usr/bin/python3"_s,
                QStringList{tool,
                            u"--out-dir"_s,
                            tmp.path(),
                            u"--mb"_s,
                            u"1"_s,
                            u"--blocks"_s,
                            u"3"_s,
                            u"--seed"_s,
                            u"7"_s} +
                    args);
        QVERIFY(p.waitForFinished(120000));
        if (p.exitCode() != 0 && p.readAllStandardError().contains("No module named"))
            QSKIP("numpy or h5py is missing for /usr/bin/python3");
        QCOMPARE(p.exitCode(), 0);
        if (args.contains(u"--diverge-block"_s)) {
            QFile f(tmp.path() + u"/truth.json"_s);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonObject truth = QJsonDocument::fromJson(f.readAll()).object();
            QVERIFY(truth.value(u"first_divergent"_s).isNull());
            const auto c = compare(tmp.path() + u"/bench.h5"_s, tmp.path() + u"/npu.h5"_s);
            QVERIFY(c);
            // No planted precision divergence: the first divergent tensor is where the NPU gains
            // NaN, and the header and the rows say so alike.
            QVERIFY(c->nanOrigin >= 0);
            QCOMPARE(c->firstDivergent, c->nanOrigin);
            QCOMPARE(c->rows[c->nanOrigin].verdict, Verdict::Error);
            for (int i = 0; i < c->firstDivergent; ++i)
                QVERIFY(c->rows[i].verdict != Verdict::Error);
            return;
        }
        checkTruth(tmp.path());
    }

    // The real MindSpore (NPU) vs PyTorch (bench) msprobe pair compares in statistics mode, with
    // the framework renames supplied as a mapping file.
    void realMsprobePair()
    {
        const QString dir = sharedData(u"dump/msprobe_ms_vs_pt_compare/"_s);
        CompareOptions options;
        QString error;
        QVERIFY(loadMappingFile(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/good/ms_to_pt_map.json"),
                                &options.mapping,
                                &error));
        const auto c = compare(dir + u"pytorch_data"_s, dir + u"mindspore_data"_s, options);
        QVERIFY(c);
        QVERIFY(c->statisticsMode);
        QVERIFY(c->rows.size() >= 25);
        int mapped = 0, statsCompared = 0;
        for (const CompareRow &r : c->rows) {
            mapped += r.match == PairMatch::Mapped;
            statsCompared += !std::isnan(r.stats.worst);
            // Statistics mode never pairs a forward tensor with a backward one.
            QCOMPARE(c->bench->tensors[r.bench].key.contains(u"backward"_s),
                     c->npu->tensors[r.npu].key.contains(u"backward"_s));
        }
        QVERIFY(mapped >= 10);
        QVERIFY(statsCompared >= 20);
        // Torch.cos <-> Mint.cos: identical statistics.
        bool cos = false;
        for (const CompareRow &r : c->rows) {
            if (c->bench->tensors[r.bench].key == u"Torch.cos.0.forward.output.0"_s) {
                cos = true;
                QCOMPARE(c->npu->tensors[r.npu].key, u"Mint.cos.0.forward.output.0"_s);
                QCOMPARE(r.verdict, Verdict::Pass);
                QCOMPARE(r.stats.normRel, 0.0);
            }
        }
        QVERIFY(cos);
        QBuffer csv;
        csv.open(QIODevice::WriteOnly);
        QVERIFY(writeCompareCsv(*c, &csv));
        // msprobe 8.3.3's statistics header (CompareConst.SUMMARY_COMPARE_RESULT_HEADER).
        QVERIFY(csv.data().startsWith(
            "NPU Name,Bench Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,"
            "NPU Requires_grad,Bench Requires_grad,Max diff,Min diff,Mean diff,L2norm diff,"
            "MaxRelativeErr,MinRelativeErr,MeanRelativeErr,NormRelativeErr,NPU max,NPU min,"
            "NPU mean,NPU l2norm,Bench max,Bench min,Bench mean,Bench l2norm,"
            "Requires_grad Consistent,Result,Err_message\n"));
        // Without the mapping, the renamed calls stay unmatched or fall back to weaker matching.
        const auto plain = compare(dir + u"pytorch_data"_s, dir + u"mindspore_data"_s);
        QVERIFY(plain);
        int plainMapped = 0;
        for (const CompareRow &r : plain->rows)
            plainMapped += r.match == PairMatch::Mapped;
        QCOMPARE(plainMapped, 0);
    }

    void tensorCsvHeader()
    {
        const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper/");
        const auto c = compare(dir + u"bench.h5"_s, dir + u"npu.h5"_s);
        QVERIFY(c);
        QBuffer csv;
        csv.open(QIODevice::WriteOnly);
        QVERIFY(writeCompareCsv(*c, &csv));
        const QList<QByteArray> lines = csv.data().split('\n');
        // msprobe 8.3.3's tensor-mode header (CompareConst.COMPARE_RESULT_HEADER + Data_name).
        QCOMPARE(lines.first(),
                 QByteArray("NPU Name,Bench Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,"
                            "Bench Tensor Shape,NPU Requires_grad,Bench Requires_grad,Cosine,"
                            "EucDist,MaxAbsErr,MaxRelativeErr,One Thousandth Err Ratio,"
                            "Five Thousandths Err Ratio,NPU max,NPU min,NPU mean,NPU l2norm,"
                            "Bench max,Bench min,Bench mean,Bench l2norm,Requires_grad Consistent,"
                            "Accuracy Reached or Not,Err_message,Data_name"));
    }

    // msprobe step/rank trees: runs pair by relative folder; the across-runs heatmap has one column
    // per run and the union of the tensors as rows.
    void series()
    {
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/series/");
        const auto runs = findDumpRuns(base + u"bench"_s);
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].first, u"step0/rank0"_s);
        ProgressSink progress;
        const auto r = compareDumpSeries(
            base + u"bench"_s, base + u"npu"_s, CompareOptions(), progress, CancelToken());
        QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
        const DumpSeries &s = *r.value();
        QCOMPARE(s.labels, (QStringList{u"step0/rank0"_s, u"step1/rank0"_s}));
        QCOMPARE(s.runs[0]->rows.size(), 83);
        QCOMPARE(s.runs[1]->rows.size(), 123);
        // Run 1 diverges in block 1 (truth: Functional.softmax.1.forward.output.0, index 55).
        const CompareRow &first = s.runs[1]->rows[s.runs[1]->firstDivergent];
        QCOMPARE(s.runs[1]->bench->tensors[first.bench].name,
                 u"Functional.softmax.1.forward.output.0"_s);
        QCOMPARE(first.bench, 55);
        const int norm = int(divergenceMetricNames(true).indexOf(u"ΔNorm"_s));
        const DivergenceMatrix m = buildSeriesMatrix(s, norm);
        QCOMPARE(m.columnCount(), 2);
        QCOMPARE(m.rowCount(), 123); // run 1 has one more block: its tensors extend the union
        int onlyRun1 = 0;
        for (int row = 0; row < m.rowCount(); ++row)
            onlyRun1 += std::isnan(m.at(row, 0)) && !std::isnan(m.at(row, 1));
        QCOMPARE(onlyRun1, 40);
        const int softmax1 = int(m.rowLabels.indexOf(u"Functional.softmax.1.forward.output.0"_s));
        QVERIFY(m.at(softmax1, 1) > 0.5);
        QCOMPARE(m.comparisonRow(softmax1, 1), s.runs[1]->firstDivergent);
    }

    void cancel()
    {
        const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper/");
        CancelToken token = CancelToken::create();
        token.cancel();
        const auto bench = load(dir + u"bench.h5"_s), npu = load(dir + u"npu.h5"_s);
        QVERIFY(bench && npu);
        ProgressSink progress;
        const auto r = compareDumps(bench, npu, CompareOptions(), progress, token);
        QVERIFY(r.isCanceled());
    }

    void threadsGiveIdenticalResults()
    {
        const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/dumper/");
        CompareOptions one;
        one.threads = 1;
        CompareOptions two;
        two.threads = 2;
        two.splitElements = 5000; // ranges of big pairs on both threads, merged in order
        const auto a = compare(dir + u"bench.h5"_s, dir + u"npu.h5"_s, one);
        const auto b = compare(dir + u"bench.h5"_s, dir + u"npu.h5"_s, two);
        QVERIFY(a && b);
        QCOMPARE(a->rows.size(), b->rows.size());
        for (int i = 0; i < a->rows.size(); ++i) {
            const PairMetrics &ma = *a->rows[i].metrics, &mb = *b->rows[i].metrics;
            QCOMPARE(ma.maxAbsErr, mb.maxAbsErr);
            QCOMPARE(ma.oneThousandthRatio, mb.oneThousandthRatio);
            QCOMPARE(ma.nanNpu, mb.nanNpu);
            QCOMPARE(ma.firstNonFiniteNpu, mb.firstNonFiniteNpu);
            // Sums grouped differently agree to rounding.
            const double ca = ma.cosine, cb = mb.cosine;
            QVERIFY(std::fabs(ca - cb) <= 1e-12 || (std::isnan(ca) && std::isnan(cb)));
            QVERIFY(std::fabs(ma.rmse - mb.rmse) <= 1e-12 * std::max(1.0, ma.rmse) ||
                    (std::isnan(ma.rmse) && std::isnan(mb.rmse)));
            QCOMPARE(a->rows[i].verdict, b->rows[i].verdict);
        }
        QCOMPARE(a->firstDivergent, b->firstDivergent);
        QCOMPARE(a->nanOrigin, b->nanOrigin);
        // The same split on 1 and 2 threads is bit-identical: ranges merge in a fixed order.
        CompareOptions oneSplit = two;
        oneSplit.threads = 1;
        const auto c = compare(dir + u"bench.h5"_s, dir + u"npu.h5"_s, oneSplit);
        QVERIFY(c);
        for (int i = 0; i < b->rows.size(); ++i) {
            const double x = b->rows[i].metrics->cosine, y = c->rows[i].metrics->cosine;
            QVERIFY(x == y || (std::isnan(x) && std::isnan(y)));
        }
    }
};

QTEST_GUILESS_MAIN(TestDumpCompare)
#include "tst_dumpcompare.moc"
