#pragma once

#include "sqlitedb.h"

#include <memory>
#include <optional>

namespace Twinscope::Core {

// A statement of SqliteReadOnly::prepare stepped on a pool thread ahead of its reader (issue #25):
// a reader of a table of millions of rows spends about as long inside SQLite (its virtual machine,
// the column accessors, TEXT times parsed) as on its own work, so the rows come in chunks copied
// off the statement while the reader works on the previous ones. The reader sees the rows in the
// statement's order with the same cell conversions as SqliteStatement, so what it builds is the
// same. When the pool has no thread to spare the reader steps the statement itself.
//
// The statement must belong to a connection nothing else uses while the rows are read (SQLite
// connections here are opened without their own mutex); its cancel token and time budget still
// end a long step, and error() then says why as SqliteStatement::error() does.
class SqlitePrefetch
{
public:
    SqlitePrefetch();
    ~SqlitePrefetch(); // stops the pool thread and waits for it
    SqlitePrefetch(const SqlitePrefetch &) = delete;
    SqlitePrefetch &operator=(const SqlitePrefetch &) = delete;

    // Prepares sql on db (a connection of its own); the rows start coming at once.
    std::optional<Error> start(const SqliteReadOnly &db, const QString &sql);
    // The next row; false at the end or on an error.
    bool next();
    // The statement's error, once next() returned false at its end.
    const QString &error() const;
    bool isNull(int column) const;
    std::optional<qint64> integer(int column) const;
    qint64 integerOr(int column, qint64 fallback = 0) const
    {
        return integer(column).value_or(fallback);
    }
    double real(int column) const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace Twinscope::Core
