#include "core/trace/tracesynth.h"

#include <QRandomGenerator>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// Database readers (SyntheticTrace) stage their events per thread track instead of as RawEvents,
// to keep a gigabyte database under 1.5 GB (docs/PERFORMANCE.md, "Profiler databases"). The
// dataset must stay exactly what the RawEvent builder makes of the same events: this test gives
// both builders the same seeded random events (nesting, partial overlaps, equal starts, negative
// and overflowing durations, instants, counters, flows, metadata) and compares every column.
class tst_TraceBuildTracked : public QObject
{
    Q_OBJECT

    // The same events told to both: the SyntheticTrace and the RawEvent list the SyntheticTrace
    // of before this change built from them.
    struct Twin
    {
        SyntheticTrace synth;
        TraceStringTable strings; // interned in the same order as synth's: the same ids
        TraceBuildInput raw;
        quint64 nextFlow = 1;
        quint32 metas = 0;

        quint32 intern(const QString &s)
        {
            const QByteArray u = s.toUtf8();
            const quint32 a = synth.intern(std::string_view(u.constData(), size_t(u.size())));
            const quint32 b = strings.intern(std::string_view(u.constData(), size_t(u.size())));
            Q_ASSERT(a == b);
            return a;
        }
        RawEvent &push(char phase, quint32 pid, quint32 tid, qint64 ts)
        {
            RawEvent e;
            e.phase = phase;
            e.pid = pid;
            e.tid = tid;
            e.ts = ts;
            e.offset = -1;
            e.flags = RawFlag::HasTs | RawFlag::HasPid | RawFlag::HasTid;
            raw.events.push_back(e);
            return raw.events.back();
        }
        void slice(quint32 pid,
                   quint32 tid,
                   qint64 ts,
                   qint64 dur,
                   quint32 name,
                   quint32 cat,
                   std::pair<qint64, quint32> args)
        {
            synth.slice(pid, tid, ts, dur, name, cat, args);
            RawEvent &e = push('X', pid, tid, ts);
            e.dur = dur;
            e.flags |= RawFlag::HasDur;
            e.name = name;
            e.category = cat;
            if (args.second > 0) {
                e.argsOffset = args.first;
                e.argsLength = args.second;
            }
        }
        void instant(quint32 pid,
                     quint32 tid,
                     qint64 ts,
                     quint32 name,
                     quint32 cat,
                     std::pair<qint64, quint32> args)
        {
            synth.instant(pid, tid, ts, name, cat, args);
            RawEvent &e = push('i', pid, tid, ts);
            e.name = name;
            e.category = cat;
            e.scope = 't';
            if (args.second > 0) {
                e.argsOffset = args.first;
                e.argsLength = args.second;
            }
        }
        void counter(quint32 pid, quint32 name, quint32 series, qint64 ts, double value)
        {
            synth.counter(pid, name, series, ts, value);
            RawCounter c;
            c.ts = ts;
            c.value = value;
            c.pid = pid;
            c.name = name;
            c.series = series;
            c.order = quint32(raw.counters.size());
            raw.counters.push_back(c);
        }
        void flow(quint32 name,
                  quint32 cat,
                  quint32 p1,
                  quint32 t1,
                  qint64 ts1,
                  quint32 p2,
                  quint32 t2,
                  qint64 ts2)
        {
            synth.flow(name, cat, p1, t1, ts1, p2, t2, ts2);
            const quint64 id = nextFlow++;
            RawEvent &s = push('s', p1, t1, ts1);
            s.name = name;
            s.category = cat;
            s.id = id;
            s.flags |= RawFlag::HasId;
            RawEvent &f = push('f', p2, t2, ts2);
            f.name = name;
            f.category = cat;
            f.id = id;
            f.flags |= RawFlag::HasId | RawFlag::BindEnclosing;
        }
        void meta(
            quint32 pid, quint32 tid, const char *kind, quint32 text, qint64 number, bool hasNumber)
        {
            RawMeta m;
            m.pid = pid;
            m.tid = tid;
            m.kind = intern(QString::fromLatin1(kind));
            m.text = text;
            m.number = number;
            m.hasNumber = hasNumber;
            raw.metas.push_back(m);
        }
        void threadName(quint32 pid, quint32 tid, const QString &name, qint64 sortIndex)
        {
            synth.threadName(pid, tid, name, sortIndex);
            meta(pid, tid, "thread_name", intern(name), 0, false);
            meta(pid, tid, "thread_sort_index", 0, sortIndex, true);
        }
        void processName(quint32 pid, const QString &name, qint64 sortIndex)
        {
            synth.processName(pid, name, sortIndex);
            meta(pid, 0, "process_name", intern(name), 0, false);
            meta(pid, 0, "process_sort_index", 0, sortIndex, true);
        }
    };

    static void fill(Twin &t, quint32 seed)
    {
        QRandomGenerator rng(seed);
        const quint32 pids[] = {t.intern(u"7"_s), t.intern(u"CANN"_s), t.intern(u"12"_s)};
        const quint32 tids[] = {t.intern(u"1"_s), t.intern(u"2"_s), t.intern(u"stream 3"_s)};
        const quint32 names[] = {t.intern(u"aten::mm"_s),
                                 t.intern(u"MatMul"_s),
                                 t.intern(u"ProfilerStep#1"_s),
                                 t.intern(u"Free"_s)};
        const quint32 cats[] = {0, t.intern(u"cpu_op"_s), t.intern(u"async_npu"_s)};
        t.processName(pids[1], u"CANN"_s, 7);
        // A named thread with no events: its track comes after every other.
        t.threadName(pids[2], t.intern(u"99"_s), u"Idle"_s, 5);
        TraceArgsRecords &args = t.synth.args();
        for (int k = 0; k < 4000; ++k) {
            const quint32 pid = pids[rng.bounded(3)], tid = tids[rng.bounded(3)];
            const quint32 name = names[rng.bounded(4)], cat = cats[rng.bounded(3)];
            // Coarse times so that starts tie and spans nest, touch and overlap partly.
            const qint64 ts = qint64(rng.bounded(400)) * 10;
            const int kind = int(rng.bounded(100));
            std::pair<qint64, quint32> a{-1, 0};
            if (rng.bounded(3) == 0)
                a = args.raw(QByteArray("{\"k\": " + QByteArray::number(k) + "}").toStdString());
            if (kind < 70) {
                t.slice(pid, tid, ts, qint64(rng.bounded(8)) * 10, name, cat, a);
            } else if (kind < 72) {
                t.slice(pid, tid, ts, -5, name, cat, a); // dropped: negative duration
            } else if (kind < 73) {
                // dropped: the end overflows; on a thread with no other event it makes no track
                t.slice(pids[2],
                        t.intern(u"overflow"_s),
                        std::numeric_limits<qint64>::max() - 3,
                        100,
                        name,
                        cat,
                        a);
            } else if (kind < 80) {
                t.instant(pid, tid, ts, name, cat, a);
            } else if (kind < 92) {
                t.counter(pid,
                          name,
                          rng.bounded(2) ? t.intern(u"Allocated"_s) : t.intern(u"Reserved"_s),
                          ts,
                          rng.generateDouble());
            } else {
                t.flow(name,
                       cat,
                       pid,
                       tid,
                       ts,
                       pids[rng.bounded(3)],
                       tids[rng.bounded(3)],
                       qint64(rng.bounded(400)) * 10);
            }
        }
        t.threadName(pids[0], tids[0], u"Thread 1"_s, 1);
    }

    template<class V>
    static bool same(const V &a, const V &b, const char *what)
    {
        if (a == b)
            return true;
        qWarning("%s differ (%zu vs %zu)", what, size_t(a.size()), size_t(b.size()));
        return false;
    }

private slots:
    void sameDatasetAsRawEvents_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {1u, 2u, 3u, 42u})
            QTest::newRow(qPrintable(u"seed %1"_s.arg(seed))) << seed;
    }

    void sameDatasetAsRawEvents()
    {
        QFETCH(quint32, seed);
        Twin t;
        fill(t, seed);
        const Result<TraceDataset> r = t.synth.finish({}, {}, -1, {}, CancelToken());
        QVERIFY(r.isOk());
        const TraceDataset &a = *r.value();
        TraceDataset b;
        b.strings = std::move(t.strings);
        Diagnostics bDiag;
        buildTraceDataset(t.raw, &b, &bDiag, CancelToken());

        QVERIFY(a.sliceCount() > 1000);
        QVERIFY(a.flows.size() > 100);
        QVERIFY(same(a.sliceStart, b.sliceStart, "sliceStart"));
        QVERIFY(same(a.sliceDuration, b.sliceDuration, "sliceDuration"));
        QVERIFY(same(a.sliceName, b.sliceName, "sliceName"));
        QVERIFY(same(a.sliceCategory, b.sliceCategory, "sliceCategory"));
        QVERIFY(same(a.sliceArgsOffset, b.sliceArgsOffset, "sliceArgsOffset"));
        QVERIFY(same(a.sliceArgsLength, b.sliceArgsLength, "sliceArgsLength"));
        QVERIFY(same(a.sliceFlags, b.sliceFlags, "sliceFlags"));
        QVERIFY(same(a.instantTs, b.instantTs, "instantTs"));
        QVERIFY(same(a.instantName, b.instantName, "instantName"));
        QVERIFY(same(a.instantArgsOffset, b.instantArgsOffset, "instantArgsOffset"));
        QVERIFY(same(a.counterTs, b.counterTs, "counterTs"));
        QVERIFY(same(a.counterValue, b.counterValue, "counterValue"));
        QVERIFY(same(a.flowsByFrom, b.flowsByFrom, "flowsByFrom"));
        QVERIFY(same(a.flowsByTo, b.flowsByTo, "flowsByTo"));
        QCOMPARE(a.flows.size(), b.flows.size());
        for (size_t k = 0; k < a.flows.size(); ++k) {
            const TraceFlow &x = a.flows[k], &y = b.flows[k];
            QVERIFY2(x.fromSlice == y.fromSlice && x.toSlice == y.toSlice &&
                         x.fromTrack == y.fromTrack && x.toTrack == y.toTrack &&
                         x.fromNs == y.fromNs && x.toNs == y.toNs && x.name == y.name &&
                         x.category == y.category,
                     qPrintable(u"flow %1"_s.arg(k)));
        }
        QCOMPARE(a.tracks.size(), b.tracks.size());
        for (size_t k = 0; k < a.tracks.size(); ++k) {
            const TraceTrack &x = a.tracks[k], &y = b.tracks[k];
            QVERIFY2(x.kind == y.kind && x.process == y.process && x.tid == y.tid &&
                         x.name == y.name && x.sortIndex == y.sortIndex &&
                         x.sliceBegin == y.sliceBegin && x.sliceEnd == y.sliceEnd &&
                         x.instantBegin == y.instantBegin && x.instantEnd == y.instantEnd &&
                         x.counterBegin == y.counterBegin && x.counterEnd == y.counterEnd &&
                         x.firstNs == y.firstNs && x.lastNs == y.lastNs &&
                         x.lanes.size() == y.lanes.size(),
                     qPrintable(u"track %1"_s.arg(k)));
            for (size_t l = 0; l < x.lanes.size(); ++l)
                QVERIFY(x.lanes[l].begin == y.lanes[l].begin && x.lanes[l].end == y.lanes[l].end &&
                        x.lanes[l].overflow == y.lanes[l].overflow);
        }
        QCOMPARE(a.processes.size(), b.processes.size());
        for (size_t k = 0; k < a.processes.size(); ++k) {
            QCOMPARE(a.processes[k].pid, b.processes[k].pid);
            QCOMPARE(a.processes[k].name, b.processes[k].name);
            QCOMPARE(a.processes[k].sortIndex, b.processes[k].sortIndex);
            QCOMPARE(a.processes[k].tracks, b.processes[k].tracks);
        }
        QCOMPARE(a.firstNs, b.firstNs);
        QCOMPARE(a.lastNs, b.lastNs);
        // Diagnostics: the same kinds, counts and first locations in the same order.
        const auto &da = r.diagnostics().entries(), &db = bDiag.entries();
        QCOMPARE(da.size(), db.size());
        for (qsizetype k = 0; k < da.size(); ++k) {
            QCOMPARE(da[k].kind, db[k].kind);
            QCOMPARE(da[k].count, db[k].count);
            QCOMPARE(da[k].first.size(), db[k].first.size());
            for (qsizetype l = 0; l < da[k].first.size(); ++l)
                QCOMPARE(da[k].first[l].detail, db[k].first[l].detail);
        }
        QVERIFY(r.diagnostics().count(u"negative_dur"_s) > 0);
        QVERIFY(r.diagnostics().count(u"bad_dur"_s) > 0);
        QVERIFY(r.diagnostics().count(u"overlap"_s) > 0);
        // Counted as given, dropped events included, as a text trace counts them.
        QCOMPARE(a.eventsByPhase.value(u"X"_s),
                 qint64(std::count_if(t.raw.events.begin(), t.raw.events.end(), [](auto &e) {
                     return e.phase == 'X';
                 })));
        QCOMPARE(a.eventsByPhase.value(u"C"_s), qint64(t.raw.counters.size()));
    }

    void stagingIsReleased()
    {
        // The build empties its staging as it goes: a reader's input is not kept beside the
        // columns (docs/PERFORMANCE.md, "Profiler databases").
        TrackedBuildInput in;
        TrackedBuildInput::Thread thread;
        thread.pid = 1;
        thread.tid = 2;
        PendingSlice p;
        p.dur = 10;
        thread.slices.assign(1000, p);
        thread.instants.resize(10);
        in.threads.push_back(std::move(thread));
        in.counters[{1, 1, 1}].assign(10, {5, 1.0});
        in.flows.resize(3);
        TraceDataset ds;
        ds.strings.intern("x");
        ds.strings.intern("y");
        Diagnostics diag;
        buildTraceDataset(in, &ds, &diag, CancelToken());
        QCOMPARE(ds.sliceCount(), 1000);
        QCOMPARE(ds.flows.size(), size_t(3));
        QVERIFY(in.threads.empty() && in.flows.empty() && in.counters.empty());
        QCOMPARE(in.flows.capacity(), size_t(0));
    }
};

QTEST_GUILESS_MAIN(tst_TraceBuildTracked)
#include "tst_tracebuildtracked.moc"
