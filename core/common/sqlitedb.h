#pragma once

#include "error.h"
#include "progress.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace Twinscope::Core {

class SqliteStatement;

// One read-only QSQLITE connection to a file, named uniquely, closed and removed on destruction
// (QtSql connections belong to the thread that made them, and loads run on several workers).
// The file is opened through an SQLite URI with mode=ro&immutable=1: SQLite then neither writes a
// journal or WAL file beside it nor takes locks, so a database on a read-only share or one another
// process is still writing is never changed by looking at it (docs/RELIABILITY.md).
class SqliteReadOnly
{
public:
    // cancel interrupts a statement in the middle of a step (interruptOnCancel): a query over a
    // hostile database can spend seconds inside one step, out of reach of the readers' row polls.
    explicit SqliteReadOnly(const QString &path, const CancelToken &cancel = {});
    ~SqliteReadOnly();
    SqliteReadOnly(const SqliteReadOnly &) = delete;
    SqliteReadOnly &operator=(const SqliteReadOnly &) = delete;

    bool isOpen() const { return m_open; }
    const QString &error() const { return m_error; }
    const QString &path() const { return m_path; }
    QSqlDatabase db() const;
    // Table names from sqlite_master: stored tables only. Views run SQL of the file's author
    // (a recursive one never ends) and virtual tables (FTS and the like) answer a lookup by id
    // with a scan, so neither is listed; nonTableKind says which of them a name is.
    const QStringList &tables() const { return m_tables; }
    bool has(const QString &table) const { return m_tables.contains(table); }
    // "view" or "virtual table" for a name the schema gives as one, else empty.
    QString nonTableKind(const QString &name) const { return m_nonTables.value(name); }
    // The stored tables, then the views and virtual tables (for telling what the file is).
    QStringList allNames() const { return m_tables + m_nonTables.keys(); }
    // An error naming the file and the first of names that is a view or a virtual table, where
    // a reader expects a table the profiler writes (issue #30): such a file is built to be slow.
    std::optional<Error> refuseNonTables(const QStringList &names) const;
    // Whether column is the table's INTEGER PRIMARY KEY or alone in a UNIQUE index: a join on it
    // cannot multiply rows and each lookup is indexed.
    bool isUniqueKey(const QString &table, const QString &column) const;
    // Whether table has column (exact name, as PRAGMA table_info gives it).
    bool hasColumn(const QString &table, const QString &column) const;
    // A forward-only query that has run sql; on failure the error names the file and the query.
    std::optional<Error> exec(QSqlQuery &query, const QString &sql) const;
    // The same query through SQLite's C API, for tables of millions of rows where QtSql's QVariant
    // per cell costs more than SQLite itself. The C connection is opened on first use with the
    // same read-only, immutable URI. While cancel is set, SQLite polls it every few thousand
    // virtual-machine steps, so one long step (a sort, a join without index) ends too.
    std::optional<Error> prepare(SqliteStatement &statement, const QString &sql) const;
    // The token the C connection polls: cancel, or (nullptr) the one given to the constructor.
    void setCancel(const CancelToken *cancel) const { m_statementCancel = cancel; }
    // Time budget of one step of a statement (exec, prepare, next): CPU seconds spent inside
    // SQLite without producing a row. A step past it is interrupted and budgetError() says which
    // tables the statement read. Default sqliteQueryBudgetSeconds().
    void setQueryBudget(double seconds) { m_budgetNs = qint64(seconds * 1e9); }
    // The error of the last statement interrupted by the time budget, if any.
    std::optional<Error> budgetError() const;

private:
    static int progressHandler(void *self);
    static int rowCallback(unsigned type, void *self, void *statement, void *unused);
    void watch(sqlite3 *handle) const;
    void startStatement(const QString &sql) const;

    mutable sqlite3 *m_handle = nullptr;
    mutable const CancelToken *m_statementCancel = nullptr;
    mutable bool m_handleFailed = false;
    QString m_path;
    QString m_name;
    CancelToken m_cancel; // the progress handler points here for the connection's lifetime
    QString m_error;
    QStringList m_tables;
    QHash<QString, QString> m_nonTables; // name -> "view" / "virtual table"
    bool m_open = false;
    // The time budget (progressHandler): the thread's CPU time between consecutive handler calls
    // of one step, summed; SQLite's row callback (SQLITE_TRACE_ROW) starts the next step, so a
    // reader's own work between rows never counts and a statement streaming rows never runs out.
    qint64 m_budgetNs = 0;
    mutable qint64 m_lastTickNs = 0;
    mutable qint64 m_spentNs = 0;
    mutable double m_overBudgetSeconds = 0;
    mutable QString m_statementSql;
    mutable QString m_overBudgetSql;
};

// One prepared statement of SqliteReadOnly::prepare, stepped forward once; finalized on
// destruction. Cells read with the conversions sqliteInteger gives QtSql's values.
class SqliteStatement
{
public:
    SqliteStatement() = default;
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    // The next row; false at the end, on an error (error() says which) or when canceled.
    bool next();
    const QString &error() const { return m_error; }
    bool isNull(int column) const;
    // INTEGER, REAL or numeric TEXT as a 64-bit integer; nullopt as sqliteInteger says.
    std::optional<qint64> integer(int column) const;
    qint64 integerOr(int column, qint64 fallback = 0) const
    {
        return integer(column).value_or(fallback);
    }
    // A cell as a double the way QVariant::toDouble reads it: 0 for NULL and non-numeric text.
    double real(int column) const;
    // The cell's UTF-8 text (a number as SQLite writes it), valid until the next step.
    std::string_view text(int column) const;

private:
    friend class SqliteReadOnly;
    friend class SqlitePrefetch;
    sqlite3_stmt *m_stmt = nullptr;
    const SqliteReadOnly *m_owner = nullptr;
    QString m_error;
    bool m_done = false;
};

// The conversions of SqliteStatement::integer and real, for cells kept past their step
// (SqlitePrefetch): a REAL as an integer (nullopt beyond qint64), TEXT or BLOB bytes as an
// integer or a double (0 when not a number).
std::optional<qint64> sqliteDoubleInteger(double d);
std::optional<qint64> sqliteTextInteger(const char *p, int n);
double sqliteTextReal(const char *p, int n);

// Has SQLite poll *cancel every SqliteCancelPollOps virtual-machine instructions and end the
// running statement with SQLITE_INTERRUPT once it is canceled (issue #31): a GROUP BY, a sort or a
// correlated subquery over a table without an index can run for minutes inside one step, where no
// reader loop polls. The query then fails; callers that hold the token report "canceled", not the
// error. cancel must outlive the connection (or be cleared with nullptr first).
void interruptOnCancel(const QSqlDatabase &db, const CancelToken *cancel);
constexpr int SqliteCancelPollOps = 10000;

// SqliteReadOnly's connections call their progress handler every SqliteProgressOps virtual-machine
// instructions (tens of microseconds) to poll cancel and the time budget.
constexpr int SqliteProgressOps = 4096;
// The default time budget of one step: 10 CPU seconds inside SQLite without a row, or the
// environment's TWINSCOPE_SQLITE_QUERY_SECONDS. The aggregates and sorts over the profiler's own
// databases, 1 GB of them, take a few seconds; a step past the budget is one a hostile file made
// slow (a correlated lookup without index, a join that multiplies rows under a GROUP BY).
double sqliteQueryBudgetSeconds();

// An INTEGER, REAL or TEXT cell as a 64-bit integer (times, ids); nullopt for NULL, text that is
// no number, or a REAL beyond qint64 (a corrupt row must not become a time by undefined casts).
std::optional<qint64> sqliteInteger(const QVariant &value);

// The URI SQLite opens path through: file:///abs%20path?mode=ro&immutable=1.
QString sqliteReadOnlyUri(const QString &path);

// What the tables of an SQLite file say it is. The table names decide, never the file name.
enum class SqliteLayout {
    Unknown,
    ProfilerDb, // torch_npu's ascend_pytorch_profiler_*.db, CANN's msprof_*.db (TASK, STRING_IDS)
    AnalysisDb, // msprof-analyze's analysis.db (StepTraceTime, CommAnalyzer*)
    ClusterAnalysis, // msprof-analyze's cluster_analysis.db (ClusterStepTraceTime, ...)
    NsightSystems,   // nsys export --type sqlite (StringIds, CUPTI_ACTIVITY_KIND_*, TARGET_INFO_*)
    MsprobeGraph,    // msprobe graph_visualize's .vis.db (tb_nodes, tb_config)
};
SqliteLayout sqliteLayout(const QStringList &tables);

// The table names of an SQLite file (opened read-only), or an empty list with *error set.
QStringList sqliteTableNames(const QString &path, QString *error = nullptr);

} // namespace Twinscope::Core
