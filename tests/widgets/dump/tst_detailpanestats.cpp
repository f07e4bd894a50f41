// Issue #24: the GUI's statistics pane shows the numbers the CLI writes, on every row of a real
// pair (msprobe 8.3.3's tensor-mode dumps of tests/data/dump/msprobe_planted, the step-1 division
// by a zeroed scalar: rows whose NaN/Inf positions differ, where the statistics computed over the
// compared elements are not the tensors' own).
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"
#include "core/dump/verdictpolicy.h"
#include "core/export/comparejson.h"
#include "widgets/dump/tensordetailpane.h"

#include <QJsonObject>
#include <QLocale>
#include <QTableWidget>
#include <QtTest>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

// The pane's number format for a JSON number of the CLI (null = not computed, "inf"/"-inf").
QString shown(const QJsonValue &v)
{
    if (v.isNull() || v.isUndefined())
        return u"–"_s;
    if (v.isString())
        return v.toString();
    return QLocale().toString(v.toDouble(), 'g', 6);
}

} // namespace

class TestDetailPaneStats : public QObject
{
    Q_OBJECT

private slots:
    void paneEqualsCliOnEveryRow_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("mode");
        QTest::newRow("tensor divzero") << u"divzero"_s << u"tensor"_s;
        QTest::newRow("statistics weight") << u"weight"_s << u"statistics"_s;
    }
    void paneEqualsCliOnEveryRow()
    {
        QFETCH(QString, run);
        QFETCH(QString, mode);
        const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/") + mode;
        Core::DumpPipelineInput input;
        input.benchPath = base + u"/bench"_s;
        input.npuPath = base + u'/' + run;
        input.steps = {1};
        Core::ProgressSink progress;
        const auto s = Core::runDumpPipeline(input, progress, Core::CancelToken());
        QVERIFY(s.isOk());
        const Core::DumpComparison &c = *s.value()->runs[0];
        QCOMPARE(c.rows.size(), 213);

        Widgets::TensorDetailPane pane;
        int computedDiffers = 0;
        for (int i = 0; i < c.rows.size(); ++i) {
            pane.showRow(c, i);
            const QJsonObject row = Core::compareRowJson(c, i);
            const QJsonObject npu = row.value(u"npu_stats"_s).toObject();
            const QJsonObject bench = row.value(u"bench_stats"_s).toObject();
            const QTableWidget *t = pane.statsTable();
            QVERIFY(t->rowCount() >= 4);
            const char *keys[] = {"max", "min", "mean", "norm"};
            for (int k = 0; k < 4; ++k) {
                const QString key = QString::fromLatin1(keys[k]);
                const QString what = row.value(u"name"_s).toString() + u' ' + key;
                QVERIFY2(t->item(k, 1)->text() == shown(npu.value(key)),
                         qPrintable(what + u": pane NPU "_s + t->item(k, 1)->text() + u", CLI "_s +
                                    shown(npu.value(key))));
                QVERIFY2(t->item(k, 2)->text() == shown(bench.value(key)),
                         qPrintable(what + u": pane bench "_s + t->item(k, 2)->text() +
                                    u", CLI "_s + shown(bench.value(key))));
            }
            const Core::TensorStats computed = c.benchStats(c.rows[i]),
                                    recorded = Core::shownBenchStats(c, c.rows[i]);
            computedDiffers += computed.mean != recorded.mean && !std::isnan(recorded.mean);
        }
        // Tensor mode: rows exist where the statistics over the compared elements are not the
        // tensor's own (the pane showed those: bench Mean 0 where msprobe and the CLI say 0.03).
        if (mode == u"tensor"_s)
            QVERIFY(computedDiffers > 0);
    }

    // Named sides (checkpoints: A the benchmark, B the port) put the bench side first; the
    // histograms' titles name the side each plots ("NPU values" over A's histogram misled).
    void histogramTitlesNameTheirSide()
    {
        Widgets::TensorDetailPane pane;
        auto title = [&](int i) {
            auto *t =
                qobject_cast<QCPTextElement *>(pane.histogramPlot()->plotLayout()->element(0, i));
            return t ? t->text() : QString();
        };
        QCOMPARE(title(0), u"NPU values"_s); // default: NPU first, as the stats table
        pane.setSideNames(u"A"_s, u"B"_s);
        QCOMPARE(title(0), u"A values"_s);
        QCOMPARE(title(1), u"B values"_s);
        QCOMPARE(title(2), u"B − A"_s);
        QCOMPARE(pane.statsTable()->horizontalHeaderItem(1)->text(), u"A"_s);
    }
};

QTEST_MAIN(TestDetailPaneStats)
#include "tst_detailpanestats.moc"
