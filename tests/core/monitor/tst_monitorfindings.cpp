// The monitor finding in an investigation (issue #27): with a loss pair that forks, the first
// departing module is said against the fork step and links to the Monitor tab and the loss
// curves at the fork; a clean monitor pair is one "nothing wrong" statement.
#include "common/monitorgenerator.h"
#include "common/testdata.h"
#include "core/triage/triagepipeline.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Twinscope::Core;

namespace {

InvestigationInput input(const QString &path, const QString &kind, InputRole role)
{
    InvestigationInput in;
    in.path = path;
    in.kind = kind;
    in.role = role;
    return in;
}

FindingList triage(const QList<InvestigationInput> &inputs)
{
    TriagePipelineInput in;
    in.workspace.inputs = inputs;
    ProgressSink progress;
    const Result<TriageAnalysis> r = runTriagePipeline(in, progress, CancelToken());
    return r.isOk() ? r.value()->findings : FindingList();
}

const Finding *withCode(const FindingList &findings, const QString &code)
{
    for (const Finding &f : findings)
        if (f.code == code)
            return &f;
    return nullptr;
}

} // namespace

class TestMonitorFindings : public QObject
{
    Q_OBJECT

private slots:
    void departureTiedToLossFork()
    {
        MonitorGenSpec spec;
        spec.seed = 3;
        spec.plantStep = 70; // the troubleshooter loss pair forks at step 3 of 40
        spec.plantModule = 13;
        QTemporaryDir tmp;
        const QString a = tmp.filePath(QStringLiteral("gpu"));
        const QString b = tmp.filePath(QStringLiteral("npu"));
        QVERIFY(writeMonitorRun(a, spec, 0));
        QVERIFY(writeMonitorRun(b, spec, 1));
        const FindingList findings =
            triage({input(sharedData(QStringLiteral("loss/troubleshooter_gpu_loss.txt")),
                          QStringLiteral("loss"),
                          InputRole::Benchmark),
                    input(sharedData(QStringLiteral("loss/troubleshooter_npu_loss.txt")),
                          QStringLiteral("loss"),
                          InputRole::Target),
                    input(a, QStringLiteral("monitor"), InputRole::Benchmark),
                    input(b, QStringLiteral("monitor"), InputRole::Target)});
        const Finding *f = withCode(findings, QStringLiteral("monitor.first_departure"));
        QVERIFY(f);
        QVERIFY2(
            f->text.startsWith(QStringLiteral("The loss forks at step 3; the monitors part later: "
                                              "grad_reduced.norm of ")),
            qPrintable(f->text));
        QVERIFY(f->text.contains(monitorGenModuleName(13)));
        QVERIFY(f->text.contains(QStringLiteral("departs at step 70")));
        QCOMPARE(f->evidence.value(u"loss_fork_step").toInt(), 3);
        QCOMPARE(f->link.view, FindingLink::View::KindRow);
        QCOMPARE(f->link.kind, QStringLiteral("monitor"));
        QCOMPARE(f->link.step, 70);
        QCOMPARE(findingLinkKinds(f->link), QList<FileKind>{FileKind::Monitor});
        // And to the loss curves at the fork.
        QCOMPARE(f->alsoLinks.size(), 1);
        QCOMPARE(f->alsoLinks[0].view, FindingLink::View::LossStep);
        QCOMPARE(f->alsoLinks[0].step, 3);
        QCOMPARE(findingLinkKinds(f->alsoLinks[0]), QList<FileKind>{FileKind::Loss});
    }

    void cleanPairIsClear()
    {
        MonitorGenSpec spec;
        spec.seed = 4;
        QTemporaryDir tmp;
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("a")), spec, 0));
        QVERIFY(writeMonitorRun(tmp.filePath(QStringLiteral("b")), spec, 1));
        const FindingList findings =
            triage({input(tmp.filePath(QStringLiteral("a")), QString(), InputRole::Benchmark),
                    input(tmp.filePath(QStringLiteral("b")), QString(), InputRole::Target)});
        QVERIFY(!withCode(findings, QStringLiteral("monitor.first_departure")));
        const Finding *f = withCode(findings, QStringLiteral("monitor.no_departure"));
        QVERIFY(f);
        QCOMPARE(f->severity, FindingSeverity::Clear);
    }
};

QTEST_GUILESS_MAIN(TestMonitorFindings)
#include "tst_monitorfindings.moc"
