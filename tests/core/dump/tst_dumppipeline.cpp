// Issue #12 acceptance on real dumps, through runDumpPipeline / runSingleDumpPipeline (the function
// the Dumps tab and `twinscope-cli dumps` call):
// - tests/data/dump/msprobe_planted: msprobe 8.3.3's own PyTorch dumper, .pt tensors, tensor and
//   statistics mode, two steps, planted changes (its README): a run compared with itself gives no
//   error, bf16 autocast vs fp32 no error and no divergent tensor, the planted weight perturbation
//   is the first divergent tensor (origin), the step-1 scalar divide-by-zero the NaN origin of the
//   whole run;
// - tests/data/real_h100: the H100 CPU-fp32 vs GPU-AMP pair has no NaN origin (the causal mask's
//   -inf is shared), and its HDF5 and npy exports give identical verdicts.
#include "core/dump/compareresultreader.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestDumpPipeline : public QObject
{
    Q_OBJECT

private:
    static QString planted(const QString &mode, const QString &run)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/") + mode + u'/' + run;
    }
    static QString h100(const QString &file)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/real_h100/dump/") + file;
    }
    static std::shared_ptr<const DumpSeries>
    run(const QString &bench, const QString &npu, const QList<int> &steps = {})
    {
        DumpPipelineInput input;
        input.benchPath = bench;
        input.npuPath = npu;
        input.steps = steps;
        ProgressSink progress;
        const auto r = runDumpPipeline(input, progress, CancelToken());
        if (!r.isOk())
            qWarning() << r.error().toString();
        return r.isOk() ? r.value() : nullptr;
    }
    // The row's tensor name without msprobe's data-file suffix (tensor mode names rows by file).
    static QString name(const DumpComparison &c, int row)
    {
        QString n = c.bench->tensors[c.rows[row].bench].name;
        if (n.endsWith(u".pt"_s))
            n.chop(3);
        return n;
    }
    static void addModes()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("tensor") << u"tensor"_s;
        QTest::newRow("statistics") << u"statistics"_s;
    }

private slots:
    void plantedSelf_data() { addModes(); }
    void plantedSelf()
    {
        QFETCH(QString, mode);
        const auto s = run(planted(mode, u"bench"_s), planted(mode, u"bench"_s));
        QVERIFY(s);
        QCOMPARE(s->labels, (QStringList{u"step0/rank"_s, u"step1/rank"_s}));
        for (const auto &c : s->runs) {
            QCOMPARE(c->statisticsMode, mode == u"statistics"_s);
            QCOMPARE(c->rows.size(), 213);
            QCOMPARE(c->countVerdict(Verdict::Error), 0);
            QCOMPARE(c->countVerdict(Verdict::Warning), 0);
            QCOMPARE(c->countVerdict(Verdict::Pass), 213);
            QCOMPARE(c->firstDivergent, -1);
            QCOMPARE(c->nanOrigin, -1); // the causal mask's -inf is on both sides
            QCOMPARE(c->changedArguments, 0);
            QVERIFY(c->arguments.size() > 0); // non-tensor arguments are read and paired
            if (mode == u"tensor"_s)
                QVERIFY(c->bytesCompared > 0); // the .pt files were read, not only dump.json
        }
    }

    void plantedBf16_data() { addModes(); }
    void plantedBf16()
    {
        QFETCH(QString, mode);
        const auto s = run(planted(mode, u"bench"_s), planted(mode, u"bf16"_s));
        QVERIFY(s);
        QCOMPARE(s->runs.size(), 2);
        int bf16Rows = 0;
        for (const auto &c : s->runs) {
            QCOMPARE(c->countVerdict(Verdict::Error), 0);
            QCOMPARE(c->firstDivergent, -1);
            QCOMPARE(c->nanOrigin, -1);
            for (const CompareRow &r : c->rows) {
                QVERIFY(!r.divergent);
                bf16Rows += c->npu->tensors[r.npu].dtype == DType::BFloat16 &&
                            c->bench->tensors[r.bench].dtype == DType::Float32;
            }
        }
        QVERIFY(bf16Rows > 20); // the autocast really produced bf16 tensors against fp32 ones
        QCOMPARE(firstDivergingRun(*s), 0);
    }

    void plantedWeight_data() { addModes(); }
    void plantedWeight()
    {
        QFETCH(QString, mode);
        const auto s = run(planted(mode, u"bench"_s), planted(mode, u"weight"_s));
        QVERIFY(s);
        QCOMPARE(firstDivergingRun(*s), 0);
        const DumpComparison &c = *s->runs[0];
        QVERIFY(c.firstDivergent >= 0);
        QCOMPARE(name(c, c.firstDivergent), u"Functional.linear.2.forward.input.1"_s);
        QVERIFY(c.rows[c.firstDivergent].origin);
        QVERIFY(!c.bench->tensors[c.rows[c.firstDivergent].bench].isOutput); // the weight
        for (int i = 0; i < c.firstDivergent; ++i)
            QVERIFY2(!c.rows[i].divergent, qPrintable(name(c, i)));
        QCOMPARE(c.nanOrigin, -1);
        QCOMPARE(c.changedArguments, 0);
        if (mode == u"tensor"_s)
            QCOMPARE(c.rows[c.firstDivergent].verdict, Verdict::Error);
    }

    void plantedDivZeroWholeRun_data() { addModes(); }
    void plantedDivZeroWholeRun()
    {
        QFETCH(QString, mode);
        const auto s = run(planted(mode, u"bench"_s), planted(mode, u"divzero"_s));
        QVERIFY(s);
        QCOMPARE(s->runs.size(), 2);
        // Step 0 is untouched; step 1 gains NaN/Inf at the division by the zeroed scalar.
        QCOMPARE(s->runs[0]->countVerdict(Verdict::Error), 0);
        QCOMPARE(s->runs[0]->nanOrigin, -1);
        QCOMPARE(firstDivergingRun(*s), 1);
        const DumpComparison &c = *s->runs[1];
        QCOMPARE(runId(s->labels[1]).step, 1);
        QVERIFY(c.nanOrigin >= 0);
        QCOMPARE(name(c, c.nanOrigin), u"Tensor.__truediv__.0.forward.output.0"_s);
        QCOMPARE(c.firstDivergent, c.nanOrigin);
        QVERIFY(c.rows[c.nanOrigin].origin);
        QVERIFY(c.rows[c.nanOrigin].nonFiniteGained);
        // The cause is visible: the divisor, a non-tensor argument, changed.
        QCOMPARE(c.changedArguments, 1);
        for (const ArgumentDiff &a : c.arguments)
            if (a.changed)
                QCOMPARE(c.npu->arguments[a.npu].number, 0.0);
        // --step 1 alone gives the same run.
        const auto only = run(planted(mode, u"bench"_s), planted(mode, u"divzero"_s), {1});
        QVERIFY(only);
        QCOMPARE(only->labels, QStringList{u"step1/rank"_s});
        QCOMPARE(only->runs[0]->nanOrigin, c.nanOrigin);
    }

    // msprobe 8.3.3's own compare of the weight pair (kept as its .xlsx) opens as a comparison
    // whose first divergent tensor is the one Twinscope finds.
    void msprobeResultAgrees()
    {
        DumpPipelineInput input;
        input.benchPath = QStringLiteral(
            TWINSCOPE_TEST_DATA "/dump/compare_result/msprobe833_tensor_weight_step0.xlsx");
        QVERIFY(isCompareResultPath(input.benchPath));
        ProgressSink progress;
        const auto r = runDumpPipeline(input, progress, CancelToken());
        QVERIFY2(r.isOk(), qPrintable(r.isOk() ? QString() : r.error().toString()));
        const DumpComparison &c = *r.value()->runs[0];
        QVERIFY(c.firstDivergent >= 0);
        QCOMPARE(c.bench->tensors[c.rows[c.firstDivergent].bench].name,
                 u"Functional.linear.2.forward.input.1"_s);
        QCOMPARE(c.nanOrigin, -1);
    }

    void realH100HdfAndNpyAgree()
    {
        const auto h5 = run(h100(u"cpu_fp32.h5"_s), h100(u"gpu_fp16amp.h5"_s));
        const auto npy = run(h100(u"npy_cpu_fp32"_s), h100(u"npy_gpu_fp16amp"_s));
        QVERIFY(h5 && npy);
        const DumpComparison &a = *h5->runs[0], &b = *npy->runs[0];
        QCOMPARE(a.rows.size(), 73);
        QCOMPARE(b.rows.size(), a.rows.size());
        QCOMPARE(a.nanOrigin, -1);
        QCOMPARE(b.nanOrigin, -1);
        QCOMPARE(a.firstDivergent, b.firstDivergent);
        for (Verdict v : {Verdict::Pass, Verdict::Warning, Verdict::Error, Verdict::Unmatched})
            QCOMPARE(a.countVerdict(v), b.countVerdict(v));
        // The mask's -inf is really there, on both sides, at the same positions.
        int shared = 0;
        for (const CompareRow &r : a.rows)
            shared += r.npuNonFinite && !r.nonFiniteGained;
        QVERIFY(shared > 0);
    }

    // Valid data at a file offset that is not a multiple of its element size (an HDF5 contiguous
    // dataset after odd-sized data, numpy.savez members) is read whole, not "ended early".
    void misalignedData()
    {
        const QString h5 = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/misaligned/misaligned.h5");
        const QString npz = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/reference/arrays.bench.npz");
        for (const QString &path : {h5, npz}) {
            const auto s = run(path, path);
            QVERIFY2(s, qPrintable(path));
            const DumpComparison &c = *s->runs[0];
            QVERIFY(c.rows.size() >= 2);
            QCOMPARE(c.countVerdict(Verdict::Pass), int(c.rows.size()));
            for (const CompareRow &r : c.rows)
                QCOMPARE(r.metrics->count, c.bench->tensors[r.bench].numel());
        }
        ProgressSink progress;
        const auto r = runSingleDumpPipeline({h5, {}, {}, 0, {}, {}}, progress, CancelToken());
        QVERIFY(r.isOk());
        const OverflowAnalysis &a = *r.value()->runs[0];
        QCOMPARE(a.dump->tensors.size(), 3);
        QCOMPARE(a.tensors[1].stats.max, 2.862344980239868); // x, float32 from offset 2051
        QCOMPARE(a.tensors[1].stats.min, -2.967830181121826);
        QCOMPARE(a.tensors[2].stats.max, 2.8786311045424564); // y, float64 from offset 6051
        QCOMPARE(a.tensors[2].stats.min, -2.743748607539508);
    }

    // One dump alone: the overflow origin, with the causal mask (a masked_fill to -inf) excepted
    // in every reading of the same run.
    void singleSideOverflow()
    {
        auto analyse = [](const QString &path) -> std::shared_ptr<const OverflowSeries> {
            ProgressSink progress;
            const auto r = runSingleDumpPipeline({path, {}, {}, 0, {}, {}}, progress, CancelToken());
            if (!r.isOk())
                qWarning() << r.error().toString();
            return r.isOk() ? r.value() : nullptr;
        };
        for (const QString &path : {h100(u"gpu_fp16amp.h5"_s),
                                    h100(u"npy_gpu_fp16amp"_s),
                                    planted(u"tensor"_s, u"bench"_s),
                                    planted(u"statistics"_s, u"bench"_s)}) {
            const auto s = analyse(path);
            QVERIFY2(s, qPrintable(path));
            for (const auto &a : s->runs) {
                QVERIFY2(a->nonFiniteTensors > 0, qPrintable(path)); // the mask
                QVERIFY2(a->origin < 0, qPrintable(path));
            }
        }
        for (const QString &mode : {u"tensor"_s, u"statistics"_s}) {
            const auto s = analyse(planted(mode, u"divzero"_s));
            QVERIFY(s);
            QCOMPARE(s->runs.size(), 2);
            QCOMPARE(firstOverflowRun(*s), 1);
            const OverflowAnalysis &a = *s->runs[1];
            QVERIFY(a.origin >= 0);
            QString n = a.dump->tensors[a.origin].name;
            if (n.endsWith(u".pt"_s))
                n.chop(3);
            QCOMPARE(n, u"Tensor.__truediv__.0.forward.output.0"_s);
        }
    }
};

QTEST_GUILESS_MAIN(TestDumpPipeline)
#include "tst_dumppipeline.moc"
