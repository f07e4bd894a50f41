#pragma once

#include "error.h"
#include "progress.h"
#include "source.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <string_view>

namespace Twinscope::Core {

class ByteSource;

// One member of a zip archive as its central directory describes it.
struct ZipEntry
{
    enum class Method : quint8 {
        Stored,   // method 0: the bytes as they are; can be used in place
        Deflated, // method 8
        Other,    // bzip2, lzma, zstd, ...: read when libzip was built with it, else Unsupported
    };
    QString name; // as stored, '/' between folders (UTF-8; ASCII for numpy, PyTorch and xlsx)
    qint64 compressedSize = 0;
    qint64 uncompressedSize = 0;
    Method method = Method::Other;
    int methodId = 0;       // the zip method number, for messages
    bool encrypted = false; // never read
    quint32 crc32 = 0;
};

// A stored member's bytes in place, without a copy.
struct ZipSpan
{
    qint64 offset = 0;      // absolute offset of the first byte in the archive (in the file); 0
                            // for an empty member
    qint64 size = 0;        // compressed size == uncompressed size
    std::string_view bytes; // the same bytes in the reader's mapping; valid while the reader lives
};

// What read(), readPrefix() and stream() return: Ok (data, bytes), canceled, or an Error.
struct ZipReadResult
{
    QByteArray data;       // read() and readPrefix(); empty for stream()
    qint64 bytes = 0;      // uncompressed bytes delivered
    bool canceled = false; // the cancel token fired or the sink stopped; data is empty
    std::optional<Error> error;
    bool isOk() const { return !canceled && !error; }
};

// Read-only access to a zip archive (npz, PyTorch .pt, xlsx) through libzip. The archive is a
// read-only memory map of the file or the Source's own bytes (fuzzers, tests); libzip reads it
// through a bounds-checked source callback, so no damaged archive makes it read outside the buffer.
// Opening checks every local header against the central directory (ZIP_CHECKCONS), so members
// that overlap or run past their space fail the open. Stored members can be used in place
// (storedData: zero copy, e.g. to memory-map tensor storage); members can be read whole, as a
// prefix, or streamed in chunks, checked against the sizes and the CRC-32 the central directory
// gives. Zip64 archives are read. Every method is thread-safe (one mutex around libzip's cursor);
// open one reader per thread for parallel inflation.
class ZipReader
{
public:
    // Opens and lists the archive. Fails (Malformed) when it is not a zip archive, when it is cut
    // off, or when its central directory or a local header is damaged or inconsistent; damage in
    // one member's data shows only when that member is read.
    static std::unique_ptr<ZipReader> open(const Source &source, Error *error);
    ~ZipReader();
    ZipReader(const ZipReader &) = delete;
    ZipReader &operator=(const ZipReader &) = delete;

    const QString &name() const { return m_name; } // display name (the path for files)
    qint64 size() const { return qint64(m_data.size()); }
    const QList<ZipEntry> &entries() const { return m_entries; }
    int indexOf(const QString &name) const; // exact name; the first of duplicates; -1 when absent

    // A stored, unencrypted member in place (its bytes lie inside the archive, where libzip reads
    // them). Fails for compressed and encrypted members.
    std::optional<ZipSpan> storedData(int index, Error *error) const;

    // The whole member (stored: copied; compressed: inflated), checked against the uncompressed
    // size and the CRC-32. Fails with TooLarge, before reading, when the member says it is over
    // maxBytes, and without reading more than maxBytes + 1 when it lies.
    ZipReadResult read(int index, qint64 maxBytes, const CancelToken &cancel = {}) const;

    // The first maxBytes bytes (all of a shorter member): headers of compressed members without
    // inflating the rest. A short member is checked like read(); a cut prefix is not CRC-checked.
    ZipReadResult readPrefix(int index, qint64 maxBytes, const CancelToken &cancel = {}) const;

    // Hands the member to sink in chunks of at most 1 MiB (large XML sheets, pickles); sink returns
    // false to stop early (the result is then canceled). Checked like read(), without a limit.
    ZipReadResult stream(int index,
                         const std::function<bool(std::string_view chunk)> &sink,
                         const CancelToken &cancel = {}) const;

private:
    struct Impl;
    ZipReader();
    ZipReadResult collect(int index, qint64 limit, bool prefix, const CancelToken &cancel) const;
    ZipReadResult readInto(int index,
                           qint64 limit,
                           bool prefix,
                           const std::function<bool(std::string_view)> &sink,
                           const CancelToken &cancel) const;
    Error memberError(ErrorCode code, int index, const QString &what) const;

    std::unique_ptr<Impl> m_impl;
    std::unique_ptr<ByteSource> m_bytes;
    std::string_view m_data;
    QString m_name;
    QList<ZipEntry> m_entries;
    QHash<QString, int> m_index;
};

} // namespace Twinscope::Core
