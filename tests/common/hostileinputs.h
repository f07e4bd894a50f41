#pragma once

// Inputs of the hostile-input tests (issue #16), generated at test time: several are large, and
// their shape (depth, count, ratio) is what matters, not their bytes. Header-only so core, CLI and
// widget tests share them.

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QPair>
#include <QString>

#include <cstring>
#include <zlib.h>

namespace Hostile {

// One gzip member holding data.
inline QByteArray gzip(const QByteArray &data, int level = 6)
{
    z_stream zs{};
    deflateInit2(&zs, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&zs, uLong(data.size()))) + 32, Qt::Uninitialized);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(qsizetype(zs.total_out));
    deflateEnd(&zs);
    return out;
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// An array of n events made by event(i), comma-separated.
template<typename F>
QByteArray eventArray(qint64 n, F event)
{
    QByteArray out;
    out.reserve(n * 64 + 2);
    out += '[';
    for (qint64 i = 0; i < n; ++i) {
        if (i > 0)
            out += ',';
        out += event(i);
    }
    out += ']';
    return out;
}

// n complete events, each inside the one before (a runaway recursion).
inline QByteArray deepX(qint64 n)
{
    return eventArray(n, [n](qint64 i) {
        return "{\"ph\":\"X\",\"name\":\"f\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(i) +
               ",\"dur\":" + QByteArray::number(2 * (n - i)) + '}';
    });
}

// n begin events never closed (a killed job's trace).
inline QByteArray openB(qint64 n)
{
    return eventArray(n, [](qint64 i) {
        return "{\"ph\":\"B\",\"name\":\"f\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(i) +
               '}';
    });
}

// n nested begin events, then their n ends.
inline QByteArray nestedBE(qint64 n)
{
    return eventArray(2 * n, [n](qint64 i) {
        if (i < n)
            return "{\"ph\":\"B\",\"name\":\"f\",\"pid\":1,\"tid\":1,\"ts\":" +
                   QByteArray::number(i) + '}';
        return "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(i) + '}';
    });
}

// n end events with no begin.
inline QByteArray unmatchedE(qint64 n)
{
    return eventArray(n, [](qint64 i) {
        return "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(i) + '}';
    });
}

// [{},{},...]: n events with nothing in them.
inline QByteArray emptyEvents(qint64 n)
{
    QByteArray out;
    out.reserve(3 * n + 2);
    out += '[';
    for (qint64 i = 0; i < n; ++i)
        out += i > 0 ? ",{}" : "{}";
    out += ']';
    return out;
}

// One event whose name is bytes long (with an escape every 1000 bytes, so it is decoded too).
inline QByteArray longName(qint64 bytes)
{
    QByteArray name(bytes, 'n');
    for (qint64 i = 999; i + 6 < bytes; i += 1000)
        std::memcpy(name.data() + i - 5, "\\u0041", 6);
    return "[{\"ph\":\"X\",\"name\":\"" + name +
           "\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1},{\"ph\":\"X\",\"name\":\"short\",\"pid\":1,"
           "\"tid\":1,\"ts\":3,\"dur\":1}]";
}

// About bytes of Kineto-style events with args (two threads, nested ops and kernels, flows), in
// the object form: realistic text for races, memory and the gzip stream.
inline QByteArray kinetoLike(qint64 bytes)
{
    QByteArray out = "{\"schemaVersion\":1,\"deviceProperties\":[],\"traceEvents\":[\n";
    out.reserve(bytes + 4096);
    for (qint64 i = 0; out.size() < bytes; ++i) {
        const QByteArray ts = QByteArray::number(i * 10) + '.' + QByteArray::number(i % 1000);
        const QByteArray n = QByteArray::number(i);
        out += "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::op" + QByteArray::number(i % 97) +
               "\",\"pid\":7,\"tid\":" + QByteArray::number(1 + i % 2) + ",\"ts\":" + ts +
               ",\"dur\":8.5,\"args\":{\"External id\":" + n +
               ",\"Input Dims\":[[4,8],[8]],\"note\":\"a }, { b " + n + "\"}},\n";
        out += "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"kernel_" + QByteArray::number(i % 31) +
               "\",\"pid\":0,\"tid\":7,\"ts\":" + ts + ",\"dur\":3,\"args\":{\"correlation\":" + n +
               "}},\n";
        out += "{\"ph\":\"s\",\"id\":" + n + ",\"pid\":7,\"tid\":1,\"ts\":" + ts +
               ",\"cat\":\"ac2g\",\"name\":\"ac2g\"},{\"ph\":\"f\",\"id\":" + n +
               ",\"pid\":0,\"tid\":7,\"ts\":" + ts +
               ",\"cat\":\"ac2g\",\"name\":\"ac2g\",\"bp\":\"e\"},\n";
    }
    out += "{\"ph\":\"i\",\"name\":\"end\",\"pid\":7,\"tid\":1,\"ts\":1,\"s\":\"t\"}\n],"
           "\"displayTimeUnit\":\"ms\",\"baseTimeNanoseconds\":1000}";
    return out;
}

// A gzip bomb: prefix, then inflated bytes of fill, as many copies of one member (each 1 MiB of
// fill compresses to about 1 KiB), so a 20 GB bomb takes a moment to build.
inline QByteArray gzipBomb(const QByteArray &prefix, char fill, qint64 inflated)
{
    const QByteArray member = gzip(QByteArray(1 << 20, fill), 9);
    QByteArray out = gzip(prefix);
    out.reserve(out.size() + (inflated >> 20) * member.size());
    for (qint64 i = 0; i < (inflated >> 20); ++i)
        out += member;
    return out;
}

// A 1-D little-endian float32 .npy of count elements, value i % 251.
inline QByteArray npy(qint64 count)
{
    QByteArray header =
        "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(count) + ",), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    const quint16 len = quint16(header.size());
    out += char(len & 0xff);
    out += char(len >> 8);
    out += header;
    const qsizetype at = out.size();
    out.resize(at + count * 4);
    for (qint64 i = 0; i < count; ++i) {
        const float v = float(i % 251);
        std::memcpy(out.data() + at + i * 4, &v, 4);
    }
    return out;
}

// A zip archive of the given members (no zip64), each stored or, with deflate, compressed raw:
// enough for .pt, .npz and .xlsx inputs built by the tests. level: zlib's (1 for big members
// the scale suite writes, where 9 costs seconds).
inline QByteArray zipArchive(const QList<QPair<QByteArray, QByteArray>> &members,
                             bool compress = false,
                             int level = 9)
{
    auto le16 = [](QByteArray &o, quint32 v) {
        o += char(v & 0xff);
        o += char((v >> 8) & 0xff);
    };
    auto le32 = [&](QByteArray &o, quint32 v) {
        le16(o, v & 0xffff);
        le16(o, v >> 16);
    };
    QByteArray out, central;
    for (const auto &[name, data] : members) {
        const quint32 crc =
            quint32(crc32(0, reinterpret_cast<const Bytef *>(data.constData()), uInt(data.size())));
        QByteArray body = data;
        if (compress) {
            z_stream zs{};
            deflateInit2(&zs, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
            body = QByteArray(qsizetype(deflateBound(&zs, uLong(data.size()))) + 32,
                              Qt::Uninitialized);
            zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
            zs.avail_in = uInt(data.size());
            zs.next_out = reinterpret_cast<Bytef *>(body.data());
            zs.avail_out = uInt(body.size());
            deflate(&zs, Z_FINISH);
            body.resize(qsizetype(zs.total_out));
            deflateEnd(&zs);
        }
        const quint32 offset = quint32(out.size());
        const quint16 method = compress ? 8 : 0;
        le32(out, 0x04034b50);
        le16(out, 20);
        le16(out, 0);
        le16(out, method);
        le32(out, 0); // time, date
        le32(out, crc);
        le32(out, quint32(body.size()));
        le32(out, quint32(data.size()));
        le16(out, quint32(name.size()));
        le16(out, 0);
        out += name;
        out += body;
        le32(central, 0x02014b50);
        le16(central, 20);
        le16(central, 20);
        le16(central, 0);
        le16(central, method);
        le32(central, 0);
        le32(central, crc);
        le32(central, quint32(body.size()));
        le32(central, quint32(data.size()));
        le16(central, quint32(name.size()));
        le32(central, 0); // extra, comment
        le32(central, 0); // disk, internal attributes
        le32(central, 0); // external attributes
        le32(central, offset);
        central += name;
    }
    const quint32 centralAt = quint32(out.size());
    out += central;
    le32(out, 0x06054b50);
    le32(out, 0);
    le16(out, quint32(members.size()));
    le16(out, quint32(members.size()));
    le32(out, quint32(central.size()));
    le32(out, centralAt);
    le16(out, 0);
    return out;
}

// Pickle pieces (protocol 2) for torch.save-like .pt files.
inline QByteArray pickleText(const QByteArray &s)
{
    return (s.size() < 256 ? QByteArray(1, char(0x8c)) + char(s.size())
                           : QByteArray(1, 'X') + char(s.size() & 0xff) +
                                 char((s.size() >> 8) & 0xff) + QByteArray(2, '\0')) +
           s;
}

// One float32 tensor of 4 elements on storage key "0": _rebuild_tensor_v2 with its arguments.
inline QByteArray pickleTensor()
{
    QByteArray p = "ctorch._utils\n_rebuild_tensor_v2\n(";
    p += "(" + pickleText("storage") + "ctorch\nFloatStorage\n" + pickleText("0") +
         pickleText("cpu") + "K\x04tQ";
    p += QByteArray("K\x00", 2) + "K\x04\x85" + "K\x01\x85" + "\x89" +
         "ccollections\nOrderedDict\n)R";
    p += "tR";
    return p;
}

// A .pt whose pickle nests depth dicts, each holding the one below twice through a memo
// reference ({'a': d, 'b': d}), over one tensor: 2^depth names if walked as a tree.
inline QByteArray billionLaughsPt(int depth)
{
    QByteArray p("\x80\x02", 2);
    p += pickleTensor() + "q\x01";
    for (int i = 0; i < depth; ++i)
        p += "}(" + pickleText("a") + "h\x01" + pickleText("b") + "h\x01uq\x01";
    p += '.';
    return zipArchive({{"archive/data.pkl", p},
                       {"archive/data/0", QByteArray(16, '\0')},
                       {"archive/version", "3\n"}});
}

// A .pt whose pickle calls OrderedDict(list) of one memoized list of pairs again and again:
// each call asks for 2 x pairs items from six bytes of pickle.
inline QByteArray orderedDictCopiesPt(int pairs, int calls)
{
    QByteArray p("\x80\x02", 2);
    p += "ccollections\nOrderedDict\nq\x04";
    p += "K\x01K\x02\x86q\x02"; // the pair (1, 2), memo 2
    p += "0](";
    for (int i = 0; i < pairs; ++i)
        p += "h\x02";
    p += "eq\x03"; // the list, memo 3
    for (int i = 0; i < calls; ++i)
        p += "h\x04h\x03\x85R0";
    p += '.';
    return zipArchive({{"archive/data.pkl", p}, {"archive/version", "3\n"}});
}

} // namespace Hostile
