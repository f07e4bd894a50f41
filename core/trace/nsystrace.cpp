#include "nsystrace.h"

#include "core/common/constants.h"
#include "core/common/pipeline.h"
#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "tracesynth.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// NVTX_EVENTS.eventType values of ranges (NvtxPushPopRange, NvtxStartEndRange).
constexpr qint64 NvtxPushPop = 59;
constexpr qint64 NvtxStartEnd = 60;

struct Correlated
{
    qint64 correlation = 0;
    qint64 ts = 0;
    quint32 pid = 0, tid = 0;
    bool host = false;
};

// CUPTI_ACTIVITY_MEMCPY_KIND names, as Kineto writes them in its memcpy names.
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

const char *copyKindName(qint64 kind)
{
    static const char *const names[] = {
        "Unknown", "HtoD", "DtoH", "HtoA", "AtoH", "AtoA", "AtoD", "DtoA", "DtoD", "HtoH", "PtoP"};
    return kind >= 0 && kind < qint64(std::size(names)) ? names[kind] : "Unknown";
}

class Loader
{
public:
    Loader(const SqliteReadOnly &db, const CancelToken &cancel)
        : m_db(db)
        , m_cancel(cancel)
    {}

    std::optional<Error> strings();
    std::optional<Error> hostNames();
    std::optional<Error> kernels();
    std::optional<Error> copies(bool memset);
    std::optional<Error> runtime();
    std::optional<Error> nvtx();
    void flows();

    SyntheticTrace trace;
    Diagnostics diagnostics;
    bool canceled = false;
    qint64 kernelRows = 0;

private:
    quint32 str(const QVariant &v)
    {
        bool ok = false;
        const qint64 id = toInt(v, &ok);
        if (!ok || v.isNull())
            return 0;
        const auto it = m_strings.find(id);
        if (it != m_strings.end())
            return it->second;
        ++m_missing;
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
    // The GPU process of a device and the thread of a stream, named once.
    std::pair<quint32, quint32> stream(qint64 device, qint64 streamId)
    {
        const quint32 pid = trace.number(device);
        if (m_devices.insert(device).second)
            trace.processName(pid, u"GPU %1"_s.arg(device), 1000 + device, u"GPU"_s);
        const quint32 tid = trace.intern(u"stream %1"_s.arg(streamId));
        if (m_streams.insert((quint64(device) << 32) | quint32(streamId)).second)
            trace.threadName(pid, tid, u"Stream %1"_s.arg(streamId), streamId);
        return {pid, tid};
    }
    std::pair<quint32, quint32> hostThread(qint64 globalTid)
    {
        const qint64 pidNumber = (globalTid >> 24) & 0xFFFFFF;
        const qint64 tidNumber = globalTid & 0xFFFFFF;
        const quint32 pid = trace.number(pidNumber);
        if (m_hostPids.insert(pidNumber).second) {
            const auto n = m_processNames.find(pidNumber);
            trace.processName(pid,
                              n != m_processNames.end() ? n->second
                                                        : u"Process %1"_s.arg(pidNumber),
                              pidNumber,
                              u"CPU"_s);
        }
        const quint32 tid = trace.number(tidNumber);
        if (m_hostTids.insert(globalTid).second) {
            const auto n = m_threadNames.find(globalTid);
            trace.threadName(pid,
                             tid,
                             n != m_threadNames.end() ? n->second : u"Thread %1"_s.arg(tidNumber),
                             tidNumber);
        }
        return {pid, tid};
    }

    const SqliteReadOnly &m_db;
    const CancelToken &m_cancel;
    std::unordered_map<qint64, quint32> m_strings;
    std::unordered_map<qint64, QString> m_processNames, m_threadNames;
    std::unordered_set<qint64> m_devices, m_hostPids, m_hostTids;
    std::unordered_set<quint64> m_streams;
    std::vector<Correlated> m_ends;
    qint64 m_rows = 0, m_missing = 0;
};

std::optional<Error> Loader::strings()
{
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q, u"SELECT id, value FROM StringIds"_s))
        return e;
    while (next(q)) {
        bool ok = false;
        const qint64 id = toInt(q.value(0), &ok);
        if (ok)
            m_strings[id] = trace.intern(q.value(1).toString());
    }
    return std::nullopt;
}

std::optional<Error> Loader::hostNames()
{
    QSqlQuery q(m_db.db());
    if (m_db.hasColumn(u"PROCESSES"_s, u"pid"_s) && m_db.hasColumn(u"PROCESSES"_s, u"name"_s)) {
        if (auto e = m_db.exec(q, u"SELECT pid, name FROM PROCESSES"_s))
            return e;
        while (next(q))
            m_processNames[toInt(q.value(0))] = q.value(1).toString();
        q.finish();
    }
    if (m_db.hasColumn(u"ThreadNames"_s, u"globalTid"_s)) {
        if (auto e = m_db.exec(q, u"SELECT globalTid, nameId FROM ThreadNames"_s))
            return e;
        while (next(q))
            m_threadNames[toInt(q.value(0))] = QString::fromUtf8(trace.view(str(q.value(1))));
    }
    return std::nullopt;
}

std::optional<Error> Loader::kernels()
{
    const QString t = u"CUPTI_ACTIVITY_KIND_KERNEL"_s;
    QSqlQuery q(m_db.db());
    const QString name = m_db.hasColumn(t, u"demangledName"_s) ? u"demangledName"_s
                         : m_db.hasColumn(t, u"shortName"_s)   ? u"shortName"_s
                                                               : u"NULL"_s;
    if (auto e = m_db.exec(q,
                           u"SELECT start, end, deviceId, streamId, correlationId, %1, %2, %3, %4, "
                           u"%5, %6, %7, %8, %9 FROM CUPTI_ACTIVITY_KIND_KERNEL"_s.arg(
                               name,
                               col(t, u"gridX"),
                               col(t, u"gridY"),
                               col(t, u"gridZ"),
                               col(t, u"blockX"),
                               col(t, u"blockY"),
                               col(t, u"blockZ"),
                               col(t, u"registersPerThread"),
                               col(t, u"staticSharedMemory"))))
        return e;
    const quint32 cat = trace.intern("kernel");
    while (next(q)) {
        bool a = false, b = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        if (!a || !b || end < start) {
            badRow(t);
            continue;
        }
        const qint64 device = toInt(q.value(2));
        const qint64 streamId = toInt(q.value(3));
        const auto [pid, tid] = stream(device, streamId);
        const qint64 correlation = toInt(q.value(4));
        const QByteArray grid = "[" + q.value(6).toByteArray() + ", " + q.value(7).toByteArray() +
                                ", " + q.value(8).toByteArray() + "]";
        const QByteArray block = "[" + q.value(9).toByteArray() + ", " + q.value(10).toByteArray() +
                                 ", " + q.value(11).toByteArray() + "]";
        ArgsWriter w;
        w.num("device", device)
            .num("stream", streamId)
            .num("correlation", correlation)
            .str("grid", std::string_view(grid.constData(), size_t(grid.size())))
            .str("block", std::string_view(block.constData(), size_t(block.size())));
        if (!q.value(12).isNull())
            w.num("registers per thread", toInt(q.value(12)));
        if (!q.value(13).isNull())
            w.num("shared memory", toInt(q.value(13)));
        trace.slice(pid, tid, start, end - start, str(q.value(5)), cat, w.done());
        m_ends.push_back({correlation, start, pid, tid, false});
        ++kernelRows;
    }
    return std::nullopt;
}

std::optional<Error> Loader::copies(bool memset)
{
    const QString t = memset ? u"CUPTI_ACTIVITY_KIND_MEMSET"_s : u"CUPTI_ACTIVITY_KIND_MEMCPY"_s;
    QSqlQuery q(m_db.db());
    if (auto e =
            m_db.exec(q,
                      u"SELECT start, end, deviceId, streamId, correlationId, %1, %2 FROM %3"_s.arg(
                          col(t, u"bytes"), memset ? col(t, u"value") : col(t, u"copyKind"), t)))
        return e;
    const quint32 cat = trace.intern(memset ? "gpu_memset" : "gpu_memcpy");
    const quint32 setName = trace.intern("Memset (Device)");
    while (next(q)) {
        bool a = false, b = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        if (!a || !b || end < start) {
            badRow(t);
            continue;
        }
        const qint64 device = toInt(q.value(2));
        const qint64 streamId = toInt(q.value(3));
        const auto [pid, tid] = stream(device, streamId);
        const qint64 correlation = toInt(q.value(4));
        ArgsWriter w;
        w.num("device", device).num("stream", streamId).num("correlation", correlation);
        w.num("bytes", toInt(q.value(5)));
        quint32 name = setName;
        if (!memset) {
            const char *kind = copyKindName(q.value(6).isNull() ? 0 : toInt(q.value(6)));
            name = trace.intern(u"Memcpy %1"_s.arg(QLatin1StringView(kind)));
        }
        trace.slice(pid, tid, start, end - start, name, cat, w.done());
        m_ends.push_back({correlation, start, pid, tid, false});
    }
    return std::nullopt;
}

std::optional<Error> Loader::runtime()
{
    const QString t = u"CUPTI_ACTIVITY_KIND_RUNTIME"_s;
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(
            q,
            u"SELECT start, end, globalTid, correlationId, nameId FROM CUPTI_ACTIVITY_KIND_RUNTIME"_s))
        return e;
    const quint32 cat = trace.intern("cuda_runtime");
    while (next(q)) {
        bool a = false, b = false;
        const qint64 start = toInt(q.value(0), &a);
        const qint64 end = toInt(q.value(1), &b);
        if (!a || !b || end < start) {
            badRow(t);
            continue;
        }
        const auto [pid, tid] = hostThread(toInt(q.value(2)));
        const qint64 correlation = toInt(q.value(3));
        trace.slice(pid,
                    tid,
                    start,
                    end - start,
                    str(q.value(4)),
                    cat,
                    ArgsWriter().num("correlation", correlation).done());
        m_ends.push_back({correlation, start, pid, tid, true});
    }
    return std::nullopt;
}

std::optional<Error> Loader::nvtx()
{
    const QString t = u"NVTX_EVENTS"_s;
    QSqlQuery q(m_db.db());
    if (auto e = m_db.exec(q,
                           u"SELECT start, end, eventType, globalTid, %1, %2 FROM NVTX_EVENTS "
                           u"WHERE eventType IN (%3, %4)"_s.arg(col(t, u"text"), col(t, u"textId"))
                               .arg(NvtxPushPop)
                               .arg(NvtxStartEnd)))
        return e;
    const quint32 cat = trace.intern("user_annotation");
    qint64 open = 0;
    while (next(q)) {
        bool a = false;
        const qint64 start = toInt(q.value(0), &a);
        if (!a) {
            badRow(t);
            continue;
        }
        // A range still open when the capture stopped has no end.
        if (q.value(1).isNull()) {
            ++open;
            continue;
        }
        const qint64 end = toInt(q.value(1));
        if (end < start) {
            badRow(t);
            continue;
        }
        const auto [pid, tid] = hostThread(toInt(q.value(3)));
        const quint32 name =
            q.value(4).isNull() ? str(q.value(5)) : trace.intern(q.value(4).toString());
        trace.slice(pid, tid, start, end - start, name, cat);
    }
    if (open > 0)
        diagnostics.add(u"nvtx_unclosed"_s,
                        Tr::tr("NVTX ranges without an end (still open when the capture stopped) "
                               "were skipped"),
                        {},
                        Severity::Info,
                        open);
    return std::nullopt;
}

void Loader::flows()
{
    // Each runtime call to the device work of its correlation id (Kineto's "ac2g" flows).
    std::stable_sort(m_ends.begin(), m_ends.end(), [](const Correlated &a, const Correlated &b) {
        if (a.correlation != b.correlation)
            return a.correlation < b.correlation;
        return a.host > b.host;
    });
    const quint32 cat = trace.intern("ac2g");
    size_t begin = 0;
    while (begin < m_ends.size()) {
        size_t end = begin + 1;
        while (end < m_ends.size() && m_ends[end].correlation == m_ends[begin].correlation)
            ++end;
        const Correlated &from = m_ends[begin];
        if (from.host) {
            for (size_t k = begin + 1; k < end; ++k) {
                const Correlated &to = m_ends[k];
                if (!to.host)
                    trace.flow(cat, cat, from.pid, from.tid, from.ts, to.pid, to.tid, to.ts);
            }
        }
        begin = end;
    }
    std::vector<Correlated>().swap(m_ends);
    if (m_missing > 0)
        diagnostics.add(u"db_missing_string"_s,
                        Tr::tr("names that point to no StringIds row were left empty"),
                        {},
                        Severity::Warning,
                        m_missing);
}

} // namespace

Result<TraceDataset>
loadNsysTrace(const QString &path, ProgressSink &progress, const CancelToken &cancel)
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
        if (sqliteLayout(db.allNames()) == SqliteLayout::NsightSystems)
            if (auto e = db.refuseNonTables({u"StringIds"_s,
                                             u"PROCESSES"_s,
                                             u"ThreadNames"_s,
                                             u"CUPTI_ACTIVITY_KIND_KERNEL"_s,
                                             u"CUPTI_ACTIVITY_KIND_MEMCPY"_s,
                                             u"CUPTI_ACTIVITY_KIND_MEMSET"_s,
                                             u"CUPTI_ACTIVITY_KIND_RUNTIME"_s,
                                             u"NVTX_EVENTS"_s})) {
                // An input refused (exit 3), not a request out of scope: tracediff reads
                // Unsupported as a usage error (two traces that cannot be compared).
                e->code = ErrorCode::Unreadable;
                return Result<TraceDataset>::failed(*e);
            }
        if (sqliteLayout(db.tables()) != SqliteLayout::NsightSystems) {
            Error e = Error::make(ErrorCode::Unsupported,
                                  Tr::tr("This SQLite database is not an Nsight Systems export."),
                                  path);
            e.found = db.tables().join(u", "_s).left(400);
            return Result<TraceDataset>::failed(e);
        }
        Loader loader(db, cancel);
        struct Step
        {
            const char16_t *table;
            std::function<std::optional<Error>()> read;
        };
        const Step steps[] = {
            {u"StringIds",
             [&] {
                 return loader.strings();
             }},
            {u"StringIds",
             [&] {
                 return loader.hostNames();
             }},
            {u"CUPTI_ACTIVITY_KIND_KERNEL",
             [&] {
                 return loader.kernels();
             }},
            {u"CUPTI_ACTIVITY_KIND_MEMCPY",
             [&] {
                 return loader.copies(false);
             }},
            {u"CUPTI_ACTIVITY_KIND_MEMSET",
             [&] {
                 return loader.copies(true);
             }},
            {u"CUPTI_ACTIVITY_KIND_RUNTIME",
             [&] {
                 return loader.runtime();
             }},
            {u"NVTX_EVENTS",
             [&] {
                 return loader.nvtx();
             }},
        };
        int k = 0;
        for (const Step &s : steps) {
            progress.report(700 * k++ / int(std::size(steps)),
                            Tr::tr("Reading %1").arg(QString::fromUtf16(s.table)));
            if (!db.has(QString::fromUtf16(s.table)))
                continue;
            const std::optional<Error> e = s.read();
            // A statement interrupted by Cancel fails with "interrupted": canceled, not an error.
            if (loader.canceled || cancel.isCanceled())
                return Result<TraceDataset>::canceled();
            if (e)
                return Result<TraceDataset>::failed(*e, loader.diagnostics);
        }
        loader.flows();
        progress.report(800, Tr::tr("Building tracks"));
        Result<TraceDataset> r =
            loader.trace.finish(path, u"nsys"_s, -1, loader.diagnostics, cancel);
        progress.report(1000, Tr::tr("Done"));
        return r;
    });
}

} // namespace Twinscope::Core
