#pragma once

// Hostile SQLite databases for the cancel tests (issue #31), generated at test time with QtSql
// (tests that include this link Qt6::Sql).

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

namespace Hostile {

using namespace Qt::StringLiterals;

// Runs statements on a new SQLite file (the test's own connection, closed before the load).
inline bool makeDatabase(const QString &path, const QStringList &statements)
{
    bool ok = true;
    const QString name = u"cancelhostile-"_s + path;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString &s : statements) {
            if (ok && !q.exec(s)) {
                qWarning("%s: %s", qPrintable(s), qPrintable(q.lastError().text()));
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// INSERT ... SELECT over 1..n (a recursive CTE: a million rows in about a second).
inline QString sqlRows(qint64 n, const QString &table, const QString &select)
{
    return u"INSERT INTO %1 WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
           u"WHERE x < %2) SELECT %3 FROM c"_s.arg(table)
               .arg(n)
               .arg(select);
}

// A profiler database whose STRING_IDS has no index: each of n COMMUNICATION_OP rows (or
// groups) looks its name up by scanning n strings, so one query runs n^2 comparisons, most of
// them inside single SQLite steps where no reader loop polls.
inline bool writeUnindexedProfilerDb(const QString &path, int n)
{
    return makeDatabase(
        path,
        {u"CREATE TABLE STRING_IDS (id INTEGER, value TEXT)"_s,
         u"CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, globalTaskId INTEGER)"_s,
         u"CREATE TABLE COMMUNICATION_OP (opName INTEGER, startNs INTEGER, endNs INTEGER)"_s,
         sqlRows(n, u"STRING_IDS"_s, u"x, 'hcom_allReduce__' || x"_s),
         sqlRows(n, u"COMMUNICATION_OP"_s, u"x, x * 1000, x * 1000 + 500"_s)});
}

} // namespace Hostile
