#include "npudbtrace.h"

#include "core/common/constants.h"
#include "core/common/pipeline.h"
#include "core/common/sqlitedb.h"
#include "core/common/sqliteprefetch.h"
#include "core/common/tr.h"
#include "tracesynth.h"

#include <algorithm>
#include <limits>
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
    // bulk: a second connection to the file for the tables of millions of rows, which a pool
    // thread steps (SqlitePrefetch) while this one reads db's small tables and builds the trace.
    Loader(const SqliteReadOnly &db,
           const SqliteReadOnly &bulk,
           ProgressSink &progress,
           const CancelToken &cancel)
        : m_db(db)
        , m_bulk(bulk)
        , m_progress(progress)
        , m_cancel(cancel)
    {
        m_db.setCancel(&cancel);
        m_bulk.setCancel(&cancel);
    }
    ~Loader()
    {
        m_db.setCancel(nullptr);
        m_bulk.setCancel(nullptr);
    }

    std::optional<Error> run();
    SyntheticTrace trace;
    Diagnostics diagnostics;
    int rank = -1;
    bool canceled = false;

private:
    // The interned text of a STRING_IDS id ("" for NULL or an id the table lacks).
    template<typename Rows>
    quint32 str(const Rows &q, int column)
    {
        const std::optional<qint64> id = q.integer(column);
        if (!id)
            return 0;
        if (*id >= 0 && *id < qint64(m_denseStrings.size())) {
            if (const quint32 s = m_denseStrings[size_t(*id)])
                return s - 1;
        } else if (const auto it = m_strings.find(*id); it != m_strings.end()) {
            return it->second;
        }
        ++m_missingStrings;
        return 0;
    }
    QString col(const QString &table, const char16_t *column) const
    {
        const QString c = QString::fromUtf16(column);
        return m_db.hasColumn(table, c) ? c : u"NULL"_s;
    }
    template<typename Rows>
    bool next(Rows &q)
    {
        if ((++m_rows % PollRecords) == 0 && m_cancel.isCanceled()) {
            canceled = true;
            return false;
        }
        return q.next();
    }
    // After a table's rows: a step that failed midway (a damaged page) keeps the rows before it
    // with a warning; one interrupted by the cancel token ends the load as canceled.
    template<typename Rows>
    void ended(const Rows &q, const QString &table)
    {
        if (q.error().isEmpty())
            return;
        if (m_cancel.isCanceled()) {
            canceled = true;
            return;
        }
        diagnostics.add(u"db_read_error"_s,
                        Tr::tr("the table could not be read to its end (%1); the rows before "
                               "were kept")
                            .arg(q.error()),
                        Location{-1, -1, table},
                        Severity::Warning);
    }
    void badRow(const QString &table)
    {
        diagnostics.add(u"db_bad_row"_s,
                        Tr::tr("rows without readable start and end times were skipped"),
                        Location{-1, -1, table});
    }
    // UTF-8 text of a cell for the string table: invalid sequences replaced as QString would.
    quint32 internText(std::string_view t)
    {
        if (std::all_of(t.begin(), t.end(), [](char c) { return uchar(c) < 0x80; }))
            return trace.intern(t);
        return trace.intern(QString::fromUtf8(t.data(), qsizetype(t.size())));
    }
    // Whether the interned string looks like dims, computed once per string.
    bool dims(quint32 id)
    {
        if (id >= m_dims.size())
            m_dims.resize(size_t(id) + 1, -1);
        if (m_dims[id] < 0)
            m_dims[id] = looksLikeDims(trace.view(id)) ? 1 : 0;
        return m_dims[id] == 1;
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
    const SqliteReadOnly &m_bulk;
    ProgressSink &m_progress;
    const CancelToken &m_cancel;
    // STRING_IDS: small ids (the usual) index m_denseStrings (interned id + 1, 0 for none),
    // others go through the map.
    std::vector<quint32> m_denseStrings;
    std::unordered_map<qint64, quint32> m_strings;
    std::vector<qint8> m_dims;
    std::vector<std::pair<qint64, qint64>> m_connectionIds; // PYTORCH_API id -> connection id
    std::vector<FlowEnd> m_ends;
    qint64 m_rows = 0;
    qint64 m_missingStrings = 0;
};

std::optional<Error> Loader::strings()
{
    SqliteStatement q;
    if (auto e = m_db.prepare(q, u"SELECT id, value FROM STRING_IDS"_s))
        return e;
    while (next(q)) {
        const std::optional<qint64> id = q.integer(0);
        if (!id)
            continue;
        const quint32 s = internText(q.text(1));
        // Ids are dense from 0 in the exports seen; a few flagged ones (bit 29) are not.
        if (*id >= 0 && *id < (1 << 20)) {
            if (*id >= qint64(m_denseStrings.size()))
                m_denseStrings.resize(size_t(*id) + 1, 0);
            m_denseStrings[size_t(*id)] = s + 1;
        } else {
            m_strings[*id] = s;
        }
    }
    ended(q, u"STRING_IDS"_s);
    return std::nullopt;
}

std::optional<Error> Loader::connections()
{
    if (!m_db.hasColumn(u"CONNECTION_IDS"_s, u"connectionId"_s))
        return std::nullopt;
    SqlitePrefetch q;
    if (auto e = q.start(m_bulk, u"SELECT id, connectionId FROM CONNECTION_IDS"_s))
        return e;
    while (next(q)) {
        const std::optional<qint64> id = q.integer(0), c = q.integer(1);
        if (id && c)
            m_connectionIds.emplace_back(*id, *c);
    }
    ended(q, u"CONNECTION_IDS"_s);
    std::sort(m_connectionIds.begin(), m_connectionIds.end());
    return std::nullopt;
}

std::optional<Error> Loader::pytorch()
{
    const QString t = u"PYTORCH_API"_s;
    SqlitePrefetch q;
    if (auto e = q.start(m_bulk,
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
    using T = TraceArgsRecords::Type;
    TraceArgsRecords &args = trace.args();
    const quint8 layout = args.addLayout({{"Sequence number", T::Int},
                                          {"Fwd thread id", T::Int},
                                          {"Input Dims", T::Str},
                                          {"Input type", T::Str}});
    struct Thread
    {
        qint64 gtid;
        quint32 pid, tid;
    };
    std::vector<Thread> threads; // a handful: a linear search beats hashing
    std::unordered_map<qint64, quint32> pids;
    while (next(q)) {
        const std::optional<qint64> start = q.integer(0), end = q.integer(1), gtid = q.integer(2);
        if (!start || !end || !gtid || *end < *start) {
            badRow(t);
            continue;
        }
        auto thread = std::find_if(
            threads.begin(), threads.end(), [&](const Thread &x) { return x.gtid == *gtid; });
        if (thread == threads.end()) {
            const quint32 pid = trace.number(*gtid >> 32);
            const quint32 tid = trace.number(*gtid & 0xffffffffLL);
            if (pids.emplace(*gtid >> 32, pid).second)
                trace.processName(pid, u"Python"_s, 0, u"CPU"_s);
            // Two globalTids can share (pid, tid) text only if they are equal: named once.
            trace.threadName(
                pid, tid, u"Thread %1"_s.arg(*gtid & 0xffffffffLL), *gtid & 0xffffffffLL);
            threads.push_back({*gtid, pid, tid});
            thread = threads.end() - 1;
        }
        const quint32 pid = thread->pid, tid = thread->tid;
        const quint32 name = str(q, 4);
        const qint64 type = q.integerOr(9);
        quint32 cat = catOp;
        EndKind kind = EndKind::Op;
        if (type == 50003) {
            cat = catPython;
            kind = EndKind::OtherApi;
        } else if (type == 50004) {
            cat = catMstx;
            kind = EndKind::OtherApi;
        } else if (type == 50002) {
            const bool dequeue = trace.view(name).substr(0, 7) == "Dequeue";
            cat = dequeue ? catDequeue : catEnqueue;
            kind = dequeue ? EndKind::Dequeue : EndKind::Enqueue;
        }
        std::pair<qint64, quint32> record{-1, 0};
        if (type != 50003) {
            args.begin(layout);
            if (!q.isNull(5))
                args.num(0, q.integerOr(5));
            if (!q.isNull(6))
                args.num(1, q.integerOr(6));
            const quint32 x = str(q, 7), y = str(q, 8);
            if (!trace.view(x).empty() || !trace.view(y).empty()) {
                const bool xDims = dims(x) && !(dims(y) && !trace.view(y).empty());
                args.str(2, xDims ? x : y);
                args.str(3, xDims ? y : x);
            }
            record = args.end();
        }
        trace.slice(pid, tid, *start, *end - *start, name, cat, record);
        if (!q.isNull(3)) {
            if (const std::optional<qint64> connection = q.integer(3)) {
                auto it = std::lower_bound(
                    m_connectionIds.begin(),
                    m_connectionIds.end(),
                    std::make_pair(*connection, std::numeric_limits<qint64>::min()));
                for (; it != m_connectionIds.end() && it->first == *connection; ++it)
                    m_ends.push_back({it->second, *start, pid, tid, kind});
            }
        }
    }
    ended(q, t);
    std::vector<std::pair<qint64, qint64>>().swap(m_connectionIds); // only PYTORCH_API uses them
    return std::nullopt;
}

std::optional<Error> Loader::cann()
{
    const QString t = u"CANN_API"_s;
    std::unordered_map<qint64, quint32> levels;
    if (m_db.hasColumn(u"ENUM_API_TYPE"_s, u"name"_s)) {
        SqliteStatement l;
        if (!m_db.prepare(l, u"SELECT id, name FROM ENUM_API_TYPE"_s)) {
            while (l.next())
                levels[l.integerOr(0)] = internText(l.text(1));
        }
    }
    SqlitePrefetch q;
    if (auto e = q.start(m_bulk,
                         u"SELECT startNs, endNs, globalTid, %1, name, %2 FROM CANN_API"_s.arg(
                             col(t, u"connectionId"), col(t, u"type"))))
        return e;
    const quint32 pid = trace.intern("CANN");
    trace.processName(pid, u"CANN"_s, 7, u"CPU"_s);
    using T = TraceArgsRecords::Type;
    TraceArgsRecords &args = trace.args();
    const quint8 layout =
        args.addLayout({{"Thread Id", T::Int}, {"level", T::Str}, {"connection_id", T::Int}});
    std::vector<std::pair<qint64, quint32>> threads; // thread id -> tid
    while (next(q)) {
        const std::optional<qint64> start = q.integer(0), end = q.integer(1), gtid = q.integer(2);
        if (!start || !end || !gtid || *end < *start) {
            badRow(t);
            continue;
        }
        const qint64 thread = *gtid & 0xffffffffLL;
        auto it = std::find_if(
            threads.begin(), threads.end(), [&](const auto &x) { return x.first == thread; });
        if (it == threads.end()) {
            const quint32 tid = trace.number(thread);
            trace.threadName(pid, tid, u"Thread %1"_s.arg(thread), thread);
            threads.emplace_back(thread, tid);
            it = threads.end() - 1;
        }
        const quint32 tid = it->second;
        args.begin(layout);
        args.num(0, thread);
        const auto level = levels.find(q.integerOr(5));
        if (level != levels.end())
            args.str(1, level->second);
        if (!q.isNull(3)) {
            if (const std::optional<qint64> connection = q.integer(3)) {
                args.num(2, *connection);
                m_ends.push_back({*connection, *start, pid, tid, EndKind::Cann});
            }
        }
        const auto record = args.end();
        trace.slice(pid, tid, *start, *end - *start, str(q, 4), 0, record);
    }
    ended(q, t);
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
    SqlitePrefetch q;
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
    if (auto e = q.start(m_bulk, QString(sql).replace(u"t.NULL"_s, u"NULL"_s)))
        return e;
    const quint32 pid = trace.intern("Ascend Hardware");
    trace.processName(pid, u"Ascend Hardware"_s, 13, u"NPU"_s);
    using T = TraceArgsRecords::Type;
    TraceArgsRecords &args = trace.args();
    const quint8 layout = args.addLayout({{"Task Type", T::Str},
                                          {"Stream Id", T::Int},
                                          {"Task Id", T::Int},
                                          {"Op Type", T::Str},
                                          {"Input Shapes", T::Str},
                                          {"Input Data Types", T::Str},
                                          {"Input Formats", T::Str},
                                          {"Block Dim", T::Int},
                                          {"connection_id", T::Int}});
    std::vector<std::pair<qint64, quint32>> streams; // stream -> tid
    std::vector<quint32> runtimeTypes; // runtime task type's string id -> its text's id + 1
    while (next(q)) {
        const std::optional<qint64> start = q.integer(0), end = q.integer(1);
        if (!start || !end || *end < *start) {
            badRow(t);
            continue;
        }
        const qint64 stream = q.integerOr(2);
        auto s = std::find_if(
            streams.begin(), streams.end(), [&](const auto &x) { return x.first == stream; });
        if (s == streams.end()) {
            const quint32 tid = trace.number(stream);
            trace.threadName(pid, tid, u"Stream %1"_s.arg(stream), stream);
            streams.emplace_back(stream, tid);
            s = streams.end() - 1;
        }
        const quint32 tid = s->second;
        const quint32 runtimeType = str(q, 5);
        const bool isCompute = !q.isNull(6);
        const quint32 name = isCompute ? str(q, 6) : str(q, 5);
        args.begin(layout);
        if (isCompute) {
            args.str(0, str(q, 7));
        } else {
            if (runtimeType >= runtimeTypes.size())
                runtimeTypes.resize(size_t(runtimeType) + 1, 0);
            if (!runtimeTypes[runtimeType])
                runtimeTypes[runtimeType] =
                    trace.intern(QString::fromLatin1(taskTypeText(trace.view(runtimeType)))) + 1;
            args.str(0, runtimeTypes[runtimeType] - 1);
        }
        args.num(1, stream);
        if (!q.isNull(3))
            args.num(2, q.integerOr(3));
        if (isCompute) {
            args.str(3, str(q, 8));
            args.str(4, str(q, 9));
            args.str(5, str(q, 10));
            args.str(6, str(q, 11));
            if (!q.isNull(12))
                args.num(7, q.integerOr(12));
        }
        if (!q.isNull(4)) {
            if (const std::optional<qint64> connection = q.integer(4)) {
                args.num(8, *connection);
                m_ends.push_back({*connection, *start, pid, tid, EndKind::Task});
            }
        }
        trace.slice(pid, tid, *start, *end - *start, name, 0, args.end());
    }
    ended(q, t);
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
    using T = TraceArgsRecords::Type;
    TraceArgsRecords &args = trace.args();
    std::unordered_map<qint64, quint32> groups; // group name id -> tid
    auto groupTid = [&](const SqlitePrefetch &q, int column) {
        const qint64 g = q.integerOr(column);
        auto it = groups.find(g);
        if (it != groups.end())
            return it->second;
        const int index = int(groups.size());
        const quint32 tid = trace.intern(u"group %1"_s.arg(index));
        str(q, column); // counted once per group when it names no string, as before
        trace.threadName(pid, tid, u"Group %1 Communication"_s.arg(index), index * 1000);
        groups.emplace(g, tid);
        return tid;
    };
    if (m_db.has(u"COMMUNICATION_OP"_s)) {
        nameProcess();
        const QString t = u"COMMUNICATION_OP"_s;
        SqlitePrefetch q;
        if (auto e = q.start(m_bulk,
                             u"SELECT opName, startNs, endNs, %1, %2, %3, %4, %5, %6 FROM "
                             u"COMMUNICATION_OP"_s.arg(col(t, u"groupName"),
                                                       col(t, u"connectionId"),
                                                       col(t, u"dataType"),
                                                       col(t, u"algType"),
                                                       col(t, u"count"),
                                                       col(t, u"opType"))))
            return e;
        const quint8 layout = args.addLayout({{"group", T::Str},
                                              {"data_type", T::Str},
                                              {"alg_type", T::Str},
                                              {"count", T::Real},
                                              {"connection_id", T::Int}});
        while (next(q)) {
            const std::optional<qint64> start = q.integer(1), end = q.integer(2);
            if (!start || !end || *end < *start) {
                badRow(t);
                continue;
            }
            const quint32 tid = groupTid(q, 3);
            args.begin(layout);
            args.str(0, str(q, 3));
            args.str(1, str(q, 5));
            args.str(2, str(q, 6));
            if (!q.isNull(7))
                args.real(3, q.real(7));
            if (!q.isNull(4)) {
                if (const std::optional<qint64> connection = q.integer(4)) {
                    args.num(4, *connection);
                    m_ends.push_back({*connection, *start, pid, tid, EndKind::CommOp});
                }
            }
            const auto record = args.end();
            trace.slice(pid, tid, *start, *end - *start, str(q, 0), 0, record);
        }
        ended(q, t);
        if (canceled)
            return std::nullopt;
    }
    if (m_db.has(u"COMMUNICATION_TASK_INFO"_s) && m_db.has(u"TASK"_s)) {
        nameProcess();
        const QString t = u"COMMUNICATION_TASK_INFO"_s;
        std::unordered_map<qint64, quint32> transports;
        if (m_db.hasColumn(u"ENUM_HCCL_TRANSPORT_TYPE"_s, u"name"_s)) {
            SqliteStatement l;
            if (!m_db.prepare(l, u"SELECT id, name FROM ENUM_HCCL_TRANSPORT_TYPE"_s)) {
                while (l.next())
                    transports[l.integerOr(0)] = internText(l.text(1));
            }
        }
        SqlitePrefetch q;
        if (auto e = q.start(m_bulk,
                             u"SELECT c.%1, c.%2, c.%3, c.%4, c.%5, c.%6, c.%7, t.startNs, "
                             u"t.endNs, t.streamId, t.taskId FROM COMMUNICATION_TASK_INFO c "
                             u"JOIN TASK t ON t.globalTaskId = c.globalTaskId"_s
                                 .arg(col(t, u"name"),
                                      col(t, u"taskType"),
                                      col(t, u"planeId"),
                                      col(t, u"srcRank"),
                                      col(t, u"dstRank"),
                                      col(t, u"transportType"),
                                      col(t, u"size"))
                                 .replace(u"c.NULL"_s, u"NULL"_s)))
            return e;
        const quint8 layout = args.addLayout({{"op", T::Str},
                                              {"task type", T::Str},
                                              {"stream id", T::Int},
                                              {"task id", T::Int},
                                              {"src rank", T::Int},
                                              {"dst rank", T::Int},
                                              {"transport type", T::Str},
                                              {"size(Byte)", T::Int}});
        std::vector<std::pair<qint64, quint32>> planes; // plane -> tid
        while (next(q)) {
            const std::optional<qint64> start = q.integer(7), end = q.integer(8);
            if (!start || !end || *end < *start) {
                badRow(t);
                continue;
            }
            const qint64 plane = q.integerOr(2);
            auto p = std::find_if(
                planes.begin(), planes.end(), [&](const auto &x) { return x.first == plane; });
            if (p == planes.end()) {
                const quint32 tid = trace.intern(u"plane %1"_s.arg(plane));
                trace.threadName(pid, tid, u"Plane %1"_s.arg(plane), 1 + plane);
                planes.emplace_back(plane, tid);
                p = planes.end() - 1;
            }
            args.begin(layout);
            args.str(0, str(q, 0));
            args.str(1, str(q, 1));
            args.num(2, q.integerOr(9));
            args.num(3, q.integerOr(10));
            args.num(4, q.integerOr(3));
            args.num(5, q.integerOr(4));
            const auto tr = transports.find(q.integerOr(5));
            if (tr != transports.end())
                args.str(6, tr->second);
            args.num(7, q.integerOr(6));
            const auto record = args.end();
            trace.slice(pid, p->second, *start, *end - *start, str(q, 1), 0, record);
        }
        ended(q, t);
    }
    return std::nullopt;
}

std::optional<Error> Loader::overlap()
{
    SqlitePrefetch q;
    if (auto e = q.start(m_bulk, u"SELECT startNs, endNs, type FROM OVERLAP_ANALYSIS"_s))
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
        const std::optional<qint64> start = q.integer(0), end = q.integer(1), type = q.integer(2);
        if (!start || !end || !type || *end < *start || *type < 0 || *type > 3) {
            badRow(u"OVERLAP_ANALYSIS"_s);
            continue;
        }
        trace.slice(pid, tids[*type], *start, *end - *start, nameIds[*type], 0);
    }
    ended(q, u"OVERLAP_ANALYSIS"_s);
    return std::nullopt;
}

std::optional<Error> Loader::memory()
{
    const QString t = u"MEMORY_RECORD"_s;
    SqlitePrefetch q;
    if (auto e =
            q.start(m_bulk,
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
    using T = TraceArgsRecords::Type;
    TraceArgsRecords &args = trace.args();
    const quint8 layout = args.addLayout({{"Device Id", T::Int},
                                          {"Bytes", T::Int},
                                          {"Total Allocated", T::Int},
                                          {"Total Reserved", T::Int}});
    std::unordered_map<qint64, qint64> last;
    bool threadNamed = false;
    while (next(q)) {
        const std::optional<qint64> ts = q.integer(1);
        if (!ts) {
            badRow(t);
            continue;
        }
        const quint32 component = str(q, 0);
        const double alloc = q.real(2);
        const double reserve = q.real(3);
        trace.counter(pid, component, allocated, *ts, alloc / (1024.0 * 1024.0));
        trace.counter(pid, component, reserved, *ts, reserve / (1024.0 * 1024.0));
        if (component != pta)
            continue;
        if (!threadNamed) {
            trace.threadName(pid, tid, u"PTA"_s, 0);
            threadNamed = true;
        }
        const qint64 device = q.isNull(4) ? 0 : q.integerOr(4);
        const qint64 total = qint64(alloc);
        const auto it = last.find(device);
        const qint64 bytes = it == last.end() ? 0 : total - it->second;
        last[device] = total;
        args.begin(layout);
        args.num(0, device);
        args.num(1, bytes);
        args.num(2, total);
        args.num(3, qint64(reserve));
        trace.instant(pid, tid, *ts, memory, 0, args.end());
    }
    ended(q, t);
    return std::nullopt;
}

void Loader::info()
{
    SqliteStatement q;
    if (m_db.hasColumn(u"RANK_DEVICE_MAP"_s, u"rankId"_s) &&
        !m_db.prepare(q, u"SELECT rankId FROM RANK_DEVICE_MAP"_s) && q.next()) {
        const std::optional<qint64> r = q.integer(0);
        if (r && *r >= 0 && *r <= std::numeric_limits<int>::max())
            rank = int(*r);
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
        // A view or virtual table under the name of a table read here is refused, as the
        // profile readers do (issue #30): skipped, it left an empty timeline without a word; read,
        // it runs the file author's SQL (a recursive view never ends).
        if (sqliteLayout(db.allNames()) == SqliteLayout::ProfilerDb)
            if (auto e = db.refuseNonTables({u"STRING_IDS"_s,
                                             u"CONNECTION_IDS"_s,
                                             u"PYTORCH_API"_s,
                                             u"CANN_API"_s,
                                             u"ENUM_API_TYPE"_s,
                                             u"TASK"_s,
                                             u"COMPUTE_TASK_INFO"_s,
                                             u"COMMUNICATION_OP"_s,
                                             u"COMMUNICATION_TASK_INFO"_s,
                                             u"ENUM_HCCL_TRANSPORT_TYPE"_s,
                                             u"OVERLAP_ANALYSIS"_s,
                                             u"MEMORY_RECORD"_s,
                                             u"RANK_DEVICE_MAP"_s})) {
                // An input refused (exit 3), not a request out of scope: tracediff reads
                // Unsupported as a usage error (two traces that cannot be compared).
                e->code = ErrorCode::Unreadable;
                return Result<TraceDataset>::failed(*e);
            }
        if (sqliteLayout(db.tables()) != SqliteLayout::ProfilerDb) {
            Error e = Error::make(ErrorCode::Unsupported,
                                  Tr::tr("This SQLite database is not a torch_npu or CANN "
                                         "profiler database."),
                                  path);
            e.found = db.tables().join(u", "_s).left(400);
            return Result<TraceDataset>::failed(e);
        }
        // Its own connection: SQLite connections are opened without a mutex of their own, and
        // the bulk tables are stepped on a pool thread while db serves this one.
        const SqliteReadOnly bulk(path, cancel);
        Loader loader(db, bulk.isOpen() ? bulk : db, progress, cancel);
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
