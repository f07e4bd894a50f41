#pragma once

// Shared by the profiler-database fuzzers (issue #25): turns a fuzzer input into an SQLite file.
// The first byte picks how: 'S' runs the rest as SQL on a fresh database (so the fuzzer writes
// malformed schemas, wrong column types and huge row counts that SQLite itself accepts), anything
// else writes the bytes as the file (a mutated real database: SQLite's corruption checks, then
// whatever our queries get back). Only the harness writes; the readers under test open read-only.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <unistd.h>

inline QString fuzzDatabase(const uint8_t *data, size_t size, const char *name)
{
    static int argc = 1;
    static char *argv[] = {const_cast<char *>(name), nullptr};
    static QCoreApplication app(argc, argv); // QtSql finds its driver plugin through the app
    const QString path = QDir::temp().filePath(
        QStringLiteral("twinscope_%1_%2.db").arg(QLatin1StringView(name)).arg(::getpid()));
    QFile::remove(path);
    if (size > 0 && data[0] == 'S') {
        const QString sql =
            QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fuzz-writer"));
            db.setDatabaseName(path);
            if (db.open()) {
                QSqlQuery q(db);
                // The harness's own writes need no durability: a recursive CTE's rows, each
                // synced, would time the fuzzer out before the readers run.
                (void)q.exec(QStringLiteral("PRAGMA synchronous = OFF"));
                (void)q.exec(QStringLiteral("PRAGMA journal_mode = OFF"));
                // A recursive CTE can make millions of rows from a few bytes; the statements run
                // one by one and a failing one is skipped.
                for (const QString &statement : sql.split(u';'))
                    (void)q.exec(statement);
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("fuzz-writer"));
        return path;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    return path;
}
