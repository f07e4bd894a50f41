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
