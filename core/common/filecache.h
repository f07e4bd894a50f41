#pragma once

#include <QByteArray>
#include <QString>

#include <string_view>

namespace Twinscope::Core {

// Helpers of the on-disk caches that make the second open of a big input instant (issue #28):
// where they live, what identifies the input they were made from, a checksum fast enough to check
// every byte of a cache on every open, and a size cap kept by evicting the least recently used
// entry. A cache is an optimisation only: anything wrong with it (missing, stale, damaged,
// unwritable directory) means "parse the input", never a failed load.

// What identifies one version of an input file: a cache made from another version is stale.
// The head and tail hash catches a file rewritten within the same second at the same size.
struct FileCacheKey
{
    QString canonicalPath;
    qint64 size = -1;
    qint64 mtimeNs = 0;
    quint64 headTailHash = 0;
    bool isValid() const { return size >= 0 && !canonicalPath.isEmpty(); }
    bool operator==(const FileCacheKey &) const = default;
};

// The key of a regular file, or an invalid key (no such file, not a regular file, unreadable).
FileCacheKey fileCacheKey(const QString &path);

// A 64-bit checksum of bytes: four independent multiply-xor lanes, several GB/s, so checking a
// few hundred MB of cache costs a few tens of milliseconds. Not cryptographic: it detects damage
// (flipped, truncated, zeroed bytes), not forgery, and the readers validate every index anyway.
quint64 cacheChecksum(std::string_view bytes, quint64 seed = 0);

// The directory of the caches of one kind ("traces"): TWINSCOPE_CACHE_DIR when set, else the
// user's cache location (QStandardPaths::CacheLocation, $XDG_CACHE_HOME/twinscope on Linux).
// Empty when caching is switched off with TWINSCOPE_CACHE=0 (or off, no, false).
QString defaultCacheDir(const QString &kind);

// The cap of one cache directory in bytes: TWINSCOPE_CACHE_MAX_MB when set, else 8 GiB.
qint64 defaultCacheMaxBytes();

// Deletes the least recently used files ending in suffix from dir until the ones left take at most
// maxBytes; keep is never deleted. A cache read marks its file used (touchCacheFile).
void evictCacheFiles(const QString &dir,
                     const QString &suffix,
                     qint64 maxBytes,
                     const QString &keep);
void touchCacheFile(const QString &path);

} // namespace Twinscope::Core
