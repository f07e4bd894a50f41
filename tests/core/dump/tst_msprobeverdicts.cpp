// Issue #24: statistics-mode verdicts row for row against msprobe 8.3.3's own compare.
// tests/data/dump/msprobe_planted/statistics/msprobe_compare_<run>_step<n>.csv are msprobe's
// compare results (Result, Err_message, the row's highlight fill, the advisor's suspect node) for
// the planted pairs, made by msprobe_compare_csv.py in that folder (its README). Every row's
// Twinscope verdict must equal msprobe's (red -> error, Result Warning or yellow -> warning, else
// pass) unless one of the deliberate differences of docs/METRICS.md §4.5 explains it, named here by
// the rule that decides; the first divergent tensor must be the advisor's suspect node.
#include "core/dump/divergencematrix.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"
#include "core/dump/resulttable.h"
#include "core/dump/verdictpolicy.h"

#include <QFile>
#include <QtTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

QString planted(const QString &path)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/") + path;
}

Verdict msprobeVerdict(const ResultTable &t, const QStringList &row)
{
    const QString fill = row[t.column(u"Highlight"_s)];
    if (fill == u"red"_s)
        return Verdict::Error;
    if (fill == u"yellow"_s || row[t.column(u"Result"_s)] == u"Warning"_s)
        return Verdict::Warning;
    return Verdict::Pass;
}

bool nonFinite(const QString &cell)
{
    const QString v = cell.trimmed().toLower();
    return v == u"nan"_s || v == u"inf"_s || v == u"-inf"_s;
}

} // namespace

class TestMsprobeVerdicts : public QObject
{
    Q_OBJECT

private:
    // Why Twinscope's verdict differs from msprobe's on this row, as a METRICS.md §4.5 item; empty
    // when no deliberate difference explains it.
    static QString
    deliberate(const CompareRow &r, const ResultTable &t, const QStringList &row, Verdict ms)
    {
        auto cell = [&](const QString &column) {
            return row[t.column(column)].trimmed();
        };
        // 1. msprobe paints a row red when the NPU's max or min is not finite, also when the bench
        // holds the same value (the causal mask's -inf).
        const bool maxShared =
            !nonFinite(cell(u"NPU max"_s)) || cell(u"NPU max"_s) == cell(u"Bench max"_s);
        const bool minShared =
            !nonFinite(cell(u"NPU min"_s)) || cell(u"NPU min"_s) == cell(u"Bench min"_s);
        if (ms == Verdict::Error && !r.nonFiniteGained && maxShared && minShared &&
            (nonFinite(cell(u"NPU max"_s)) || nonFinite(cell(u"NPU min"_s))))
            return u"1 shared non-finite"_s;
        // 16. NaN/Inf gained is an error; msprobe's magnitude is NaN there (no Warning), and its
        // red rule looks for "nan" where it writes "Nan".
        if (r.nonFiniteGained && r.verdict == Verdict::Error)
            return u"16 nonfinite gained"_s;
        // 7. A changed non-tensor argument is an error on its call's outputs.
        if (r.reasons & quint32(VerdictReason::ArgumentChanged))
            return u"7 argument changed"_s;
        return {};
    }

    static void addPairs()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<int>("step");
        for (const char *run : {"bench", "weight", "bf16", "divzero"})
            for (int step : {0, 1})
                QTest::addRow("%s step%d", run, step) << QString::fromLatin1(run) << step;
    }

private slots:
    void rowForRow_data() { addPairs(); }
    void rowForRow()
    {
        QFETCH(QString, run);
        QFETCH(int, step);
        QFile f(planted(u"msprobe_compare_%1_step%2.csv"_s.arg(run).arg(step)));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        Error error;
        const auto table = readCsvTable(
            std::string_view(text.constData(), size_t(text.size())), f.fileName(), {}, &error);
        QVERIFY2(table, qPrintable(error.toString()));
        const ResultTable &t = *table;
        QCOMPARE(t.rows.size(), 280); // 213 tensors, 67 non-tensor arguments

        DumpPipelineInput input;
        input.benchPath = planted(u"bench"_s);
        input.npuPath = planted(run);
        input.steps = {step};
        ProgressSink progress;
        const auto s = runDumpPipeline(input, progress, CancelToken());
        QVERIFY2(s.isOk(), s.isOk() ? "" : qPrintable(s.error().toString()));
        QCOMPARE(s.value()->runs.size(), 1);
        const DumpComparison &c = *s.value()->runs[0];
        QVERIFY(c.statisticsMode);

        QHash<QString, int> rowOf, argumentOf;
        for (int i = 0; i < c.rows.size(); ++i)
            rowOf.insert(c.bench->tensors[c.rows[i].bench].key, i);
        for (int i = 0; i < c.arguments.size(); ++i)
            argumentOf.insert(c.bench->arguments[c.arguments[i].bench].key, i);

        const int name = t.column(u"NPU Name"_s);
        int same = 0, explained = 0, tensors = 0, msWarnings = 0;
        QHash<QString, int> why;
        for (const QStringList &row : t.rows) {
            const Verdict ms = msprobeVerdict(t, row);
            msWarnings += ms != Verdict::Pass;
            if (row[t.column(u"NPU Dtype"_s)] == u"None"_s) {
                // A None argument (embedding's padding_idx): a row to msprobe, never flagged;
                // nothing to compare for Twinscope.
                QCOMPARE(ms, Verdict::Pass);
                continue;
            }
            if (argumentOf.contains(row[name])) {
                // A non-tensor argument msprobe warns about has changed in Twinscope's reading.
                const ArgumentDiff &a = c.arguments[argumentOf.value(row[name])];
                if (row[t.column(u"Result"_s)] == u"Warning"_s)
                    QVERIFY2(a.changed, qPrintable(row[name]));
                continue;
            }
            if (row[t.column(u"Bench Name"_s)] == u"N/A"_s) {
                // msprobe keeps NPU-only tensors as rows without a bench; Twinscope lists them as
                // unmatched.
                // unmatched, or paired with a bench tensor of another name by the fuzzy or order
                // steps (METRICS.md §7; item 9).
                bool listed = false;
                for (int j : c.unmatchedNpu)
                    listed = listed || c.npu->tensors[j].key == row[name];
                // msprobe pairs by name and shape; Twinscope keeps a pair of one name whose
                // shapes differ as an `unmatched` row (a bf16 grad [2, 8, 32] against [16, 32]).
                for (const CompareRow &r : c.rows)
                    listed = listed ||
                             (c.npu->tensors[r.npu].key == row[name] &&
                              (r.match != PairMatch::Exact || r.verdict == Verdict::Unmatched));
                QVERIFY2(listed, qPrintable(row[name]));
                ++why[u"9 one side only"_s];
                continue;
            }
            QVERIFY2(rowOf.contains(row[name]), qPrintable(row[name]));
            ++tensors;
            const CompareRow &r = c.rows[rowOf.value(row[name])];
            if (r.verdict == ms) {
                ++same;
                continue;
            }
            const QString reason = deliberate(r, t, row, ms);
            QVERIFY2(!reason.isEmpty(),
                     qPrintable(u"%1: msprobe %2, Twinscope %3 (%4)"_s.arg(
                         row[name], verdictId(ms), verdictId(r.verdict), r.message)));
            ++why[reason];
            ++explained;
        }
        QCOMPARE(same + explained, tensors);
        QVERIFY(tensors >= c.rows.size() - 1);
        qInfo().noquote() << run << "step" << step << ": msprobe flags" << msWarnings
                          << "rows; same verdict on" << same << "of" << tensors
                          << "tensors, deliberate" << why;

        // The first divergent tensor is msprobe's advisor's suspect node (its first Warning row);
        // when that is a non-tensor argument, the call's first output (item 7).
        const QString suspect = t.rows[0][t.column(u"Advisor Suspect Node"_s)];
        if (run == u"bench"_s) {
            QCOMPARE(suspect, u"NA"_s);
            QCOMPARE(c.firstDivergent, -1);
            for (const CompareRow &r : c.rows)
                QCOMPARE(r.verdict, Verdict::Pass);
        } else if (run == u"bf16"_s) {
            // Deliberate difference 4: msprobe's bf16 warnings (kept as warnings above) are Mean
            // rounding; nothing diverges.
            QCOMPARE(c.firstDivergent, -1);
            int rounding = 0;
            for (const CompareRow &r : c.rows)
                rounding += bool(r.reasons & quint32(VerdictReason::StatisticsRounding));
            QVERIFY(rounding >= 19);
        } else if (suspect == u"NA"_s) {
            QCOMPARE(c.firstDivergent, -1);
        } else {
            QVERIFY(c.firstDivergent >= 0);
            const TensorEntry &first = c.bench->tensors[c.rows[c.firstDivergent].bench];
            if (argumentOf.contains(suspect)) {
                const QString op =
                    c.bench->arguments[c.arguments[argumentOf.value(suspect)].bench].op;
                QCOMPARE(first.op, op);
                QVERIFY(first.isOutput);
            } else {
                QCOMPARE(first.key, suspect);
            }
        }
    }

    // msprobe's .xlsx has no MeanAbs, RMSE or RelEuc: the heatmap shows those cells as absent
    // (NaN), not in the row's verdict colour (a warning row's cap was drawn orange).
    void absentMetricsAreAbsent()
    {
        DumpPipelineInput input;
        input.benchPath = QStringLiteral(
            TWINSCOPE_TEST_DATA "/dump/compare_result/msprobe833_tensor_weight_step0.xlsx");
        ProgressSink progress;
        const auto s = runDumpPipeline(input, progress, CancelToken());
        QVERIFY2(s.isOk(), s.isOk() ? "" : qPrintable(s.error().toString()));
        const DumpComparison &c = *s.value()->runs[0];
        const QStringList columns = divergenceMetricNames(false);
        int warnings = 0;
        for (int i = 0; i < c.rows.size(); ++i) {
            warnings += c.rows[i].verdict == Verdict::Warning;
            for (const QString &absent : {u"MeanAbs"_s, u"RMSE"_s, u"RelEuc"_s})
                QVERIFY(std::isnan(divergenceBadness(c, i, int(columns.indexOf(absent)))));
        }
        QVERIFY(warnings > 0);
        // Metrics the file has keep their colour.
        QVERIFY(c.firstDivergent >= 0);
        QVERIFY(
            !std::isnan(divergenceBadness(c, c.firstDivergent, int(columns.indexOf(u"MaxAbs"_s)))));
    }
};

QTEST_GUILESS_MAIN(TestMsprobeVerdicts)
#include "tst_msprobeverdicts.moc"
