// One answer everywhere (issue #23), in the real window and the real CLI: the same inputs give the
// same steps, step times, ratio and top cause in the Compare tab's headline, the Findings panel,
// `tracediff --json`, `tracediff`'s text and `triage --json`; a 2-rank profiler folder gives the
// same ranks, steps per rank, mean step, dominant phase and slow-rank verdict in the Profile tab,
// its cluster heatmap and `profile --json`.
// Inputs: the planted GPU-vs-NPU pair, a legacy PyTorch profiler pair (host only), HTA's own
// trace_diff control/test pair, and the real torch_npu Level1 2-rank run (text export).
#include "app/gui/investigation.h"
#include "app/gui/mainwindow.h"
#include "cli/testhelpers_cli.h"
#include "core/common/translations.h"
#include "core/trace/tracecategories.h"
#include "core/trace/tracetime.h"
#include "core/triage/investigationfile.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/investigation/findingspanel.h"
#include "widgets/profile/clusterview.h"
#include "widgets/profile/profileworkspace.h"
#include "widgets/trace/traceworkspace.h"
#include "widgets/tracediff/tracecompareworkspace.h"

#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);

const QStringList SyncNames = {
    u"aten::item"_s, u"_local_scalar_dense"_s, u"Synchronize"_s, u"cudaDeviceSynchronize"_s};

bool namesSync(const QString &text)
{
    return std::any_of(
        SyncNames.cbegin(), SyncNames.cend(), [&](const QString &n) { return text.contains(n); });
}

bool idle(App::MainWindow &w)
{
    return !w.loadController()->isRunning();
}

// The inputs lie outside the investigation's temporary folder: opening it asks first (issue #31).
bool answerConsent(App::MainWindow &w)
{
    QMessageBox *box = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            box = w.findChild<QMessageBox *>(u"workspaceConsent"_s);
            return box && box->isVisible();
        },
        30000);
    if (!shown)
        return false;
    auto *b = box->findChild<QPushButton *>(u"openEverything"_s);
    if (!b)
        return false;
    b->click();
    return true;
}

Widgets::TraceCompareWorkspace *compareTab(App::MainWindow &w)
{
    for (Widgets::Workspace *ws : w.workspaces()) {
        if (auto *c = qobject_cast<Widgets::TraceCompareWorkspace *>(ws))
            return c;
    }
    return nullptr;
}

Widgets::ProfileWorkspace *profileTab(App::MainWindow &w)
{
    for (Widgets::Workspace *ws : w.workspaces()) {
        if (auto *p = qobject_cast<Widgets::ProfileWorkspace *>(ws))
            return p;
    }
    return nullptr;
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

// The step finding (slower or a match) among a triage's findings and clear statements.
QJsonObject stepFinding(const QJsonObject &triage)
{
    for (const QString &list : {u"findings"_s, u"clear"_s}) {
        for (const QJsonValue &v : triage.value(list).toArray()) {
            const QString code = v.toObject().value(u"code"_s).toString();
            if (code == u"trace.step_slower"_s || code == u"trace.steps_match"_s)
                return v.toObject();
        }
    }
    return {};
}

const Core::Finding *stepFinding(const Core::FindingList &findings)
{
    for (const Core::Finding &f : findings) {
        if (f.code == u"trace.step_slower"_s || f.code == u"trace.steps_match"_s)
            return &f;
    }
    return nullptr;
}

// The first op row that differs: the top cause tracediff and the Compare headline name.
QJsonObject topOp(const QJsonObject &diff)
{
    for (const QJsonValue &v : diff.value(u"ops"_s).toArray()) {
        if (v.toObject().value(u"state"_s).toString() != u"same"_s)
            return v.toObject();
    }
    return {};
}

QString timeText(double us)
{
    return Core::formatDurationNs(qint64(std::llround(us * 1000.0)));
}

} // namespace

class tst_OneAnswer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void tracePairs_data();
    void tracePairs();
    void twoRankFolder();
    void evidenceStaysWithinItsInputs();
    void twoRunsGivenTogetherCompare();
    void ranksOfOneRunMergeIntoOneTimeline();

private:
    QTemporaryDir m_dir;
};

void tst_OneAnswer::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"TwinscopeTestOneAnswer"_s);
    QSettings().clear();
    qputenv("TWINSCOPE_RECOVERY_DIR", m_dir.filePath(u"recovery"_s).toUtf8());
    Core::installTranslators(QCoreApplication::instance(), u"en"_s);
}

void tst_OneAnswer::tracePairs_data()
{
    QTest::addColumn<QString>("baseline");
    QTest::addColumn<QString>("target");
    QTest::newRow("gpu-npu") << Data + u"/trace/tracediff/gpu_npu/baseline.json"_s
                             << Data + u"/trace/tracediff/gpu_npu/target.json"_s;
    QTest::newRow("legacy host-only")
        << Data + u"/trace/legacy/baseline.json"_s << Data + u"/trace/legacy/planted.json"_s;
    QTest::newRow("legacy host-only, no plants")
        << Data + u"/trace/legacy/baseline.json"_s << Data + u"/trace/legacy/plain.json"_s;
    QTest::newRow("HTA trace_diff") << Data + u"/trace/hta_trace_diff/control.json.gz"_s
                                    << Data + u"/trace/hta_trace_diff/test.json.gz"_s;
}

void tst_OneAnswer::tracePairs()
{
    QFETCH(QString, baseline);
    QFETCH(QString, target);

    // The CLI's answers.
    const CliRun diffRun = runCli({u"tracediff"_s, u"--json"_s, baseline, target}, 300000);
    QCOMPARE(diffRun.exitCode, 0);
    const QJsonObject diff = diffRun.json();
    const CliRun textRun = runCli({u"tracediff"_s, baseline, target}, 300000);
    QCOMPARE(textRun.exitCode, 0);
    const QString text = QString::fromUtf8(textRun.out);
    const CliRun triageRun = runCli({u"triage"_s, u"--json"_s, baseline, target}, 300000);
    QCOMPARE(triageRun.exitCode, 0);
    const QJsonObject triage = triageRun.json();

    // The window's: an investigation with the two traces as benchmark and target opens them as a
    // comparison and draws the findings.
    Core::InvestigationFile inv;
    inv.title = u"one answer"_s;
    inv.inputs = {{baseline, u"trace"_s, Core::InputRole::Benchmark, -1, -1, {}},
                  {target, u"trace"_s, Core::InputRole::Target, -1, -1, {}}};
    const QString path = m_dir.filePath(
        QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_').replace(u',', u'_') +
        u".twinscope"_s);
    QCOMPARE(Core::writeInvestigationFile(inv, path), std::nullopt);
    App::MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openPaths({path});
    QVERIFY(answerConsent(w));
    Widgets::FindingsPanel *panel = w.investigation()->panel();
    QTRY_VERIFY_WITH_TIMEOUT(compareTab(w) && compareTab(w)->diff() &&
                                 stepFinding(panel->findings()) && idle(w),
                             300000);
    Widgets::TraceCompareWorkspace *compare = compareTab(w);
    const QStringList lines = compare->summaryLines();
    QCOMPARE(lines.size(), 2);
    const QString headline = lines[0];
    const Core::TraceDiff &d = *compare->diff();

    // The same steps: the step model's names, in the Compare tab, tracediff and triage.
    const QJsonObject b = diff.value(u"baseline"_s).toObject();
    const QJsonObject t = diff.value(u"target"_s).toObject();
    QCOMPARE(d.baseline.usedStepNames(), strings(b.value(u"steps_used"_s)));
    QCOMPARE(d.target.usedStepNames(), strings(t.value(u"steps_used"_s)));
    QVERIFY2(lines[1].contains(d.baseline.usedStepsText()), qPrintable(lines[1]));
    QVERIFY2(lines[1].contains(d.target.usedStepsText()), qPrintable(lines[1]));
    const QJsonObject cliStep = stepFinding(triage);
    QVERIFY(!cliStep.isEmpty());
    const QJsonObject evidence = cliStep.value(u"evidence"_s).toObject();
    QCOMPARE(strings(evidence.value(u"benchmark_steps_used"_s)), strings(b.value(u"steps_used"_s)));
    QCOMPARE(strings(evidence.value(u"test_steps_used"_s)), strings(t.value(u"steps_used"_s)));

    // The same step times: tracediff's µs are the headline's and the findings' numbers.
    const double bUs = b.value(u"step_us"_s).toDouble(), tUs = t.value(u"step_us"_s).toDouble();
    QVERIFY(bUs > 0 && tUs > 0);
    QVERIFY(qAbs(d.baseline.stepNs / 1000.0 - bUs) <= 1e-9 * bUs);
    QVERIFY(qAbs(d.target.stepNs / 1000.0 - tUs) <= 1e-9 * tUs);
    QVERIFY2(headline.contains(timeText(bUs)) && headline.contains(timeText(tUs)),
             qPrintable(headline));
    const Core::Finding *guiStep = stepFinding(panel->findings());
    QVERIFY(qAbs(guiStep->evidence.value(u"benchmark_step_ns"_s).toDouble() / 1000.0 - bUs) <=
            1e-9 * bUs);
    QVERIFY(qAbs(guiStep->evidence.value(u"test_step_ns"_s).toDouble() / 1000.0 - tUs) <=
            1e-9 * tUs);

    // The same ratio, printed the same way everywhere.
    const double ratio = tUs / bUs;
    const QString printed = QLocale::c().toString(ratio, 'f', 2) + u"×"_s;
    QVERIFY2(text.contains(u"target / baseline: "_s + printed), qPrintable(text));
    QVERIFY2(headline.contains(u"("_s + printed + u")"_s), qPrintable(headline));
    QVERIFY(qAbs(evidence.value(u"ratio"_s).toDouble() - ratio) <= 1e-9 * ratio);
    QVERIFY(qAbs(guiStep->evidence.value(u"ratio"_s).toDouble() - ratio) <= 1e-9 * ratio);
    QCOMPARE(guiStep->code, cliStep.value(u"code"_s).toString());
    // The Findings panel and triage print the same sentence.
    QCOMPARE(guiStep->text, cliStep.value(u"text"_s).toString());
    if (guiStep->code == u"trace.step_slower"_s)
        QVERIFY2(guiStep->text.contains(u"("_s + printed + u")"_s), qPrintable(guiStep->text));

    // The same top cause: the largest category and the first op that differs.
    const QJsonArray categories = diff.value(u"categories"_s).toArray();
    QVERIFY(!categories.isEmpty());
    const QString topCategory = categories.first().toObject().value(u"name"_s).toString();
    QVERIFY(!d.categories.empty());
    QCOMPARE(Core::stepCategoryId(d.categories.front().category), topCategory);
    if (d.categories.front().deltaNs() != 0)
        QVERIFY2(headline.contains(Core::stepCategoryName(d.categories.front().category)),
                 qPrintable(headline));
    if (guiStep->code == u"trace.step_slower"_s) {
        const QJsonArray named = guiStep->evidence.value(u"categories"_s).toArray();
        QVERIFY(!named.isEmpty());
        QCOMPARE(named.first().toObject().value(u"category"_s).toString(), topCategory);
        QVERIFY2(guiStep->text.contains(Core::stepCategoryName(d.categories.front().category)),
                 qPrintable(guiStep->text));
    }
    const QJsonObject top = topOp(diff);
    if (!top.isEmpty() && !top.value(u"symptom"_s).toBool()) {
        QVERIFY2(headline.contains(top.value(u"short_name"_s).toString() + u' '),
                 qPrintable(headline));
    }
    // A synchronisation is never the headline's or the first finding's cause.
    QVERIFY2(!namesSync(headline), qPrintable(headline));
    const Core::FindingList &findings = panel->findings();
    QVERIFY(!findings.empty());
    QVERIFY2(!namesSync(findings.front().text), qPrintable(findings.front().text));
    QVERIFY2(!namesSync(findings.front().evidence.value(u"op"_s).toString()),
             qPrintable(findings.front().text));
    // The op findings are the same, in the same order, in the panel and in triage.
    QStringList guiOps, cliOps;
    for (const Core::Finding &f : findings) {
        if (f.code == u"trace.op_slower"_s)
            guiOps << f.evidence.value(u"op"_s).toString();
    }
    for (const QJsonValue &v : triage.value(u"findings"_s).toArray()) {
        if (v.toObject().value(u"code"_s).toString() == u"trace.op_slower"_s)
            cliOps << v.toObject().value(u"evidence"_s).toObject().value(u"op"_s).toString();
    }
    QCOMPARE(guiOps, cliOps);
    for (const QString &op : std::as_const(guiOps))
        QVERIFY2(!namesSync(op), qPrintable(op));
}

void tst_OneAnswer::twoRankFolder()
{
    const QString folder = Data + u"/shared/profiler/torch_npu_level1/text"_s;
    const CliRun run = runCli({u"profile"_s, u"--json"_s, folder}, 300000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject cli = run.json();
    const CliRun textRun = runCli({u"profile"_s, folder}, 300000);
    QCOMPARE(textRun.exitCode, 0);
    const QString text = QString::fromUtf8(textRun.out);
    const CliRun triageRun = runCli({u"triage"_s, u"--json"_s, folder}, 300000);
    QCOMPARE(triageRun.exitCode, 0);

    App::MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openPaths({folder});
    QTRY_VERIFY_WITH_TIMEOUT(profileTab(w) && profileTab(w)->analysis() && idle(w), 300000);
    Widgets::ProfileWorkspace *profile = profileTab(w);
    const QStringList lines = profile->summaryLines();
    const QString summary = lines.join(u'\n');

    // The same ranks and steps, counted per rank.
    const QJsonArray ranks = cli.value(u"ranks"_s).toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(int(profile->analysis()->ranks.size()), 2);
    double stepSum = 0;
    for (qsizetype k = 0; k < ranks.size(); ++k) {
        const QJsonObject r = ranks[k].toObject();
        QCOMPARE(r.value(u"steps"_s).toInt(), 1);
        QCOMPARE(double(profile->analysis()->ranks[size_t(k)].steps), 1.0);
        QVERIFY(qAbs(profile->analysis()->ranks[size_t(k)].stepUs -
                     r.value(u"step_us"_s).toDouble()) < 1e-6);
        stepSum += r.value(u"step_us"_s).toDouble();
    }
    QVERIFY2(summary.contains(QRegularExpression(u"\\b1 step(\\(s\\))? per rank"_s)),
             qPrintable(summary));
    QVERIFY2(!summary.contains(QRegularExpression(u"\\b2 step"_s)), qPrintable(summary));
    const QString meanStep = QLocale::c().toString(stepSum / 2 / 1000.0, 'f', 2) + u" ms"_s;
    QVERIFY2(summary.contains(meanStep), qPrintable(summary + u" / "_s + meanStep));

    // The same dominant phase, in one sentence, in the tab, the JSON and the text.
    const QJsonObject dominant = cli.value(u"dominant_phase"_s).toObject();
    QCOMPARE(dominant.value(u"phase"_s).toString(), u"communication_not_overlapped"_s);
    const double share = dominant.value(u"share"_s).toDouble();
    QVERIFY2(share > 0.70 && share < 0.80, qPrintable(QString::number(share)));
    const QString sentence = dominant.value(u"text"_s).toString();
    QVERIFY2(sentence.startsWith(u"Communication not hidden by compute is "_s),
             qPrintable(sentence));
    QVERIFY2(lines.contains(sentence), qPrintable(summary));
    QVERIFY2(text.contains(sentence), qPrintable(text));

    // The same verdict on slow ranks: none (two ranks are too few for the rule), and the heatmap
    // paints none either.
    QVERIFY(cli.value(u"slow_ranks"_s).toArray().isEmpty());
    QVERIFY(profile->analysis()->slowRanks.empty());
    QVERIFY(text.contains(u"No slow rank"_s));
    QVERIFY2(summary.contains(u"No slow rank"_s), qPrintable(summary));
    for (const QJsonValue &v : triageRun.json().value(u"findings"_s).toArray())
        QVERIFY(!v.toObject().value(u"code"_s).toString().startsWith(u"profile.slow"_s));
    Widgets::ClusterView *cluster = profile->cluster();
    QVERIFY(cluster->findings()->text().contains(u"No slow rank"_s));
    for (int rank = 0; rank < 2; ++rank) {
        for (int c = 0; c < int(std::size(Widgets::ClusterView::Columns)); ++c) {
            const double cell = cluster->cellValue(rank, c);
            QVERIFY2(std::isnan(cell) || qAbs(cell) <= 1.0,
                     qPrintable(u"rank %1 column %2: %3"_s.arg(rank).arg(c).arg(cell)));
        }
    }
}

// Issue #23: a finding's "go to" opens its evidence only in a tab that holds the finding's own
// files; a timeline or comparison of other files refuses it instead of showing same-named slices
// of an unrelated run.
void tst_OneAnswer::evidenceStaysWithinItsInputs()
{
    const QString gpuBase = Data + u"/trace/tracediff/gpu_npu/baseline.json"_s;
    const QString gpuTarget = Data + u"/trace/tracediff/gpu_npu/target.json"_s;
    const QString legacy = Data + u"/trace/legacy/baseline.json"_s;
    const QString level1 = Data + u"/shared/profiler/torch_npu_level1/text"_s;
    Widgets::LoadController loads;
    Core::FindingLink link;
    link.view = Core::FindingLink::View::TraceSlices;
    link.name = u"aten::mm"_s;

    Widgets::TraceWorkspace trace(&loads);
    QSignalSpy traced(&trace, &Widgets::Workspace::loaded);
    trace.openPaths({Core::sniffPath(legacy)});
    QVERIFY(traced.wait(60000));
    link.file = gpuTarget;
    QVERIFY(!trace.reveal(link));
    QVERIFY(trace.searchBox()->text().isEmpty());
    link.file = legacy;
    QVERIFY(trace.reveal(link));
    QCOMPARE(trace.searchBox()->text(), link.name);

    Widgets::TraceCompareWorkspace compare(&loads);
    QSignalSpy compared(&compare, &Widgets::TraceCompareWorkspace::compared);
    compare.compare(gpuBase, gpuTarget);
    QVERIFY(compared.wait(60000));
    link.file = legacy;
    QVERIFY(!compare.reveal(link));
    QVERIFY(compare.opFilterText().isEmpty());
    link.file = gpuTarget;
    QVERIFY(compare.reveal(link));
    QCOMPARE(compare.opFilterText(), link.name);

    Widgets::ProfileWorkspace profile(&loads);
    QSignalSpy profiled(&profile, &Widgets::Workspace::loaded);
    profile.openPaths({Core::sniffPath(level1)});
    QVERIFY(profiled.wait(60000));
    link.view = Core::FindingLink::View::ProfileRow;
    link.name = u"MatMulV2"_s;
    link.file = gpuTarget;
    QVERIFY(!profile.reveal(link));
    link.file = level1 + u"/rank0_ascend_pt"_s;
    QVERIFY(profile.reveal(link));

    // In the window: the investigation's two traces compare, an unrelated trace of it opens as a
    // timeline; the op finding goes to the comparison, never to the unrelated timeline.
    Core::InvestigationFile inv;
    inv.inputs = {{gpuBase, u"trace"_s, Core::InputRole::Benchmark, -1, -1, {}},
                  {gpuTarget, u"trace"_s, Core::InputRole::Target, -1, -1, {}},
                  {legacy, u"trace"_s, Core::InputRole::Other, -1, -1, {}}};
    const QString path = m_dir.filePath(u"scope.twinscope"_s);
    QCOMPARE(Core::writeInvestigationFile(inv, path), std::nullopt);
    App::MainWindow w;
    w.show();
    w.openPaths({path});
    QVERIFY(answerConsent(w));
    Widgets::FindingsPanel *panel = w.investigation()->panel();
    int op = -1;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            op = -1;
            for (size_t i = 0; i < panel->findings().size(); ++i) {
                if (op < 0 && panel->findings()[i].code == u"trace.op_slower"_s)
                    op = int(i);
            }
            return op >= 0 && idle(w) && w.workspace(Core::FileKind::Trace) && compareTab(w);
        }(),
        120000);
    auto *timeline = qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
    QVERIFY(timeline);
    QTRY_VERIFY_WITH_TIMEOUT(!timeline->timeline()->inputs().empty() && idle(w), 60000);
    QTreeWidgetItem *item = panel->list()->topLevelItem(op);
    panel->list()->setCurrentItem(item);
    emit panel->list()->itemActivated(item, 0);
    QCOMPARE(w.tabs()->currentWidget(), compareTab(w));
    QCOMPARE(compareTab(w)->opFilterText(), panel->findings()[size_t(op)].link.name);
    QVERIFY(timeline->searchBox()->text().isEmpty());
}

// Issue #23: `twinscope a.json b.json` with two runs opens the comparison (the first the
// baseline) and draws the pair's findings, as an investigation's benchmark and target do.
void tst_OneAnswer::twoRunsGivenTogetherCompare()
{
    const QString a = Data + u"/trace/legacy/baseline.json"_s;
    const QString b = Data + u"/trace/legacy/planted.json"_s;
    App::MainWindow w;
    w.show();
    QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
    w.openPaths({a, b});
    QTRY_VERIFY_WITH_TIMEOUT(routed.size() >= 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(compareTab(w) && compareTab(w)->diff() && idle(w), 120000);
    QCOMPARE(w.tabs()->count(), 1);
    QVERIFY(!w.workspace(Core::FileKind::Trace));
    QCOMPARE(w.tabs()->currentWidget(), compareTab(w));
    QVERIFY(compareTab(w)->title().contains(u"baseline.json ↔ planted.json"_s));
    const auto &inputs = w.investigation()->workspace().inputs;
    QCOMPARE(inputs.size(), 2);
    QCOMPARE(inputs[0].role, Core::InputRole::Benchmark);
    QCOMPARE(inputs[1].role, Core::InputRole::Target);
    QTRY_VERIFY_WITH_TIMEOUT(stepFinding(w.investigation()->panel()->findings()) && idle(w),
                             120000);
    QCOMPARE(stepFinding(w.investigation()->panel()->findings())->code, u"trace.step_slower"_s);
}

// Rank files of one run (alike names in sibling rank folders) still merge into one timeline.
void tst_OneAnswer::ranksOfOneRunMergeIntoOneTimeline()
{
    const QString run = Data + u"/shared/profiler/torch_npu_level1/text/"_s;
    const QString a = run + u"rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s;
    const QString b = run + u"rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s;
    App::MainWindow w;
    w.show();
    QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
    w.openPaths({a, b});
    QTRY_VERIFY_WITH_TIMEOUT(routed.size() >= 1, 30000);
    auto *trace = qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
    QVERIFY(trace);
    QVERIFY(!compareTab(w));
    QTRY_COMPARE_WITH_TIMEOUT(int(trace->timeline()->inputs().size()), 2, 120000);
    QTRY_VERIFY_WITH_TIMEOUT(idle(w), 60000);
    QVERIFY(!compareTab(w));
}

QTEST_MAIN(tst_OneAnswer)
#include "tst_oneanswer.moc"
