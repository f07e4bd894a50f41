#include "sqlitedb.h"

#include "tr.h"

#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlRecord>
#include <QUrl>

#include <atomic>
#include <cmath>
#include <ctime>
#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString sqliteReadOnlyUri(const QString &path)
{
    // QUrl percent-encodes '?', '#' and '%' in the path, which SQLite would otherwise read as the
    // query, the fragment or an escape.
    return QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded) + u"?mode=ro&immutable=1"_s;
}

std::optional<qint64> sqliteInteger(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    double d = 0;
    bool ok = false;
    switch (v.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::Int:
    case QMetaType::ULongLong:
    case QMetaType::UInt: {
        const qint64 i = v.toLongLong(&ok);
        return ok ? std::optional<qint64>(i) : std::nullopt;
    }
    case QMetaType::QString: {
        // torch_npu writes some times as TEXT; integers beyond 2^53 must not pass through double.
        const QString s = v.toString().trimmed();
        const qint64 i = s.toLongLong(&ok);
        if (ok)
            return i;
        d = s.toDouble(&ok);
        break;
    }
    default:
        d = v.toDouble(&ok);
        break;
    }
    if (!ok || !std::isfinite(d) || std::abs(d) >= 9.2e18)
        return std::nullopt;
    return qint64(d);
}

namespace {

int cancelProgressHandler(void *token)
{
    return static_cast<const CancelToken *>(token)->isCanceled() ? 1 : 0;
}

// QSQLITE hands out its sqlite3* this way (QSqlDriver::handle's documented use); Qt's plugin and
// Twinscope link the same system libsqlite3.
sqlite3 *qtHandle(const QSqlDatabase &db)
{
    const QVariant v = db.driver() ? db.driver()->handle() : QVariant();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(v.constData());
}

// CPU time of the calling thread: the budget is the statement's own work, whatever the load of
// the machine (the shared 2-core machines of the campaign ran at load 20).
qint64 threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// The tables a statement reads, for the budget's message: "COMPUTE_TASK_INFO, TASK".
QString tablesOf(const QString &sql)
{
    static const QRegularExpression from(uR"((?:FROM|JOIN)\s+"?([A-Za-z_][A-Za-z0-9_]*))"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    QStringList names;
    for (auto it = from.globalMatch(sql); it.hasNext();) {
        const QString n = it.next().captured(1);
        if (!names.contains(n))
            names << n;
    }
    return names.isEmpty() ? sql.simplified().left(80) : names.join(u", "_s);
}

} // namespace

double sqliteQueryBudgetSeconds()
{
    bool ok = false;
    const double s = qEnvironmentVariable("TWINSCOPE_SQLITE_QUERY_SECONDS").toDouble(&ok);
    return ok && s > 0 ? s : 10.0;
}

void interruptOnCancel(const QSqlDatabase &db, const CancelToken *cancel)
{
    sqlite3 *handle = qtHandle(db);
    if (!handle)
        return;
    sqlite3_progress_handler(handle,
                             SqliteCancelPollOps,
                             cancel ? cancelProgressHandler : nullptr,
                             const_cast<CancelToken *>(cancel));
}

SqliteReadOnly::SqliteReadOnly(const QString &path, const CancelToken &cancel)
    : m_path(path)
    , m_cancel(cancel)
    , m_budgetNs(qint64(sqliteQueryBudgetSeconds() * 1e9))
{
    static std::atomic<quint64> next{0};
    m_name = u"twinscope-sqlite-ro-%1"_s.arg(next.fetch_add(1));
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
    if (!db.isValid()) {
        m_error = Tr::tr("Qt's SQLite driver (QSQLITE) is not available");
        return;
    }
    db.setDatabaseName(sqliteReadOnlyUri(path));
    db.setConnectOptions(u"QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"_s);
    m_open = db.open();
    if (!m_open) {
        m_error = db.lastError().text();
        return;
    }
    watch(qtHandle(db));
    // A file that is not a database opens fine and fails on its first read: read the schema now.
    // A virtual table is type 'table' too; its CREATE statement tells it apart.
    QSqlQuery q(db);
    q.setForwardOnly(true);
    startStatement(u"sqlite_master"_s);
    if (!q.exec(u"SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view')"_s)) {
        m_open = false;
        m_error = q.lastError().text();
        return;
    }
    static const QRegularExpression virtualTable(uR"(^\s*CREATE\s+VIRTUAL\s)"_s,
                                                 QRegularExpression::CaseInsensitiveOption);
    while (q.next()) {
        const QString name = q.value(1).toString();
        if (q.value(0).toString() == u"view"_s)
            m_nonTables.insert(name, Tr::tr("view"));
        else if (virtualTable.match(q.value(2).toString()).hasMatch())
            m_nonTables.insert(name, Tr::tr("virtual table"));
        else
            m_tables << name;
    }
}

void SqliteReadOnly::watch(sqlite3 *handle) const
{
    if (!handle)
        return;
    sqlite3_progress_handler(handle,
                             SqliteProgressOps,
                             &SqliteReadOnly::progressHandler,
                             const_cast<SqliteReadOnly *>(this));
    sqlite3_trace_v2(
        handle, SQLITE_TRACE_ROW, &SqliteReadOnly::rowCallback, const_cast<SqliteReadOnly *>(this));
}

void SqliteReadOnly::startStatement(const QString &sql) const
{
    m_statementSql = sql;
    m_lastTickNs = 0;
    m_spentNs = 0;
}

int SqliteReadOnly::rowCallback(unsigned, void *self, void *, void *)
{
    // A row ends the step: the next one starts its own budget.
    auto *db = static_cast<SqliteReadOnly *>(self);
    db->m_lastTickNs = 0;
    db->m_spentNs = 0;
    return 0;
}

std::optional<Error> SqliteReadOnly::refuseNonTables(const QStringList &names) const
{
    for (const QString &name : names) {
        const QString kind = m_nonTables.value(name);
        if (kind.isEmpty())
            continue;
        Error e = Error::make(ErrorCode::Unsupported,
                              Tr::tr("%1 in this database is a %2, not a table the profiler "
                                     "writes; Twinscope does not read it (a view or virtual table "
                                     "runs the file author's code and can be made never to end).")
                                  .arg(name, kind),
                              m_path);
        e.expected = Tr::tr("%1 as a table").arg(name);
        e.found = kind;
        return e;
    }
    return std::nullopt;
}

bool SqliteReadOnly::isUniqueKey(const QString &table, const QString &column) const
{
    if (!has(table))
        return false;
    const QSqlDatabase d = db();
    QSqlQuery q(d);
    q.setForwardOnly(true);
    // table_info's pk is the column's place in the primary key (0 = not in it).
    int pkColumns = 0;
    bool columnIsPk = false;
    bool integerPk = false;
    startStatement(table);
    if (!q.exec(u"PRAGMA table_info(\"%1\")"_s.arg(QString(table).replace(u'"', u"\"\""_s))))
        return false;
    while (q.next()) {
        if (q.value(5).toInt() > 0) {
            ++pkColumns;
            if (q.value(1).toString() == column) {
                columnIsPk = true;
                integerPk = q.value(2).toString().compare(u"INTEGER"_s, Qt::CaseInsensitive) == 0;
            }
        }
    }
    // INTEGER PRIMARY KEY is the rowid; a one-column primary key of another type has its own
    // unique index (listed below as origin 'pk').
    if (columnIsPk && pkColumns == 1 && integerPk)
        return true;
    QSqlQuery list(d);
    list.setForwardOnly(true);
    if (!list.exec(u"PRAGMA index_list(\"%1\")"_s.arg(QString(table).replace(u'"', u"\"\""_s))))
        return false;
    QStringList unique;
    while (list.next())
        if (list.value(2).toInt() == 1 && list.value(4).toInt() == 0)
            unique << list.value(1).toString(); // unique, not partial
    list.finish();
    for (const QString &index : unique) {
        QSqlQuery info(d);
        info.setForwardOnly(true);
        if (!info.exec(u"PRAGMA index_info(\"%1\")"_s.arg(QString(index).replace(u'"', u"\"\""_s))))
            continue;
        int n = 0;
        bool same = false;
        while (info.next()) {
            ++n;
            same = info.value(2).toString() == column;
        }
        if (n == 1 && same)
            return true;
    }
    return false;
}

std::optional<Error> SqliteReadOnly::budgetError() const
{
    if (m_overBudgetSql.isEmpty())
        return std::nullopt;
    Error e = Error::make(ErrorCode::Malformed,
                          Tr::tr("The query on %1 ran past %2 s without a result row; the "
                                 "database is built so that reading it never ends (a join that "
                                 "multiplies rows, a lookup without an index).")
                              .arg(tablesOf(m_overBudgetSql))
                              .arg(m_overBudgetSeconds),
                          m_path);
    e.found = m_overBudgetSql.simplified().left(300);
    return e;
}

SqliteReadOnly::~SqliteReadOnly()
{
    if (m_handle)
        sqlite3_close_v2(m_handle);
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (db.isOpen())
            interruptOnCancel(db, nullptr);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

QSqlDatabase SqliteReadOnly::db() const
{
    return QSqlDatabase::database(m_name, false);
}

bool SqliteReadOnly::hasColumn(const QString &table, const QString &column) const
{
    return m_tables.contains(table) && db().record(table).indexOf(column) >= 0;
}

std::optional<Error> SqliteReadOnly::exec(QSqlQuery &query, const QString &sql) const
{
    query.setForwardOnly(true);
    startStatement(sql);
    if (query.exec(sql))
        return std::nullopt;
    if (auto e = budgetError(); e && m_overBudgetSql == sql)
        return e;
    Error e =
        Error::make(ErrorCode::Malformed,
                    Tr::tr("The database could not be read: %1").arg(query.lastError().text()),
                    m_path);
    e.found = sql.simplified().left(300);
    return e;
}

int SqliteReadOnly::progressHandler(void *self)
{
    const auto *db = static_cast<const SqliteReadOnly *>(self);
    const CancelToken *cancel = db->m_statementCancel ? db->m_statementCancel : &db->m_cancel;
    if (cancel->isCanceled())
        return 1; // nonzero interrupts the running step
    if (db->m_budgetNs <= 0)
        return 0;
    const qint64 now = threadCpuNs();
    if (db->m_lastTickNs != 0)
        db->m_spentNs += now - db->m_lastTickNs;
    db->m_lastTickNs = now;
    if (db->m_spentNs <= db->m_budgetNs)
        return 0;
    db->m_overBudgetSql = db->m_statementSql;
    db->m_overBudgetSeconds = double(db->m_budgetNs) / 1e9;
    return 1;
}

std::optional<Error> SqliteReadOnly::prepare(SqliteStatement &statement, const QString &sql) const
{
    auto fail = [&](const QString &why) {
        Error e = Error::make(
            ErrorCode::Malformed, Tr::tr("The database could not be read: %1").arg(why), m_path);
        e.found = sql.simplified().left(300);
        return e;
    };
    if (!m_open)
        return fail(m_error);
    if (!m_handle && !m_handleFailed) {
        const QByteArray uri = sqliteReadOnlyUri(m_path).toUtf8();
        const int rc = sqlite3_open_v2(uri.constData(),
                                       &m_handle,
                                       SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                                       nullptr);
        if (rc != SQLITE_OK) {
            m_handleFailed = true;
            const QString why = m_handle ? QString::fromUtf8(sqlite3_errmsg(m_handle))
                                         : QString::fromUtf8(sqlite3_errstr(rc));
            sqlite3_close_v2(m_handle);
            m_handle = nullptr;
            return fail(why);
        }
        // Functions named in the file's schema (defaults, generated columns) run only if
        // harmless; the file is someone else's.
        sqlite3_db_config(m_handle, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
        watch(m_handle);
    }
    if (!m_handle)
        return fail(Tr::tr("SQLite could not open the file"));
    if (statement.m_stmt) {
        sqlite3_finalize(statement.m_stmt);
        statement.m_stmt = nullptr;
    }
    statement.m_error.clear();
    statement.m_done = false;
    statement.m_owner = this;
    startStatement(sql);
    const QByteArray text = sql.toUtf8();
    if (sqlite3_prepare_v2(
            m_handle, text.constData(), int(text.size()), &statement.m_stmt, nullptr) !=
        SQLITE_OK) {
        const QString why = QString::fromUtf8(sqlite3_errmsg(m_handle));
        sqlite3_finalize(statement.m_stmt);
        statement.m_stmt = nullptr;
        return fail(why);
    }
    return std::nullopt;
}

SqliteStatement::~SqliteStatement()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

bool SqliteStatement::next()
{
    if (!m_stmt || m_done)
        return false;
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    m_done = true;
    if (rc != SQLITE_DONE) {
        const std::optional<Error> budget = m_owner ? m_owner->budgetError() : std::nullopt;
        m_error = rc == SQLITE_INTERRUPT && budget
                      ? budget->message
                      : QString::fromUtf8(sqlite3_errmsg(sqlite3_db_handle(m_stmt)));
    }
    return false;
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

namespace {

// "[-+]digits" of at most 18 digits (no overflow possible), else nullopt for the general parser.
std::optional<qint64> plainDecimal(const unsigned char *p, int n)
{
    if (!p || n <= 0 || n > 19)
        return std::nullopt;
    int i = 0;
    const bool negative = p[0] == '-';
    if (p[0] == '-' || p[0] == '+')
        ++i;
    if (i == n || n - i > 18)
        return std::nullopt;
    qint64 v = 0;
    for (; i < n; ++i) {
        if (p[i] < '0' || p[i] > '9')
            return std::nullopt;
        v = v * 10 + (p[i] - '0');
    }
    return negative ? -v : v;
}

} // namespace

std::optional<qint64> sqliteDoubleInteger(double d)
{
    if (!std::isfinite(d) || std::abs(d) >= 9.2e18)
        return std::nullopt;
    return qint64(d);
}

std::optional<qint64> sqliteTextInteger(const char *p, int n)
{
    // torch_npu writes PYTORCH_API's times as TEXT: the plain decimal case without a copy.
    if (const std::optional<qint64> i = plainDecimal(reinterpret_cast<const unsigned char *>(p), n))
        return i;
    // As sqliteInteger: integers beyond 2^53 written as TEXT must not pass through double.
    const QByteArray s = p ? QByteArray::fromRawData(p, n).trimmed() : QByteArray();
    bool ok = false;
    const qint64 i = s.toLongLong(&ok);
    if (ok)
        return i;
    const double d = s.toDouble(&ok);
    return ok ? sqliteDoubleInteger(d) : std::nullopt;
}

double sqliteTextReal(const char *p, int n)
{
    bool ok = false;
    const double d = (p ? QByteArray::fromRawData(p, n).trimmed() : QByteArray()).toDouble(&ok);
    return ok ? d : 0;
}

std::optional<qint64> SqliteStatement::integer(int column) const
{
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_NULL:
        return std::nullopt;
    case SQLITE_INTEGER:
        return sqlite3_column_int64(m_stmt, column);
    case SQLITE_FLOAT:
        return sqliteDoubleInteger(sqlite3_column_double(m_stmt, column));
    default: {
        const char *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return sqliteTextInteger(p, sqlite3_column_bytes(m_stmt, column));
    }
    }
}

double SqliteStatement::real(int column) const
{
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_NULL:
        return 0;
    case SQLITE_INTEGER:
        return double(sqlite3_column_int64(m_stmt, column));
    case SQLITE_FLOAT:
        return sqlite3_column_double(m_stmt, column);
    default: {
        const char *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return sqliteTextReal(p, sqlite3_column_bytes(m_stmt, column));
    }
    }
}

std::string_view SqliteStatement::text(int column) const
{
    const char *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return p ? std::string_view(p, size_t(sqlite3_column_bytes(m_stmt, column)))
             : std::string_view();
}

SqliteLayout sqliteLayout(const QStringList &tables)
{
    auto has = [&](const char16_t *t) {
        return tables.contains(QString::fromUtf16(t));
    };
    if (has(u"ClusterStepTraceTime") || has(u"ClusterCommAnalyzerTime") ||
        has(u"ClusterCommunicationTime"))
        return SqliteLayout::ClusterAnalysis;
    // The profiler databases of torch_npu, CANN and MindSpore share the CANN schema: a task table
    // and the string table every name column points into.
    if (has(u"STRING_IDS") &&
        (has(u"TASK") || has(u"COMPUTE_TASK_INFO") || has(u"PYTORCH_API") || has(u"CANN_API")))
        return SqliteLayout::ProfilerDb;
    if (has(u"StepTraceTime") || has(u"CommAnalyzerTime") || has(u"CommAnalyzerBandwidth"))
        return SqliteLayout::AnalysisDb;
    if (has(u"StringIds") && (has(u"CUPTI_ACTIVITY_KIND_KERNEL") ||
                              has(u"CUPTI_ACTIVITY_KIND_RUNTIME") || has(u"NVTX_EVENTS")))
        return SqliteLayout::NsightSystems;
    if (has(u"tb_nodes") && has(u"tb_config"))
        return SqliteLayout::MsprobeGraph;
    return SqliteLayout::Unknown;
}

QStringList sqliteTableNames(const QString &path, QString *error)
{
    SqliteReadOnly c(path);
    if (!c.isOpen() && error)
        *error = c.error();
    // Views and virtual tables count for what the file is: a profiler database whose TASK is a
    // view is still one, and its reader then names that view when it refuses it.
    return c.allNames();
}

} // namespace Twinscope::Core
