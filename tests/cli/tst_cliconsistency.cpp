// One answer everywhere (issue #23): the same inputs through every command that concludes on a
// pair of timelines (tracediff, triage) give the same steps, step times, ratio and top cause.
// Inputs: the planted GPU-vs-NPU pair, a legacy PyTorch profiler pair (host only) with and
// without plants, and HTA's own trace_diff control/test pair (real Kineto traces).
#include "testhelpers_cli.h"

#include <QDebug>
#include <QJsonArray>
#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/");

struct Pair
{
    QString baseline, target;
};

Pair gpuNpu()
{
    return {Data + u"tracediff/gpu_npu/baseline.json"_s, Data + u"tracediff/gpu_npu/target.json"_s};
}
Pair legacyPlanted()
{
    return {Data + u"legacy/baseline.json"_s, Data + u"legacy/planted.json"_s};
}
Pair legacyPlain()
{
    return {Data + u"legacy/baseline.json"_s, Data + u"legacy/plain.json"_s};
}
Pair hta()
{
    return {Data + u"hta_trace_diff/control.json.gz"_s, Data + u"hta_trace_diff/test.json.gz"_s};
}

QJsonObject traceDiff(const Pair &p)
{
    const CliRun r = runCli({u"tracediff"_s, u"--json"_s, p.baseline, p.target}, 300000);
    if (r.exitCode != 0)
        qWarning() << r.err;
    return r.json();
}

QJsonObject triage(const Pair &p)
{
    const CliRun r = runCli({u"triage"_s, u"--json"_s, p.baseline, p.target}, 300000);
    if (r.exitCode != 0)
        qWarning() << r.err;
    return r.json();
}

// The trace.* findings of a triage answer, problems first then the clear statements.
QList<QJsonObject> traceFindings(const QJsonObject &triage)
{
    QList<QJsonObject> out;
    for (const QString &list : {u"findings"_s, u"clear"_s}) {
        for (const QJsonValue &v : triage.value(list).toArray()) {
            if (v.toObject().value(u"code"_s).toString().startsWith(u"trace."_s))
                out << v.toObject();
        }
    }
    return out;
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

QJsonObject opNamed(const QJsonObject &diff, const QString &name)
{
    for (const QJsonValue &v : diff.value(u"ops"_s).toArray()) {
        if (v.toObject().value(u"name"_s).toString() == name)
            return v.toObject();
    }
    return {};
}

double categoryDelta(const QJsonObject &diff, const QString &name)
{
    for (const QJsonValue &v : diff.value(u"categories"_s).toArray()) {
        if (v.toObject().value(u"name"_s).toString() == name)
            return v.toObject().value(u"delta_us"_s).toDouble();
    }
    return 0.0;
}

// The first op row that differs: the top cause tracediff, Compare and the report name.
QJsonObject topOp(const QJsonObject &diff)
{
    for (const QJsonValue &v : diff.value(u"ops"_s).toArray()) {
        if (v.toObject().value(u"state"_s).toString() != u"same"_s)
            return v.toObject();
    }
    return {};
}

} // namespace

class tst_CliConsistency : public QObject
{
    Q_OBJECT

private slots:
    void legacyExportIsPyTorch();
    void sameStepsRatioAndCause_data();
    void sameStepsRatioAndCause();
    void legacyPlantedPair();
    void legacyPlainPairMatches();
    void htaPairHeadsWithACause();
    void logFolderIsSearched();
};

void tst_CliConsistency::legacyExportIsPyTorch()
{
    const CliRun r = runCli({u"detect"_s, u"--json"_s, legacyPlanted().target});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject f = r.json().value(u"files"_s).toArray().at(0).toObject();
    QCOMPARE(f.value(u"kind"_s).toString(), u"trace"_s);
    QCOMPARE(f.value(u"producer"_s).toString(), u"pytorch_legacy"_s);
}

void tst_CliConsistency::sameStepsRatioAndCause_data()
{
    QTest::addColumn<QString>("baseline");
    QTest::addColumn<QString>("target");
    QTest::newRow("gpu-npu") << gpuNpu().baseline << gpuNpu().target;
    QTest::newRow("legacy host-only") << legacyPlanted().baseline << legacyPlanted().target;
    QTest::newRow("HTA trace_diff") << hta().baseline << hta().target;
}

void tst_CliConsistency::sameStepsRatioAndCause()
{
    QFETCH(QString, baseline);
    QFETCH(QString, target);
    const Pair p{baseline, target};
    const QJsonObject d = traceDiff(p);
    const QJsonObject b = d.value(u"baseline"_s).toObject(), t = d.value(u"target"_s).toObject();
    QVERIFY(b.value(u"step_us"_s).toDouble() > 0);
    // The step model: steady steps, named.
    QCOMPARE(b.value(u"step_policy"_s).toString(), u"steady"_s);
    QVERIFY(!strings(b.value(u"steps_used"_s)).isEmpty());
    const double ratio = t.value(u"step_us"_s).toDouble() / b.value(u"step_us"_s).toDouble();
    const QList<QJsonObject> findings = traceFindings(triage(p));
    QJsonObject first; // the step finding: slower, or a match
    for (const QJsonObject &f : findings) {
        const QString code = f.value(u"code"_s).toString();
        if (first.isEmpty() && (code == u"trace.step_slower"_s || code == u"trace.steps_match"_s))
            first = f;
    }
    QVERIFY(!first.isEmpty());
    const QJsonObject e = first.value(u"evidence"_s).toObject();
    // Same step times, same ratio, same steps.
    QVERIFY(qAbs(e.value(u"benchmark_step_ns"_s).toDouble() / 1000.0 -
                 b.value(u"step_us"_s).toDouble()) < 1e-6 * b.value(u"step_us"_s).toDouble());
    QVERIFY(qAbs(e.value(u"test_step_ns"_s).toDouble() / 1000.0 -
                 t.value(u"step_us"_s).toDouble()) < 1e-6 * t.value(u"step_us"_s).toDouble());
    QVERIFY(qAbs(e.value(u"ratio"_s).toDouble() - ratio) < 1e-9 * ratio);
    QCOMPARE(strings(e.value(u"benchmark_steps_used"_s)), strings(b.value(u"steps_used"_s)));
    QCOMPARE(strings(e.value(u"test_steps_used"_s)), strings(t.value(u"steps_used"_s)));
    // The same ratio as printed: tracediff's text and the finding's text.
    const QString printed = QLocale::c().toString(ratio, 'f', 2) + u"×"_s;
    const CliRun text = runCli({u"tracediff"_s, p.baseline, p.target}, 300000);
    QVERIFY2(QString::fromUtf8(text.out).contains(u"target / baseline: "_s + printed),
             text.out.constData());
    if (first.value(u"code"_s).toString() == u"trace.step_slower"_s)
        QVERIFY2(first.value(u"text"_s).toString().contains(u"("_s + printed + u")"_s),
                 qPrintable(first.value(u"text"_s).toString()));
    // The top cause: never a synchronisation, in the diff and in the findings.
    const QJsonObject top = topOp(d);
    QVERIFY(!top.isEmpty());
    QVERIFY2(!top.value(u"symptom"_s).toBool(), qPrintable(top.value(u"name"_s).toString()));
    for (const QJsonObject &f : findings) {
        if (f.value(u"code"_s).toString() != u"trace.op_slower"_s)
            continue;
        const QString op = f.value(u"evidence"_s).toObject().value(u"op"_s).toString();
        QVERIFY2(!op.contains(u"item"_s) && !op.contains(u"_local_scalar_dense"_s) &&
                     !op.contains(u"Synchronize"_s),
                 qPrintable(op));
    }
}

void tst_CliConsistency::legacyPlantedPair()
{
    const QJsonObject d = traceDiff(legacyPlanted());
    const QJsonObject b = d.value(u"baseline"_s).toObject(), t = d.value(u"target"_s).toObject();
    // Six steps and a stub: #0 is the warm-up, #6 the stub the profiler left.
    QCOMPARE(b.value(u"steps"_s).toInt(), 7);
    QCOMPARE(strings(b.value(u"steps_used"_s)),
             (QStringList{u"ProfilerStep#1"_s,
                          u"ProfilerStep#2"_s,
                          u"ProfilerStep#3"_s,
                          u"ProfilerStep#4"_s,
                          u"ProfilerStep#5"_s}));
    QCOMPARE(b.value(u"warmup_step"_s).toString(), u"ProfilerStep#0"_s);
    QCOMPARE(strings(b.value(u"unfinished_steps"_s)), QStringList{u"ProfilerStep#6"_s});
    // The added op, 20 calls a step.
    const QJsonObject cumsum = opNamed(d, u"aten::cumsum"_s);
    QCOMPARE(cumsum.value(u"state"_s).toString(), u"added"_s);
    QCOMPARE(cumsum.value(u"level"_s).toString(), u"framework"_s);
    QVERIFY(qAbs(cumsum.value(u"target_count"_s).toDouble() - 20.0) < 1e-9);
    QCOMPARE(cumsum.value(u"baseline_count"_s).toDouble(), 0.0);
    // The 20 ms sleep is data loading (±25 %); the host's busy time is host work, not idle.
    const double loading = categoryDelta(d, u"data_loading"_s);
    QVERIFY2(loading > 15000 && loading < 25000, qPrintable(QString::number(loading)));
    double idle = 0;
    for (const QJsonValue &v : d.value(u"categories"_s).toArray()) {
        if (v.toObject().value(u"name"_s).toString() == u"idle"_s)
            idle = v.toObject().value(u"baseline_us"_s).toDouble();
    }
    QVERIFY2(idle < 0.05 * b.value(u"step_us"_s).toDouble(), qPrintable(QString::number(idle)));
    // triage: a step_slower finding naming data loading first.
    const QList<QJsonObject> f = traceFindings(triage(legacyPlanted()));
    QString text;
    for (const QJsonObject &x : f) {
        if (x.value(u"code"_s).toString() == u"trace.step_slower"_s)
            text = x.value(u"text"_s).toString();
    }
    QVERIFY2(!text.isEmpty(), "no trace.step_slower finding");
    QVERIFY2(text.contains(u"Data loading"_s), qPrintable(text));
    QVERIFY2(text.indexOf(u"Data loading"_s) < text.indexOf(u"Host"_s) || !text.contains(u"Host"_s),
             qPrintable(text));
    bool cumsumNamed = false;
    for (const QJsonObject &x : f)
        cumsumNamed = cumsumNamed || x.value(u"evidence"_s).toObject().value(u"op"_s).toString() ==
                                         u"aten::cumsum"_s;
    QVERIFY(cumsumNamed);
}

void tst_CliConsistency::legacyPlainPairMatches()
{
    const QJsonObject o = triage(legacyPlain());
    QStringList problems;
    for (const QJsonValue &v : o.value(u"findings"_s).toArray())
        problems << v.toObject().value(u"code"_s).toString();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u", "_s)));
    const QList<QJsonObject> f = traceFindings(o);
    QCOMPARE(f.size(), 1);
    QCOMPARE(f.front().value(u"code"_s).toString(), u"trace.steps_match"_s);
    const QJsonObject d = traceDiff(legacyPlain());
    for (const QJsonValue &v : d.value(u"ops"_s).toArray()) {
        const QString state = v.toObject().value(u"state"_s).toString();
        QVERIFY2(state != u"added"_s && state != u"removed"_s,
                 qPrintable(v.toObject().value(u"name"_s).toString()));
    }
}

void tst_CliConsistency::htaPairHeadsWithACause()
{
    const QJsonObject d = traceDiff(hta());
    const QJsonArray ops = d.value(u"ops"_s).toArray();
    QVERIFY(!ops.isEmpty());
    // Synchronisations are marked and come after every cause.
    bool anySymptom = false, seenSymptom = false;
    for (const QJsonValue &v : ops) {
        const QJsonObject op = v.toObject();
        const bool symptom = op.value(u"symptom"_s).toBool();
        if (op.value(u"name"_s).toString() == u"aten::item"_s ||
            op.value(u"name"_s).toString() == u"aten::_local_scalar_dense"_s ||
            op.value(u"name"_s).toString() == u"cudaStreamSynchronize"_s)
            QVERIFY2(symptom, qPrintable(op.value(u"name"_s).toString()));
        anySymptom = anySymptom || symptom;
        QVERIFY2(!seenSymptom || symptom, qPrintable(op.value(u"name"_s).toString()));
        seenSymptom = seenSymptom || symptom;
    }
    QVERIFY(anySymptom);
    // Long kernel names are shortened, the full name kept.
    for (const QJsonValue &v : ops) {
        const QJsonObject op = v.toObject();
        QVERIFY(op.value(u"short_name"_s).toString().size() <=
                op.value(u"name"_s).toString().size());
    }
}

void tst_CliConsistency::logFolderIsSearched()
{
    // A plog folder given to --log stands for the logs inside it.
    const CliRun r = runCli({u"triage"_s,
                             u"--json"_s,
                             u"--log"_s,
                             QStringLiteral(TWINSCOPE_TEST_DATA "/opinfo/good/plog")});
    QCOMPARE(r.exitCode, 0);
    for (const QJsonValue &w : r.json().value(u"warnings"_s).toArray())
        QVERIFY2(w.toObject().value(u"code"_s).toString() != u"log_unreadable"_s,
                 qPrintable(w.toObject().value(u"message"_s).toString()));
}

QTEST_GUILESS_MAIN(tst_CliConsistency)
#include "tst_cliconsistency.moc"
