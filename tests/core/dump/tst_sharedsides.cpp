// The two sides of a pair share what they can (issue #16's memory bound), without changing any
// result: the same file on both sides is read once and its warnings still count for each side;
// the second side of a ptdbg or msprobe pair reuses the first side's equal names and calls
// (NamePool), and names that differ stay its own.
#include "core/dump/dumpcompare.h"
#include "core/dump/dumploader.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"
#include "core/dump/namepool.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return path;
}

// Six ptdbg records (three calls); rename changes the second call's name on this side, and a
// line that is no record adds one ptdbg_bad_line warning.
QByteArray ptdbg(bool rename, double outputMax)
{
    QByteArray s;
    for (int call = 0; call < 3; ++call) {
        const QByteArray op = (call == 1 && rename ? "Functional_gelu_" : "Functional_linear_") +
                              QByteArray::number(call) + "_forward";
        s += "[\"" + op + "_input.0\", 1, [], \"torch.float32\", [4, 8], [1.5, -1.25, 0.0625]]\n";
        s += "[\"" + op + "_output\", 1, [], \"torch.float32\", [4, 8], [" +
             QByteArray::number(call == 2 ? outputMax : 2.0) + ", -2.0, 0.125]]\n";
    }
    return s + "not a record\n";
}

QByteArray msprobe(const QByteArray &secondCall)
{
    auto tensor = [](double max) {
        return "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [4, 8], "
               "\"Max\": " +
               QByteArray::number(max) +
               ", \"Min\": -1.0, \"Mean\": 0.01, \"Norm\": 3.0, \"requires_grad\": false}";
    };
    return "{\"task\": \"statistics\", \"level\": \"L1\", \"framework\": \"pytorch\", "
           "\"dump_data_dir\": null, \"data\": {\"Functional.linear.0.forward\": {\"input_args\": "
           "[" +
           tensor(1) + "], \"output\": [" + tensor(2) + "]}, \"" + secondCall +
           "\": {\"input_args\": [" + tensor(1) + "], \"output\": [" + tensor(2) + "]}}}\n";
}

std::shared_ptr<const DumpComparison>
pair(const QString &bench, const QString &npu, Diagnostics *diagnostics = nullptr)
{
    DumpPipelineInput input;
    input.benchPath = bench;
    input.npuPath = npu;
    ProgressSink progress;
    const auto r = runDumpPipeline(input, progress, CancelToken());
    if (diagnostics)
        *diagnostics = r.diagnostics();
    return r.isOk() && r.value()->runs.size() == 1 ? r.value()->runs.first() : nullptr;
}

// The same pair compared from two independent loads (no sharing of any kind).
std::shared_ptr<const DumpComparison> independent(const QString &bench, const QString &npu)
{
    ProgressSink progress;
    const auto b = loadDump(Source::fromPath(bench), progress, CancelToken());
    const auto n = loadDump(Source::fromPath(npu), progress, CancelToken());
    if (!b.isOk() || !n.isOk())
        return nullptr;
    const auto c = compareDumps(b.value(), n.value(), {}, progress, CancelToken());
    return c.isOk() ? c.value() : nullptr;
}

bool sameData(const QString &a, const QString &b)
{
    return a.constData() == b.constData();
}

} // namespace

class TestSharedSides : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Row by row, everything a user sees is what two independent loads give.
    static void compareResults(const DumpComparison &shared, const DumpComparison &alone)
    {
        QCOMPARE(shared.rows.size(), alone.rows.size());
        QCOMPARE(shared.unmatchedBench, alone.unmatchedBench);
        QCOMPARE(shared.unmatchedNpu, alone.unmatchedNpu);
        QCOMPARE(shared.firstDivergent, alone.firstDivergent);
        for (qsizetype i = 0; i < shared.rows.size(); ++i) {
            const CompareRow &s = shared.rows[i], &a = alone.rows[i];
            QCOMPARE(s.bench, a.bench);
            QCOMPARE(s.npu, a.npu);
            QCOMPARE(s.verdict, a.verdict);
            QCOMPARE(s.reasons, a.reasons);
            QCOMPARE(s.message, a.message);
            QCOMPARE(shared.npu->tensors[s.npu].name, alone.npu->tensors[a.npu].name);
            QCOMPARE(shared.npu->tensors[s.npu].op, alone.npu->tensors[a.npu].op);
            QCOMPARE(shared.npu->tensors[s.npu].opType, alone.npu->tensors[a.npu].opType);
        }
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sameFileIsReadOnce()
    {
        const QString pkl = write(m_dir, u"self/dump.pkl"_s, ptdbg(false, 2));
        Diagnostics diagnostics;
        const auto c = pair(pkl, pkl, &diagnostics);
        QVERIFY(c);
        QCOMPARE(c->bench.get(), c->npu.get()); // one dump for both sides
        QCOMPARE(c->rows.size(), 6);
        QCOMPARE(c->countVerdict(Verdict::Pass), 6);
        // The bad line is counted once per side, as when the file was read twice.
        QCOMPARE(diagnostics.count(u"ptdbg_bad_line"_s), 2);
        compareResults(*c, *independent(pkl, pkl));
    }

    void ptdbgSecondSideSharesEqualNames()
    {
        const QString bench = write(m_dir, u"ptdbg/bench.pkl"_s, ptdbg(false, 2));
        const QString npu = write(m_dir, u"ptdbg/npu.pkl"_s, ptdbg(true, 9)); // call 2 moved
        const auto c = pair(bench, npu);
        QVERIFY(c);
        QVERIFY(c->bench.get() != c->npu.get());
        int shared = 0, own = 0;
        for (const TensorEntry &n : c->npu->tensors) {
            const auto b = std::find_if(c->bench->tensors.cbegin(),
                                        c->bench->tensors.cend(),
                                        [&](const TensorEntry &t) { return t.key == n.key; });
            if (b == c->bench->tensors.cend()) {
                ++own; // the renamed call: nothing on the bench side to share
                QVERIFY(n.name.startsWith(u"Functional_gelu_1"_s));
                continue;
            }
            ++shared;
            QVERIFY(sameData(n.key, b->key));
            QVERIFY(sameData(n.name, b->name));
            QVERIFY(sameData(n.op, b->op));
        }
        QCOMPARE(shared, 4);
        QCOMPARE(own, 2);
        compareResults(*c, *independent(bench, npu));
        QVERIFY(c->firstDivergent >= 0); // the Max 2 -> 9 of call 2's output still shows
    }

    void msprobeSecondSideSharesEqualKeysAndCalls()
    {
        const QString bench =
            write(m_dir, u"ms/bench/dump.json"_s, msprobe("Functional.linear.1.forward"));
        const QString npu = write(m_dir, u"ms/npu/dump.json"_s, msprobe("Torch.matmul.1.forward"));
        const auto c = pair(bench, npu);
        QVERIFY(c);
        const TensorEntry &b0 = c->bench->tensors[0], &n0 = c->npu->tensors[0];
        QCOMPARE(n0.key, u"Functional.linear.0.forward.input.0"_s);
        QVERIFY(sameData(n0.key, b0.key));
        QVERIFY(sameData(n0.op, b0.op));
        const TensorEntry &n2 = c->npu->tensors[2];
        QCOMPARE(n2.op, u"Torch.matmul.1.forward"_s);
        QVERIFY(std::none_of(c->bench->tensors.cbegin(),
                             c->bench->tensors.cend(),
                             [&](const TensorEntry &t) { return sameData(t.op, n2.op); }));
        compareResults(*c, *independent(bench, npu));
    }

    // Each run of two msprobe trees shares as a plain pair does: the same tree on both sides is
    // read once per run, and a second tree reuses the first one's equal keys.
    void runTreesShareAcrossSides()
    {
        for (const char *run : {"step0/rank0", "step0/rank1"}) {
            const QString r = QString::fromLatin1(run);
            QVERIFY(!write(m_dir,
                           u"trees/a/"_s + r + u"/dump.json"_s,
                           msprobe("Functional.linear.1.forward"))
                         .isEmpty());
            QVERIFY(!write(m_dir,
                           u"trees/b/"_s + r + u"/dump.json"_s,
                           msprobe("Torch.matmul.1.forward"))
                         .isEmpty());
        }
        const QString a = m_dir.filePath(u"trees/a"_s), b = m_dir.filePath(u"trees/b"_s);
        auto series = [](const QString &bench, const QString &npu) {
            DumpPipelineInput input;
            input.benchPath = bench;
            input.npuPath = npu;
            ProgressSink progress;
            const auto r = runDumpPipeline(input, progress, CancelToken());
            return r.isOk() ? r.value() : nullptr;
        };
        const auto self = series(a, a);
        QVERIFY(self);
        QCOMPARE(self->runs.size(), 2);
        for (const auto &c : self->runs) {
            QCOMPARE(c->bench.get(), c->npu.get());
            QCOMPARE(c->countVerdict(Verdict::Pass), c->rows.size());
        }
        const auto two = series(a, b);
        QVERIFY(two);
        QCOMPARE(two->runs.size(), 2);
        for (const auto &c : two->runs) {
            QVERIFY(c->bench.get() != c->npu.get());
            QVERIFY(sameData(c->npu->tensors[0].key, c->bench->tensors[0].key));
            QCOMPARE(c->npu->tensors[2].op, u"Torch.matmul.1.forward"_s);
        }
        compareResults(*two->runs[1],
                       *independent(m_dir.filePath(u"trees/a/step0/rank1/dump.json"_s),
                                    m_dir.filePath(u"trees/b/step0/rank1/dump.json"_s)));
    }

    void poolFallsBackToItsInput()
    {
        NamePool empty(nullptr);
        QCOMPARE(empty.key(u"a.b"_s), u"a.b"_s);
        QCOMPARE(empty.op(u"a"), u"a"_s);
    }
};

QTEST_GUILESS_MAIN(TestSharedSides)
#include "tst_sharedsides.moc"
