// ResultTable and the compare-result reader: RFC 4180 CSV corners, msprobe 8.3.3's own .xlsx (row
// fills), and clear errors for broken input.
#include "core/common/zipreader.h"
#include "core/dump/compareresultreader.h"
#include "core/dump/resulttable.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestResultTable : public QObject
{
    Q_OBJECT

private:
    static std::optional<ResultTable> csv(const QByteArray &text, Error *error)
    {
        return readCsvTable(std::string_view(text.constData(), size_t(text.size())),
                            u"t.csv"_s,
                            CancelToken(),
                            error);
    }

private slots:
    void csvCorners()
    {
        Error error;
        // BOM, CRLF, a quoted comma, a doubled quote, a line break inside quotes, a short row, no
        // final newline.
        const auto t = csv("\xEF\xBB\xBFNPU Name,Bench Name,Err_message\r\n"
                           "a,b,\"x, \"\"y\"\"\nz\"\r\n"
                           "c,d\r\n"
                           "e,f,g",
                           &error);
        QVERIFY(t);
        QCOMPARE(t->header, (QStringList{u"NPU Name"_s, u"Bench Name"_s, u"Err_message"_s}));
        QCOMPARE(t->rows.size(), 3);
        QCOMPARE(t->rows[0][2], u"x, \"y\"\nz"_s);
        QCOMPARE(t->rows[1].size(), 3); // padded to the header's width
        QCOMPARE(t->rows[1][2], QString());
        QCOMPARE(t->rows[2][2], u"g"_s);
        QCOMPARE(t->column(u"Bench Name"_s), 1);
        QVERIFY(t->fills.isEmpty());
    }

    void csvErrors()
    {
        Error error;
        QVERIFY(!csv("NPU Name,Bench Name\na,\"open", &error));
        QCOMPARE(error.code, ErrorCode::Truncated);
        QVERIFY(error.message.contains(u"quoted field"_s));
        QCOMPARE(error.line, 2);
        QVERIFY(!csv("", &error));
        QCOMPARE(error.code, ErrorCode::EmptyFile);
        // A table that is not a compare result is refused by name.
        const auto other = csv("Step,Loss\n1,2.5\n", &error);
        QVERIFY(other);
        QVERIFY(!isCompareResultHeader(other->header));
        const auto r = compareResultFromTable(*other, u"t.csv"_s);
        QVERIFY(!r.isOk());
        QVERIFY(r.error().message.contains(u"NPU Name"_s));
    }

    // msprobe 8.3.3's own compare of the planted weight pair: its red and yellow rows become the
    // verdicts.
    void msprobeXlsx()
    {
        Error error;
        const auto zip = ZipReader::open(
            Source::fromPath(QStringLiteral(
                TWINSCOPE_TEST_DATA "/dump/compare_result/msprobe833_tensor_weight_step0.xlsx")),
            &error);
        QVERIFY(zip);
        const auto t = readXlsxTable(*zip, CancelToken(), &error);
        QVERIFY2(t, qPrintable(error.toString()));
        QVERIFY(isCompareResultHeader(t->header));
        QVERIFY(t->column(u"NPU Dtype"_s) >= 0 && t->column(u"Data_name"_s) >= 0);
        QCOMPARE(t->rows.size(), 280);
        QCOMPARE(t->fills.size(), t->rows.size());
        const auto red = std::count(t->fills.begin(), t->fills.end(), ResultTable::Fill::Red);
        const auto yellow = std::count(t->fills.begin(), t->fills.end(), ResultTable::Fill::Yellow);
        QVERIFY(red > 0 && yellow > 0);
        const auto c = compareResultFromTable(*t, u"weight.xlsx"_s);
        QVERIFY(c.isOk());
        QCOMPARE(c.value()->rows.size(), 280);
        // Red is an error, except where msprobe paints a row red only because the NPU's max/min is
        // non-finite and the bench holds the same values (the causal mask: METRICS.md §4.5,
        // difference 1); yellow is a warning, unless msprobe's own Accuracy Reached says No.
        const int accuracy = t->column(u"Accuracy Reached or Not"_s);
        int sharedNonFinite = 0;
        for (qsizetype i = 0; i < t->rows.size(); ++i) {
            const CompareRow &r = c.value()->rows[i];
            if (t->fills[i] == ResultTable::Fill::Red && r.verdict != Verdict::Error) {
                QVERIFY(r.npuNonFinite && !r.nonFiniteGained);
                ++sharedNonFinite;
            } else if (t->fills[i] == ResultTable::Fill::Yellow) {
                QCOMPARE(r.verdict,
                         t->rows[i][accuracy] == u"No"_s ? Verdict::Error : Verdict::Warning);
            }
        }
        QVERIFY(sharedNonFinite > 0 && sharedNonFinite < red);
        QVERIFY(c.value()->firstDivergent >= 0);
    }

    // Issue #30: rows past the cap (--max-rows, or what fits in max(4x the file, 512 MiB)) are
    // counted in one rows_capped warning, not kept; the rows kept are the file's first.
    void rowCap()
    {
        QByteArray text = "NPU Name,Bench Name,Max diff\n";
        for (int i = 0; i < 10; ++i) {
            const QByteArray name =
                "Functional.linear." + QByteArray::number(i) + ".forward.output.0";
            // Row 3 has no bench side: an unmatched NPU tensor, capped like the others.
            text += name + ',' + (i == 3 ? QByteArray("N/A") : name) + ",0.5\n";
        }
        ProgressSink progress;
        const auto all = loadCompareResult(Source::fromBytes(text, u"r.csv"_s), progress, {});
        QVERIFY(all.isOk());
        QCOMPARE(all.value()->rows.size(), 9);
        QCOMPARE(all.diagnostics().count(u"rows_capped"_s), qint64(0));
        const auto capped = loadCompareResult(Source::fromBytes(text, u"r.csv"_s), progress, {}, 5);
        QVERIFY(capped.isOk());
        const DumpComparison &c = *capped.value();
        QCOMPARE(c.rows.size(), 4);
        QCOMPARE(c.unmatchedNpu.size(), 1);
        QCOMPARE(c.npu->tensors.size(), 5);
        QCOMPARE(c.bench->tensors.size(), 4);
        QCOMPARE(c.npu->tensors.last().name, u"Functional.linear.4.forward.output.0"_s);
        QCOMPARE(c.bench->tensors[c.rows.last().bench].name, c.npu->tensors.last().name);
        QCOMPARE(capped.diagnostics().count(u"rows_capped"_s), qint64(5));
        // The automatic cap: max(4x the file, 512 MiB) less the program's 128 MiB.
        QCOMPARE(compareResultRowBudget(1000), qint64(384) << 20);
        QCOMPARE(compareResultRowBudget(qint64(1) << 30), (qint64(4) << 30) - (qint64(128) << 20));
    }

    void notAWorkbook()
    {
        Error error;
        const auto zip =
            ZipReader::open(Source::fromPath(QStringLiteral(TWINSCOPE_TEST_DATA
                                                            "/dump/reference/arrays.bench.npz")),
                            &error);
        QVERIFY(zip);
        QVERIFY(!readXlsxTable(*zip, CancelToken(), &error));
        QVERIFY(error.message.contains(u"xlsx"_s));
    }
};

QTEST_GUILESS_MAIN(TestResultTable)
#include "tst_resulttable.moc"
