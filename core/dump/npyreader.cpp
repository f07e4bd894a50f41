#include "npyreader.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"
#include "dumpnames.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr qint64 MaxHeaderBytes =
    1 << 20; // real headers are < 64 KiB even for v2/v3; refuse absurd ones

Error npyError(ErrorCode code,
               const QString &message,
               const QString &name,
               qint64 offset,
               const QString &expected = {},
               const QString &found = {})
{
    Error e = Error::make(code, message, name, offset);
    e.expected = expected;
    e.found = found;
    return e;
}

// A tiny reader for the Python dict literal in the header: strings, True/False, ints, tuples.
struct HeaderCursor
{
    std::string_view text;
    size_t pos = 0;

    void skipSpace()
    {
        while (pos < text.size() &&
               (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r'))
            ++pos;
    }
    bool eat(char c)
    {
        skipSpace();
        if (pos < text.size() && text[pos] == c) {
            ++pos;
            return true;
        }
        return false;
    }
    std::optional<std::string> string()
    {
        skipSpace();
        if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
            return std::nullopt;
        const char quote = text[pos++];
        std::string out;
        while (pos < text.size() && text[pos] != quote)
            out.push_back(text[pos++]);
        if (pos >= text.size())
            return std::nullopt;
        ++pos;
        return out;
    }
    std::optional<qint64> integer()
    {
        skipSpace();
        const size_t start = pos;
        qint64 v = 0;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            if (v > (qint64(1) << 50))
                return std::nullopt;
            v = v * 10 + (text[pos++] - '0');
        }
        if (pos == start)
            return std::nullopt;
        if (pos < text.size() && text[pos] == 'L') // Python 2 longs in old headers
            ++pos;
        return v;
    }
    bool word(std::string_view w)
    {
        skipSpace();
        if (text.substr(pos, w.size()) == w) {
            pos += w.size();
            return true;
        }
        return false;
    }
};

bool descrToType(const std::string &descr, DType *type, bool *bigEndian)
{
    if (descr.size() < 2)
        return false;
    size_t i = 0;
    char order = '=';
    if (descr[0] == '<' || descr[0] == '>' || descr[0] == '|' || descr[0] == '=') {
        order = descr[0];
        i = 1;
    }
    *bigEndian = order == '>';
    const std::string t = descr.substr(i);
    static constexpr struct
    {
        const char *code;
        DType type;
    } table[] = {
        {"b1", DType::Bool},
        {"?", DType::Bool},
        {"u1", DType::UInt8},
        {"i1", DType::Int8},
        {"i2", DType::Int16},
        {"u2", DType::UInt16},
        {"i4", DType::Int32},
        {"u4", DType::UInt32},
        {"i8", DType::Int64},
        {"u8", DType::UInt64},
        {"f2", DType::Float16},
        {"f4", DType::Float32},
        {"f8", DType::Float64},
        {"e", DType::Float16},
        {"f", DType::Float32},
        {"d", DType::Float64},
    };
    for (const auto &e : table) {
        if (t == e.code) {
            *type = e.type;
            return true;
        }
    }
    return false;
}

} // namespace

std::optional<NpyHeader> parseNpyHeader(std::string_view bytes, const QString &name, Error *error)
{
    static constexpr char magic[] = "\x93NUMPY";
    if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view(magic, 6)) {
        *error = npyError(ErrorCode::UnknownFormat,
                          Tr::tr("not a .npy file: the \\x93NUMPY magic is missing"),
                          name,
                          0,
                          u"\\x93NUMPY"_s,
                          Tr::tr("%n bytes", nullptr, int(std::min<size_t>(bytes.size(), 6))));
        return std::nullopt;
    }
    NpyHeader h;
    h.major = quint8(bytes[6]);
    h.minor = quint8(bytes[7]);
    qint64 headerLen = 0;
    qint64 start = 0;
    if (h.major == 1) {
        headerLen = quint8(bytes[8]) | (qint64(quint8(bytes[9])) << 8);
        start = 10;
    } else if (h.major == 2 || h.major == 3) {
        if (bytes.size() < 12) {
            *error = npyError(ErrorCode::Truncated,
                              Tr::tr("the .npy header is cut off"),
                              name,
                              qint64(bytes.size()));
            return std::nullopt;
        }
        headerLen = qint64(quint8(bytes[8])) | (qint64(quint8(bytes[9])) << 8) |
                    (qint64(quint8(bytes[10])) << 16) | (qint64(quint8(bytes[11])) << 24);
        start = 12;
    } else {
        *error = npyError(ErrorCode::Unsupported,
                          Tr::tr("unsupported .npy format version %1.%2").arg(h.major).arg(h.minor),
                          name,
                          6,
                          u"1.0, 2.0 or 3.0"_s,
                          u"%1.%2"_s.arg(h.major).arg(h.minor));
        return std::nullopt;
    }
    if (headerLen > MaxHeaderBytes) {
        *error = npyError(ErrorCode::Malformed,
                          Tr::tr("the .npy header claims %1 bytes, which is absurd").arg(headerLen),
                          name,
                          8);
        return std::nullopt;
    }
    if (qint64(bytes.size()) < start + headerLen) {
        *error = npyError(ErrorCode::Truncated,
                          Tr::tr("the .npy header is cut off"),
                          name,
                          qint64(bytes.size()),
                          Tr::tr("%1 header bytes").arg(headerLen),
                          Tr::tr("%1").arg(qint64(bytes.size()) - start));
        return std::nullopt;
    }
    h.dataOffset = start + headerLen;
    HeaderCursor c{bytes.substr(size_t(start), size_t(headerLen))};
    auto fail = [&](const QString &what) {
        *error = npyError(ErrorCode::Malformed,
                          Tr::tr("the .npy header is malformed: %1").arg(what),
                          name,
                          start + qint64(c.pos),
                          Tr::tr("a dict with descr, fortran_order and shape"),
                          QString::fromLatin1(c.text.substr(0, 120)));
        return std::nullopt;
    };
    if (!c.eat('{'))
        return fail(Tr::tr("expected {"));
    bool haveDescr = false, haveOrder = false, haveShape = false;
    while (!c.eat('}')) {
        const auto key = c.string();
        if (!key || !c.eat(':'))
            return fail(Tr::tr("expected a quoted key and a colon"));
        if (*key == "descr") {
            const auto descr = c.string();
            if (!descr) {
                *error = npyError(ErrorCode::Unsupported,
                                  Tr::tr("structured arrays (a descr list) are not tensors"),
                                  name,
                                  start + qint64(c.pos));
                return std::nullopt;
            }
            if (!descrToType(*descr, &h.dtype, &h.bigEndian)) {
                const QString d = QString::fromLatin1(descr->c_str());
                QString why = Tr::tr("dtype %1 is not a numeric tensor type").arg(d);
                if (d.contains(u'O'))
                    why = Tr::tr("dtype %1 holds Python objects (pickles), which are never loaded")
                              .arg(d);
                else if (d.endsWith(u"V2"_s))
                    why = Tr::tr("dtype %1 is raw 2-byte data (probably bfloat16); its real dtype "
                                 "must come from "
                                 "dump.json")
                              .arg(d);
                *error = npyError(ErrorCode::Unsupported,
                                  why,
                                  name,
                                  start + qint64(c.pos),
                                  u"b1 i1-i8 u1-u8 f2 f4 f8"_s,
                                  d);
                return std::nullopt;
            }
            haveDescr = true;
        } else if (*key == "fortran_order") {
            if (c.word("True"))
                h.fortranOrder = true;
            else if (c.word("False"))
                h.fortranOrder = false;
            else
                return fail(Tr::tr("fortran_order must be True or False"));
            haveOrder = true;
        } else if (*key == "shape") {
            if (!c.eat('('))
                return fail(Tr::tr("shape must be a tuple"));
            while (!c.eat(')')) {
                const auto d = c.integer();
                if (!d)
                    return fail(Tr::tr("shape entries must be non-negative integers"));
                if (h.shape.size() >= 32)
                    return fail(Tr::tr("more than 32 dimensions"));
                h.shape.append(*d);
                if (!c.eat(',') && !(c.skipSpace(), c.pos < c.text.size() && c.text[c.pos] == ')'))
                    return fail(Tr::tr("expected , or ) in shape"));
            }
            haveShape = true;
        } else {
            return fail(Tr::tr("unknown key %1").arg(QString::fromLatin1(key->c_str())));
        }
        if (!c.eat(',')) {
            if (!c.eat('}'))
                return fail(Tr::tr("expected , or }"));
            break;
        }
    }
    if (!haveDescr || !haveOrder || !haveShape)
        return fail(Tr::tr("descr, fortran_order or shape is missing"));
    qint64 n = 1;
    for (qint64 d : std::as_const(h.shape)) {
        if (d != 0 && n > (qint64(1) << 50) / d) {
            *error = npyError(
                ErrorCode::TooLarge,
                Tr::tr("the shape %1 has an absurd number of elements").arg(shapeText(h.shape)),
                name,
                start);
            return std::nullopt;
        }
        n *= d;
    }
    h.dataBytes = n * dtypeSize(h.dtype);
    return h;
}

std::optional<TensorEntry> readNpyTensor(const QString &path, Error *error)
{
    if (auto e = checkReadableFile(path)) {
        *error = *e;
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error =
            Error::make(ErrorCode::Unreadable, Tr::tr("cannot open the file for reading"), path);
        return std::nullopt;
    }
    const QByteArray head = file.read(MaxHeaderBytes + 16);
    auto h = parseNpyHeader(std::string_view(head.constData(), size_t(head.size())), path, error);
    if (!h)
        return std::nullopt;
    const qint64 size = file.size();
    if (h->dataOffset + h->dataBytes > size) {
        *error = npyError(
            ErrorCode::Truncated,
            Tr::tr("the file is truncated: shape %1 of %2 needs %3 data bytes after the header, "
                   "only %4 are there")
                .arg(shapeText(h->shape), dtypeId(h->dtype))
                .arg(h->dataBytes)
                .arg(std::max<qint64>(0, size - h->dataOffset)),
            path,
            size,
            Tr::tr("%1 bytes").arg(h->dataOffset + h->dataBytes),
            Tr::tr("%1 bytes").arg(size));
        return std::nullopt;
    }
    TensorEntry t;
    t.name = QFileInfo(path).fileName();
    t.key = t.name;
    t.shape = h->shape;
    t.dtype = h->dtype;
    t.storage.kind = h->dataBytes > 0 ? TensorStorage::Kind::RawFile : TensorStorage::Kind::None;
    t.storage.file = path;
    t.storage.offset = h->dataOffset;
    t.storage.stored = h->dtype;
    t.storage.bigEndian = h->bigEndian;
    if (h->fortranOrder && h->shape.size() > 1)
        for (qsizetype a = h->shape.size() - 1; a >= 0; --a)
            t.storage.axisOrder.append(int(a));
    return t;
}

Result<TensorDump>
loadNpyDump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    const QString path = source.path;
    auto dump = std::make_shared<TensorDump>();
    dump->path = path;
    Diagnostics diagnostics;
    const QFileInfo info(path);
    QStringList files;
    if (info.isDir()) {
        dump->format = u"npy_folder"_s;
        const QDir dir(path);
        for (const QString &f :
             dir.entryList({u"*.npy"_s}, QDir::Files | QDir::Readable, QDir::Name))
            files << dir.filePath(f);
        if (files.isEmpty())
            return Result<TensorDump>::failed(Error::make(
                ErrorCode::UnknownFormat, Tr::tr("the folder holds no .npy file"), path));
    } else {
        dump->format = u"npy"_s;
        files << path;
    }
    struct Ordered
    {
        TensorEntry entry;
        qint64 timestamp = -1;
        int slot = 0;
    };
    QList<Ordered> tensors;
    qint64 done = 0;
    for (const QString &f : std::as_const(files)) {
        if (cancel.isCanceled())
            return Result<TensorDump>::canceled();
        progress.reportRange(++done, files.size(), 0, 950, Tr::tr("Reading .npy headers"));
        Error error;
        auto t = readNpyTensor(f, &error);
        if (!t) {
            if (files.size() == 1)
                return Result<TensorDump>::failed(error, diagnostics);
            // One bad file in a folder is an unreadable row, not a failed comparison.
            diagnostics.add(u"npy_unreadable"_s,
                            Tr::tr("some .npy files could not be read"),
                            Location{error.offset, -1, QFileInfo(f).fileName()});
            TensorEntry broken;
            broken.name = QFileInfo(f).fileName();
            broken.key = broken.name;
            broken.unreadable = error.toString();
            t = broken;
        }
        Ordered o;
        if (auto n = parseAscendDumpName(t->name)) {
            // Timestamps differ between the two sides: pair by op name, direction and slot only.
            t->key =
                u"%1.%2.%3.%4"_s.arg(n->opType, n->opName, n->isOutput ? u"output"_s : u"input"_s)
                    .arg(n->slot);
            t->op = n->opType + u'.' + n->opName;
            t->opType = n->opType;
            t->isOutput = n->isOutput;
            t->timestamp = n->timestamp;
            o.timestamp = n->timestamp;
            o.slot = n->slot;
        } else if (auto m = parseMsprobeTensorName(t->name)) {
            t->key = m->callKey + u'.' + m->suffix;
            t->op = m->callKey;
            t->opType = m->callKey.section(u'.', 0, 1);
            t->isOutput = m->isOutput;
        } else {
            t->key = QFileInfo(t->name).completeBaseName();
            t->op = t->key;
        }
        dump->dataBytes += t->numel() * dtypeSize(t->storage.stored);
        o.entry = *t;
        tensors.append(o);
    }
    std::stable_sort(tensors.begin(), tensors.end(), [](const Ordered &a, const Ordered &b) {
        if (a.timestamp != b.timestamp)
            return a.timestamp < b.timestamp;
        if (a.entry.isOutput != b.entry.isOutput && a.entry.op == b.entry.op)
            return !a.entry.isOutput;
        if (a.slot != b.slot && a.entry.op == b.entry.op)
            return a.slot < b.slot;
        return naturalLess(a.entry.name, b.entry.name);
    });
    for (const Ordered &o : std::as_const(tensors))
        dump->tensors.append(o.entry);
    progress.report(1000, Tr::tr("Reading .npy headers"));
    return Result<TensorDump>::ok(dump, diagnostics);
}

namespace {

quint64 le(const uchar *p, int bytes)
{
    quint64 v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

} // namespace

Result<TensorDump>
loadNpzDump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    const QString path = source.path;
    if (auto e = checkReadableFile(path))
        return Result<TensorDump>::failed(*e);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Unreadable, Tr::tr("cannot open the file for reading"), path));
    const qint64 size = file.size();
    auto fail = [&](const QString &message, qint64 offset) {
        return Result<TensorDump>::failed(Error::make(ErrorCode::Malformed, message, path, offset));
    };
    // End of central directory: the last 22..65 557 bytes.
    const qint64 tailSize = std::min<qint64>(size, 65557);
    file.seek(size - tailSize);
    const QByteArray tail = file.read(tailSize);
    const qsizetype eocd = tail.lastIndexOf(QByteArray("PK\x05\x06", 4));
    if (eocd < 0 || tail.size() - eocd < 22)
        return fail(Tr::tr("not a complete .npz (zip) archive: the end-of-central-directory record "
                           "is missing"),
                    size);
    const auto *e = reinterpret_cast<const uchar *>(tail.constData() + eocd);
    quint64 entries = le(e + 10, 2);
    quint64 cdSize = le(e + 12, 4);
    quint64 cdOffset = le(e + 16, 4);
    if (entries == 0xffff || cdSize == 0xffffffffu || cdOffset == 0xffffffffu) {
        // zip64: the locator sits just before the classic record.
        if (eocd < 20)
            return fail(Tr::tr("the zip64 locator of the .npz archive is missing"), size);
        const auto *loc = e - 20;
        if (le(loc, 4) != 0x07064b50)
            return fail(Tr::tr("the zip64 locator of the .npz archive is missing"), size);
        const qint64 rec = qint64(le(loc + 8, 8));
        file.seek(rec);
        const QByteArray z = file.read(56);
        if (z.size() < 56 || le(reinterpret_cast<const uchar *>(z.constData()), 4) != 0x06064b50)
            return fail(Tr::tr("the zip64 end-of-central-directory record is damaged"), rec);
        const auto *zp = reinterpret_cast<const uchar *>(z.constData());
        entries = le(zp + 32, 8);
        cdSize = le(zp + 40, 8);
        cdOffset = le(zp + 48, 8);
    }
    if (cdOffset + cdSize > quint64(size) || cdSize > (quint64(1) << 31) ||
        entries > (quint64(1) << 24))
        return fail(Tr::tr("the central directory of the .npz archive lies outside the file"),
                    qint64(cdOffset));
    file.seek(qint64(cdOffset));
    const QByteArray cd = file.read(qint64(cdSize));
    auto dump = std::make_shared<TensorDump>();
    dump->path = path;
    dump->format = u"npz"_s;
    Diagnostics diagnostics;
    qsizetype pos = 0;
    for (quint64 k = 0; k < entries; ++k) {
        if (cancel.isCanceled())
            return Result<TensorDump>::canceled();
        progress.reportRange(qint64(k), qint64(entries), 0, 950, Tr::tr("Reading .npz members"));
        if (cd.size() - pos < 46 ||
            le(reinterpret_cast<const uchar *>(cd.constData() + pos), 4) != 0x02014b50)
            return fail(Tr::tr("central directory entry %1 of the .npz archive is damaged").arg(k),
                        qint64(cdOffset) + pos);
        const auto *c = reinterpret_cast<const uchar *>(cd.constData() + pos);
        const quint64 method = le(c + 10, 2);
        quint64 compressed = le(c + 20, 4), uncompressed = le(c + 24, 4);
        const qsizetype nameLen = qsizetype(le(c + 28, 2)), extraLen = qsizetype(le(c + 30, 2)),
                        commentLen = qsizetype(le(c + 32, 2));
        quint64 local = le(c + 42, 4);
        if (cd.size() - pos < 46 + nameLen + extraLen + commentLen)
            return fail(Tr::tr("central directory entry %1 of the .npz archive is damaged").arg(k),
                        qint64(cdOffset) + pos);
        const QString name = QString::fromUtf8(cd.constData() + pos + 46, nameLen);
        // zip64 extra field: the 0xffffffff fields follow in order uncompressed, compressed,
        // offset.
        const uchar *x = c + 46 + nameLen;
        for (qsizetype off = 0; off + 4 <= extraLen;) {
            const quint64 id = le(x + off, 2), len = le(x + off + 2, 2);
            if (id == 0x0001) {
                qsizetype f = off + 4;
                if (uncompressed == 0xffffffffu && f + 8 <= extraLen) {
                    uncompressed = le(x + f, 8);
                    f += 8;
                }
                if (compressed == 0xffffffffu && f + 8 <= extraLen) {
                    compressed = le(x + f, 8);
                    f += 8;
                }
                if (local == 0xffffffffu && f + 8 <= extraLen) {
                    local = le(x + f, 8);
                }
            }
            off += 4 + qsizetype(len);
        }
        pos += 46 + nameLen + extraLen + commentLen;
        if (!name.endsWith(u".npy"_s))
            continue;
        TensorEntry t;
        t.name = name.chopped(4);
        t.key = t.name;
        t.op = t.name;
        if (method != 0) {
            t.unreadable =
                Tr::tr(
                    "%1 is a compressed member (numpy.savez_compressed); save with numpy.savez, or "
                    "extract the archive and compare the folder")
                    .arg(name);
            dump->tensors.append(t);
            continue;
        }
        // Local header: 30 bytes + its own name and extra lengths, then the member's bytes.
        file.seek(qint64(local));
        const QByteArray lh = file.read(30);
        if (lh.size() < 30 || le(reinterpret_cast<const uchar *>(lh.constData()), 4) != 0x04034b50)
            return fail(Tr::tr("the local header of %1 is damaged").arg(name), qint64(local));
        const qint64 dataStart =
            qint64(local) + 30 +
            qint64(le(reinterpret_cast<const uchar *>(lh.constData()) + 26, 2)) +
            qint64(le(reinterpret_cast<const uchar *>(lh.constData()) + 28, 2));
        file.seek(dataStart);
        const QByteArray head =
            file.read(std::min<qint64>(qint64(compressed), MaxHeaderBytes + 16));
        Error error;
        const auto h =
            parseNpyHeader(std::string_view(head.constData(), size_t(head.size())), path, &error);
        if (!h) {
            t.unreadable = name + u": "_s + error.message;
        } else if (h->dataOffset + h->dataBytes > qint64(compressed) ||
                   dataStart + qint64(compressed) > size) {
            t.unreadable = Tr::tr("%1 is truncated").arg(name);
        } else {
            t.shape = h->shape;
            t.dtype = h->dtype;
            t.storage.kind =
                h->dataBytes > 0 ? TensorStorage::Kind::RawFile : TensorStorage::Kind::None;
            t.storage.file = path;
            t.storage.offset = dataStart + h->dataOffset;
            t.storage.stored = h->dtype;
            t.storage.bigEndian = h->bigEndian;
            if (h->fortranOrder && h->shape.size() > 1)
                for (qsizetype a = h->shape.size() - 1; a >= 0; --a)
                    t.storage.axisOrder.append(int(a));
            dump->dataBytes += h->dataBytes;
        }
        Q_UNUSED(uncompressed);
        dump->tensors.append(t);
    }
    if (dump->tensors.isEmpty())
        return fail(Tr::tr("the .npz archive holds no .npy member"), 0);
    progress.report(1000, Tr::tr("Reading .npz members"));
    return Result<TensorDump>::ok(dump, diagnostics);
}

} // namespace Twinscope::Core
