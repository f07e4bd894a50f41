// ModelWorkspace (issue #26): the module tree of a planted msprobe pair opens with the path to
// the first divergent module expanded and selected, its detail shown; the model passes Qt's
// model tester; search and the band/overflow filters keep the matches' parents; a .vis.db opens
// alone with msprobe's bands; a 10 000-node tree opens in under a second; at 1024×700 and
// 1600×1000 nothing collapses.
#include "core/dump/moduletree.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/model/modelworkspace.h"
#include "widgets/model/moduletreemodel.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

QString data(const QString &f)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_modules/") + f;
}

Core::SniffResult sniffed(const QString &path, const QString &format = {})
{
    Core::SniffResult r;
    r.path = path;
    r.kind = Core::FileKind::Model;
    r.format = format;
    return r;
}

int visibleRows(const QAbstractItemModel *m, const QModelIndex &parent = {})
{
    int n = m->rowCount(parent);
    for (int r = 0; r < m->rowCount(parent); ++r)
        n += visibleRows(m, m->index(r, 0, parent));
    return n;
}

} // namespace

class TestModelWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(u"TwinscopeTest"_s); }

    void plantedPair_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1024x700") << QSize(1024, 700);
    }
    void plantedPair()
    {
        QFETCH(QSize, size);
        Widgets::LoadController loads;
        Widgets::ModelWorkspace ws(&loads);
        ws.resize(size);
        ws.show();
        QAbstractItemModelTester tester(ws.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy done(&ws, &Widgets::ModelWorkspace::compared);
        // Benchmark first, then the run under test, as every pair opens.
        ws.openPaths({sniffed(data(u"statistics/bench"_s)), sniffed(data(u"statistics/deep"_s))});
        QVERIFY(done.wait(30000));
        const auto &c = *ws.result()->comparison;
        QCOMPARE(c.npu->nodes[c.firstDivergent].id, u"Module.layer3.1.bn2.BatchNorm2d.forward.0"_s);
        // The path to it is open and it is the current row, its detail on the right.
        const int current =
            ws.model()->nodeOf(ws.filter()->mapToSource(ws.treeView()->currentIndex()));
        QCOMPARE(current, c.firstDivergent);
        QVERIFY(ws.treeView()->isExpanded(ws.treeView()->currentIndex().parent()));
        QVERIFY(ws.detail()->toPlainText().contains(u"layer3.1.bn2"_s));
        QVERIFY(ws.detail()->toPlainText().contains(u"output.0"_s));
        QVERIFY(ws.header()->text().contains(u"layer3.1.bn2"_s));
        QVERIFY(ws.title().contains(u"deep"_s));
        QVERIFY(ws.treeView()->width() > 300);
        QVERIFY(ws.detail()->width() > 150);

        // Search keeps the parents of the matches.
        ws.searchBox()->setText(u"downsample.0.Conv2d"_s);
        QVERIFY(visibleRows(ws.filter()) >= 4); // layer2, 0, downsample, downsample.0 ...
        QVERIFY(visibleRows(ws.filter()) < 40);
        ws.searchBox()->clear();
        // "red only" leaves fewer rows than all; every row left is red or a red row's parent.
        const int all = visibleRows(ws.filter());
        ws.bandBox()->setCurrentIndex(ws.bandBox()->findData(int(Core::PrecisionBand::Red)));
        const int red = visibleRows(ws.filter());
        QVERIFY(red > 0 && red < all);
        ws.bandBox()->setCurrentIndex(0);
        QCOMPARE(visibleRows(ws.filter()), all);
        QCOMPARE(ws.stepRankBox()->count(), 1);

        // A finding's link selects its node.
        Core::FindingLink link;
        link.view = Core::FindingLink::View::KindRow;
        link.kind = u"model"_s;
        link.name = u"Module.layer1.0.conv1.Conv2d.forward.0"_s;
        QVERIFY(ws.reveal(link));
        QCOMPARE(
            ws.model()
                ->comparison()
                ->npu
                ->nodes[ws.model()->nodeOf(ws.filter()->mapToSource(ws.treeView()->currentIndex()))]
                .id,
            link.name);
        link.kind = u"dump"_s;
        QVERIFY(!ws.reveal(link));
    }

    // "Show in Dumps" names the node's first output; the Dumps tab of the same pair selects it.
    void showInDumps()
    {
        Widgets::LoadController loads;
        Widgets::ModelWorkspace ws(&loads);
        QSignalSpy done(&ws, &Widgets::ModelWorkspace::compared);
        ws.openPaths({sniffed(data(u"statistics/bench"_s)), sniffed(data(u"statistics/mid"_s))});
        QVERIFY(done.wait(30000));
        QSignalSpy named(&ws, &Widgets::Workspace::crossLinkRequested);
        QPushButton *button = nullptr;
        for (QPushButton *b : ws.findChildren<QPushButton *>())
            if (b->text() == u"Show in Dumps"_s)
                button = b;
        QVERIFY(button && button->isEnabled());
        button->click();
        QCOMPARE(named.size(), 1);
        const auto link = named.first().first().value<Widgets::CrossLink>();
        QCOMPARE(link.subject, Widgets::CrossLink::Subject::Tensor);
        QCOMPARE(link.name, u"Module.layer2.0.downsample.0.Conv2d.forward.0.output.0"_s);

        Widgets::DumpWorkspace dumps(&loads);
        QSignalSpy ready(&dumps, &Widgets::DumpWorkspace::comparisonReady);
        dumps.compare(data(u"statistics/bench"_s), data(u"statistics/mid"_s));
        QVERIFY(ready.wait(30000));
        QVERIFY(dumps.follow(link));
        Widgets::CrossLink call = link;
        call.name = u"Module.layer2.0.downsample.0.Conv2d.forward.0"_s;
        QVERIFY(dumps.follow(call));
        call.name = u"Module.nowhere.forward.0"_s;
        QVERIFY(!dumps.follow(call));
    }

    void selfCompareHasNoDivergentModule()
    {
        Widgets::LoadController loads;
        Widgets::ModelWorkspace ws(&loads);
        QSignalSpy done(&ws, &Widgets::ModelWorkspace::compared);
        ws.openPaths({sniffed(data(u"md5/bench"_s)), sniffed(data(u"md5/bench"_s))});
        QVERIFY(done.wait(30000));
        QCOMPARE(ws.result()->comparison->firstDivergent, -1);
        QVERIFY(ws.header()->text().contains(u"No divergent module"_s));
        QVERIFY(ws.summaryLines().first().contains(u"no divergent module"_s));
    }

    void visDbOpensAlone()
    {
        Widgets::LoadController loads;
        Widgets::ModelWorkspace ws(&loads);
        QSignalSpy done(&ws, &Widgets::ModelWorkspace::compared);
        ws.openPaths({sniffed(data(u"vis/tensor_deep.vis.db"_s), u"vis_db"_s)});
        QVERIFY(done.wait(30000));
        QCOMPARE(ws.result()->source, u"vis.db"_s);
        QVERIFY(ws.header()->text().contains(u"msprobe"_s));
        QVERIFY(ws.model()->rowCount() > 0);
    }

    // 10 000 nodes a side (5 000 modules, each with an API): the tab reads, compares and shows the
    // tree, every node expanded, in under a second.
    void tenThousandNodes()
    {
        QTemporaryDir dir;
        for (const QString &side : {u"npu"_s, u"bench"_s}) {
            QDir(dir.path()).mkpath(side);
            QByteArray construct = "{", dump = R"({"task": "statistics", "data": {)";
            const QByteArray t =
                R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4], )"
                R"("Max": 1, "Min": 0, "Mean": 0.5, "Norm": 1})";
            for (int i = 0; i < 5000; ++i) {
                const QByteArray id = "Module.m" + QByteArray::number(i) + ".Linear.forward.0";
                const QByteArray up =
                    i < 10 ? QByteArray("null")
                           : "\"Module.m" + QByteArray::number(i / 10) + ".Linear.forward.0\"";
                const QByteArray api = "Functional.linear." + QByteArray::number(i) + ".forward";
                construct +=
                    (i ? ",\"" : "\"") + id + "\": " + up + ", \"" + api + "\": \"" + id + "\"";
                const QByteArray io = "{\"input_args\": [" + t + "], \"output\": [" + t + "]}";
                dump += (i ? ",\"" : "\"") + id + "\": " + io + ", \"" + api + "\": " + io;
            }
            QFile c(dir.filePath(side + u"/construct.json"_s)),
                d(dir.filePath(side + u"/dump.json"_s));
            QVERIFY(c.open(QIODevice::WriteOnly) && d.open(QIODevice::WriteOnly));
            c.write(construct + "}");
            d.write(dump + "}}");
        }
        Widgets::LoadController loads;
        Widgets::ModelWorkspace ws(&loads);
        ws.resize(1600, 1000);
        ws.show();
        QSignalSpy done(&ws, &Widgets::ModelWorkspace::compared);
        QElapsedTimer timer;
        timer.start();
        ws.openPaths({sniffed(dir.filePath(u"bench"_s)), sniffed(dir.filePath(u"npu"_s))});
        QVERIFY(done.wait(30000));
        ws.treeView()->expandAll();
        QCoreApplication::processEvents();
        const qint64 ms = timer.elapsed();
        qInfo("10 000 nodes a side: read, compared and shown (all expanded) in %lld ms", ms);
        QCOMPARE(ws.result()->comparison->nodes.size(), 10000);
        // The < 1 s figure is measured on an idle machine (docs/PERFORMANCE.md); the bound here
        // only catches a return to quadratic work, with room for a loaded 2-core CI runner.
        QVERIFY2(ms < 5000, qPrintable(u"%1 ms"_s.arg(ms)));
    }
};

QTEST_MAIN(TestModelWorkspace)
#include "tst_modelworkspace.moc"
