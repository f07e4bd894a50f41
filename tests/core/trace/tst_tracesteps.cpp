#include "common/testdata.h"
#include "core/trace/chrometraceloader.h"
#include "core/trace/tracesteps.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_TraceSteps : public QObject
{
    Q_OBJECT

private slots:
    void firstStep_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("endNs");
        // Computed independently from the JSON text: ts + dur of the earliest step slice, in ns.
        // torch_npu: ProfilerStep#1 ts "1704161511420289.011", dur 14091.97 µs (trace_view.json).
        QTest::newRow("torch_npu")
            << sharedData(u"trace/mstt_advisor_trace_view.json"_s) << qint64(-2);
        QTest::newRow("msprof step trace")
            << sharedData(u"trace/cann_msprof_PROF_000001_device0_step_trace_0_2_1.json"_s)
            << qint64(-2);
        QTest::newRow("no steps") << sharedData(u"trace/catapult_trivial_trace.json"_s)
                                  << qint64(-1);
    }

    void firstStep()
    {
        QFETCH(QString, file);
        QFETCH(qint64, endNs);
        QVERIFY2(QFile::exists(file), qPrintable(file));
        ProgressSink progress;
        const Result<TraceDataset> r =
            loadChromeTrace(Source::fromPath(file), ChromeTraceOptions{}, progress, CancelToken());
        QVERIFY(r.isOk());
        const std::optional<qint64> end = firstStepEndNs(*r.value());
        if (endNs == -1) {
            QVERIFY(!end);
            return;
        }
        QVERIFY(end);
        QCOMPARE(*end, expectedFromJson(file));
    }

    // Kineto repeats each ProfilerStep#N on the GPU as a gpu_user_annotation that lags the host's:
    // the steps are the host's marks only.
    void hostMarksOnly()
    {
        ProgressSink progress;
        const Result<TraceDataset> r =
            loadChromeTrace(Source::fromPath(sharedData(u"trace/hta_nccl_data.json.gz"_s)),
                            ChromeTraceOptions{},
                            progress,
                            CancelToken());
        QVERIFY(r.isOk());
        const TraceSteps steps = findTraceSteps(*r.value());
        QVERIFY(steps.detected);
        QCOMPARE(int(steps.steps.size()), 3);
        QStringList names;
        for (const TraceStep &s : steps.steps) {
            names << s.name;
            QVERIFY(s.complete);
            QVERIFY(s.durationNs() > 0);
        }
        QCOMPARE(names,
                 (QStringList{u"ProfilerStep#4"_s, u"ProfilerStep#5"_s, u"ProfilerStep#6"_s}));
        QCOMPARE(steps.steps[0].number, 4);
        const TraceTrack &track = r.value()->tracks[size_t(steps.track)];
        QVERIFY(r.value()->strings.view(r.value()->sliceCategory[track.sliceBegin]) !=
                "gpu_user_annotation");
        QVERIFY(steps.medianIndex() >= 0);
    }

    void medianAndWholeTrace()
    {
        TraceSteps s;
        for (const auto &[start, end] : {std::pair{0, 30}, {30, 40}, {40, 60}, {60, 70}}) {
            TraceStep step;
            step.startNs = start;
            step.endNs = end;
            s.steps.push_back(step);
        }
        s.steps[3].complete = false;
        // complete durations 30, 10, 20: the median is the 20 ns step
        QCOMPARE(s.medianIndex(), 2);
        QCOMPARE(s.firstComplete()->startNs, 0);
        ProgressSink progress;
        const Result<TraceDataset> r = loadChromeTrace(
            Source::fromPath(sharedData(u"trace/catapult_trivial_trace.json"_s)), {}, progress, {});
        QVERIFY(r.isOk());
        const TraceSteps whole = findTraceSteps(*r.value());
        QVERIFY(!whole.detected);
        QCOMPARE(int(whole.steps.size()), 1);
        QCOMPARE(whole.steps[0].startNs, r.value()->firstNs);
        QCOMPARE(whole.steps[0].endNs, r.value()->lastNs);
    }

private:
    // Independent of the loader: the earliest step slice's ts + dur, read with QJsonDocument and
    // exact decimal arithmetic on the µs text (3 fraction digits at most in these files).
    static qint64 expectedFromJson(const QString &file)
    {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            return 0;
        const QByteArray text = f.readAll();
        const QJsonArray events = QJsonDocument::fromJson(text).array();
        auto toNs = [](const QJsonValue &v) -> qint64 {
            QString s = v.isString() ? v.toString() : QString::number(v.toDouble(), 'f', 3);
            const qsizetype dot = s.indexOf(u'.');
            QString frac = dot < 0 ? QString() : s.mid(dot + 1);
            const QString whole = dot < 0 ? s : s.left(dot);
            frac = (frac + u"000"_s).left(3);
            return whole.toLongLong() * 1000 + frac.toLongLong();
        };
        qint64 bestStart = std::numeric_limits<qint64>::max();
        qint64 bestEnd = 0;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString name = e.value(u"name"_s).toString();
            if (e.value(u"ph"_s).toString() != u"X"_s ||
                !(name.startsWith(u"ProfilerStep#"_s) || name.startsWith(u"Iteration "_s)))
                continue;
            const qint64 start = toNs(e.value(u"ts"_s));
            if (start < bestStart) {
                bestStart = start;
                bestEnd = start + toNs(e.value(u"dur"_s));
            }
        }
        return bestEnd;
    }
};

QTEST_GUILESS_MAIN(tst_TraceSteps)
#include "tst_tracesteps.moc"
