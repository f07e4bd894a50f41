#include "npudb.h"

#include "core/common/constants.h"
#include "core/common/sqlitedb.h"
#include "core/common/sqlitestrings.h"
#include "core/common/tr.h"
#include "profilelimits.h"
#include "profilerdbsql.h"

#include <QHash>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr double BytesPerMb = 1024.0 * 1024.0;

// Rows of one query, polled for cancel every PollRecords rows.
struct Rows
{
    const CancelToken &cancel;
    TableRead &out;
    qint64 seen = 0;
    bool next(QSqlQuery &q)
    {
        if ((++seen % PollRecords) == 0 && cancel.isCanceled()) {
            out.canceled = true;
            return false;
        }
        return q.next();
    }
};

qint64 integer(const QVariant &v, bool *ok)
{
    const std::optional<qint64> i = sqliteInteger(v);
    *ok = i.has_value();
    return i.value_or(0);
}

qint64 integer(const QVariant &v)
{
    return sqliteInteger(v).value_or(0);
}

double number(const QVariant &v)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    return ok ? d : std::nan("");
}

// STRING_IDS values of shapes are quoted ("\"32,3,224,224\""); kernel_details.csv's cells, once
// the CSV quoting is undone, are not.
std::string_view unquoted(std::string_view s)
{
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"')
        s = s.substr(1, s.size() - 2);
    return s;
}

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

using Intervals = std::vector<std::pair<qint64, qint64>>;

// Sorted, disjoint, merged.
Intervals merged(Intervals v)
{
    std::sort(v.begin(), v.end());
    Intervals out;
    for (const auto &[a, b] : v) {
        if (!out.empty() && a <= out.back().second)
            out.back().second = std::max(out.back().second, b);
        else
            out.emplace_back(a, b);
    }
    return out;
}

// The parts of merged intervals inside [from, to].
Intervals clipped(const Intervals &v, qint64 from, qint64 to)
{
    Intervals out;
    auto it = std::lower_bound(v.begin(),
                               v.end(),
                               std::make_pair(from, from),
                               [](const auto &x, const auto &y) { return x.second < y.first; });
    for (; it != v.end() && it->first < to; ++it) {
        const qint64 a = std::max(it->first, from), b = std::min(it->second, to);
        if (b > a)
            out.emplace_back(a, b);
    }
    return out;
}

qint64 length(const Intervals &v)
{
    qint64 n = 0;
    for (const auto &[a, b] : v)
        n += b - a;
    return n;
}

qint64 overlap(const Intervals &x, const Intervals &y)
{
    qint64 n = 0;
    size_t i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
        n += std::max<qint64>(
            0, std::min(x[i].second, y[j].second) - std::max(x[i].first, y[j].first));
        if (x[i].second < y[j].second)
            ++i;
        else
            ++j;
    }
    return n;
}

class Reader
{
public:
    Reader(const SqliteReadOnly &db,
           RankProfile &rank,
           Diagnostics &diagnostics,
           const CancelToken &cancel,
           TableRead &out)
        : m_db(db)
        , m_rank(rank)
        , m_diag(diagnostics)
        , m_cancel(cancel)
        , m_out(out)
    {}

    // A column of table as an expression, or fallback when the table lacks it (older schemas).
    QString col(const QString &table,
                const QString &alias,
                const char16_t *column,
                const QString &fallback = u"NULL"_s) const
    {
        const QString c = QString::fromUtf16(column);
        return m_db.hasColumn(table, c) ? alias + u'.' + c : fallback;
    }
    // The STRING_IDS text of an id cell ("" for NULL, text or an id the table lacks).
    std::string_view str(const QVariant &id) const { return m_strings.value(sqliteInteger(id)); }
    // STRING_IDS, read once into memory (SqliteStrings): a lookup per row in SQL scans the whole
    // table per row when the file's STRING_IDS has no index.
    bool loadStrings()
    {
        if (m_stringsLoaded)
            return true;
        m_stringsLoaded = true;
        return !fail(m_strings.load(m_db, u"STRING_IDS"_s));
    }
    QString computeTasks() const { return computeTasksOnce(m_db); }

    bool fail(std::optional<Error> e)
    {
        if (!e)
            return false;
        if (!m_out.error)
            m_out.error = e;
        return true;
    }

    void kernels();
    void steps(bool rows);
    bool busyIntervals(Intervals *compute, Intervals *communication);
    void communication();
    void memory();
    void info();

private:
    const SqliteReadOnly &m_db;
    RankProfile &m_rank;
    Diagnostics &m_diag;
    const CancelToken &m_cancel;
    TableRead &m_out;
    SqliteStrings m_strings;
    bool m_stringsLoaded = false;
};

void Reader::kernels()
{
    const QString c = u"COMPUTE_TASK_INFO"_s;
    if (!loadStrings())
        return;
    const QString sql =
        u"SELECT t.startNs, t.endNs, %1, %2, %3, %4, %5, %6, %7 FROM %8 c "
        u"JOIN TASK t ON t.globalTaskId = c.globalTaskId"_s.arg(col(c, u"c"_s, u"opType"),
                                                                col(c, u"c"_s, u"taskType"),
                                                                col(c, u"c"_s, u"inputShapes"),
                                                                col(c, u"c"_s, u"inputDataTypes"),
                                                                col(c, u"c"_s, u"inputFormats"),
                                                                col(c, u"c"_s, u"waitNs"),
                                                                col(c, u"c"_s, u"name"),
                                                                computeTasks());
    QSqlQuery q(m_db.db());
    if (fail(m_db.exec(q, sql)))
        return;
    Rows rows{m_cancel, m_out};
    qint64 bad = 0;
    qint64 byName = 0;
    while (rows.next(q)) {
        bool a = false, b = false;
        const qint64 start = integer(q.value(0), &a);
        const qint64 end = integer(q.value(1), &b);
        if (!a || !b || end < start) {
            ++bad;
            continue;
        }
        std::string_view type = str(q.value(2));
        // Level0 writes no op type (N/A): the kernel's name is all there is to group by.
        if (type.empty() || type == "N/A") {
            type = str(q.value(8));
            ++byName;
        }
        const int g = m_rank.kernels.group(type,
                                           str(q.value(3)),
                                           unquoted(str(q.value(4))),
                                           unquoted(str(q.value(5))),
                                           unquoted(str(q.value(6))));
        const double wait = number(q.value(7));
        m_rank.kernels.add(
            g, double(end - start) / 1000.0, std::isfinite(wait) ? wait / 1000.0 : 0);
        ++m_out.rows;
    }
    if (bad > 0)
        m_diag.add(u"kernel_bad_time"_s,
                   Tr::tr("compute tasks without readable start and end times were skipped"),
                   {},
                   Severity::Warning,
                   bad);
    if (byName > 0)
        m_diag.add(u"kernel_type_by_name"_s,
                   Tr::tr("kernels without an op type (profiler level 0) are grouped by name"),
                   {},
                   Severity::Info,
                   byName);
}

void Reader::steps(bool rowsToo)
{
    // Each step's span, in time order; a database without steps is one step over all tasks.
    struct Span
    {
        QString id;
        qint64 start = 0, end = 0;
        double us[4] = {0, 0, 0, 0};
        qint64 firstActivity = -1;
    };
    std::vector<Span> spans;
    QSqlQuery q(m_db.db());
    if (m_db.has(u"STEP_TIME"_s)) {
        // The first MaxProfileSteps by start: SQLite keeps only those while it sorts.
        if (fail(m_db.exec(q,
                           u"SELECT id, startNs, endNs FROM STEP_TIME ORDER BY startNs LIMIT %1"_s
                               .arg(MaxProfileSteps + 1))))
            return;
        Rows rows{m_cancel, m_out};
        while (rows.next(q)) {
            if (qint64(spans.size()) == MaxProfileSteps) {
                m_diag.add(u"steps_capped"_s,
                           Tr::tr("the database has more than %1 steps; the first %1 by start "
                                  "time are shown")
                               .arg(MaxProfileSteps),
                           {},
                           Severity::Warning);
                break;
            }
            bool a = false, b = false;
            Span s;
            s.id = q.value(0).isNull() ? QString() : q.value(0).toString();
            s.start = integer(q.value(1), &a);
            s.end = integer(q.value(2), &b);
            if (a && b && s.end >= s.start)
                spans.push_back(s);
        }
    }
    if (!rowsToo) {
        // The step rows come from elsewhere; the spans still cut the memory curves per step.
        for (const Span &s : spans)
            m_rank.stepSpans.push_back({s.id, s.start, s.end});
        return;
    }
    if (!m_db.has(u"OVERLAP_ANALYSIS"_s) && m_db.has(u"TASK"_s) &&
        m_db.has(u"COMPUTE_TASK_INFO"_s)) {
        // Some exports (rank 1 of the real sample) have no OVERLAP_ANALYSIS: the phases are then
        // derived as msprof-analyze derives them, from the union of the compute tasks and the
        // union of the communication ops (equal to that rank's StepTraceTime in the sample).
        Intervals compute, communication;
        if (!busyIntervals(&compute, &communication))
            return;
        const Intervals busy = merged([&] {
            Intervals all = compute;
            all.insert(all.end(), communication.begin(), communication.end());
            return all;
        }());
        if (spans.empty() && !busy.empty())
            spans.push_back({QString(), busy.front().first, busy.back().second, {0, 0, 0, 0}, -1});
        for (const Span &s : spans) {
            const Intervals c = clipped(compute, s.start, s.end);
            const Intervals m = clipped(communication, s.start, s.end);
            const Intervals b = clipped(busy, s.start, s.end);
            StepRow r;
            r.step = s.id;
            auto set = [&](StepPhase p, qint64 ns) {
                r.us[size_t(p)] = double(ns) / 1000.0;
            };
            const qint64 both = overlap(c, m);
            const qint64 span = b.empty() ? 0 : b.back().second - b.front().first;
            set(StepPhase::Computing, length(c));
            set(StepPhase::Communication, length(m));
            set(StepPhase::Overlapped, both);
            set(StepPhase::CommunicationNotOverlapped, length(m) - both);
            set(StepPhase::CommunicationNotOverlappedExcludeReceive, length(m) - both);
            set(StepPhase::Free, span - length(b));
            set(StepPhase::Stage, span);
            set(StepPhase::Bubble, 0);
            set(StepPhase::Preparing, b.empty() ? 0 : b.front().first - s.start);
            m_rank.steps.push_back(r);
            m_rank.stepSpans.push_back({s.id, s.start, s.end});
            ++m_out.rows;
        }
        return;
    }
    if (!m_db.has(u"OVERLAP_ANALYSIS"_s)) {
        for (const Span &s : spans) {
            m_rank.stepSpans.push_back({s.id, s.start, s.end});
            StepRow r;
            r.step = s.id;
            r.wallUs = double(s.end - s.start) / 1000.0;
            m_rank.steps.push_back(r);
            ++m_out.rows;
        }
        return;
    }
    if (spans.empty()) {
        if (fail(m_db.exec(q, u"SELECT MIN(startNs), MAX(endNs) FROM OVERLAP_ANALYSIS"_s)))
            return;
        bool a = false, b = false;
        if (q.next()) {
            Span s;
            s.start = integer(q.value(0), &a);
            s.end = integer(q.value(1), &b);
            if (a && b && s.end > s.start)
                spans.push_back(s);
        }
        q.finish();
    }
    if (fail(m_db.exec(q, u"SELECT startNs, endNs, type FROM OVERLAP_ANALYSIS ORDER BY startNs"_s)))
        return;
    // Spans come sorted by start; reach[i] is the latest end of spans[0..i].
    std::vector<qint64> reach(spans.size());
    for (size_t i = 0; i < spans.size(); ++i)
        reach[i] = std::max(spans[i].end, i ? reach[i - 1] : spans[i].end);
    Rows rows{m_cancel, m_out};
    qint64 bad = 0;
    qint64 visits = 0;
    while (rows.next(q)) {
        bool a = false, b = false, c = false;
        const qint64 start = integer(q.value(0), &a);
        const qint64 end = integer(q.value(1), &b);
        const qint64 type = integer(q.value(2), &c);
        if (!a || !b || !c || end < start || type < 0 || type > 3) {
            ++bad;
            continue;
        }
        // The steps this row can meet: those starting before its end, from the first whose
        // running maximum end lies past its start (steps do not overlap in a real file, so
        // that is the one or two steps around the row).
        const auto first =
            std::partition_point(reach.begin(), reach.end(), [&](qint64 e) { return e <= start; });
        const auto last = std::partition_point(
            spans.begin(), spans.end(), [&](const Span &s) { return s.start < end; });
        for (auto it = spans.begin() + (first - reach.begin()); it < last; ++it) {
            if (++visits > MaxOverlapVisits) {
                m_diag.add(u"overlap_cut"_s,
                           Tr::tr("the steps overlap each other so much that the overlap "
                                  "analysis was stopped; the step phases are partial"),
                           {},
                           Severity::Warning);
                break;
            }
            Span &s = *it;
            const qint64 from = std::max(start, s.start), to = std::min(end, s.end);
            if (to <= from)
                continue;
            s.us[type] += double(to - from) / 1000.0;
            if (s.firstActivity < 0 || from < s.firstActivity)
                s.firstActivity = from;
        }
        if (visits > MaxOverlapVisits)
            break;
    }
    if (bad > 0)
        m_diag.add(u"overlap_bad_row"_s,
                   Tr::tr("overlap analysis rows with unreadable times or an unknown type were "
                          "skipped"),
                   {},
                   Severity::Warning,
                   bad);
    for (const Span &s : spans) {
        StepRow r;
        r.step = s.id;
        auto set = [&](StepPhase p, double v) {
            r.us[size_t(p)] = v;
        };
        set(StepPhase::Computing, s.us[0]);
        set(StepPhase::Communication, s.us[1]);
        set(StepPhase::CommunicationNotOverlapped, s.us[2]);
        set(StepPhase::Free, s.us[3]);
        set(StepPhase::Overlapped, s.us[1] - s.us[2]);
        set(StepPhase::Stage, s.us[0] + s.us[2] + s.us[3]);
        // No pipeline stages in the database's overlap analysis: nothing waits on a receive.
        set(StepPhase::Bubble, 0);
        set(StepPhase::CommunicationNotOverlappedExcludeReceive, s.us[2]);
        set(StepPhase::Preparing,
            s.firstActivity >= 0 ? double(s.firstActivity - s.start) / 1000.0 : 0);
        m_rank.steps.push_back(r);
        m_rank.stepSpans.push_back({s.id, s.start, s.end});
        ++m_out.rows;
    }
}

bool Reader::busyIntervals(Intervals *compute, Intervals *communication)
{
    QSqlQuery q(m_db.db());
    if (fail(m_db.exec(q,
                       u"SELECT t.startNs, t.endNs FROM %1 c JOIN TASK t ON "
                       u"t.globalTaskId = c.globalTaskId"_s.arg(computeTasks()))))
        return false;
    Rows rows{m_cancel, m_out};
    while (rows.next(q)) {
        bool a = false, b = false;
        const qint64 start = integer(q.value(0), &a), end = integer(q.value(1), &b);
        if (a && b && end > start)
            compute->emplace_back(start, end);
    }
    q.finish();
    if (m_db.has(u"COMMUNICATION_OP"_s)) {
        if (fail(m_db.exec(q, u"SELECT startNs, endNs FROM COMMUNICATION_OP"_s)))
            return false;
        while (rows.next(q)) {
            bool a = false, b = false;
            const qint64 start = integer(q.value(0), &a), end = integer(q.value(1), &b);
            if (a && b && end > start)
                communication->emplace_back(start, end);
        }
    }
    *compute = merged(std::move(*compute));
    *communication = merged(std::move(*communication));
    return !m_out.canceled;
}

void Reader::communication()
{
    const QString t = u"COMMUNICATION_OP"_s;
    if (!loadStrings())
        return;
    QSqlQuery q(m_db.db());
    if (fail(m_db.exec(q,
                       u"SELECT %1, startNs, endNs, %2 FROM COMMUNICATION_OP o"_s.arg(
                           col(t, u"o"_s, u"opName"), col(t, u"o"_s, u"waitNs")))))
        return;
    Rows rows{m_cancel, m_out};
    std::map<QString, CollectiveStats> ops;
    QHash<qint64, QString> names; // opName id -> its collective's base name
    CollectiveNames capped;
    while (rows.next(q)) {
        bool a = false, b = false;
        const qint64 start = integer(q.value(1), &a);
        const qint64 end = integer(q.value(2), &b);
        if (!a || !b || end < start)
            continue;
        const std::optional<qint64> id = sqliteInteger(q.value(0));
        auto name = names.constFind(id.value_or(-1));
        if (name == names.cend())
            name = names.insert(id.value_or(-1),
                                capped(collectiveBaseName(text(m_strings.value(id)))));
        const QString &op = *name;
        CollectiveStats &c = ops[op];
        c.op = op;
        ++c.count;
        c.elapseMs += double(end - start) / 1e6;
        const double wait = number(q.value(3));
        if (std::isfinite(wait))
            c.waitMs += wait / 1e6;
        ++m_out.rows;
    }
    std::vector<CollectiveStats> list;
    list.reserve(ops.size());
    for (auto &entry : ops)
        list.push_back(std::move(entry.second));
    mergeCollectives(m_rank.collectives, std::move(list));
    capped.report(m_diag);
}

void Reader::memory()
{
    QSqlQuery q(m_db.db());
    if (m_db.has(u"MEMORY_RECORD"_s)) {
        const QString t = u"MEMORY_RECORD"_s;
        if (!loadStrings())
            return;
        if (fail(m_db.exec(q,
                           u"SELECT %1, timestamp, %2, totalReserved FROM MEMORY_RECORD m "
                           u"ORDER BY timestamp"_s.arg(col(t, u"m"_s, u"component"),
                                                       col(t, u"m"_s, u"totalAllocated")))))
            return;
        Rows rows{m_cancel, m_out};
        QHash<QString, size_t> index;
        while (rows.next(q)) {
            bool ok = false;
            const qint64 ts = integer(q.value(1), &ok);
            const double reserved = number(q.value(3));
            if (!ok || !std::isfinite(reserved))
                continue;
            const QString component = text(str(q.value(0)));
            auto it = index.constFind(component);
            if (it == index.cend()) {
                it = index.insert(component, m_rank.memory.curves.size());
                m_rank.memory.curves.push_back({component, {}, {}, {}});
            }
            MemoryCurve &c = m_rank.memory.curves[*it];
            c.tsNs.push_back(ts);
            c.allocatedMb.push_back(number(q.value(2)) / BytesPerMb);
            c.reservedMb.push_back(reserved / BytesPerMb);
            ++m_out.rows;
        }
        q.finish();
    }
    if (m_db.has(u"OP_MEMORY"_s)) {
        const QString t = u"OP_MEMORY"_s;
        if (!loadStrings())
            return;
        if (fail(m_db.exec(q,
                           u"SELECT %1, size, %2 FROM OP_MEMORY o"_s.arg(
                               col(t, u"o"_s, u"name"), col(t, u"o"_s, u"duration")))))
            return;
        Rows rows{m_cancel, m_out};
        QHash<QString, size_t> index;
        auto &list = m_rank.memory.allocators;
        while (rows.next(q)) {
            const double bytes = number(q.value(1));
            if (!std::isfinite(bytes))
                continue;
            const QString name = text(str(q.value(0)));
            auto it = index.constFind(name);
            if (it == index.cend()) {
                it = index.insert(name, list.size());
                list.push_back({name, 0, 0, 0, 0});
            }
            Allocator &a = list[*it];
            ++a.count;
            a.totalKb += bytes / 1024.0;
            a.maxKb = std::max(a.maxKb, bytes / 1024.0);
            const double ns = number(q.value(2));
            if (std::isfinite(ns))
                a.durationUs += ns / 1000.0;
            ++m_out.rows;
        }
        std::stable_sort(list.begin(), list.end(), [](const Allocator &a, const Allocator &b) {
            return a.totalKb > b.totalKb;
        });
        q.finish();
    }
    if (m_db.has(u"NPU_MODULE_MEM"_s)) {
        // Module names by the same one-pass lookup as STRING_IDS.
        SqliteStrings modules;
        const bool named = m_db.hasColumn(u"ENUM_MODULE"_s, u"name"_s);
        if (named && fail(modules.load(m_db, u"ENUM_MODULE"_s, u"id"_s, u"name"_s)))
            return;
        if (fail(m_db.exec(q,
                           u"SELECT m.moduleId, MAX(totalReserved), COUNT(*) FROM NPU_MODULE_MEM m "
                           u"GROUP BY m.moduleId"_s)))
            return;
        Rows rows{m_cancel, m_out};
        while (rows.next(q)) {
            const double peak = number(q.value(1));
            if (!std::isfinite(peak))
                continue;
            m_rank.memory.modules.push_back(
                {named ? text(modules.value(sqliteInteger(q.value(0)))) : q.value(0).toString(),
                 peak / BytesPerMb,
                 integer(q.value(2))});
            m_out.rows += integer(q.value(2));
        }
        std::stable_sort(m_rank.memory.modules.begin(),
                         m_rank.memory.modules.end(),
                         [](const ModuleMemory &a, const ModuleMemory &b) {
                             return a.peakReservedMb > b.peakReservedMb;
                         });
    }
}

void Reader::info()
{
    QSqlQuery q(m_db.db());
    if (m_db.hasColumn(u"RANK_DEVICE_MAP"_s, u"rankId"_s) &&
        !m_db.exec(q, u"SELECT rankId, deviceId FROM RANK_DEVICE_MAP"_s) && q.next()) {
        bool ok = false;
        const int r = q.value(0).toInt(&ok);
        // -1 is written for a single-device run without a rank.
        if (ok && r >= 0 && m_rank.rank < 0)
            m_rank.rank = r;
        m_rank.info.insert(u"device"_s, q.value(1).toString());
    }
    q.finish();
    if (m_db.hasColumn(u"NPU_INFO"_s, u"name"_s) && !m_db.exec(q, u"SELECT name FROM NPU_INFO"_s) &&
        q.next())
        m_rank.info.insert(u"npu"_s, q.value(0).toString());
    q.finish();
    if (m_db.hasColumn(u"META_DATA"_s, u"value"_s) &&
        !m_db.exec(q, u"SELECT value FROM META_DATA WHERE name = 'SCHEMA_VERSION'"_s) && q.next())
        m_rank.info.insert(u"db_schema_version"_s, q.value(0).toString());
}

} // namespace

TableRead readNpuProfilerDatabase(const QString &path,
                                  RankProfile &rank,
                                  Diagnostics &diagnostics,
                                  const CancelToken &cancel,
                                  const NpuDbOptions &options)
{
    TableRead out;
    const SqliteReadOnly db(path, cancel);
    if (!db.isOpen()) {
        out.error = Error::make(ErrorCode::Unreadable,
                                Tr::tr("The database could not be opened: %1").arg(db.error()),
                                path);
        return out;
    }
    if (sqliteLayout(db.allNames()) != SqliteLayout::ProfilerDb) {
        Error e = Error::make(ErrorCode::Unsupported,
                              Tr::tr("This SQLite database is not a torch_npu or CANN profiler "
                                     "database (no STRING_IDS with TASK, COMPUTE_TASK_INFO, "
                                     "PYTORCH_API or CANN_API)."),
                              path);
        e.found = db.tables().join(u", "_s).left(400);
        out.error = e;
        return out;
    }
    // Only tables are read: a view or virtual table under a profiler table's name is refused.
    if (auto e = db.refuseNonTables({u"STRING_IDS"_s,
                                     u"TASK"_s,
                                     u"COMPUTE_TASK_INFO"_s,
                                     u"STEP_TIME"_s,
                                     u"OVERLAP_ANALYSIS"_s,
                                     u"COMMUNICATION_OP"_s,
                                     u"MEMORY_RECORD"_s,
                                     u"OP_MEMORY"_s,
                                     u"NPU_MODULE_MEM"_s,
                                     u"ENUM_MODULE"_s,
                                     u"RANK_DEVICE_MAP"_s,
                                     u"NPU_INFO"_s,
                                     u"META_DATA"_s})) {
        out.error = e;
        return out;
    }
    Reader r(db, rank, diagnostics, cancel, out);
    r.info();
    if (db.has(u"COMPUTE_TASK_INFO"_s) && db.has(u"TASK"_s))
        r.kernels();
    if (options.stepsAndCommunicationElsewhere) {
        diagnostics.add(u"steps_from_analysis_db"_s,
                        Tr::tr("steps and communication are taken from msprof-analyze's "
                               "analysis.db beside the database"),
                        {},
                        Severity::Info);
        if (!out.canceled && db.has(u"STEP_TIME"_s))
            r.steps(false);
    } else {
        if (!out.canceled && (db.has(u"STEP_TIME"_s) || db.has(u"OVERLAP_ANALYSIS"_s)))
            r.steps(true);
        if (!out.canceled && db.has(u"COMMUNICATION_OP"_s))
            r.communication();
    }
    if (!out.canceled)
        r.memory();
    if (cancel.isCanceled()) {
        // A statement interrupted by Cancel fails with "interrupted": canceled, not an error.
        out.canceled = true;
        out.error.reset();
        return out;
    }
    // A step interrupted by the time budget ends its rows early; the budget's message says so.
    if (auto e = db.budgetError())
        out.error = e;
    if (out.rows == 0 && !out.error)
        diagnostics.add(u"database_empty"_s,
                        Tr::tr("the database's profiler tables hold no rows"),
                        {},
                        Severity::Info);
    return out;
}

} // namespace Twinscope::Core
