#pragma once

#include "error.h"
#include "progress.h"

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
    // Table names from sqlite_master (not views: a view runs arbitrary SQL of the file's author).
    const QStringList &tables() const { return m_tables; }
    bool has(const QString &table) const { return m_tables.contains(table); }
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

private:
    static int progressHandler(void *self);

    mutable sqlite3 *m_handle = nullptr;
    mutable const CancelToken *m_statementCancel = nullptr;
    mutable bool m_handleFailed = false;
    QString m_path;
    QString m_name;
    CancelToken m_cancel; // the progress handler points here for the connection's lifetime
    QString m_error;
    QStringList m_tables;
    bool m_open = false;
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
    sqlite3_stmt *m_stmt = nullptr;
    QString m_error;
    bool m_done = false;
};

// Has SQLite poll *cancel every SqliteCancelPollOps virtual-machine instructions and end the
// running statement with SQLITE_INTERRUPT once it is canceled (issue #31): a GROUP BY, a sort or a
// correlated subquery over a table without an index can run for minutes inside one step, where no
// reader loop polls. The query then fails; callers that hold the token report "canceled", not the
// error. cancel must outlive the connection (or be cleared with nullptr first).
void interruptOnCancel(const QSqlDatabase &db, const CancelToken *cancel);
constexpr int SqliteCancelPollOps = 10000;

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
