#include "common/testdata.h"
#include "core/trace/chrometraceloader.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// Flow pairing on real traces, counted independently with Python (s/f per (cat, id), all matched).
class tst_TraceFlows : public QObject
{
    Q_OBJECT

private slots:
    void realTraces_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("flows");
        QTest::addColumn<int>("unmatched");
        // torch_npu: 713 s/f pairs; 218 HostToDevice and 2 async_npu ends are stamped before
        // their starts (device clock) and must still pair.
        QTest::newRow("torch_npu") << u"trace/mstt_advisor_trace_view.json"_s << 713 << 0;
        QTest::newRow("flow_simple") << u"trace/catapult_flow_simple.json"_s << 3 << 0;
    }

    void realTraces()
    {
        QFETCH(QString, file);
        QFETCH(int, flows);
        QFETCH(int, unmatched);
        const QString path = sharedData(file);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        ProgressSink progress;
        const Result<TraceDataset> r =
            loadChromeTrace(Source::fromPath(path), ChromeTraceOptions{}, progress, CancelToken());
        QVERIFY(r.isOk());
        QCOMPARE(int(r.value()->flows.size()), flows);
        QCOMPARE(r.diagnostics().count(u"flow_end_without_start"_s) +
                     r.diagnostics().count(u"flow_start_without_end"_s),
                 qint64(unmatched));
        // Every flow of the torch_npu trace binds both ends to slices (host op -> NPU kernel).
        int bound = 0;
        for (const TraceFlow &f : r.value()->flows)
            bound += f.fromSlice != TraceFlow::Unbound && f.toSlice != TraceFlow::Unbound;
        QVERIFY2(bound * 10 >= flows * 9, qPrintable(u"%1 of %2 bound"_s.arg(bound).arg(flows)));
    }
};

QTEST_GUILESS_MAIN(tst_TraceFlows)
#include "tst_traceflows.moc"
