#include "profiledb.h"

#include "core/common/sqlitedb.h"
#include "core/common/tr.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUrl>

#include <atomic>
#include <set>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// One read-only connection per call: QtSql connections belong to the thread that made them, and
// loads run on several workers at once.
class Connection
{
public:
    Connection(const QString &path, const CancelToken &cancel)
        : m_cancel(cancel)
    {
        static std::atomic<quint64> next{0};
        m_name = u"twinscope-profile-db-%1"_s.arg(next.fetch_add(1));
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
        // Truly read-only (issue #31): a plain read-only open of a WAL-mode database still
        // creates -wal and -shm files beside it (and fails in a read-only folder). immutable=1
        // tells SQLite the file cannot change, so it takes no locks and writes nothing; the
        // database is read as it is on disk (a profiler still writing it is not followed).
        QUrl uri = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath());
        uri.setQuery(u"mode=ro&immutable=1"_s);
        db.setDatabaseName(uri.toString(QUrl::FullyEncoded));
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"_s);
        m_open = db.open();
        if (!m_open)
            m_error = db.lastError().text();
        else
            interruptOnCancel(db, &m_cancel);
    }
    ~Connection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            if (db.isOpen())
                interruptOnCancel(db, nullptr);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    bool isOpen() const { return m_open; }
    const QString &error() const { return m_error; }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

private:
    CancelToken m_cancel; // the progress handler points here while the connection is open
    QString m_name;
    QString m_error;
    bool m_open = false;
};

struct Tables
{
    QStringList names;
    bool has(const char16_t *t) const { return names.contains(QString::fromUtf16(t)); }
};

bool hasColumn(const QSqlDatabase &db, const QString &table, const QString &column)
{
    return db.record(table).indexOf(column) >= 0;
}

// The first of columns the table has, or empty.
QString column(const QSqlDatabase &db,
               const QString &table,
               std::initializer_list<const char16_t *> columns)
{
    const QSqlRecord r = db.record(table);
    for (const char16_t *c : columns) {
        const QString name = QString::fromUtf16(c);
        if (r.indexOf(name) >= 0)
            return name;
    }
    return {};
}

Error queryError(const QString &path, const QSqlQuery &q)
{
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
// SQLite itself (a million-kernel database returns a few hundred rows).
std::optional<Error>
readKernels(const QString &path, const QSqlDatabase &db, RankProfile &rank, qint64 *rows)
{
    const QString t = u"COMPUTE_TASK_INFO"_s;
    auto ref = [&](const char16_t *col, const QString &alias) {
        return hasColumn(db, t, QString::fromUtf16(col))
                   ? u"(SELECT value FROM STRING_IDS WHERE id = c.%1) AS %2"_s.arg(
                         QString::fromUtf16(col), alias)
                   : u"'' AS %1"_s.arg(alias);
    };
    auto key = [&](const char16_t *col) {
        return hasColumn(db, t, QString::fromUtf16(col)) ? u"c."_s + QString::fromUtf16(col)
                                                         : u"0"_s;
    };
    const QString sql =
        u"SELECT %1, %2, %3, %4, %5, COUNT(*), SUM(k.endNs - k.startNs), MIN(k.endNs - k.startNs), "
        u"MAX(k.endNs - k.startNs) FROM COMPUTE_TASK_INFO c JOIN TASK k ON k.globalTaskId = "
        u"c.globalTaskId GROUP BY %6, %7, %8, %9, %10"_s
            .arg(ref(u"opType", u"type"_s),
                 ref(u"taskType", u"core"_s),
                 ref(u"inputShapes", u"shapes"_s),
                 ref(u"inputDataTypes", u"dtypes"_s),
                 ref(u"inputFormats", u"formats"_s),
                 key(u"opType"),
                 key(u"taskType"),
                 key(u"inputShapes"),
                 key(u"inputDataTypes"))
            .arg(key(u"inputFormats"));
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(sql))
        return queryError(path, q);
    while (q.next()) {
        const QByteArray type = q.value(0).toString().toUtf8();
        const QByteArray core = q.value(1).toString().toUtf8();
        const QByteArray shapes = q.value(2).toString().toUtf8();
        const QByteArray dtypes = q.value(3).toString().toUtf8();
        const QByteArray formats = q.value(4).toString().toUtf8();
        const int g = rank.kernels.group(type.toStdString(),
                                         core.toStdString(),
                                         shapes.toStdString(),
                                         dtypes.toStdString(),
                                         formats.toStdString());
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

std::optional<Error>
readStepTimes(const QString &path, const QSqlDatabase &db, RankProfile &rank, qint64 *rows)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT id, endNs - startNs FROM STEP_TIME ORDER BY startNs"_s))
        return queryError(path, q);
    while (q.next()) {
        StepRow s;
        s.step = q.value(0).toString();
        s.wallUs = num(q.value(1)) / 1000.0;
        rank.steps.push_back(std::move(s));
        ++*rows;
    }
    return std::nullopt;
}

std::optional<Error>
readCommunicationOps(const QString &path, const QSqlDatabase &db, RankProfile &rank, qint64 *rows)
{
    // The large communication ops give their call count and elapse time; the transit and wait
    // split of msprof-analyze's communication.json is not in this table.
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT (SELECT value FROM STRING_IDS WHERE id = o.opName), COUNT(*), "
                u"SUM(o.endNs - o.startNs) FROM COMMUNICATION_OP o GROUP BY o.opName"_s))
        return queryError(path, q);
    while (q.next()) {
        CollectiveStats c;
        c.op = collectiveBaseName(q.value(0).toString());
        c.count = q.value(1).toLongLong();
        c.elapseMs = num(q.value(2)) / 1e6;
        *rows += c.count;
        mergeCollective(rank.collectives, c);
    }
    return std::nullopt;
}

std::optional<Error> readStepTraceTable(const QString &path,
                                        const QSqlDatabase &db,
                                        const QString &table,
                                        bool cluster,
                                        RankProfile *rank,
                                        std::map<int, RankProfile> *ranks,
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
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT %1 FROM %2"_s.arg(select.join(u", "_s), table)))
        return queryError(path, q);
    while (q.next()) {
        StepRow s;
        s.step = q.value(0).toString();
        for (int i = 0; i < StepPhaseCount; ++i)
            s.us[size_t(i)] = q.value(i + 1).isNull() ? std::nan("") : num(q.value(i + 1));
        ++*rows;
        if (!cluster) {
            rank->steps.push_back(std::move(s));
            continue;
        }
        if (q.value(StepPhaseCount + 1).toString() != u"rank"_s)
            continue;
        bool ok = false;
        const int r = q.value(StepPhaseCount + 2).toInt(&ok);
        if (!ok || r < 0)
            continue;
        RankProfile &rp = (*ranks)[r];
        rp.rank = r;
        rp.steps.push_back(std::move(s));
    }
    return std::nullopt;
}

// CommAnalyzerTime (one row per op call) and CommAnalyzerBandwidth (one row per op, link and
// packet size, the link's size and time repeated on each): msprof-analyze's communication.json
// as tables. rankColumn is empty for a single rank's analysis.db.
std::optional<Error> readCommTables(const QString &path,
                                    const QSqlDatabase &db,
                                    const QString &timeTable,
                                    const QString &bandwidthTable,
                                    bool cluster,
                                    RankProfile *rank,
                                    std::map<int, RankProfile> *ranks,
                                    qint64 *rows)
{
    auto target = [&](const QVariant &r) -> RankProfile * {
        if (!cluster)
            return rank;
        bool ok = false;
        const int id = r.toInt(&ok);
        if (!ok || id < 0)
            return nullptr;
        RankProfile &rp = (*ranks)[id];
        rp.rank = id;
        return &rp;
    };
    const QString rankCol = cluster ? u"rank_id"_s : u"0"_s;
    const QString elapse = column(db, timeTable, {u"elapse_time", u"elapsed_time"});
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT %1, hccl_op_name, %2, transit_time, wait_time, synchronization_time, "
                u"idle_time FROM %3"_s.arg(rankCol, elapse.isEmpty() ? u"0"_s : elapse, timeTable)))
        return queryError(path, q);
    std::map<std::pair<RankProfile *, QString>, CollectiveStats> sums;
    while (q.next()) {
        RankProfile *rp = target(q.value(0));
        if (!rp)
            continue;
        const QString op = collectiveBaseName(q.value(1).toString());
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
        QSqlQuery b(db);
        b.setForwardOnly(true);
        if (!b.exec(u"SELECT %1, hccl_op_name, group_name, step, %2, transit_size, transit_time, "
                    u"package_size, count, total_duration FROM %3"_s.arg(
                        rankCol, link.isEmpty() ? u"''"_s : link, bandwidthTable)))
            return queryError(path, b);
        std::set<std::tuple<RankProfile *, QString, QString, QString, QString>> seen;
        while (b.next()) {
            RankProfile *rp = target(b.value(0));
            if (!rp)
                continue;
            const QString opKey = b.value(1).toString();
            const QString op = collectiveBaseName(opKey);
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
    for (auto &[key, c] : sums) {
        for (const auto &entry : c.links) {
            const QString &name =
                entry.first; // not a structured binding: clang 14 cannot capture one
            RankLinkTraffic l{key.first->rank, name, entry.second.sizeMb, entry.second.timeMs};
            auto &links = key.first->links;
            auto it = std::find_if(links.begin(), links.end(), [&](const RankLinkTraffic &x) {
                return x.link == name;
            });
            if (it == links.end())
                links.push_back(l);
            else {
                it->sizeMb += l.sizeMb;
                it->timeMs += l.timeMs;
            }
        }
        mergeCollective(key.first->collectives, c);
    }
    return std::nullopt;
}

std::optional<Error> readMatrixTable(const QString &path,
                                     const QSqlDatabase &db,
                                     const QString &table,
                                     std::vector<MatrixLink> &out,
                                     qint64 *rows)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT src_rank, dst_rank, transport_type, transit_size, transit_time, "
                u"hccl_op_name FROM %1"_s.arg(table)))
        return queryError(path, q);
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

// Opens the database read-only and runs body(db, tables, run), where run(step) records one table
// reader's outcome. A database none of whose tables was read is refused, listing what it has.
template<typename Body>
TableRead
readDatabase(const QString &path, Diagnostics &diagnostics, const CancelToken &cancel, Body &&body)
{
    TableRead out;
    Connection c(path, cancel);
    if (!c.isOpen()) {
        out.error = Error::make(ErrorCode::Unreadable,
                                Tr::tr("The database could not be opened: %1").arg(c.error()),
                                path);
        return out;
    }
    const QSqlDatabase db = c.db();
    const Tables t{db.tables()};
    bool any = false;
    auto run = [&](std::optional<Error> e) {
        any = true;
        if (e && !out.error)
            out.error = e;
    };
    body(db, t, run, &out.rows);
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
        [&](const QSqlDatabase &db, const Tables &t, auto &run, qint64 *rows) {
            if (t.has(u"COMPUTE_TASK_INFO") && t.has(u"TASK") && t.has(u"STRING_IDS"))
                run(readKernels(path, db, rank, rows));
            if (t.has(u"StepTraceTime"))
                run(readStepTraceTable(path, db, u"StepTraceTime"_s, false, &rank, nullptr, rows));
            else if (t.has(u"STEP_TIME"))
                run(readStepTimes(path, db, rank, rows));
            if (t.has(u"CommAnalyzerTime"))
                run(readCommTables(path,
                                   db,
                                   u"CommAnalyzerTime"_s,
                                   t.has(u"CommAnalyzerBandwidth") ? u"CommAnalyzerBandwidth"_s
                                                                   : QString(),
                                   false,
                                   &rank,
                                   nullptr,
                                   rows));
            else if (t.has(u"COMMUNICATION_OP") && t.has(u"STRING_IDS"))
                run(readCommunicationOps(path, db, rank, rows));
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
        [&](const QSqlDatabase &db, const Tables &t, auto &run, qint64 *rows) {
            if (t.has(u"ClusterStepTraceTime"))
                run(readStepTraceTable(
                    path, db, u"ClusterStepTraceTime"_s, true, nullptr, &ranks, rows));
            const QString time = either(t, u"ClusterCommunicationTime", u"ClusterCommAnalyzerTime");
            const QString bandwidth =
                either(t, u"ClusterCommunicationBandwidth", u"ClusterCommAnalyzerBandwidth");
            if (!time.isEmpty() && hasColumn(db, time, u"rank_id"_s))
                run(readCommTables(path, db, time, bandwidth, true, nullptr, &ranks, rows));
            const QString links =
                either(t, u"ClusterCommunicationMatrix", u"ClusterCommAnalyzerMatrix");
            if (!links.isEmpty())
                run(readMatrixTable(path, db, links, matrix, rows));
        });
}

} // namespace Twinscope::Core
