// Model tab links (issue #26): a module node names its parameters (the Checkpoint tab filters to
// its prefix and selects the first) and its profiler range ("nn.Module: Conv2d_1", the Timeline
// tab searches it; a trace recorded without with_modules says so).
#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "core/dump/modulelinks.h"
#include "widgets/checkpoint/checkpointworkspace.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/model/modelworkspace.h"
#include "widgets/tables/comparetableview.h"
#include "widgets/trace/traceworkspace.h"

#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

QString data(const QString &f)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/") + f;
}

Core::SniffResult sniffedModel(const QString &path)
{
    Core::SniffResult r;
    r.path = path;
    r.kind = Core::FileKind::Model;
    return r;
}

} // namespace

class TestModelLinks : public QObject
{
    Q_OBJECT

    // The planted resnet18 pair, layer1.0.conv1 selected; the link its button names.
    Widgets::CrossLink linkOf(QPushButton *(Widgets::ModelWorkspace::*button)() const)
    {
        Widgets::LoadController loads;
        Widgets::ModelWorkspace ws(&loads);
        QSignalSpy done(&ws, &Widgets::ModelWorkspace::compared);
        ws.openPaths({sniffedModel(data(u"dump/msprobe_modules/statistics/bench"_s)),
                      sniffedModel(data(u"dump/msprobe_modules/statistics/mid"_s))});
        if (!done.wait(30000))
            return {};
        const int node =
            ws.result()->comparison->npu->find(u"Module.layer1.0.conv1.Conv2d.forward.0"_s);
        if (node < 0)
            return {};
        ws.selectNode(node);
        QSignalSpy named(&ws, &Widgets::Workspace::crossLinkRequested);
        QPushButton *b = (ws.*button)();
        if (!b->isEnabled())
            return {};
        b->click();
        return named.size() == 1 ? named.first().first().value<Widgets::CrossLink>()
                                 : Widgets::CrossLink{};
    }

private slots:
    void profilerRangeNumbersInstancesByFirstCall()
    {
        QString error;
        const QStringList folders =
            Core::moduleTreeFolders(data(u"dump/msprobe_modules/statistics/bench"_s), &error);
        QVERIFY2(!folders.isEmpty(), qPrintable(error));
        auto tree = Core::loadModuleTree(folders.first());
        QVERIFY(tree.isOk());
        const Core::ModuleTree &t = *tree.value();
        // resnet18: conv1 is the first Conv2d called, layer1.0.conv1 the second.
        QCOMPARE(Core::moduleProfilerRange(t, t.find(u"Module.conv1.Conv2d.forward.0"_s)),
                 u"nn.Module: Conv2d_0"_s);
        QCOMPARE(Core::moduleProfilerRange(t, t.find(u"Module.layer1.0.conv1.Conv2d.forward.0"_s)),
                 u"nn.Module: Conv2d_1"_s);
        QCOMPARE(
            Core::moduleParameterPrefix(t, t.find(u"Module.layer1.0.conv1.Conv2d.forward.0"_s)),
            u"layer1.0.conv1"_s);
    }

    void parametersInCheckpoint()
    {
        const Widgets::CrossLink link = linkOf(&Widgets::ModelWorkspace::showParametersButton);
        QCOMPARE(link.subject, Widgets::CrossLink::Subject::ModuleParameters);
        QCOMPARE(link.name, u"layer1.0.conv1"_s);

        Widgets::LoadController loads;
        Widgets::CheckpointWorkspace ckpt(&loads);
        QVERIFY(!ckpt.follow(link)); // nothing open
        QSignalSpy ready(&ckpt, &Widgets::CheckpointWorkspace::comparisonReady);
        ckpt.compare(data(u"checkpoint/good/net.safetensors"_s),
                     data(u"checkpoint/good/ms_net.ckpt"_s));
        QVERIFY(ready.wait(30000));
        QVERIFY(ckpt.follow(link));
        const int row = ckpt.tableView()->currentComparisonRow();
        QVERIFY(row >= 0);
        const auto &c = *ckpt.comparison()->comparison;
        QVERIFY2(c.bench->tensors[c.rows[row].bench].name.startsWith(u"layer1.0.conv1."_s),
                 qPrintable(c.bench->tensors[c.rows[row].bench].name));
        QCOMPARE(ckpt.tableView()->filterEdit()->text(), u"layer1.0.conv1."_s);
        Widgets::CrossLink absent = link;
        absent.name = u"layer9.conv"_s;
        QSignalSpy said(&ckpt, &Widgets::Workspace::statusMessage);
        QVERIFY(!ckpt.follow(absent));
        QCOMPARE(said.size(), 1);
    }

    void rangesInTimeline()
    {
        Widgets::CrossLink link = linkOf(&Widgets::ModelWorkspace::showRangesButton);
        QCOMPARE(link.subject, Widgets::CrossLink::Subject::ModuleRanges);
        QCOMPARE(link.path, u"nn.Module: Conv2d_1"_s);

        // torch_npu level-1 trace recorded with with_modules (AlexNet: Conv2d_0 ... Conv2d_4).
        Widgets::LoadController loads;
        Widgets::TraceWorkspace withModules(&loads);
        QSignalSpy loaded(&withModules, &Widgets::Workspace::loaded);
        withModules.openPaths({Core::sniffPath(sharedData(
            u"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"_s))});
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QVERIFY(withModules.follow(link));
        QCOMPARE(withModules.searchBox()->text(), u"nn.Module: Conv2d_1"_s);

        // A trace without module ranges: not followed, and the status bar says why.
        Widgets::TraceWorkspace plain(&loads);
        QSignalSpy plainLoaded(&plain, &Widgets::Workspace::loaded);
        plain.openPaths({Core::sniffPath(sharedData(u"trace/mstt_advisor_trace_view.json"_s))});
        QTRY_COMPARE_WITH_TIMEOUT(plainLoaded.count(), 1, 30000);
        QSignalSpy said(&plain, &Widgets::Workspace::statusMessage);
        QVERIFY(!plain.follow(link));
        QCOMPARE(said.size(), 1);
        QVERIFY(said.first().first().toString().contains(u"with_modules=True"_s));
    }
};

QTEST_MAIN(TestModelLinks)
#include "tst_modellinks.moc"
