#include "filecache.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>
#include <cstring>
#include <sys/stat.h>
#include <vector>

namespace Twinscope::Core {

namespace {

constexpr qint64 HeadTailBytes = 64 << 10;

quint64 rotl(quint64 v, int r)
{
    return (v << r) | (v >> (64 - r));
}

quint64 mixLane(quint64 acc, quint64 v)
{
    acc ^= v * 0x9E3779B97F4A7C15ull;
    acc = rotl(acc, 29) * 0xBF58476D1CE4E5B9ull;
    return acc;
}

quint64 finalMix(quint64 h)
{
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 33;
    return h;
}

bool envOff(const QByteArray &v)
{
    const QByteArray s = v.trimmed().toLower();
    return s == "0" || s == "off" || s == "no" || s == "false";
}

} // namespace

quint64 cacheChecksum(std::string_view bytes, quint64 seed)
{
    quint64 a = seed ^ 0x243F6A8885A308D3ull, b = seed ^ 0x13198A2E03707344ull,
            c = seed ^ 0xA4093822299F31D0ull, d = seed ^ 0x082EFA98EC4E6C89ull;
    const char *p = bytes.data();
    size_t n = bytes.size();
    while (n >= 32) {
        quint64 v[4];
        std::memcpy(v, p, 32);
        a = mixLane(a, v[0]);
        b = mixLane(b, v[1]);
        c = mixLane(c, v[2]);
        d = mixLane(d, v[3]);
        p += 32;
        n -= 32;
    }
    quint64 h = rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18) + quint64(bytes.size());
    while (n >= 8) {
        quint64 v;
        std::memcpy(&v, p, 8);
        h = mixLane(h, v);
        p += 8;
        n -= 8;
    }
    if (n > 0) {
        quint64 v = 0;
        std::memcpy(&v, p, n);
        h = mixLane(h, v ^ (quint64(n) << 56));
    }
    return finalMix(h);
}

FileCacheKey fileCacheKey(const QString &path)
{
    FileCacheKey key;
    const QFileInfo info(path);
    if (!info.isFile())
        return key;
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(info.absoluteFilePath()).constData(), &st) != 0 ||
        !S_ISREG(st.st_mode))
        return key;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return key;
    const qint64 size = qint64(st.st_size);
    QByteArray sample = f.read(std::min(size, HeadTailBytes));
    if (size > HeadTailBytes) {
        const qint64 tailFrom = std::max(HeadTailBytes, size - HeadTailBytes);
        if (!f.seek(tailFrom))
            return key;
        sample += f.read(size - tailFrom);
    }
    key.canonicalPath = info.canonicalFilePath();
    key.size = size;
    key.mtimeNs = qint64(st.st_mtim.tv_sec) * 1000000000 + qint64(st.st_mtim.tv_nsec);
    key.headTailHash = cacheChecksum(std::string_view(sample.constData(), size_t(sample.size())));
    return key;
}

QString defaultCacheDir(const QString &kind)
{
    if (envOff(qgetenv("TWINSCOPE_CACHE")))
        return {};
    QString base = QString::fromLocal8Bit(qgetenv("TWINSCOPE_CACHE_DIR"));
    if (base.isEmpty()) {
        // Without an application name (tests, tools linking core) the location would be the bare
        // cache root shared with every other program.
        base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
        if (base.isEmpty())
            return {};
        base += QStringLiteral("/twinscope");
    }
    return base + u'/' + kind;
}

qint64 defaultCacheMaxBytes()
{
    bool ok = false;
    const qint64 mb = qgetenv("TWINSCOPE_CACHE_MAX_MB").toLongLong(&ok);
    if (ok && mb >= 0)
        return mb << 20;
    return qint64(8) << 30;
}

void touchCacheFile(const QString &path)
{
    QFile f(path);
    if (f.open(QIODevice::ReadWrite))
        f.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
}

void evictCacheFiles(const QString &dir,
                     const QString &suffix,
                     qint64 maxBytes,
                     const QString &keep)
{
    QDir d(dir);
    const QFileInfoList files =
        d.entryInfoList({u'*' + suffix}, QDir::Files | QDir::NoDotAndDotDot, QDir::Time);
    // QDir::Time lists the newest first: keep from the front while the sum stays under the cap.
    qint64 total = 0;
    const QString keepPath = QFileInfo(keep).absoluteFilePath();
    for (const QFileInfo &f : files) {
        if (f.absoluteFilePath() == keepPath)
            total += f.size();
    }
    bool full = false;
    for (const QFileInfo &f : files) {
        if (f.absoluteFilePath() == keepPath)
            continue;
        full = full || total + f.size() > maxBytes;
        if (full)
            QFile::remove(f.absoluteFilePath());
        else
            total += f.size();
    }
}

} // namespace Twinscope::Core
