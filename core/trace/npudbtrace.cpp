#include "npudbtrace.h"

#include "core/common/constants.h"
#include "core/common/pipeline.h"
#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "tracesynth.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <unordered_map>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// One end of a CONNECTION_IDS link: where a flow starts or ends.
enum class EndKind : quint8 { Op, Enqueue, Dequeue, OtherApi, Cann, Task, CommOp };

struct FlowEnd
{
    qint64 connection = 0;
    qint64 ts = 0;
    quint32 pid = 0, tid = 0;
    EndKind kind = EndKind::Op;
};

qint64 toInt(const QVariant &v, bool *ok)
{
    const std::optional<qint64> i = sqliteInteger(v);
    *ok = i.has_value();
    return i.value_or(0);
}

qint64 toInt(const QVariant &v)
{
    return sqliteInteger(v).value_or(0);
}

// "32,3,224,224;\r\n64,3,11,11;\r\n" holds dims; "float;\r\nScalarList" holds types. Some torch_npu
// versions write them into each other's column (inputShapes holds the types), so the content
// decides which is which.
bool looksLikeDims(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == ',' || c == ';' || c == '\r' || c == '\n' ||
               c == ' ' || c == '-' || c == '[' || c == ']';
    });
}

// A runtime task type as the chrome export writes it and classifyAscendTask reads it:
// "Notify Wait" -> "NOTIFY_WAIT", KERNEL_AIVEC -> AI_VECTOR_CORE.
QByteArray taskTypeText(std::string_view t)
{
    if (t == "KERNEL_AICORE")
        return "AI_CORE";
    if (t == "KERNEL_AIVEC")
        return "AI_VECTOR_CORE";
    if (t == "KERNEL_AICPU")
        return "AI_CPU";
    QByteArray out(t.data(), qsizetype(t.size()));
    out = out.toUpper();
    out.replace(' ', '_');
    return out;
}

class Loader
{
public:
    Loader(const SqliteReadOnly &db, ProgressSink &progress, const CancelToken &cancel)
        : m_db(db)
        , m_progress(progress)
        , m_cancel(cancel)
    {}

    std::optional<Error> run();
    SyntheticTrace trace;
    Diagnostics diagnostics;
    int rank = -1;
    bool canceled = false;

private:
    // The interned text of a STRING_IDS id ("" for NULL or an id the table lacks).
    quint32 str(const QVariant &v)
    {
        bool ok = false;
        const qint64 id = toInt(v, &ok);
        if (!ok || v.isNull())
            return 0;
        const auto it = m_strings.find(id);
        if (it != m_strings.end())
            return it->second;
        ++m_missingStrings;
        return 0;
    }
    QString col(const QString &table, const char16_t *column) const
    {
        const QString c = QString::fromUtf16(column);
        return m_db.hasColumn(table, c) ? c : u"NULL"_s;
    }
    bool next(QSqlQuery &q)
    {
        if ((++m_rows % PollRecords) == 0 && m_cancel.isCanceled()) {
            canceled = true;
            return false;
        }
        return q.next();
    }
    void badRow(const QString &table)
    {
        diagnostics.add(u"db_bad_row"_s,
                        Tr::tr("rows without readable start and end times were skipped"),
                        Location{-1, -1, table});
    }

    std::optional<Error> strings();
    std::optional<Error> connections();
    std::optional<Error> pytorch();
    std::optional<Error> cann();
    std::optional<Error> tasks();
    std::optional<Error> hccl();
    std::optional<Error> overlap();
    std::optional<Error> memory();
    void info();
    void flows();

    const SqliteReadOnly &m_db;
    ProgressSink &m_progress;
    const CancelToken &m_cancel;
    std::unordered_map<qint64, quint32> m_strings;
    std::vector<std::pair<qint64, qint64>> m_connectionIds; // PYTORCH_API id -> connection id
    std::vector<FlowEnd> m_ends;
    qint64 m_rows = 0;
    qint64 m_missingStrings = 0;
};

std::optional<Error> Loader::strings()
{
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q, u"SELECT id, value FROM STRING_IDS"_s))
        return e;
    while (next(q)) {
        bool ok = false;
        const qint64 id = toInt(q.value(0), &ok);
        if (ok)
            m_strings[id] = trace.intern(q.value(1).toString());
    }
    return std::nullopt;
}

std::optional<Error> Loader::connections()
{
    if (!m_db.hasColumn(u"CONNECTION_IDS"_s, u"connectionId"_s))
        return std::nullopt;
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q, u"SELECT id, connectionId FROM CONNECTION_IDS"_s))
        return e;
    while (next(q)) {
        bool a = false, b = false;
        const qint64 id = toInt(q.value(0), &a);
        const qint64 c = toInt(q.value(1), &b);
        if (a && b)
            m_connectionIds.emplace_back(id, c);
    }
    std::sort(m_connectionIds.begin(), m_connectionIds.end());
    return std::nullopt;
}

std::optional<Error> Loader::pytorch()
{
    const QString t = u"PYTORCH_API"_s;
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q,
                           u"SELECT startNs, endNs, globalTid, %1, name, %2, %3, %4, %5, %6 "
                           u"FROM PYTORCH_API"_s.arg(col(t, u"connectionId"),
                                                     col(t, u"sequenceNumber"),
                                                     col(t, u"fwdThreadId"),
                                                     col(t, u"inputDtypes"),
                                                     col(t, u"inputShapes"),
                                                     col(t, u"type"))))
        return e;
    // ENUM_API_TYPE: 50001 op, 50002 queue, 50003 trace (Python), 50004 mstx.
    const quint32 catOp = trace.intern("cpu_op"), catPython = trace.intern("python_function"),
                  catEnqueue = trace.intern("enqueue"), catDequeue = trace.intern("dequeue"),
                  catMstx = trace.intern("mstx");
    std::unordered_map<qint64, quint32> pids;
    std::vector<std::pair<quint32, quint32>> threads;
    while (next(q)) {
        bool a = false, b = false, c = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        const qint64 gtid = toInt(q.value(2), &c);
        if (!a || !b || !c || end < start) {
            badRow(t);
            continue;
        }
        const quint32 pid = trace.number(gtid >> 32);
        const quint32 tid = trace.number(gtid & 0xffffffffLL);
        if (pids.emplace(gtid >> 32, pid).second)
            trace.processName(pid, u"Python"_s, 0, u"CPU"_s);
        if (std::find(threads.begin(), threads.end(), std::make_pair(pid, tid)) == threads.end()) {
            threads.emplace_back(pid, tid);
            trace.threadName(
                pid, tid, u"Thread %1"_s.arg(gtid & 0xffffffffLL), gtid & 0xffffffffLL);
        }
        const quint32 name = str(q.value(4));
        const std::string_view nameText = trace.view(name);
        const qint64 type = toInt(q.value(9));
        quint32 cat = catOp;
        EndKind kind = EndKind::Op;
        if (type == 50003) {
            cat = catPython;
            kind = EndKind::OtherApi;
        } else if (type == 50004) {
            cat = catMstx;
            kind = EndKind::OtherApi;
        } else if (type == 50002) {
            const bool dequeue = nameText.substr(0, 7) == "Dequeue";
            cat = dequeue ? catDequeue : catEnqueue;
            kind = dequeue ? EndKind::Dequeue : EndKind::Enqueue;
        }
        QByteArray args;
        if (type != 50003) {
            ArgsWriter w;
            if (!q.value(5).isNull())
                w.num("Sequence number", toInt(q.value(5)));
            if (!q.value(6).isNull())
                w.num("Fwd thread id", toInt(q.value(6)));
            const std::string_view x = trace.view(str(q.value(7)));
            const std::string_view y = trace.view(str(q.value(8)));
            if (!x.empty() || !y.empty()) {
                const bool xDims = looksLikeDims(x) && !(looksLikeDims(y) && !y.empty());
                w.str("Input Dims", xDims ? x : y);
                w.str("Input type", xDims ? y : x);
            }
            args = w.done();
        }
        trace.slice(pid, tid, start, end - start, name, cat, args);
        bool hasConnection = false;
        const qint64 connection = toInt(q.value(3), &hasConnection);
        if (hasConnection && !q.value(3).isNull()) {
            auto it =
                std::lower_bound(m_connectionIds.begin(),
                                 m_connectionIds.end(),
                                 std::make_pair(connection, std::numeric_limits<qint64>::min()));
            for (; it != m_connectionIds.end() && it->first == connection; ++it)
                m_ends.push_back({it->second, start, pid, tid, kind});
        }
    }
    return std::nullopt;
}

std::optional<Error> Loader::cann()
{
    const QString t = u"CANN_API"_s;
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q,
                           u"SELECT startNs, endNs, globalTid, %1, name, %2 FROM CANN_API"_s.arg(
                               col(t, u"connectionId"), col(t, u"type"))))
        return e;
    std::unordered_map<qint64, QByteArray> levels;
    if (m_db.hasColumn(u"ENUM_API_TYPE"_s, u"name"_s)) {
        QSqlQuery l(m_db.db());
        if (!m_db.exec(l, u"SELECT id, name FROM ENUM_API_TYPE"_s)) {
            while (l.next())
                levels[toInt(l.value(0))] = l.value(1).toString().toUtf8();
        }
    }
    const quint32 pid = trace.intern("CANN");
    trace.processName(pid, u"CANN"_s, 7, u"CPU"_s);
    std::vector<quint32> threads;
    while (next(q)) {
        bool a = false, b = false, c = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        const qint64 gtid = toInt(q.value(2), &c);
        if (!a || !b || !c || end < start) {
            badRow(t);
            continue;
        }
        const quint32 tid = trace.number(gtid & 0xffffffffLL);
        if (std::find(threads.begin(), threads.end(), tid) == threads.end()) {
            threads.push_back(tid);
            trace.threadName(
                pid, tid, u"Thread %1"_s.arg(gtid & 0xffffffffLL), gtid & 0xffffffffLL);
        }
        ArgsWriter w;
        w.num("Thread Id", gtid & 0xffffffffLL);
        const auto level = levels.find(toInt(q.value(5)));
        if (level != levels.end())
            w.str("level",
                  std::string_view(level->second.constData(), size_t(level->second.size())));
        bool hasConnection = false;
        const qint64 connection = toInt(q.value(3), &hasConnection);
        if (hasConnection && !q.value(3).isNull()) {
            w.num("connection_id", connection);
            m_ends.push_back({connection, start, pid, tid, EndKind::Cann});
        }
        trace.slice(pid, tid, start, end - start, str(q.value(4)), 0, w.done());
    }
    return std::nullopt;
}

std::optional<Error> Loader::tasks()
{
    const QString t = u"TASK"_s, c = u"COMPUTE_TASK_INFO"_s;
    const bool compute = m_db.has(c) && m_db.hasColumn(c, u"globalTaskId"_s);
    auto cc = [&](const char16_t *column) {
        return compute && m_db.hasColumn(c, QString::fromUtf16(column))
                   ? u"c."_s + QString::fromUtf16(column)
                   : u"NULL"_s;
    };
    QSqlQuery q(m_db.db());
    const QString sql =
        u"SELECT t.startNs, t.endNs, t.%1, t.%2, t.%3, t.%4, %5, %6, %7, %8, %9, %10, %11 FROM TASK t"_s
            .arg(col(t, u"streamId"),
                 col(t, u"taskId"),
                 col(t, u"connectionId"),
                 col(t, u"taskType"),
                 cc(u"name"),
                 cc(u"taskType"),
                 cc(u"opType"),
                 cc(u"inputShapes"),
                 cc(u"inputDataTypes"))
            .arg(cc(u"inputFormats"), cc(u"blockDim")) +
        (compute ? u" LEFT JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId"_s
                 : QString());
    if (auto e = m_db.exec(q, QString(sql).replace(u"t.NULL"_s, u"NULL"_s)))
        return e;
    const quint32 pid = trace.intern("Ascend Hardware");
    trace.processName(pid, u"Ascend Hardware"_s, 13, u"NPU"_s);
    std::vector<qint64> streams;
    while (next(q)) {
        bool a = false, b = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        if (!a || !b || end < start) {
            badRow(t);
            continue;
        }
        const qint64 stream = toInt(q.value(2));
        const quint32 tid = trace.number(stream);
        if (std::find(streams.begin(), streams.end(), stream) == streams.end()) {
            streams.push_back(stream);
            trace.threadName(pid, tid, u"Stream %1"_s.arg(stream), stream);
        }
        const std::string_view runtimeType = trace.view(str(q.value(5)));
        const bool isCompute = !q.value(6).isNull();
        quint32 name = isCompute ? str(q.value(6)) : str(q.value(5));
        ArgsWriter w;
        w.str("Task Type",
              isCompute ? QString::fromUtf8(trace.view(str(q.value(7))))
                        : QString::fromLatin1(taskTypeText(runtimeType)));
        w.num("Stream Id", stream);
        if (!q.value(3).isNull())
            w.num("Task Id", toInt(q.value(3)));
        if (isCompute) {
            w.str("Op Type", trace.view(str(q.value(8))));
            w.str("Input Shapes", trace.view(str(q.value(9))));
            w.str("Input Data Types", trace.view(str(q.value(10))));
            w.str("Input Formats", trace.view(str(q.value(11))));
            if (!q.value(12).isNull())
                w.num("Block Dim", toInt(q.value(12)));
        }
        bool hasConnection = false;
        const qint64 connection = toInt(q.value(4), &hasConnection);
        if (hasConnection && !q.value(4).isNull()) {
            w.num("connection_id", connection);
            m_ends.push_back({connection, start, pid, tid, EndKind::Task});
        }
        trace.slice(pid, tid, start, end - start, name, 0, w.done());
    }
    return std::nullopt;
}

std::optional<Error> Loader::hccl()
{
    const quint32 pid = trace.intern("HCCL");
    bool named = false;
    auto nameProcess = [&] {
        if (!named)
            trace.processName(pid, u"HCCL"_s, 15, u"NPU"_s);
        named = true;
    };
    QSqlQuery q(m_db.db());
    std::unordered_map<qint64, quint32> groups; // group name id -> tid
    auto groupTid = [&](const QVariant &group) {
        const qint64 g = toInt(group);
        auto it = groups.find(g);
        if (it != groups.end())
            return it->second;
        const int index = int(groups.size());
        const quint32 tid = trace.intern(u"group %1"_s.arg(index));
        QString label = QString::fromUtf8(trace.view(str(group)));
        trace.threadName(pid, tid, u"Group %1 Communication"_s.arg(index), index * 1000);
        groups.emplace(g, tid);
        Q_UNUSED(label);
        return tid;
    };
    if (m_db.has(u"COMMUNICATION_OP"_s)) {
        nameProcess();
        const QString t = u"COMMUNICATION_OP"_s;
        if (auto e = m_db.exec(q,
                               u"SELECT opName, startNs, endNs, %1, %2, %3, %4, %5, %6 FROM "
                               u"COMMUNICATION_OP"_s.arg(col(t, u"groupName"),
                                                         col(t, u"connectionId"),
                                                         col(t, u"dataType"),
                                                         col(t, u"algType"),
                                                         col(t, u"count"),
                                                         col(t, u"opType"))))
            return e;
        while (next(q)) {
            bool a = false, b = false;
            const qint64 start = toInt(q.value(1), &a);
            const qint64 end = toInt(q.value(2), &b);
            if (!a || !b || end < start) {
                badRow(t);
                continue;
            }
            const quint32 tid = groupTid(q.value(3));
            ArgsWriter w;
            w.str("group", trace.view(str(q.value(3))));
            w.str("data_type", trace.view(str(q.value(5))));
            w.str("alg_type", trace.view(str(q.value(6))));
            if (!q.value(7).isNull())
                w.num("count", q.value(7).toDouble());
            bool hasConnection = false;
            const qint64 connection = toInt(q.value(4), &hasConnection);
            if (hasConnection && !q.value(4).isNull()) {
                w.num("connection_id", connection);
                m_ends.push_back({connection, start, pid, tid, EndKind::CommOp});
            }
            trace.slice(pid, tid, start, end - start, str(q.value(0)), 0, w.done());
        }
        q.finish();
    }
    if (m_db.has(u"COMMUNICATION_TASK_INFO"_s) && m_db.has(u"TASK"_s)) {
        nameProcess();
        const QString t = u"COMMUNICATION_TASK_INFO"_s;
        std::unordered_map<qint64, QByteArray> transports;
        if (m_db.hasColumn(u"ENUM_HCCL_TRANSPORT_TYPE"_s, u"name"_s)) {
            QSqlQuery l(m_db.db());
            if (!m_db.exec(l, u"SELECT id, name FROM ENUM_HCCL_TRANSPORT_TYPE"_s)) {
                while (l.next())
                    transports[toInt(l.value(0))] = l.value(1).toString().toUtf8();
            }
        }
        if (auto e = m_db.exec(q,
                               u"SELECT c.%1, c.%2, c.%3, c.%4, c.%5, c.%6, c.%7, t.startNs, "
                               u"t.endNs, t.streamId, t.taskId FROM COMMUNICATION_TASK_INFO c JOIN "
                               u"TASK t ON t.globalTaskId = c.globalTaskId"_s
                                   .arg(col(t, u"name"),
                                        col(t, u"taskType"),
                                        col(t, u"planeId"),
                                        col(t, u"srcRank"),
                                        col(t, u"dstRank"),
                                        col(t, u"transportType"),
                                        col(t, u"size"))
                                   .replace(u"c.NULL"_s, u"NULL"_s)))
            return e;
        std::vector<qint64> planes;
        while (next(q)) {
            bool a = false, b = false;
            const qint64 start = toInt(q.value(7), &a);
            const qint64 end = toInt(q.value(8), &b);
            if (!a || !b || end < start) {
                badRow(t);
                continue;
            }
            const qint64 plane = toInt(q.value(2));
            const quint32 tid = trace.intern(u"plane %1"_s.arg(plane));
            if (std::find(planes.begin(), planes.end(), plane) == planes.end()) {
                planes.push_back(plane);
                trace.threadName(pid, tid, u"Plane %1"_s.arg(plane), 1 + plane);
            }
            ArgsWriter w;
            w.str("op", trace.view(str(q.value(0))));
            w.str("task type", trace.view(str(q.value(1))));
            w.num("stream id", toInt(q.value(9)));
            w.num("task id", toInt(q.value(10)));
            w.num("src rank", toInt(q.value(3)));
            w.num("dst rank", toInt(q.value(4)));
            const auto tr = transports.find(toInt(q.value(5)));
            if (tr != transports.end())
                w.str("transport type",
                      std::string_view(tr->second.constData(), size_t(tr->second.size())));
            w.num("size(Byte)", toInt(q.value(6)));
            trace.slice(pid, tid, start, end - start, str(q.value(1)), 0, w.done());
        }
    }
    return std::nullopt;
}

std::optional<Error> Loader::overlap()
{
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q, u"SELECT startNs, endNs, type FROM OVERLAP_ANALYSIS"_s))
        return e;
    const quint32 pid = trace.intern("Overlap Analysis");
    trace.processName(pid, u"Overlap Analysis"_s, 23, u"NPU"_s);
    // The thread names torch_npu's trace_view.json gives the four types.
    static const char *const names[] = {
        "Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    quint32 tids[4], nameIds[4];
    for (int i = 0; i < 4; ++i) {
        tids[i] = trace.number(i);
        nameIds[i] = trace.intern(names[i]);
        trace.threadName(pid, tids[i], QString::fromLatin1(names[i]), i);
    }
    while (next(q)) {
        bool a = false, b = false, c = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        const qint64 type = toInt(q.value(2), &c);
        if (!a || !b || !c || end < start || type < 0 || type > 3) {
            badRow(u"OVERLAP_ANALYSIS"_s);
            continue;
        }
        trace.slice(pid, tids[type], start, end - start, nameIds[type], 0);
    }
    return std::nullopt;
}

std::optional<Error> Loader::memory()
{
    const QString t = u"MEMORY_RECORD"_s;
    QSqlQuery q(m_db.db());
    if (auto e =
            m_db.exec(q,
                      u"SELECT component, timestamp, %1, totalReserved, %2 FROM MEMORY_RECORD "
                      u"ORDER BY timestamp"_s.arg(col(t, u"totalAllocated"), col(t, u"deviceId"))))
        return e;
    const quint32 pid = trace.intern("NPU Memory");
    trace.processName(pid, u"NPU Memory"_s, 19, u"NPU"_s);
    const quint32 allocated = trace.intern("Allocated(MB)"),
                  reserved = trace.intern("Reserved(MB)");
    const quint32 memory = trace.intern("[memory]"), tid = trace.intern("memory");
    // The "[memory]" instants the memory track reads are torch's own allocator (PTA), as in a
    // Kineto trace; the other components (GE, PTA+GE) are counters only.
    const quint32 pta = trace.intern("PTA");
    std::unordered_map<qint64, qint64> last;
    bool threadNamed = false;
    while (next(q)) {
        bool a = false;
        const qint64 ts = toInt(q.value(1), &a);
        if (!a) {
            badRow(t);
            continue;
        }
        const quint32 component = str(q.value(0));
        const double alloc = q.value(2).toDouble();
        const double reserve = q.value(3).toDouble();
        trace.counter(pid, component, allocated, ts, alloc / (1024.0 * 1024.0));
        trace.counter(pid, component, reserved, ts, reserve / (1024.0 * 1024.0));
        if (component != pta)
            continue;
        if (!threadNamed) {
            trace.threadName(pid, tid, u"PTA"_s, 0);
            threadNamed = true;
        }
        const qint64 device = q.value(4).isNull() ? 0 : toInt(q.value(4));
        const qint64 total = qint64(alloc);
        const auto it = last.find(device);
        const qint64 bytes = it == last.end() ? 0 : total - it->second;
        last[device] = total;
        trace.instant(pid,
                      tid,
                      ts,
                      memory,
                      0,
                      ArgsWriter()
                          .num("Device Id", device)
                          .num("Bytes", bytes)
                          .num("Total Allocated", total)
                          .num("Total Reserved", qint64(reserve))
                          .done());
    }
    return std::nullopt;
}

void Loader::info()
{
    QSqlQuery q(m_db.db());
    if (m_db.hasColumn(u"RANK_DEVICE_MAP"_s, u"rankId"_s) &&
        !m_db.exec(q, u"SELECT rankId FROM RANK_DEVICE_MAP"_s) && q.next()) {
        bool ok = false;
        const int r = q.value(0).toInt(&ok);
        if (ok && r >= 0)
            rank = r;
    }
}

void Loader::flows()
{
    std::stable_sort(m_ends.begin(), m_ends.end(), [](const FlowEnd &a, const FlowEnd &b) {
        return a.connection != b.connection ? a.connection < b.connection : a.ts < b.ts;
    });
    const quint32 catNpu = trace.intern("async_npu"), nameNpu = trace.intern("torch_to_npu");
    const quint32 catH2d = trace.intern("HostToDevice");
    const quint32 catQueue = trace.intern("async_task_queue"),
                  nameQueue = trace.intern("enqueue_to_dequeue");
    const quint32 catFwd = trace.intern("fwdbwd");
    size_t begin = 0;
    while (begin < m_ends.size()) {
        size_t end = begin + 1;
        while (end < m_ends.size() && m_ends[end].connection == m_ends[begin].connection)
            ++end;
        const FlowEnd *op = nullptr, *api = nullptr, *enqueue = nullptr, *dequeue = nullptr;
        const FlowEnd *task = nullptr, *commOp = nullptr;
        std::vector<const FlowEnd *> host;
        for (size_t k = begin; k < end; ++k) {
            const FlowEnd &e = m_ends[k];
            switch (e.kind) {
            case EndKind::Op:
                host.push_back(&e);
                if (!op)
                    op = &e;
                break;
            case EndKind::Enqueue:
                enqueue = &e;
                break;
            case EndKind::Dequeue:
                dequeue = &e;
                break;
            case EndKind::OtherApi:
                break;
            case EndKind::Cann:
                if (!api)
                    api = &e;
                break;
            case EndKind::Task:
                if (!task) // ends are in time order: the launch's first task
                    task = &e;
                break;
            case EndKind::CommOp:
                if (!commOp)
                    commOp = &e;
                break;
            }
        }
        auto link = [&](quint32 name, quint32 cat, const FlowEnd *a, const FlowEnd *b) {
            trace.flow(name, cat, a->pid, a->tid, a->ts, b->pid, b->tid, b->ts);
        };
        if (enqueue && dequeue)
            link(nameQueue, catQueue, enqueue, dequeue);
        // One target per launch, as trace_view.json draws it: a collective's op on the HCCL
        // track (its hundreds of tasks share the connection), else the first device task.
        const FlowEnd *target = commOp ? commOp : task;
        // Two ops on one connection and no device task: forward to its backward.
        if (host.size() >= 2 && !target) {
            for (size_t k = 1; k < host.size(); ++k)
                link(catFwd, catFwd, host[k - 1], host[k]);
        }
        if (target && op)
            link(nameNpu, catNpu, op, target);
        if (target && api)
            link(catH2d, catH2d, api, target);
        begin = end;
    }
    std::vector<FlowEnd>().swap(m_ends);
}

std::optional<Error> Loader::run()
{
    struct Step
    {
        const char16_t *table;
        std::optional<Error> (Loader::*read)();
        QString stage;
    };
    const Step steps[] = {
        {u"STRING_IDS", &Loader::strings, Tr::tr("Reading strings")},
        {u"CONNECTION_IDS", &Loader::connections, Tr::tr("Reading connections")},
        {u"PYTORCH_API", &Loader::pytorch, Tr::tr("Reading PyTorch API")},
        {u"CANN_API", &Loader::cann, Tr::tr("Reading CANN API")},
        {u"TASK", &Loader::tasks, Tr::tr("Reading NPU tasks")},
        {u"COMMUNICATION_OP", &Loader::hccl, Tr::tr("Reading communication")},
        {u"OVERLAP_ANALYSIS", &Loader::overlap, Tr::tr("Reading overlap analysis")},
        {u"MEMORY_RECORD", &Loader::memory, Tr::tr("Reading memory")},
    };
    info();
    int k = 0;
    for (const Step &s : steps) {
        m_progress.report(700 * k++ / int(std::size(steps)), s.stage);
        const QString table = QString::fromUtf16(s.table);
        // The communication tasks are read with the ops, or alone.
        const bool present = m_db.has(table) || (table == u"COMMUNICATION_OP"_s &&
                                                 m_db.has(u"COMMUNICATION_TASK_INFO"_s));
        if (!present)
            continue;
        if (auto e = (this->*s.read)())
            return e;
        if (canceled || m_cancel.isCanceled()) {
            canceled = true;
            return std::nullopt;
        }
    }
    m_progress.report(700, Tr::tr("Linking flows"));
    flows();
    if (m_missingStrings > 0)
        diagnostics.add(u"db_missing_string"_s,
                        Tr::tr("names that point to no STRING_IDS row were left empty"),
                        {},
                        Severity::Warning,
                        m_missingStrings);
    return std::nullopt;
}

} // namespace

Result<TraceDataset>
loadNpuProfilerDbTrace(const QString &path, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<TraceDataset>(path, [&]() -> Result<TraceDataset> {
        const SqliteReadOnly db(path, cancel);
        if (!db.isOpen())
            return Result<TraceDataset>::failed(
                Error::make(ErrorCode::Unreadable,
                            Tr::tr("The database could not be opened: %1").arg(db.error()),
                            path));
        if (sqliteLayout(db.tables()) != SqliteLayout::ProfilerDb) {
            Error e = Error::make(ErrorCode::Unsupported,
                                  Tr::tr("This SQLite database is not a torch_npu or CANN "
                                         "profiler database."),
                                  path);
            e.found = db.tables().join(u", "_s).left(400);
            return Result<TraceDataset>::failed(e);
        }
        Loader loader(db, progress, cancel);
        const std::optional<Error> e = loader.run();
        // A statement interrupted by Cancel fails with "interrupted": canceled, not an error.
        if (loader.canceled || cancel.isCanceled())
            return Result<TraceDataset>::canceled();
        if (e)
            return Result<TraceDataset>::failed(*e, loader.diagnostics);
        if (loader.canceled)
            return Result<TraceDataset>::canceled();
        progress.report(800, Tr::tr("Building tracks"));
        Result<TraceDataset> r =
            loader.trace.finish(path, u"torch_npu"_s, loader.rank, loader.diagnostics, cancel);
        progress.report(1000, Tr::tr("Done"));
        return r;
    });
}

} // namespace Twinscope::Core
