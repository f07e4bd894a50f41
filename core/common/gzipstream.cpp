#include "gzipstream.h"

#include "tr.h"

#include <QLocale>

#include <algorithm>
#include <zlib.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool gzipMagic(std::string_view bytes)
{
    return bytes.size() >= 2 && uchar(bytes[0]) == 0x1f && uchar(bytes[1]) == 0x8b;
}

} // namespace

struct GzipInflater::Z
{
    z_stream zs{};
    bool ok = false;
};

GzipInflater::GzipInflater(std::string_view in, GzipIndex *index)
    : m_z(std::make_unique<Z>())
    , m_in(in)
    , m_index(index)
{
    // 16 + MAX_WBITS: gzip wrapper only, so a zlib or raw stream is reported as not gzip.
    m_z->ok = inflateInit2(&m_z->zs, 16 + MAX_WBITS) == Z_OK;
    if (!m_z->ok)
        m_state = State::Failed;
    if (m_index) {
        m_index->m_points.clear();
        m_index->m_points.push_back(GzipIndex::Point{});
    }
}

GzipInflater::~GzipInflater()
{
    if (m_z->ok)
        inflateEnd(&m_z->zs);
}

void GzipInflater::feed()
{
    // avail_in is 32-bit: feed at most 1 GiB at once
    const size_t n = std::min<size_t>(m_in.size() - m_handed, size_t(1) << 30);
    m_z->zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(m_in.data() + m_handed));
    m_z->zs.avail_in = uInt(n);
    m_handed += n;
}

qint64 GzipInflater::consumed() const
{
    return qint64(m_handed - m_z->zs.avail_in);
}

qint64 GzipInflater::read(char *dst, qint64 cap)
{
    z_stream &zs = m_z->zs;
    // With an index, inflate stops at every deflate block boundary so points can be taken there.
    const int flush = m_index ? Z_BLOCK : Z_NO_FLUSH;
    qint64 got = 0;
    while (got < cap && m_state == State::Running) {
        if (zs.avail_in == 0 && m_handed < m_in.size())
            feed();
        const uInt room = uInt(std::min<qint64>(cap - got, qint64(1) << 30));
        zs.next_out = reinterpret_cast<Bytef *>(dst + got);
        zs.avail_out = room;
        const int ret = inflate(&zs, flush);
        const qint64 n = qint64(room - zs.avail_out);
        got += n;
        m_produced += n;
        if (m_index && (zs.data_type & 128) && !(zs.data_type & 64) &&
            m_produced - m_lastPoint >= GzipIndex::SpanBytes) {
            GzipIndex::Point p;
            p.out = m_produced;
            p.in = consumed();
            p.bits = zs.data_type & 7;
            p.header = false;
            p.window.resize(32768);
            uInt length = 0;
            inflateGetDictionary(&zs, reinterpret_cast<Bytef *>(p.window.data()), &length);
            p.window.resize(qsizetype(length));
            m_index->m_points.push_back(std::move(p));
            m_lastPoint = m_produced;
        }
        if (ret == Z_STREAM_END) {
            // Multi-member gzip: concatenated members are one file (RFC 1952 §2.2).
            const size_t at = size_t(consumed());
            if (gzipMagic(m_in.substr(at, 2))) {
                inflateReset(&zs);
                continue;
            }
            m_trailing = qint64(m_in.size() - at);
            m_state = State::Ended;
            break;
        }
        if (ret == Z_BUF_ERROR && zs.avail_in == 0 && m_handed >= m_in.size()) {
            m_state = State::Truncated; // input ended inside the stream
            break;
        }
        if (ret != Z_OK && ret != Z_BUF_ERROR) {
            m_state = State::Corrupt;
            m_zlibMessage = QString::fromUtf8(zs.msg ? zs.msg : "");
            break;
        }
        if (m_produced > InflateFloorBytes &&
            m_produced / InflateMaxRatio > std::max<qint64>(1, consumed())) {
            m_state = State::TooLarge;
            break;
        }
    }
    return got;
}

std::optional<Error> GzipInflater::finish(const QString &name, Diagnostics *diagnostics) const
{
    const qint64 at = consumed();
    switch (m_state) {
    case State::Running:
    case State::Ended:
        if (m_state == State::Ended && m_trailing > 0 && diagnostics) {
            diagnostics->add(u"gzip_trailing_bytes"_s,
                             Tr::tr("%1 bytes after the end of the gzip stream were ignored.")
                                 .arg(QLocale().toString(m_trailing)),
                             Location{at, -1, {}});
        }
        return std::nullopt;
    case State::Failed:
        return Error::make(ErrorCode::Internal, Tr::tr("zlib could not be initialised."), name);
    case State::TooLarge: {
        Error e = Error::make(
            ErrorCode::TooLarge,
            Tr::tr("The gzip data inflates more than %1-fold (%2 bytes from the first %3): "
                   "refused as a likely gzip bomb.")
                .arg(InflateMaxRatio)
                .arg(QLocale().toString(m_produced), QLocale().toString(at)),
            name,
            at);
        e.expected = Tr::tr("at most %1 times the compressed size").arg(InflateMaxRatio);
        return e;
    }
    case State::Truncated:
    case State::Corrupt:
        break;
    }
    if (m_produced == 0) {
        Error e =
            Error::make(ErrorCode::Malformed,
                        m_state == State::Corrupt
                            ? Tr::tr("The gzip data is corrupt (%1).").arg(m_zlibMessage)
                            : Tr::tr("The gzip stream ends before any data could be inflated."),
                        name,
                        at);
        e.expected = Tr::tr("a gzip stream");
        return e;
    }
    if (diagnostics) {
        diagnostics->add(
            u"truncated_gzip"_s,
            Tr::tr("The gzip stream is cut off or corrupt at compressed byte %1; the %2 bytes "
                   "inflated before it were kept.")
                .arg(QLocale().toString(at), QLocale().toString(m_produced)),
            Location{at, -1, {}});
    }
    return std::nullopt;
}

QByteArray GzipIndex::read(const Fetch &fetch, qint64 offset, qint64 length) const
{
    if (length <= 0 || offset < 0 || m_points.empty())
        return {};
    auto it =
        std::upper_bound(m_points.begin(), m_points.end(), offset, [](qint64 v, const Point &p) {
            return v < p.out;
        });
    const Point &p = *(it - 1);
    z_stream zs{};
    bool raw = !p.header;
    if (inflateInit2(&zs, raw ? -MAX_WBITS : 16 + MAX_WBITS) != Z_OK)
        return {};
    QByteArray result;
    bool ok = true;
    if (raw && p.bits > 0) {
        const QByteArray b = fetch(p.in - 1, 1);
        ok = b.size() == 1 && inflatePrime(&zs, p.bits, uchar(b[0]) >> (8 - p.bits)) == Z_OK;
    }
    if (ok && raw && !p.window.isEmpty())
        ok = inflateSetDictionary(&zs,
                                  reinterpret_cast<const Bytef *>(p.window.constData()),
                                  uInt(p.window.size())) == Z_OK;
    qint64 pos = p.in; // next compressed byte to fetch
    qint64 out = p.out;
    QByteArray input;
    std::vector<char> skip(1 << 16);
    result.resize(qsizetype(length));
    qint64 filled = 0;
    while (ok && filled < length) {
        if (zs.avail_in == 0) {
            input = fetch(pos, 256 << 10);
            if (input.isEmpty())
                break; // the file ends: what was read is all there is
            zs.next_in = reinterpret_cast<Bytef *>(input.data());
            zs.avail_in = uInt(input.size());
            pos += input.size();
        }
        const bool skipping = out < offset;
        const qint64 room =
            skipping ? std::min<qint64>(qint64(skip.size()), offset - out) : length - filled;
        zs.next_out = reinterpret_cast<Bytef *>(skipping ? skip.data() : result.data() + filled);
        zs.avail_out = uInt(room);
        const int ret = inflate(&zs, Z_NO_FLUSH);
        const qint64 n = room - qint64(zs.avail_out);
        out += n;
        if (!skipping)
            filled += n;
        if (ret == Z_STREAM_END) {
            // The next member, if any: a raw stream leaves the 8-byte trailer unread.
            const qint64 next = pos - qint64(zs.avail_in) + (raw ? 8 : 0);
            const QByteArray magic = fetch(next, 2);
            if (!gzipMagic(std::string_view(magic.constData(), size_t(magic.size()))))
                break;
            inflateEnd(&zs);
            zs = z_stream{};
            raw = false;
            ok = inflateInit2(&zs, 16 + MAX_WBITS) == Z_OK;
            pos = next;
            continue;
        }
        if (ret != Z_OK && ret != Z_BUF_ERROR)
            break;
    }
    inflateEnd(&zs);
    result.resize(qsizetype(filled));
    return result;
}

qint64 GzipIndex::memoryBytes() const
{
    qint64 n = qint64(m_points.capacity() * sizeof(Point));
    for (const Point &p : m_points)
        n += p.window.capacity();
    return n;
}

InflateResult inflateGzip(std::string_view in,
                          const QString &name,
                          Diagnostics *diagnostics,
                          qint64 maxOutput,
                          const CancelToken &cancel,
                          ProgressSink *progress,
                          int progressTo)
{
    InflateResult result;
    GzipInflater inflater(in);
    const qint64 step = 1 << 20;
    for (qint64 round = 0; !inflater.finished(); ++round) {
        const qint64 old = result.data.size();
        qint64 grow = step;
        if (maxOutput > 0)
            grow = std::min(grow, maxOutput - old);
        if (grow <= 0)
            return result; // the requested prefix is complete: not an error
        if (result.data.capacity() < old + grow)
            result.data.reserve(std::max(old + grow, result.data.capacity() * 2));
        result.data.resize(old + grow);
        const qint64 got = inflater.read(result.data.data() + old, grow);
        result.data.resize(old + got);
        if ((round & 15) == 0) {
            if (cancel.isCanceled()) {
                result.canceled = true;
                return result;
            }
            if (progress)
                progress->reportRange(inflater.consumed(), qint64(in.size()), 0, progressTo);
        }
    }
    result.complete = inflater.state() == GzipInflater::State::Ended;
    if (maxOutput > 0 && result.data.size() >= maxOutput)
        return result;
    if (auto e = inflater.finish(name, diagnostics)) {
        result.error = e;
        result.data = QByteArray();
    }
    return result;
}

} // namespace Twinscope::Core
