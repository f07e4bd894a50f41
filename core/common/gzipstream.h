#pragma once

#include "diagnostics.h"
#include "error.h"
#include "progress.h"

#include <QByteArray>

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// Every gzip reader refuses a stream that inflates to more than InflateMaxRatio times the
// compressed bytes read so far, once past InflateFloorBytes: a 21 MB gzip bomb of 20 GB of
// whitespace then stops after 64 MiB instead of filling memory (issue #16). Real traces and logs
// inflate 5-30 fold; deflate cannot exceed ~1032 fold.
constexpr qint64 InflateFloorBytes = 64 << 20;
constexpr qint64 InflateMaxRatio = 200;

class GzipIndex;

// Incremental inflate of a (possibly multi-member) gzip stream held in memory (a mapped file):
// read() hands out the next inflated bytes, so a reader can parse while it inflates and never
// hold the whole text. Optionally records a GzipIndex for random access later.
class GzipInflater
{
public:
    enum class State { Running, Ended, Truncated, Corrupt, TooLarge, Failed };

    explicit GzipInflater(std::string_view in, GzipIndex *index = nullptr);
    ~GzipInflater();
    GzipInflater(const GzipInflater &) = delete;
    GzipInflater &operator=(const GzipInflater &) = delete;

    // Inflates up to cap bytes into dst; returns how many (0 once the stream is finished).
    qint64 read(char *dst, qint64 cap);
    State state() const { return m_state; }
    bool finished() const { return m_state != State::Running; }
    qint64 consumed() const; // compressed bytes read
    qint64 produced() const { return m_produced; }
    qint64 inputSize() const { return qint64(m_in.size()); }

    // How the stream ended, said the same way by every reader: the error when nothing usable came
    // out (corrupt before any data, a bomb); otherwise nullopt, after adding "truncated_gzip" or
    // "gzip_trailing_bytes" to diagnostics where that applies.
    std::optional<Error> finish(const QString &name, Diagnostics *diagnostics) const;

private:
    void feed();

    struct Z;
    std::unique_ptr<Z> m_z;
    std::string_view m_in;
    size_t m_handed = 0;
    qint64 m_produced = 0;
    qint64 m_trailing = 0; // bytes after the last member that are not another member
    State m_state = State::Running;
    QString m_zlibMessage;
    GzipIndex *m_index = nullptr;
    qint64 m_lastPoint = 0;
};

// Random access into a gzip stream after one pass (the method of zlib's examples/zran.c): every
// SpanBytes of output, at a deflate block boundary, the inflater stores where it was in the input
// and the 32 KiB window the next block may refer to. Reading a range later inflates from the
// nearest point before it, at most SpanBytes plus the range. Keeps args of a .json.gz trace "in the
// file" as for a plain one: 8 KiB of points per MiB instead of the whole text in memory.
class GzipIndex
{
public:
    static constexpr qint64 SpanBytes = 4 << 20;

    // Compressed bytes [from, from + n) of the stream (less at its end; empty on error).
    using Fetch = std::function<QByteArray(qint64 from, qint64 n)>;

    // length bytes at offset of the inflated stream; empty when the input cannot be read.
    QByteArray read(const Fetch &fetch, qint64 offset, qint64 length) const;
    qint64 memoryBytes() const;
    int pointCount() const { return int(m_points.size()); }

private:
    friend class GzipInflater;
    struct Point
    {
        qint64 out = 0;
        qint64 in = 0;
        int bits = 0;       // bits of the byte before in that belong to the next block
        bool header = true; // in is at a gzip header (the stream's start): no window needed
        QByteArray window;
    };
    std::vector<Point> m_points;
};

// Inflates a whole gzip stream. A truncated or corrupt stream keeps the inflated prefix and adds a
// "truncated_gzip" warning; it fails only when nothing could be inflated, or on a bomb.
// maxOutput bounds the result (sniffing inflates only a prefix); 0 means no bound.
struct InflateResult
{
    QByteArray data;
    bool complete = false; // the stream ended cleanly
    bool canceled = false;
    std::optional<Error> error;
};
InflateResult inflateGzip(std::string_view in,
                          const QString &name,
                          Diagnostics *diagnostics,
                          qint64 maxOutput = 0,
                          const CancelToken &cancel = {},
                          ProgressSink *progress = nullptr,
                          int progressTo = 0);

} // namespace Twinscope::Core
