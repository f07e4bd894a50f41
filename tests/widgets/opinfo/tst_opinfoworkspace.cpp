#include "common/testdata.h"
#include "core/models/opsignaturetablemodel.h"
#include "core/models/optypetablemodel.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/opinfo/compilechartview.h"
#include "widgets/opinfo/opinfoworkspace.h"

#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;
using namespace Twinscope::Widgets;

class tst_OpInfoWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initMain();
    void loadsAndSelects();
    void cutoffReanalyses();
    void failedLoad();
    void mindSporeTable();
    void exportCsv();
    void screenshot();
};

namespace {

const QString data = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/opinfo/"_s;

Core::SniffResult input(const QString &path)
{
    return Core::sniffPath(path);
}

bool loadInto(OpInfoWorkspace &w, const QString &path)
{
    // A missing fixture fails at once rather than after the load timeout.
    if (!QFileInfo::exists(path)) {
        qWarning("missing fixture %s", qPrintable(path));
        return false;
    }
    QSignalSpy loaded(&w, &Workspace::loaded);
    w.openPaths({input(path)});
    return loaded.wait(20000);
}

} // namespace

void tst_OpInfoWorkspace::initMain()
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
}

void tst_OpInfoWorkspace::loadsAndSelects()
{
    LoadController loads;
    OpInfoWorkspace w(&loads);
    QCOMPARE(w.kind(), Core::FileKind::OpInfo);
    QVERIFY(w.isEmpty());
    w.resize(1400, 900);
    w.show();
    QSignalSpy selected(&w, &OpInfoWorkspace::opTypeSelected);
    QVERIFY(loadInto(w, data + u"good/plog"_s));
    QVERIFY(!w.isEmpty());
    QCOMPARE(w.opTable()->model()->rowCount(), 8);
    // The worst offender is selected: MatMul, recompiled after the cut-off.
    QVERIFY(!selected.isEmpty());
    QCOMPARE(selected.last().first().toString(), u"MatMul"_s);
    QCOMPARE(w.signatureTable()->model()->rowCount(), 2);
    QVERIFY(w.summary()->text().contains(u"Top offenders"_s));
    QVERIFY(w.summary()->text().contains(u"MatMul"_s));
    // Chart: 8 rows; every compile with a time is a point (nothing to fold at this size).
    QCustomPlot *plot = w.chart()->plot();
    int points = 0;
    for (int g = 0; g < plot->graphCount(); ++g)
        points += plot->graph(g)->dataCount();
    QCOMPARE(points, 14);
    QCOMPARE(plot->graph(Core::CompileChartData::NewSignature)->dataCount(), 2);
    QCOMPARE(plot->graph(Core::CompileChartData::Truncated)->dataCount(), 2);
    // Filtering is debounced, then narrows the table.
    w.findChild<QLineEdit *>()->setText(u"mat"_s);
    QTRY_COMPARE(w.opTable()->model()->rowCount(), 2);
    w.selectOpType(u"BatchMatMulV2"_s);
    QCOMPARE(selected.last().first().toString(), u"BatchMatMulV2"_s);
    QCOMPARE(w.signatureTable()->model()->rowCount(), 2);
    w.closeAll();
    QVERIFY(w.isEmpty());
    QCOMPARE(w.opTable()->model()->rowCount(), 0);
}

void tst_OpInfoWorkspace::cutoffReanalyses()
{
    LoadController loads;
    OpInfoWorkspace w(&loads);
    QVERIFY(loadInto(w, data + u"good/plog/plog-pid_4242_20260319100000.log"_s));
    QCOMPARE(w.report()->cutoffSource, Core::CutoffSource::Markers);
    QCOMPARE(w.report()->afterCutoff, 4);
    QSignalSpy updated(&w, &OpInfoWorkspace::analysisUpdated);
    w.setCutoffText(u"2026-03-19 10:00:06.5"_s);
    QVERIFY(updated.wait(10000));
    QCOMPARE(w.report()->cutoffSource, Core::CutoffSource::User);
    QCOMPARE(w.report()->afterCutoff, 2);
    // The same cut-off as a time from a trace's step boundary.
    w.setCutoffNs(1773914400000000000LL + 5500000000LL); // 10:00:05.5
    QVERIFY(updated.wait(10000));
    QCOMPARE(w.report()->afterCutoff, 3);
    w.setCutoffNs(-1);
    QVERIFY(updated.wait(10000));
    QCOMPARE(w.report()->cutoffSource, Core::CutoffSource::Markers);
    w.setCutoffText(u"2026-03-19 10:00:06.5"_s);
    QVERIFY(updated.wait(10000));
    QSignalSpy status(&w, &Workspace::statusMessage);
    w.setCutoffText(u"tomorrow"_s);
    QCOMPARE(status.size(), 1);
    QCOMPARE(w.report()->afterCutoff, 2); // unchanged
}

void tst_OpInfoWorkspace::failedLoad()
{
    LoadController loads;
    OpInfoWorkspace w(&loads);
    QSignalSpy failed(&w, &Workspace::loadFailed);
    w.openPaths({input(data + u"broken/not_a_plog.log"_s)});
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.first().at(1).value<Core::Error>().code, Core::ErrorCode::UnknownFormat);
    QVERIFY(w.isEmpty());
    QVERIFY(w.summary()->text().contains(u"not_a_plog.log"_s));
}

void tst_OpInfoWorkspace::mindSporeTable()
{
    LoadController loads;
    OpInfoWorkspace w(&loads);
    QVERIFY(loadInto(w, sharedData(u"opinfo/mindspore_framework_raw_1_run2.csv"_s)));
    QCOMPARE(w.opTable()->model()->rowCount(), 21);
    QVERIFY(w.summary()->text().contains(u"MindSpore"_s));
    QCOMPARE(w.chart()->plot()->graph(0)->dataCount(), 0); // no times: the chart says so
}

void tst_OpInfoWorkspace::exportCsv()
{
    LoadController loads;
    OpInfoWorkspace w(&loads);
    QVERIFY(w.exportFilter().isEmpty());
    QVERIFY(loadInto(w, data + u"good/plog"_s));
    QVERIFY(w.exportFilter().contains(u"*.csv"_s));
    QTemporaryDir dir;
    QString error;
    const QString csv = dir.filePath(u"ops.csv"_s);
    QVERIFY(w.exportTo(csv, u"*.csv"_s, &error));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), 1 + 8 + 1); // header, 8 op types, final newline
    QVERIFY(lines[0].startsWith("Op type,Compiles,Signatures"));
}

void tst_OpInfoWorkspace::screenshot()
{
    // TWINSCOPE_SCREENSHOT=path [TWINSCOPE_SCREENSHOT_INPUT=log] writes docs/images/opinfo.png.
    const QString out = qEnvironmentVariable("TWINSCOPE_SCREENSHOT");
    if (out.isEmpty())
        QSKIP("Set TWINSCOPE_SCREENSHOT to write a screenshot.");
    const QString in = qEnvironmentVariable("TWINSCOPE_SCREENSHOT_INPUT", data + u"good/plog"_s);
    LoadController loads;
    OpInfoWorkspace w(&loads);
    w.resize(1600, 1000);
    w.show();
    QVERIFY(loadInto(w, in));
    // TWINSCOPE_SCREENSHOT_TAB picks the bottom tab (0 signatures, 1 recompiled, ...).
    if (auto *tabs = w.findChild<QTabWidget *>())
        tabs->setCurrentIndex(qEnvironmentVariableIntValue("TWINSCOPE_SCREENSHOT_TAB"));
    QTest::qWait(300);
    QVERIFY(w.grab().save(out));
}

QTEST_MAIN(tst_OpInfoWorkspace)
#include "tst_opinfoworkspace.moc"
