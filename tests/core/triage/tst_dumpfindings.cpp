// Issue #24: dump findings scoped to what they checked. On msprobe 8.3.3's planted two-step run
// (tests/data/dump/msprobe_planted: step 1 divides by a scalar set to 0), the NaN origin names
// the changed scalar and gives float32 advice, and "no tensor diverges" is not said of step 0
// beside step 1's NaN; the self-compare says it once, naming both steps.
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"
#include "core/triage/dumpfindings.h"

#include <QJsonArray>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

std::shared_ptr<const DumpSeries> compare(const QString &mode, const QString &run)
{
    const QString base = QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/") + mode;
    DumpPipelineInput input;
    input.benchPath = base + u"/bench"_s;
    input.npuPath = base + u'/' + run;
    ProgressSink progress;
    const auto r = runDumpPipeline(input, progress, CancelToken());
    return r.isOk() ? r.value() : nullptr;
}

std::vector<const Finding *> withCode(const FindingList &all, const QString &code)
{
    std::vector<const Finding *> out;
    for (const Finding &f : all)
        if (f.code == code)
            out.push_back(&f);
    return out;
}

} // namespace

class TestDumpFindings : public QObject
{
    Q_OBJECT

private slots:
    void nanOriginNamesTheScalar_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("tensor") << u"tensor"_s;
        QTest::newRow("statistics") << u"statistics"_s;
    }
    void nanOriginNamesTheScalar()
    {
        QFETCH(QString, mode);
        const auto s = compare(mode, u"divzero"_s);
        QVERIFY(s);
        QCOMPARE(s->runs.size(), 2);
        const FindingList f = dumpFindings(*s);
        QVERIFY(withCode(f, u"dump.all_pass"_s).empty()); // step 0 is clean, step 1 is not
        const auto nan = withCode(f, u"dump.nan_origin"_s);
        QCOMPARE(nan.size(), size_t(1));
        const Finding &n = *nan.front();
        QCOMPARE(n.evidence.value(u"run"_s).toString(), u"step1/rank"_s);
        QCOMPARE(n.evidence.value(u"tensor"_s).toString(),
                 u"Tensor.__truediv__.0.forward.output.0"_s);
        QCOMPARE(n.evidence.value(u"dtype"_s).toString(), u"float32"_s);
        const QJsonArray changed = n.evidence.value(u"changed_arguments"_s).toArray();
        QCOMPARE(changed.size(), 1);
        QVERIFY2(changed[0].toString().startsWith(u"input.1 = 0 (bench 2.8284"_s),
                 qPrintable(changed[0].toString()));
        QVERIFY2(n.text.contains(u"input.1 = 0 (bench 2.8284"_s), qPrintable(n.text));
        // A float32 run: no float32 or loss-scale advice.
        QVERIFY2(!n.nextAction.contains(u"loss scale"_s), qPrintable(n.nextAction));
        QVERIFY2(!n.nextAction.contains(u"run it in float32"_s), qPrintable(n.nextAction));
        QVERIFY2(n.nextAction.contains(u"input.1"_s), qPrintable(n.nextAction));
    }

    void allPassNamesEveryRun()
    {
        const auto s = compare(u"statistics"_s, u"bench"_s);
        QVERIFY(s);
        const FindingList f = dumpFindings(*s);
        const auto pass = withCode(f, u"dump.all_pass"_s);
        QCOMPARE(pass.size(), size_t(1));
        QCOMPARE(pass.front()->evidence.value(u"runs"_s).toArray().size(), 2);
        QVERIFY2(pass.front()->text.contains(u"step0/rank, step1/rank"_s),
                 qPrintable(pass.front()->text));
        QCOMPARE(f.size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestDumpFindings)
#include "tst_dumpfindings.moc"
