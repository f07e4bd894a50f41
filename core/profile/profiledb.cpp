#include "profiledb.h"

#include "core/common/sqlitedb.h"
#include "core/common/sqlitestrings.h"
#include "core/common/tr.h"
#include "profilelimits.h"
#include "profilerdbsql.h"

#include <QFileInfo>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

#include <set>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

struct Tables
{
    QStringList names;
    bool has(const char16_t *t) const { return names.contains(QString::fromUtf16(t)); }
};

bool hasColumn(const SqliteReadOnly &db, const QString &table, const QString &column)
{
    return db.hasColumn(table, column);
}

// The first of columns the table has, or empty.
QString column(const SqliteReadOnly &db,
               const QString &table,
               std::initializer_list<const char16_t *> columns)
{
    const QSqlRecord r = db.db().record(table);
    for (const char16_t *c : columns) {
        const QString name = QString::fromUtf16(c);
        if (r.indexOf(name) >= 0)
            return name;
    }
    return {};
}

// A query that failed: the time budget's message when that stopped it, else SQLite's.
Error queryError(const QString &path, const QSqlQuery &q, const SqliteReadOnly &db)
{
    if (auto e = db.budgetError())
        return *e;
    Error e = Error::make(ErrorCode::Malformed,
                          Tr::tr("The database could not be read: %1").arg(q.lastError().text()),
                          path);
    e.found = q.lastQuery().simplified().left(300);
    return e;
}

double num(const QVariant &v)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    return ok ? d : 0.0;
}

// COMPUTE_TASK_INFO joined with TASK: every compute kernel with its signature, aggregated by
// SQLite itself (a million-kernel database returns a few hundred rows). The signature's ids are
// grouped in SQL and named from STRING_IDS read once (SqliteStrings), not by a lookup per group.
std::optional<Error>
readKernels(const QString &path, const SqliteReadOnly &db, RankProfile &rank, qint64 *rows)
{
    const QString t = u"COMPUTE_TASK_INFO"_s;
    SqliteStrings strings;
    if (auto e = strings.load(db, u"STRING_IDS"_s))
        return e;
    auto key = [&](const char16_t *col) {
        return hasColumn(db, t, QString::fromUtf16(col)) ? u"c."_s + QString::fromUtf16(col)
                                                         : u"NULL"_s;
    };
    const QString sql =
        u"SELECT %1, %2, %3, %4, %5, COUNT(*), SUM(k.endNs - k.startNs), MIN(k.endNs - k.startNs), "
        u"MAX(k.endNs - k.startNs) FROM %6 c JOIN TASK k ON k.globalTaskId = "
        u"c.globalTaskId GROUP BY 1, 2, 3, 4, 5"_s.arg(key(u"opType"),
                                                       key(u"taskType"),
                                                       key(u"inputShapes"),
                                                       key(u"inputDataTypes"),
                                                       key(u"inputFormats"),
                                                       computeTasksOnce(db));
    QSqlQuery q(db.db());
    q.setForwardOnly(true);
    if (!q.exec(sql))
        return queryError(path, q, db);
    auto name = [&](int column) {
        return std::string(strings.value(sqliteInteger(q.value(column))));
    };
    while (q.next()) {
        const int g = rank.kernels.group(name(0), name(1), name(2), name(3), name(4));
        // Times are ns in the database, µs in the tables.
        rank.kernels.addAggregate(g,
                                  q.value(5).toLongLong(),
                                  num(q.value(6)) / 1000.0,
                                  num(q.value(7)) / 1000.0,
                                  num(q.value(8)) / 1000.0);
        *rows += q.value(5).toLongLong();
    }
    return std::nullopt;
}

void stepsCapped(Diagnostics &diagnostics)
{
    diagnostics.add(u"steps_capped"_s,
                    Tr::tr("the database has more than %1 steps (per rank); the first %1 are shown")
                        .arg(MaxProfileSteps),
                    {},
                    Severity::Warning);
}

std::optional<Error> readStepTimes(const QString &path,
                                   const SqliteReadOnly &db,
                                   RankProfile &rank,
                                   Diagnostics &diagnostics,
                                   qint64 *rows)
{
    QSqlQuery q(db.db());
    q.setForwardOnly(true);
    // The first MaxProfileSteps by start: SQLite keeps only those while it sorts.
    if (!q.exec(u"SELECT id, endNs - startNs FROM STEP_TIME ORDER BY startNs LIMIT %1"_s.arg(
            MaxProfileSteps + 1)))
        return queryError(path, q, db);
    while (q.next()) {
        if (qint64(rank.steps.size()) >= MaxProfileSteps) {
            stepsCapped(diagnostics);
            break;
        }
        StepRow s;
        s.step = q.value(0).toString();
        s.wallUs = num(q.value(1)) / 1000.0;
        rank.steps.push_back(std::move(s));
        ++*rows;
    }
    return std::nullopt;
}

std::optional<Error> readCommunicationOps(const QString &path,
                                          const SqliteReadOnly &db,
                                          RankProfile &rank,
                                          Diagnostics &diagnostics,
                                          qint64 *rows)
{
    // The large communication ops give their call count and elapse time; the transit and wait
    // split of msprof-analyze's communication.json is not in this table.
    SqliteStrings strings;
    if (auto e = strings.load(db, u"STRING_IDS"_s))
        return e;
    QSqlQuery q(db.db());
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT o.opName, COUNT(*), SUM(o.endNs - o.startNs) FROM COMMUNICATION_OP o "
                u"GROUP BY o.opName"_s))
        return queryError(path, q, db);
    std::vector<CollectiveStats> ops;
    CollectiveNames names;
    while (q.next()) {
        CollectiveStats c;
        const std::string_view name = strings.value(sqliteInteger(q.value(0)));
        c.op = names(collectiveBaseName(QString::fromUtf8(name.data(), qsizetype(name.size()))));
        c.count = q.value(1).toLongLong();
        c.elapseMs = num(q.value(2)) / 1e6;
        *rows += c.count;
        ops.push_back(std::move(c));
    }
    mergeCollectives(rank.collectives, std::move(ops));
    names.report(diagnostics);
    return std::nullopt;
}

// The rank of a cluster table's row, created on first sight: at most MaxClusterRanks of them, the
// rows of further ranks counted in one warning (a file naming 10^6 ranks would otherwise hold a
// profile for each).
class ClusterRanks
{
public:
    ClusterRanks(std::map<int, RankProfile> *ranks, Diagnostics &diagnostics)
        : m_ranks(ranks)
        , m_diagnostics(diagnostics)
    {}
    ~ClusterRanks()
    {
        if (m_skipped > 0)
            m_diagnostics.add(
                u"ranks_capped"_s,
                Tr::tr("rows of ranks past the first %1 ranks were skipped").arg(MaxClusterRanks),
                {},
                Severity::Warning,
                m_skipped);
    }
    ClusterRanks(const ClusterRanks &) = delete;
    ClusterRanks &operator=(const ClusterRanks &) = delete;
    RankProfile *operator()(int id)
    {
        auto it = m_ranks->find(id);
        if (it == m_ranks->end()) {
            if (qsizetype(m_ranks->size()) >= MaxClusterRanks) {
                ++m_skipped;
                return nullptr;
            }
            it = m_ranks->emplace(id, RankProfile()).first;
            it->second.rank = id;
        }
        return &it->second;
    }

private:
    std::map<int, RankProfile> *m_ranks;
    Diagnostics &m_diagnostics;
    qint64 m_skipped = 0;
};

std::optional<Error> readStepTraceTable(const QString &path,
                                        const SqliteReadOnly &db,
                                        const QString &table,
                                        bool cluster,
                                        RankProfile *rank,
                                        std::map<int, RankProfile> *ranks,
                                        Diagnostics &diagnostics,
                                        qint64 *rows)
{
    static const char16_t *const phases[StepPhaseCount] = {
        u"computing",
        u"communication_not_overlapped",
        u"overlapped",
        u"communication",
        u"free",
        u"stage",
        u"bubble",
        u"communication_not_overlapped_and_exclude_receive",
        u"preparing"};
    QStringList select{hasColumn(db, table, u"step"_s) ? u"step"_s : u"''"_s};
    for (const char16_t *p : phases) {
        const QString c = QString::fromUtf16(p);
        select << (hasColumn(db, table, c) ? c : u"NULL"_s);
    }
    if (cluster)
        select << u"type"_s << u"\"index\""_s;
    QSqlQuery q(db.db());
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT %1 FROM %2"_s.arg(select.join(u", "_s), table)))
        return queryError(path, q, db);
    ClusterRanks clusterRank(ranks, diagnostics);
    bool capped = false;
    while (q.next()) {
        RankProfile *rp = rank;
        if (cluster) {
            if (q.value(StepPhaseCount + 1).toString() != u"rank"_s)
                continue;
            bool ok = false;
            const int r = q.value(StepPhaseCount + 2).toInt(&ok);
            if (!ok || r < 0 || !(rp = clusterRank(r)))
                continue;
        }
        ++*rows;
        if (qint64(rp->steps.size()) >= MaxProfileSteps) {
            capped = true;
            continue;
        }
        StepRow s;
        s.step = q.value(0).toString();
        for (int i = 0; i < StepPhaseCount; ++i)
            s.us[size_t(i)] = q.value(i + 1).isNull() ? std::nan("") : num(q.value(i + 1));
        rp->steps.push_back(std::move(s));
    }
    if (capped)
        stepsCapped(diagnostics);
    return std::nullopt;
}

// CommAnalyzerTime (one row per op call) and CommAnalyzerBandwidth (one row per op, link and
// packet size, the link's size and time repeated on each): msprof-analyze's communication.json
// as tables. rankColumn is empty for a single rank's analysis.db.
std::optional<Error> readCommTables(const QString &path,
                                    const SqliteReadOnly &db,
                                    const QString &timeTable,
                                    const QString &bandwidthTable,
                                    bool cluster,
                                    RankProfile *rank,
                                    std::map<int, RankProfile> *ranks,
                                    Diagnostics &diagnostics,
                                    qint64 *rows)
{
    ClusterRanks clusterRank(ranks, diagnostics);
    auto target = [&](const QVariant &r) -> RankProfile * {
        if (!cluster)
            return rank;
        bool ok = false;
        const int id = r.toInt(&ok);
        if (!ok || id < 0)
            return nullptr;
        return clusterRank(id);
    };
    const QString rankCol = cluster ? u"rank_id"_s : u"0"_s;
    const QString elapse = column(db, timeTable, {u"elapse_time", u"elapsed_time"});
    QSqlQuery q(db.db());
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT %1, hccl_op_name, %2, transit_time, wait_time, synchronization_time, "
                u"idle_time FROM %3"_s.arg(rankCol, elapse.isEmpty() ? u"0"_s : elapse, timeTable)))
        return queryError(path, q, db);
    std::map<std::pair<RankProfile *, QString>, CollectiveStats> sums;
    CollectiveNames names;
    while (q.next()) {
        RankProfile *rp = target(q.value(0));
        if (!rp)
            continue;
        const QString op = names(collectiveBaseName(q.value(1).toString()));
        CollectiveStats &c = sums[{rp, op}];
        c.op = op;
        ++c.count;
        c.elapseMs += num(q.value(2));
        c.transitMs += num(q.value(3));
        c.waitMs += num(q.value(4));
        c.syncMs += num(q.value(5));
        c.idleMs += num(q.value(6));
        ++*rows;
    }
    if (!bandwidthTable.isEmpty()) {
        const QString link = column(db, bandwidthTable, {u"transport_type", u"band_type"});
        QSqlQuery b(db.db());
        b.setForwardOnly(true);
        if (!b.exec(u"SELECT %1, hccl_op_name, group_name, step, %2, transit_size, transit_time, "
                    u"package_size, count, total_duration FROM %3"_s.arg(
                        rankCol, link.isEmpty() ? u"''"_s : link, bandwidthTable)))
            return queryError(path, b, db);
        std::set<std::tuple<RankProfile *, QString, QString, QString, QString>> seen;
        while (b.next()) {
            RankProfile *rp = target(b.value(0));
            if (!rp)
                continue;
            const QString opKey = b.value(1).toString();
            const QString op = names(collectiveBaseName(opKey));
            const QString type = b.value(4).toString();
            LinkTraffic &t = sums[{rp, op}].links[type];
            sums[{rp, op}].op = op;
            // Size and time of a link repeat on each packet-size row: count them once per call.
            if (seen.insert({rp, opKey, b.value(2).toString(), b.value(3).toString(), type})
                    .second) {
                t.sizeMb += num(b.value(5));
                t.timeMs += num(b.value(6));
            }
            if (!b.value(7).isNull()) {
                auto &p = t.packets[num(b.value(7))];
                p.first += b.value(8).toLongLong();
                p.second += num(b.value(9));
            }
        }
    }
    // Per rank, its links and collectives merged through a hash of their names: a file of 10^5
    // distinct collectives and 10^3 links made the one-by-one merge quadratic (past 60 s).
    std::map<RankProfile *, std::vector<CollectiveStats>> perRank;
    std::map<RankProfile *, QHash<QString, size_t>> linkIndex;
    for (auto &[key, c] : sums) {
        RankProfile *rp = key.first;
        auto &links = rp->links;
        auto &index = linkIndex[rp];
        if (index.isEmpty())
            for (size_t i = links.size(); i-- > 0;)
                index.insert(links[i].link, i);
        for (const auto &entry : c.links) {
            const QString &name = entry.first;
            const auto it = index.constFind(name);
            if (it == index.cend()) {
                index.insert(name, links.size());
                links.push_back({rp->rank, name, entry.second.sizeMb, entry.second.timeMs});
            } else {
                links[*it].sizeMb += entry.second.sizeMb;
                links[*it].timeMs += entry.second.timeMs;
            }
        }
        perRank[rp].push_back(std::move(c));
    }
    for (auto &[rp, list] : perRank)
        mergeCollectives(rp->collectives, std::move(list));
    names.report(diagnostics);
    return std::nullopt;
}

std::optional<Error> readMatrixTable(const QString &path,
                                     const SqliteReadOnly &db,
                                     const QString &table,
                                     std::vector<MatrixLink> &out,
                                     qint64 *rows)
{
    QSqlQuery q(db.db());
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT src_rank, dst_rank, transport_type, transit_size, transit_time, "
                u"hccl_op_name FROM %1"_s.arg(table)))
        return queryError(path, q, db);
    std::map<std::tuple<int, int, QString>, MatrixLink> links;
    while (q.next()) {
        if (q.value(5).toString().startsWith(u"Total"_s))
            continue;
        bool a = false;
        bool b = false;
        MatrixLink l;
        l.src = q.value(0).toInt(&a);
        l.dst = q.value(1).toInt(&b);
        if (!a || !b)
            continue;
        l.link = q.value(2).toString();
        MatrixLink &m = links[{l.src, l.dst, l.link}];
        m.src = l.src;
        m.dst = l.dst;
        m.link = l.link;
        m.sizeMb += num(q.value(3));
        m.timeMs += num(q.value(4));
        ++m.ops;
        ++*rows;
    }
    for (auto &[k, l] : links)
        out.push_back(l);
    return std::nullopt;
}

Error unknownLayout(const QString &path, const QStringList &tables)
{
    Error e = Error::make(
        ErrorCode::Unsupported,
        Tr::tr("This SQLite database has none of the profiler tables Twinscope reads (%1).")
            .arg(u"COMPUTE_TASK_INFO, STEP_TIME, COMMUNICATION_OP, StepTraceTime, "
                 u"CommAnalyzerTime"_s),
        path);
    e.expected = u"COMPUTE_TASK_INFO + TASK + STRING_IDS, or StepTraceTime"_s;
    e.found = tables.join(u", "_s).left(400);
    return e;
}

// Every table the readers below may query.
const QStringList KnownTables{u"COMPUTE_TASK_INFO"_s,
                              u"TASK"_s,
                              u"STRING_IDS"_s,
                              u"STEP_TIME"_s,
                              u"COMMUNICATION_OP"_s,
                              u"StepTraceTime"_s,
                              u"CommAnalyzerTime"_s,
                              u"CommAnalyzerBandwidth"_s,
                              u"CommAnalyzerMatrix"_s,
                              u"ClusterStepTraceTime"_s,
                              u"ClusterCommunicationTime"_s,
                              u"ClusterCommAnalyzerTime"_s,
                              u"ClusterCommunicationBandwidth"_s,
                              u"ClusterCommAnalyzerBandwidth"_s,
                              u"ClusterCommunicationMatrix"_s,
                              u"ClusterCommAnalyzerMatrix"_s};

// Opens the database read-only and runs body(db, tables, run), where run(step) records one table
// reader's outcome. A database none of whose tables was read is refused, listing what it has.
template<typename Body>
TableRead
readDatabase(const QString &path, Diagnostics &diagnostics, const CancelToken &cancel, Body &&body)
{
    TableRead out;
    const SqliteReadOnly db(path, cancel);
    if (!db.isOpen()) {
        out.error = Error::make(ErrorCode::Unreadable,
                                Tr::tr("The database could not be opened: %1").arg(db.error()),
                                path);
        return out;
    }
    // Only tables are read: a view or virtual table under a table's name is refused.
    if (auto e = db.refuseNonTables(KnownTables)) {
        out.error = e;
        return out;
    }
    const Tables t{db.tables()};
    bool any = false;
    auto run = [&](std::optional<Error> e) {
        any = true;
        if (e && !out.error)
            out.error = e;
    };
    body(db, t, run, &out.rows);
    // A step interrupted by the time budget ends its rows early; the budget's message says so.
    if (auto e = db.budgetError())
        out.error = e;
    if (cancel.isCanceled()) {
        // A statement interrupted by Cancel fails with "interrupted": canceled, not an error.
        out.canceled = true;
        out.error.reset();
        return out;
    }
    if (!any)
        out.error = unknownLayout(path, t.names);
    else if (out.rows == 0)
        diagnostics.add(u"database_empty"_s,
                        Tr::tr("the database's profiler tables hold no rows"),
                        {},
                        Severity::Info);
    return out;
}

} // namespace

TableRead readProfileDatabase(const QString &path,
                              RankProfile &rank,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel)
{
    // SQLite answers each aggregate in one step; its progress handler polls the token
    // (interruptOnCancel), so Cancel ends even a query that would run for minutes.
    return readDatabase(
        path,
        diagnostics,
        cancel,
        [&](const SqliteReadOnly &db, const Tables &t, auto &run, qint64 *rows) {
            if (t.has(u"COMPUTE_TASK_INFO") && t.has(u"TASK") && t.has(u"STRING_IDS"))
                run(readKernels(path, db, rank, rows));
            if (t.has(u"StepTraceTime"))
                run(readStepTraceTable(
                    path, db, u"StepTraceTime"_s, false, &rank, nullptr, diagnostics, rows));
            else if (t.has(u"STEP_TIME"))
                run(readStepTimes(path, db, rank, diagnostics, rows));
            if (t.has(u"CommAnalyzerTime"))
                run(readCommTables(path,
                                   db,
                                   u"CommAnalyzerTime"_s,
                                   t.has(u"CommAnalyzerBandwidth") ? u"CommAnalyzerBandwidth"_s
                                                                   : QString(),
                                   false,
                                   &rank,
                                   nullptr,
                                   diagnostics,
                                   rows));
            else if (t.has(u"COMMUNICATION_OP") && t.has(u"STRING_IDS"))
                run(readCommunicationOps(path, db, rank, diagnostics, rows));
            if (t.has(u"CommAnalyzerMatrix")) {
                run(readMatrixTable(path, db, u"CommAnalyzerMatrix"_s, rank.matrix, rows));
                rank.matrixLocalRanks = true;
            }
        });
}

TableRead readClusterDatabase(const QString &path,
                              std::map<int, RankProfile> &ranks,
                              std::vector<MatrixLink> &matrix,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel)
{
    // msprof-analyze has renamed its cluster tables between versions; either name reads.
    auto either = [](const Tables &t, const char16_t *a, const char16_t *b) {
        return t.has(a) ? QString::fromUtf16(a) : t.has(b) ? QString::fromUtf16(b) : QString();
    };
    return readDatabase(
        path,
        diagnostics,
        cancel,
        [&](const SqliteReadOnly &db, const Tables &t, auto &run, qint64 *rows) {
            if (t.has(u"ClusterStepTraceTime"))
                run(readStepTraceTable(
                    path, db, u"ClusterStepTraceTime"_s, true, nullptr, &ranks, diagnostics, rows));
            const QString time = either(t, u"ClusterCommunicationTime", u"ClusterCommAnalyzerTime");
            const QString bandwidth =
                either(t, u"ClusterCommunicationBandwidth", u"ClusterCommAnalyzerBandwidth");
            if (!time.isEmpty() && hasColumn(db, time, u"rank_id"_s))
                run(readCommTables(
                    path, db, time, bandwidth, true, nullptr, &ranks, diagnostics, rows));
            const QString links =
                either(t, u"ClusterCommunicationMatrix", u"ClusterCommAnalyzerMatrix");
            if (!links.isEmpty())
                run(readMatrixTable(path, db, links, matrix, rows));
        });
}

} // namespace Twinscope::Core
