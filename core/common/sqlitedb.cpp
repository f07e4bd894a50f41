#include "sqlitedb.h"

#include "tr.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlRecord>
#include <QUrl>

#include <atomic>
#include <cmath>
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

} // namespace

void interruptOnCancel(const QSqlDatabase &db, const CancelToken *cancel)
{
    // QSQLITE hands out its sqlite3* this way (QSqlDriver::handle's documented use); Qt's plugin
    // and Twinscope link the same system libsqlite3.
    const QVariant v = db.driver() ? db.driver()->handle() : QVariant();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return;
    sqlite3 *handle = *static_cast<sqlite3 *const *>(v.constData());
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
    interruptOnCancel(db, &m_cancel);
    // A file that is not a database opens fine and fails on its first read: read the schema now.
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT name FROM sqlite_master WHERE type = 'table'"_s)) {
        m_open = false;
        m_error = q.lastError().text();
        return;
    }
    while (q.next())
        m_tables << q.value(0).toString();
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
    if (query.exec(sql))
        return std::nullopt;
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
    return cancel->isCanceled() ? 1 : 0; // nonzero interrupts the running step
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
        sqlite3_progress_handler(
            m_handle, 4096, &SqliteReadOnly::progressHandler, const_cast<SqliteReadOnly *>(this));
    }
    if (!m_handle)
        return fail(Tr::tr("SQLite could not open the file"));
    if (statement.m_stmt) {
        sqlite3_finalize(statement.m_stmt);
        statement.m_stmt = nullptr;
    }
    statement.m_error.clear();
    statement.m_done = false;
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
    if (rc != SQLITE_DONE)
        m_error = QString::fromUtf8(sqlite3_errmsg(sqlite3_db_handle(m_stmt)));
    return false;
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

namespace {

// Text or a blob cell without surrounding blanks, for the number parsers QVariant uses.
QByteArray trimmedCell(sqlite3_stmt *stmt, int column)
{
    const char *p = reinterpret_cast<const char *>(sqlite3_column_text(stmt, column));
    const int n = sqlite3_column_bytes(stmt, column);
    return p ? QByteArray::fromRawData(p, n).trimmed() : QByteArray();
}

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

std::optional<qint64> SqliteStatement::integer(int column) const
{
    double d = 0;
    bool ok = false;
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_NULL:
        return std::nullopt;
    case SQLITE_INTEGER:
        return sqlite3_column_int64(m_stmt, column);
    case SQLITE_FLOAT:
        d = sqlite3_column_double(m_stmt, column);
        ok = true;
        break;
    case SQLITE_TEXT:
        // torch_npu writes PYTORCH_API's times as TEXT: the plain decimal case without a copy.
        if (const std::optional<qint64> i = plainDecimal(sqlite3_column_text(m_stmt, column),
                                                         sqlite3_column_bytes(m_stmt, column)))
            return i;
        [[fallthrough]];
    default: {
        // As sqliteInteger: integers beyond 2^53 written as TEXT must not pass through double.
        const QByteArray s = trimmedCell(m_stmt, column);
        const qint64 i = s.toLongLong(&ok);
        if (ok)
            return i;
        d = s.toDouble(&ok);
        break;
    }
    }
    if (!ok || !std::isfinite(d) || std::abs(d) >= 9.2e18)
        return std::nullopt;
    return qint64(d);
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
        bool ok = false;
        const double d = trimmedCell(m_stmt, column).toDouble(&ok);
        return ok ? d : 0;
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
    return c.tables();
}

} // namespace Twinscope::Core
