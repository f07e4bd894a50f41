#include "sqliteprefetch.h"

#include "workerpool.h"

#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <vector>

namespace Twinscope::Core {

namespace {

// Rows per chunk and chunks stepped ahead: a few MB in flight, whatever the table's size. A chunk
// also ends after ChunkTextBytes of TEXT, so a file of huge cells holds a few of them at a time,
// as a statement stepped row by row would.
constexpr int ChunkRows = 8192;
constexpr size_t ChunkTextBytes = 4 << 20;
constexpr size_t ChunksAhead = 4;
// A TEXT or BLOB cell SQLite gave no bytes for (out of memory): converted as a null pointer.
constexpr int NoBytes = -1;

struct Cell
{
    qint64 bits = 0;              // INTEGER value, or a REAL's bits
    quint32 offset = 0, size = 0; // TEXT or BLOB bytes in the chunk's text
    int type = SQLITE_NULL;
};

struct Chunk
{
    std::vector<Cell> cells;
    std::string text;
    int rows = 0;
};

} // namespace

struct SqlitePrefetch::State
{
    SqliteStatement statement;
    int columns = 0;
    std::mutex stepping; // held by whoever steps the statement
    std::mutex lock;     // guards what follows
    std::condition_variable changed;
    std::deque<Chunk> ready;
    std::vector<Chunk> spare;
    bool finished = false;
    bool stop = false;
    QString error;
    // The reader's side.
    Chunk current;
    int row = -1;
    bool ended = false;
    std::unique_ptr<WorkerPool::Background> worker;

    // Steps one chunk of rows; the caller holds stepping.
    void stepChunk()
    {
        Chunk chunk;
        {
            const std::lock_guard<std::mutex> guard(lock);
            if (finished || stop)
                return;
            if (!spare.empty()) {
                chunk = std::move(spare.back());
                spare.pop_back();
            }
        }
        chunk.cells.clear();
        chunk.text.clear();
        chunk.rows = 0;
        sqlite3_stmt *s = statement.m_stmt;
        bool more = true;
        while (chunk.rows < ChunkRows && chunk.text.size() < ChunkTextBytes &&
               (more = statement.next())) {
            for (int c = 0; c < columns; ++c) {
                Cell cell;
                cell.type = sqlite3_column_type(s, c);
                if (cell.type == SQLITE_INTEGER) {
                    cell.bits = sqlite3_column_int64(s, c);
                } else if (cell.type == SQLITE_FLOAT) {
                    const double d = sqlite3_column_double(s, c);
                    std::memcpy(&cell.bits, &d, sizeof d);
                } else if (cell.type != SQLITE_NULL) {
                    const char *p = reinterpret_cast<const char *>(sqlite3_column_text(s, c));
                    const int n = sqlite3_column_bytes(s, c);
                    cell.offset = quint32(chunk.text.size());
                    cell.size = quint32(n);
                    if (p)
                        chunk.text.append(p, size_t(n));
                    else
                        cell.type = NoBytes;
                }
                chunk.cells.push_back(cell);
            }
            ++chunk.rows;
        }
        const std::lock_guard<std::mutex> guard(lock);
        if (chunk.rows > 0)
            ready.push_back(std::move(chunk));
        if (!more) {
            finished = true;
            error = statement.error();
        }
        changed.notify_all();
    }

    void runAhead()
    {
        for (;;) {
            {
                std::unique_lock<std::mutex> guard(lock);
                changed.wait(guard, [&] { return stop || finished || ready.size() < ChunksAhead; });
                if (stop || finished)
                    return;
            }
            const std::lock_guard<std::mutex> guard(stepping);
            stepChunk();
        }
    }

    const Cell &cell(int column) const { return current.cells[size_t(row * columns + column)]; }
};

SqlitePrefetch::SqlitePrefetch()
    : m_state(std::make_unique<State>())
{}

SqlitePrefetch::~SqlitePrefetch()
{
    {
        const std::lock_guard<std::mutex> guard(m_state->lock);
        m_state->stop = true;
        m_state->changed.notify_all();
    }
    m_state->worker.reset(); // waits for a running step to end (cancel interrupts a long one)
}

std::optional<Error> SqlitePrefetch::start(const SqliteReadOnly &db, const QString &sql)
{
    if (auto e = db.prepare(m_state->statement, sql))
        return e;
    m_state->columns = sqlite3_column_count(m_state->statement.m_stmt);
    State *state = m_state.get();
    m_state->worker = std::make_unique<WorkerPool::Background>([state] { state->runAhead(); });
    return std::nullopt;
}

bool SqlitePrefetch::next()
{
    State &s = *m_state;
    if (s.ended)
        return false;
    if (++s.row < s.current.rows)
        return true;
    std::unique_lock<std::mutex> guard(s.lock);
    for (;;) {
        if (!s.ready.empty()) {
            s.spare.push_back(std::move(s.current));
            s.current = std::move(s.ready.front());
            s.ready.pop_front();
            s.row = 0;
            s.changed.notify_all(); // room for one more chunk ahead
            return true;
        }
        if (s.finished) {
            s.ended = true;
            return false;
        }
        // Nothing ready: step a chunk here unless the pool thread is stepping one now (no
        // thread to spare, or the reader caught up).
        guard.unlock();
        {
            std::unique_lock<std::mutex> step(s.stepping, std::try_to_lock);
            if (step.owns_lock())
                s.stepChunk();
        }
        guard.lock();
        if (s.ready.empty() && !s.finished)
            s.changed.wait_for(guard, std::chrono::milliseconds(5));
    }
}

const QString &SqlitePrefetch::error() const
{
    static const QString none;
    return m_state->ended ? m_state->error : none;
}

bool SqlitePrefetch::isNull(int column) const
{
    return m_state->cell(column).type == SQLITE_NULL;
}

std::optional<qint64> SqlitePrefetch::integer(int column) const
{
    const Cell &c = m_state->cell(column);
    switch (c.type) {
    case SQLITE_NULL:
        return std::nullopt;
    case SQLITE_INTEGER:
        return c.bits;
    case SQLITE_FLOAT: {
        double d = 0;
        std::memcpy(&d, &c.bits, sizeof d);
        return sqliteDoubleInteger(d);
    }
    case NoBytes:
        return sqliteTextInteger(nullptr, 0);
    default:
        return sqliteTextInteger(m_state->current.text.data() + c.offset, int(c.size));
    }
}

double SqlitePrefetch::real(int column) const
{
    const Cell &c = m_state->cell(column);
    switch (c.type) {
    case SQLITE_NULL:
        return 0;
    case SQLITE_INTEGER:
        return double(c.bits);
    case SQLITE_FLOAT: {
        double d = 0;
        std::memcpy(&d, &c.bits, sizeof d);
        return d;
    }
    case NoBytes:
        return sqliteTextReal(nullptr, 0);
    default:
        return sqliteTextReal(m_state->current.text.data() + c.offset, int(c.size));
    }
}

} // namespace Twinscope::Core
