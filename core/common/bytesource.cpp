#include "bytesource.h"

#include "tr.h"

#include <QFileInfo>
#include <QLocale>

#include <zlib.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && uchar(bytes[0]) == 0x1f && uchar(bytes[1]) == 0x8b;
}

std::unique_ptr<ByteSource> ByteSource::open(const Source &source, Error *error)
{
    std::unique_ptr<ByteSource> bs(new ByteSource);
    bs->m_name = source.name();
    if (!source.isPath()) {
        bs->m_bytes = source.bytes;
        bs->m_data = std::string_view(bs->m_bytes.constData(), size_t(bs->m_bytes.size()));
        if (bs->m_bytes.isEmpty()) {
            *error =
                Error::make(ErrorCode::EmptyFile, Tr::tr("The input is empty."), source.name());
            return nullptr;
        }
        return bs;
    }
    if (auto e = checkReadableFile(source.path)) {
        *error = *e;
        return nullptr;
    }
    if (!openInputFile(&bs->m_file, source.path, error))
        return nullptr;
    const qint64 size = bs->m_file.size();
    // MapPrivate is never written through; it just keeps the mapping valid if the file is replaced.
    uchar *mapped = bs->m_file.map(0, size, QFileDevice::MapPrivateOption);
    if (mapped) {
        bs->m_data = std::string_view(reinterpret_cast<const char *>(mapped), size_t(size));
        return bs;
    }
    // Some file systems (pipes, /proc) cannot be mapped: fall back to reading.
    bs->m_bytes = bs->m_file.readAll();
    if (bs->m_bytes.size() != size) {
        *error = Error::make(
            ErrorCode::Unreadable,
            Tr::tr("Only %1 of %2 bytes could be read.").arg(bs->m_bytes.size()).arg(size),
            source.path);
        return nullptr;
    }
    bs->m_data = std::string_view(bs->m_bytes.constData(), size_t(bs->m_bytes.size()));
    return bs;
}

ByteSource::~ByteSource() = default;

InflateResult inflateGzip(std::string_view in,
                          const QString &name,
                          Diagnostics *diagnostics,
                          qint64 maxOutput,
                          const CancelToken &cancel,
                          ProgressSink *progress,
                          int progressTo)
{
    InflateResult result;
    z_stream zs{};
    // 16 + MAX_WBITS: gzip wrapper only, so a zlib or raw stream is reported as not gzip.
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
        result.error =
            Error::make(ErrorCode::Internal, Tr::tr("zlib could not be initialised."), name);
        return result;
    }
    const auto *begin = reinterpret_cast<const Bytef *>(in.data());
    size_t handed =
        0; // bytes given to zlib so far; avail_in is 32-bit, so feed at most 1 GiB at once
    auto feed = [&] {
        const size_t n = std::min<size_t>(in.size() - handed, size_t(1) << 30);
        zs.next_in = const_cast<Bytef *>(begin + handed);
        zs.avail_in = uInt(n);
        handed += n;
    };
    feed();
    const qint64 step = 1 << 20;
    int ret = Z_OK;
    bool corrupt = false;
    for (qint64 round = 0;; ++round) {
        if (zs.avail_in == 0 && handed < in.size())
            feed();
        const qint64 old = result.data.size();
        qint64 grow = step;
        if (maxOutput > 0)
            grow = std::min(grow, maxOutput - old);
        if (grow <= 0)
            break; // the requested prefix is complete
        if (result.data.capacity() < old + grow)
            result.data.reserve(std::max(old + grow, result.data.capacity() * 2));
        result.data.resize(old + grow);
        zs.next_out = reinterpret_cast<Bytef *>(result.data.data() + old);
        zs.avail_out = uInt(grow);
        ret = inflate(&zs, Z_NO_FLUSH);
        result.data.resize(old + grow - zs.avail_out);
        const size_t consumed = handed - zs.avail_in;
        if (ret == Z_STREAM_END) {
            // Multi-member gzip: concatenated members are one file (RFC 1952 §2.2).
            const size_t rest = in.size() - consumed;
            if (rest >= 2 && isGzip(in.substr(consumed, 2))) {
                inflateReset(&zs);
                continue;
            }
            if (rest > 0 && diagnostics) {
                diagnostics->add(u"gzip_trailing_bytes"_s,
                                 Tr::tr("%1 bytes after the end of the gzip stream were ignored.")
                                     .arg(QLocale().toString(qint64(rest))),
                                 Location{qint64(consumed), -1, {}});
            }
            result.complete = true;
            break;
        }
        if (ret == Z_BUF_ERROR && zs.avail_in == 0 && handed >= in.size())
            break; // input ended inside the stream: truncated
        if (ret != Z_OK && ret != Z_BUF_ERROR) {
            corrupt = true;
            break;
        }
        if ((round & 15) == 0) {
            if (cancel.isCanceled()) {
                result.canceled = true;
                break;
            }
            if (progress)
                progress->reportRange(qint64(consumed), qint64(in.size()), 0, progressTo);
        }
    }
    const qint64 consumed = qint64(handed - zs.avail_in);
    const QString zmsg = QString::fromUtf8(zs.msg ? zs.msg : "");
    inflateEnd(&zs);
    if (result.complete || result.canceled)
        return result;
    if (maxOutput > 0 && result.data.size() >= maxOutput)
        return result; // a prefix was asked for and read: not an error
    if (result.data.isEmpty()) {
        Error e =
            Error::make(ErrorCode::Malformed,
                        corrupt ? Tr::tr("The gzip data is corrupt (%1).").arg(zmsg)
                                : Tr::tr("The gzip stream ends before any data could be inflated."),
                        name,
                        consumed);
        e.expected = Tr::tr("a gzip stream");
        result.error = e;
        return result;
    }
    if (diagnostics) {
        diagnostics->add(
            u"truncated_gzip"_s,
            Tr::tr("The gzip stream is cut off or corrupt at compressed byte %1; the %2 bytes "
                   "inflated before it were kept.")
                .arg(QLocale().toString(consumed), QLocale().toString(result.data.size())),
            Location{consumed, -1, {}});
    }
    return result;
}

} // namespace Twinscope::Core
