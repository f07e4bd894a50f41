#include "zipreader.h"

#include "bytesource.h"
#include "tr.h"

#include <QLocale>

#include <cstring>
#include <limits>
#include <mutex>
#include <zip.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

// libzip rather than minizip: Debian 12's libminizip 1.1 predates zlib 1.2.6's fix of zip64 on
// 64-bit systems (it compares the 32-bit 0xffffffff marker with (unsigned long)-1), so it ignores
// the zip64 sizes and offsets in central-directory records; numpy.savez writes those for every
// member past 2 GiB, PyTorch for every member past 4 GiB.

namespace {

// More entries than this is no archive we read (PyTorch checkpoints hold thousands, xlsx dozens);
// it bounds the entry list a forged central directory can make us build.
constexpr zip_int64_t MaxEntries = zip_int64_t(1) << 24;
// Chunk per zip_fread: large enough that the per-call cost vanishes, small enough that cancel is
// polled often (about every millisecond of inflation).
constexpr qint64 ChunkBytes = qint64(1) << 20;

// libzip reads the archive through this callback: a cursor over read-only bytes. Reads are clamped
// to the buffer and seeks outside it fail, so a forged offset reaches no memory outside the
// archive. firstRead records where the first read after arming starts: the data offset of a stored
// member (storedData), since libzip reads a member's data through a window seeked to its first
// byte.
struct MemorySource
{
    const char *data = nullptr;
    zip_uint64_t size = 0;
    zip_uint64_t pos = 0;
    bool armed = false;
    zip_int64_t firstRead = -1;
    zip_error_t error;
};

zip_int64_t memorySourceCallback(void *userdata, void *data, zip_uint64_t len, zip_source_cmd_t cmd)
{
    auto *s = static_cast<MemorySource *>(userdata);
    switch (cmd) {
    case ZIP_SOURCE_OPEN:
        s->pos = 0;
        return 0;
    case ZIP_SOURCE_READ: {
        if (s->armed && s->firstRead < 0)
            s->firstRead = zip_int64_t(s->pos);
        const zip_uint64_t n = s->pos >= s->size ? 0 : std::min(len, s->size - s->pos);
        if (n > 0)
            std::memcpy(data, s->data + s->pos, size_t(n));
        s->pos += n;
        return zip_int64_t(n);
    }
    case ZIP_SOURCE_CLOSE:
        return 0;
    case ZIP_SOURCE_STAT: {
        auto *st = ZIP_SOURCE_GET_ARGS(zip_stat_t, data, len, &s->error);
        if (!st)
            return -1;
        zip_stat_init(st);
        st->size = s->size;
        st->valid |= ZIP_STAT_SIZE;
        return sizeof(zip_stat_t);
    }
    case ZIP_SOURCE_ERROR:
        return zip_error_to_data(&s->error, data, len);
    case ZIP_SOURCE_FREE:
        return 0;
    case ZIP_SOURCE_SEEK: {
        const zip_int64_t pos =
            zip_source_seek_compute_offset(s->pos, s->size, data, len, &s->error);
        if (pos < 0)
            return -1;
        s->pos = zip_uint64_t(pos);
        return 0;
    }
    case ZIP_SOURCE_TELL:
        return zip_int64_t(s->pos);
    case ZIP_SOURCE_SUPPORTS:
        return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN,
                                              ZIP_SOURCE_READ,
                                              ZIP_SOURCE_CLOSE,
                                              ZIP_SOURCE_STAT,
                                              ZIP_SOURCE_ERROR,
                                              ZIP_SOURCE_FREE,
                                              ZIP_SOURCE_SEEK,
                                              ZIP_SOURCE_TELL,
                                              ZIP_SOURCE_SUPPORTS,
                                              -1);
    default:
        zip_error_set(&s->error, ZIP_ER_OPNOTSUPP, 0);
        return -1;
    }
}

qint64 toSize(zip_uint64_t v)
{
    return v > zip_uint64_t(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max()
                                                                : qint64(v);
}

QString number(qint64 n)
{
    return QLocale().toString(n);
}

QString libzipMessage(int code)
{
    zip_error_t e;
    zip_error_init_with_code(&e, code);
    const QString text = QString::fromUtf8(zip_error_strerror(&e));
    zip_error_fini(&e);
    return text;
}

} // namespace

struct ZipReader::Impl
{
    MemorySource source;
    zip_t *zip = nullptr;
    mutable std::mutex mutex; // libzip keeps one read position per archive

    Impl() { zip_error_init(&source.error); }
    ~Impl()
    {
        if (zip)
            zip_discard(zip);
        zip_error_fini(&source.error);
    }
};

ZipReader::ZipReader()
    : m_impl(std::make_unique<Impl>())
{}

ZipReader::~ZipReader() = default;

std::unique_ptr<ZipReader> ZipReader::open(const Source &source, Error *error)
{
    std::unique_ptr<ZipReader> z(new ZipReader);
    z->m_bytes = ByteSource::open(source, error);
    if (!z->m_bytes)
        return nullptr;
    z->m_data = z->m_bytes->data();
    z->m_name = source.name();
    Impl &d = *z->m_impl;
    d.source.data = z->m_data.data();
    d.source.size = zip_uint64_t(z->m_data.size());
    // libzip 1.7 says "not a zip archive" also when the local headers disagree with the central
    // directory; a second open without that check tells the two apart for the message.
    int code = ZIP_ER_OK;
    for (const int flags : {ZIP_RDONLY | ZIP_CHECKCONS, ZIP_RDONLY}) {
        zip_error_t zerr;
        zip_error_init(&zerr);
        zip_source_t *src = zip_source_function_create(memorySourceCallback, &d.source, &zerr);
        zip_t *zip = src ? zip_open_from_source(src, flags, &zerr) : nullptr;
        const int failure = zip_error_code_zip(&zerr);
        zip_error_fini(&zerr);
        if (src && !zip)
            zip_source_free(src);
        if (flags & ZIP_CHECKCONS) {
            d.zip = zip;
            code = failure;
            if (zip || code != ZIP_ER_NOZIP)
                break;
        } else if (zip) {
            zip_discard(zip);
            code = ZIP_ER_INCONS;
        }
    }
    if (!d.zip) {
        ErrorCode ec = ErrorCode::Malformed;
        QString message;
        switch (code) {
        case ZIP_ER_NOZIP:
            message = Tr::tr("not a zip archive, or a damaged one: no end-of-central-directory "
                             "record with a readable central directory was found (is the file cut "
                             "off?)");
            break;
        case ZIP_ER_INCONS:
            message = Tr::tr("the zip archive is damaged: its central directory, local headers and "
                             "member sizes do not agree (is the file cut off?)");
            break;
        case ZIP_ER_MULTIDISK:
            ec = ErrorCode::Unsupported;
            message = Tr::tr("split (multi-part) zip archives are not supported");
            break;
        case ZIP_ER_MEMORY:
            ec = ErrorCode::OutOfMemory;
            message = Tr::tr("not enough memory to read the zip directory");
            break;
        default:
            message = Tr::tr("the zip archive cannot be read (%1)").arg(libzipMessage(code));
            break;
        }
        *error = Error::make(ec, message, z->m_name);
        error->found = libzipMessage(code);
        return nullptr;
    }
    const zip_int64_t count = zip_get_num_entries(d.zip, 0);
    if (count < 0 || count > MaxEntries) {
        *error = Error::make(ErrorCode::TooLarge,
                             Tr::tr("the zip archive claims %1 entries, more than the %2 read")
                                 .arg(number(count), number(MaxEntries)),
                             z->m_name);
        return nullptr;
    }
    z->m_entries.reserve(qsizetype(count));
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(d.zip, zip_uint64_t(i), 0, &st) != 0) {
            *error = Error::make(
                ErrorCode::Malformed,
                Tr::tr("entry %1 of the zip central directory is damaged").arg(number(i + 1)),
                z->m_name);
            return nullptr;
        }
        ZipEntry e;
        e.name = (st.valid & ZIP_STAT_NAME) && st.name ? QString::fromUtf8(st.name) : QString();
        e.compressedSize = toSize(st.comp_size);
        e.uncompressedSize = toSize(st.size);
        e.methodId = st.comp_method;
        e.method = st.comp_method == ZIP_CM_STORE     ? ZipEntry::Method::Stored
                   : st.comp_method == ZIP_CM_DEFLATE ? ZipEntry::Method::Deflated
                                                      : ZipEntry::Method::Other;
        e.encrypted = st.encryption_method != ZIP_EM_NONE;
        e.crc32 = st.crc;
        z->m_entries.append(e);
    }
    // Backwards, so the index keeps the first of duplicate names.
    for (qsizetype i = z->m_entries.size() - 1; i >= 0; --i)
        z->m_index.insert(z->m_entries[i].name, int(i));
    return z;
}

int ZipReader::indexOf(const QString &name) const
{
    return m_index.value(name, -1);
}

Error ZipReader::memberError(ErrorCode code, int index, const QString &what) const
{
    const QString member =
        index >= 0 && index < m_entries.size() ? m_entries[index].name : QString::number(index);
    return Error::make(code, Tr::tr("zip member %1: %2").arg(member, what), m_name);
}

std::optional<ZipSpan> ZipReader::storedData(int index, Error *error) const
{
    if (index < 0 || index >= m_entries.size()) {
        *error = memberError(ErrorCode::Internal, index, Tr::tr("no such member"));
        return std::nullopt;
    }
    const ZipEntry &e = m_entries[index];
    if (e.encrypted) {
        *error = memberError(ErrorCode::Unsupported,
                             index,
                             Tr::tr("it is encrypted, and encrypted members are never read"));
        return std::nullopt;
    }
    if (e.method != ZipEntry::Method::Stored) {
        *error = memberError(ErrorCode::Unsupported,
                             index,
                             Tr::tr("it is compressed (zip method %1), so it cannot be used in "
                                    "place")
                                 .arg(e.methodId));
        return std::nullopt;
    }
    if (e.compressedSize != e.uncompressedSize) {
        *error = memberError(ErrorCode::Malformed,
                             index,
                             Tr::tr("it is stored (not compressed), yet the central directory "
                                    "gives %1 stored and %2 uncompressed bytes")
                                 .arg(number(e.compressedSize), number(e.uncompressedSize)));
        return std::nullopt;
    }
    if (e.compressedSize == 0)
        return ZipSpan{};
    std::lock_guard lock(m_impl->mutex);
    Impl &d = *m_impl;
    // The data offset: where libzip starts reading the raw member. The probe bytes it returns must
    // be the bytes at that offset, which proves the span below is the member.
    zip_file_t *file = zip_fopen_index(d.zip, zip_uint64_t(index), ZIP_FL_COMPRESSED);
    char probe[64];
    zip_int64_t got = -1;
    if (file) {
        d.source.armed = true;
        d.source.firstRead = -1;
        got = zip_fread(file, probe, std::min<zip_uint64_t>(sizeof probe, e.compressedSize));
        d.source.armed = false;
        zip_fclose(file);
    }
    const zip_int64_t start = d.source.firstRead;
    if (got <= 0 || start < 0 || quint64(start) > quint64(size()) ||
        quint64(e.compressedSize) > quint64(size()) - quint64(start) ||
        std::memcmp(probe, m_data.data() + start, size_t(got)) != 0) {
        *error = memberError(ErrorCode::Malformed,
                             index,
                             Tr::tr("its data could not be located inside the archive"));
        return std::nullopt;
    }
    ZipSpan span;
    span.offset = qint64(start);
    span.size = e.compressedSize;
    span.bytes = m_data.substr(size_t(start), size_t(e.compressedSize));
    return span;
}

ZipReadResult ZipReader::read(int index, qint64 maxBytes, const CancelToken &cancel) const
{
    return collect(index, maxBytes, false, cancel);
}

ZipReadResult ZipReader::readPrefix(int index, qint64 maxBytes, const CancelToken &cancel) const
{
    return collect(index, maxBytes, true, cancel);
}

ZipReadResult
ZipReader::collect(int index, qint64 limit, bool prefix, const CancelToken &cancel) const
{
    QByteArray data;
    ZipReadResult r = readInto(
        index,
        limit,
        prefix,
        [&](std::string_view chunk) {
            data.append(chunk.data(), qsizetype(chunk.size()));
            return true;
        },
        cancel);
    if (r.isOk())
        r.data = std::move(data);
    return r;
}

ZipReadResult ZipReader::stream(int index,
                                const std::function<bool(std::string_view)> &sink,
                                const CancelToken &cancel) const
{
    return readInto(index, std::numeric_limits<qint64>::max(), false, sink, cancel);
}

ZipReadResult ZipReader::readInto(int index,
                                  qint64 limit,
                                  bool prefix,
                                  const std::function<bool(std::string_view)> &sink,
                                  const CancelToken &cancel) const
{
    ZipReadResult r;
    if (index < 0 || index >= m_entries.size()) {
        r.error = memberError(ErrorCode::Internal, index, Tr::tr("no such member"));
        return r;
    }
    const ZipEntry &e = m_entries[index];
    if (e.encrypted) {
        r.error = memberError(ErrorCode::Unsupported,
                              index,
                              Tr::tr("it is encrypted, and encrypted members are never read"));
        return r;
    }
    if (!zip_compression_method_supported(e.methodId, 0)) {
        r.error = memberError(ErrorCode::Unsupported,
                              index,
                              Tr::tr("it is compressed with zip method %1, which this build cannot "
                                     "inflate")
                                  .arg(e.methodId));
        return r;
    }
    if (!prefix && e.uncompressedSize > limit) {
        r.error = memberError(ErrorCode::TooLarge,
                              index,
                              Tr::tr("it holds %1 bytes, more than the %2 allowed here")
                                  .arg(number(e.uncompressedSize), number(limit)));
        return r;
    }
    std::lock_guard lock(m_impl->mutex);
    zip_file_t *file = zip_fopen_index(m_impl->zip, zip_uint64_t(index), 0);
    if (!file) {
        r.error = memberError(
            ErrorCode::Malformed,
            index,
            Tr::tr("it cannot be opened (%1)").arg(QString::fromUtf8(zip_strerror(m_impl->zip))));
        return r;
    }
    // A whole read asks for one byte more than promised: the read past the end is what makes
    // libzip compare the size and the CRC-32, and it catches a member longer than it says.
    const qint64 want = prefix ? std::min(limit, e.uncompressedSize) : e.uncompressedSize;
    const bool whole = want == e.uncompressedSize;
    QByteArray buffer(qsizetype(want < ChunkBytes ? want + 1 : ChunkBytes), Qt::Uninitialized);
    int failure = ZIP_ER_OK;
    while (r.bytes <= want) {
        if (cancel.isCanceled()) {
            r.canceled = true;
            break;
        }
        if (r.bytes == want && !whole)
            break;
        qint64 ask = std::min<qint64>(buffer.size(), want - r.bytes);
        if (whole && ask < buffer.size())
            ++ask; // the probe byte past the end
        const zip_int64_t n = zip_fread(file, buffer.data(), zip_uint64_t(ask));
        if (n < 0) {
            failure = zip_error_code_zip(zip_file_get_error(file));
            break;
        }
        if (n == 0)
            break;
        if (r.bytes + n > want) {
            r.error = memberError(ErrorCode::Malformed,
                                  index,
                                  Tr::tr("it holds more than the %1 bytes the central directory "
                                         "says")
                                      .arg(number(e.uncompressedSize)));
            break;
        }
        r.bytes += n;
        if (!sink(std::string_view(buffer.constData(), size_t(n)))) {
            r.canceled = true;
            break;
        }
    }
    zip_fclose(file);
    if (r.canceled || r.error)
        return r;
    switch (failure) {
    case ZIP_ER_OK:
        if (r.bytes < want)
            r.error =
                memberError(ErrorCode::Malformed,
                            index,
                            Tr::tr("it holds only %1 bytes, but the central directory says %2")
                                .arg(number(r.bytes), number(e.uncompressedSize)));
        break;
    case ZIP_ER_CRC:
        r.error = memberError(
            ErrorCode::Malformed, index, Tr::tr("its CRC-32 does not match the central directory"));
        break;
    case ZIP_ER_INCONS:
        r.error = memberError(ErrorCode::Malformed,
                              index,
                              Tr::tr("it holds only %1 bytes, but the central directory says %2")
                                  .arg(number(r.bytes), number(e.uncompressedSize)));
        break;
    case ZIP_ER_ZLIB:
    case ZIP_ER_COMPRESSED_DATA:
        r.error = memberError(
            ErrorCode::Malformed,
            index,
            Tr::tr("its compressed data is corrupt after %1 bytes").arg(number(r.bytes)));
        break;
    case ZIP_ER_MEMORY:
        r.error =
            memberError(ErrorCode::OutOfMemory, index, Tr::tr("not enough memory to inflate it"));
        break;
    case ZIP_ER_EOF:
    case ZIP_ER_READ:
    case ZIP_ER_SEEK:
        r.error = memberError(ErrorCode::Truncated,
                              index,
                              Tr::tr("its data is cut off after %1 of %2 bytes")
                                  .arg(number(r.bytes), number(e.uncompressedSize)));
        break;
    default:
        r.error = memberError(ErrorCode::Malformed,
                              index,
                              Tr::tr("it cannot be read (%1)").arg(libzipMessage(failure)));
        break;
    }
    return r;
}

} // namespace Twinscope::Core
