#include "npyreader.h"

#include "core/common/bytesource.h"
#include "core/common/inputfile.h"
#include "core/common/tr.h"
#include "core/common/zipreader.h"
#include "core/tensor/dumpnames.h"
#include "core/torch/torchfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

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
    QFile file;
    if (!openInputFile(&file, path, error))
        return std::nullopt;
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
            t.storage.editLayout().axisOrder.append(int(a));
    return t;
}

Result<TensorDump> loadNpyDump(const Source &source,
                               ProgressSink &progress,
                               const CancelToken &cancel,
                               const DumpReadOptions &options)
{
    const QString path = source.path;
    auto dump = std::make_shared<TensorDump>();
    dump->path = path;
    Diagnostics diagnostics;
    const QFileInfo info(path);
    QStringList files;
    if (info.isDir()) {
        const QDir dir(path);
        for (const QString &f :
             dir.entryList({u"*.npy"_s, u"*.pt"_s}, QDir::Files | QDir::Readable, QDir::Name))
            files << dir.filePath(f);
        if (files.isEmpty())
            return Result<TensorDump>::failed(Error::make(
                ErrorCode::UnknownFormat, Tr::tr("the folder holds no .npy or .pt file"), path));
        dump->format = files.first().endsWith(u".pt"_s) ? u"pt_folder"_s : u"npy_folder"_s;
    } else {
        dump->format = path.endsWith(u".pt"_s) ? u"pt"_s : u"npy"_s;
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
        std::optional<TensorEntry> t;
        // Files of a folder the user gave must stay in it; a file given by name is the user's.
        if (info.isDir()) {
            if (!options.allowOutsideFolder && !pathIsInside(f, {path})) {
                TensorEntry refused;
                refused.name = QFileInfo(f).fileName();
                refused.key = refused.name;
                refused.setUnreadable(
                    Tr::tr("%1 leads outside the dump's folder, so it is not read "
                           "(allow it with --allow-outside-dump)")
                        .arg(refused.name));
                diagnostics.add(u"outside_dump_folder"_s,
                                Tr::tr("files named in the dump that lie outside its folder were "
                                       "not read"),
                                Location{-1, -1, refused.name});
                t = refused;
            }
        }
        // msprobe's PyTorch dumper writes torch.save files, MindSpore's and converted dumps .npy.
        if (!t)
            t = f.endsWith(u".pt"_s) ? readPtTensor(f, &error) : readNpyTensor(f, &error);
        if (!t) {
            if (files.size() == 1)
                return Result<TensorDump>::failed(error, diagnostics);
            // One bad file in a folder is an unreadable row, not a failed comparison.
            diagnostics.add(u"npy_unreadable"_s,
                            Tr::tr("some tensor files could not be read"),
                            Location{error.offset, -1, QFileInfo(f).fileName()});
            TensorEntry broken;
            broken.name = QFileInfo(f).fileName();
            broken.key = broken.name;
            broken.setUnreadable(error.toString());
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
            t->setTimestamp(n->timestamp);
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
            // "<order>.<module>.input.0": the dumper's names saved one file per tensor. The call
            // and the direction feed the input/output rules and the overflow origin.
            static const QRegularExpression slot(u"^(.+)\\.(input|output)\\.\\d+$"_s);
            if (const auto s = slot.match(t->key); s.hasMatch()) {
                t->op = s.captured(1);
                t->isOutput = s.captured(2) == u"output"_s;
            }
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

// Shape and dtype of a compressed member from its inflated header, so its error row still says
// what the tensor is. Reads a few KiB first; only an unusually long header needs more.
void describeCompressedMember(const ZipReader &zip, int index, TensorEntry *t)
{
    for (const qint64 bytes : {qint64(4096), MaxHeaderBytes + 16}) {
        const ZipReadResult head = zip.readPrefix(index, bytes);
        if (!head.isOk())
            return;
        Error error;
        const auto h = parseNpyHeader(
            std::string_view(head.data.constData(), size_t(head.data.size())), zip.name(), &error);
        if (h) {
            t->shape = h->shape;
            t->dtype = h->dtype;
            return;
        }
        if (error.code != ErrorCode::Truncated || head.data.size() < bytes)
            return;
    }
}

void fillStoredMember(const ZipSpan &span,
                      const ZipEntry &member,
                      const Source &source,
                      TensorEntry *t,
                      qint64 *dataBytes)
{
    Error error;
    const auto h =
        parseNpyHeader(span.bytes.substr(0, size_t(MaxHeaderBytes + 16)), source.name(), &error);
    if (!h) {
        t->setUnreadable(member.name + u": "_s + error.message);
        return;
    }
    t->shape = h->shape;
    t->dtype = h->dtype;
    if (h->dataOffset + h->dataBytes > span.size) {
        t->setUnreadable(
            Tr::tr("%1 is truncated: shape %2 of %3 needs %4 data bytes after the header, the "
                   "member holds %5")
                .arg(member.name, shapeText(h->shape), dtypeId(h->dtype))
                .arg(h->dataBytes)
                .arg(std::max<qint64>(0, span.size - h->dataOffset)));
        return;
    }
    if (!source.isPath()) {
        t->setUnreadable(Tr::tr("%1: the archive was not read from a file, so its elements cannot "
                                "be streamed")
                             .arg(member.name));
        return;
    }
    // Zero copy: the elements are streamed later straight from the file at this offset.
    t->storage.kind = h->dataBytes > 0 ? TensorStorage::Kind::RawFile : TensorStorage::Kind::None;
    t->storage.file = source.path;
    t->storage.offset = span.offset + h->dataOffset;
    t->storage.stored = h->dtype;
    t->storage.bigEndian = h->bigEndian;
    if (h->fortranOrder && h->shape.size() > 1)
        for (qsizetype a = h->shape.size() - 1; a >= 0; --a)
            t->storage.editLayout().axisOrder.append(int(a));
    *dataBytes += h->dataBytes;
}

} // namespace

Result<TensorDump>
loadNpzDump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    Error error;
    const auto zip = ZipReader::open(source, &error);
    if (!zip)
        return Result<TensorDump>::failed(error);
    auto dump = std::make_shared<TensorDump>();
    dump->path = source.isPath() ? source.path : source.name();
    dump->format = u"npz"_s;
    const QList<ZipEntry> &members = zip->entries();
    for (int i = 0; i < members.size(); ++i) {
        if (cancel.isCanceled())
            return Result<TensorDump>::canceled();
        progress.reportRange(i, members.size(), 0, 950, Tr::tr("Reading .npz members"));
        const ZipEntry &member = members[i];
        if (!member.name.endsWith(u".npy"_s))
            continue;
        TensorEntry t;
        t.name = member.name.chopped(4);
        t.key = t.name;
        t.op = t.name;
        if (member.method == ZipEntry::Method::Deflated && !member.encrypted) {
            t.setUnreadable(
                Tr::tr(
                    "%1 is a compressed member (numpy.savez_compressed); save with numpy.savez, or "
                    "extract the archive and compare the folder")
                    .arg(member.name));
            describeCompressedMember(*zip, i, &t);
        } else if (const auto span = zip->storedData(i, &error)) {
            fillStoredMember(*span, member, source, &t, &dump->dataBytes);
        } else {
            t.setUnreadable(error.message);
        }
        dump->tensors.append(t);
    }
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(Error::make(
            ErrorCode::Malformed, Tr::tr("the .npz archive holds no .npy member"), dump->path, 0));
    progress.report(1000, Tr::tr("Reading .npz members"));
    return Result<TensorDump>::ok(dump, Diagnostics());
}

} // namespace Twinscope::Core
