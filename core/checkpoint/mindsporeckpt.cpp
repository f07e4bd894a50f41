#include "mindsporeckpt.h"

#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/tr.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>
#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

using google::protobuf::io::CodedInputStream;
using WireFormat = google::protobuf::internal::WireFormatLite;

// Field numbers of MindSpore's checkpoint.proto (proto2).
constexpr int CheckpointValue = 1;
constexpr int ValueTag = 1, ValueTensor = 2, ValueMapTensor = 3;
constexpr int TensorDims = 1, TensorType = 2, TensorContent = 3;
// Parameter names and type names are short; a longer one is damage, not a name.
constexpr int MaxTagBytes = 64 << 10;
constexpr int MaxTypeBytes = 256;
constexpr int MaxRank = 64;

// One Value as it lies in the file; a parameter is one or more consecutive pieces with one tag.
struct Piece
{
    QString tag;
    QList<qint64> dims;
    QString type;
    qint64 contentOffset = -1; // absolute file offset of tensor_content
    qint64 contentBytes = 0;
    bool hasTensor = false;
    bool mapTensor = false;
    qint64 offset = 0; // where the Value starts (messages)
};

bool isLengthDelimited(quint32 tag)
{
    return WireFormat::GetTagWireType(tag) == WireFormat::WIRETYPE_LENGTH_DELIMITED;
}

// TensorProto inside the limit pushed by the caller. base: file offset of the stream's byte 0.
bool parseTensor(CodedInputStream &in, qint64 base, Piece *piece, QString *problem)
{
    while (quint32 tag = in.ReadTag()) {
        const int field = WireFormat::GetTagFieldNumber(tag);
        if (field == TensorDims && WireFormat::GetTagWireType(tag) == WireFormat::WIRETYPE_VARINT) {
            uint64_t v = 0;
            if (!in.ReadVarint64(&v) || piece->dims.size() >= MaxRank) {
                *problem = Tr::tr("bad dims");
                return false;
            }
            piece->dims.append(qint64(v));
        } else if (field == TensorDims && isLengthDelimited(tag)) {
            // Packed dims (proto3 writers): a run of varints.
            int length = 0;
            if (!in.ReadVarintSizeAsInt(&length) || length > in.BytesUntilLimit()) {
                *problem = Tr::tr("bad packed dims");
                return false;
            }
            const auto limit = in.PushLimit(length);
            while (in.BytesUntilLimit() > 0) {
                uint64_t v = 0;
                if (!in.ReadVarint64(&v) || piece->dims.size() >= MaxRank) {
                    *problem = Tr::tr("bad packed dims");
                    return false;
                }
                piece->dims.append(qint64(v));
            }
            in.PopLimit(limit);
        } else if (field == TensorType && isLengthDelimited(tag)) {
            int length = 0;
            std::string text;
            if (!in.ReadVarintSizeAsInt(&length) || length > MaxTypeBytes ||
                !in.ReadString(&text, length)) {
                *problem = Tr::tr("bad tensor_type");
                return false;
            }
            piece->type = QString::fromUtf8(text.data(), qsizetype(text.size()));
        } else if (field == TensorContent && isLengthDelimited(tag)) {
            int length = 0;
            if (!in.ReadVarintSizeAsInt(&length)) {
                *problem = Tr::tr("bad tensor_content length");
                return false;
            }
            piece->contentOffset = base + in.CurrentPosition();
            piece->contentBytes = length;
            if (!in.Skip(length)) {
                *problem = Tr::tr("tensor_content runs past its message");
                return false;
            }
        } else if (!WireFormat::SkipField(&in, tag)) {
            *problem = Tr::tr("unreadable field %1").arg(field);
            return false;
        }
    }
    if (in.BytesUntilLimit() != 0) {
        *problem = Tr::tr("the tensor ends inside a field");
        return false;
    }
    return true;
}

// One Value message of size bytes at data (file offset base).
bool parseValue(const uchar *data, int size, qint64 base, Piece *piece, QString *problem)
{
    CodedInputStream in(data, size);
    while (quint32 tag = in.ReadTag()) {
        const int field = WireFormat::GetTagFieldNumber(tag);
        if (field == ValueTag && isLengthDelimited(tag)) {
            int length = 0;
            std::string text;
            if (!in.ReadVarintSizeAsInt(&length) || length > MaxTagBytes ||
                !in.ReadString(&text, length)) {
                *problem = Tr::tr("bad tag");
                return false;
            }
            piece->tag = QString::fromUtf8(text.data(), qsizetype(text.size()));
        } else if ((field == ValueTensor || field == ValueMapTensor) && isLengthDelimited(tag)) {
            int length = 0;
            if (!in.ReadVarintSizeAsInt(&length)) {
                *problem = Tr::tr("bad tensor length");
                return false;
            }
            if (field == ValueMapTensor) {
                piece->mapTensor = true;
                if (!in.Skip(length)) {
                    *problem = Tr::tr("maptensor runs past its message");
                    return false;
                }
                continue;
            }
            if (length > size - in.CurrentPosition()) {
                *problem = Tr::tr("tensor runs past its message");
                return false;
            }
            const auto limit = in.PushLimit(length);
            piece->hasTensor = true;
            if (!parseTensor(in, base, piece, problem))
                return false;
            in.PopLimit(limit);
        } else if (!WireFormat::SkipField(&in, tag)) {
            *problem = Tr::tr("unreadable field %1").arg(field);
            return false;
        }
    }
    if (in.CurrentPosition() != size) {
        *problem = Tr::tr("bytes left over after the last field");
        return false;
    }
    return true;
}

} // namespace

DType mindSporeDType(const QString &tensorType)
{
    // serialization.py's tensor_to_np_type keys, spelled exactly.
    static const struct
    {
        const char16_t *name;
        DType type;
    } table[] = {
        {u"Int8", DType::Int8},
        {u"UInt8", DType::UInt8},
        {u"Int16", DType::Int16},
        {u"UInt16", DType::UInt16},
        {u"Int32", DType::Int32},
        {u"UInt32", DType::UInt32},
        {u"Int64", DType::Int64},
        {u"UInt64", DType::UInt64},
        {u"Float16", DType::Float16},
        {u"Float32", DType::Float32},
        {u"Float64", DType::Float64},
        {u"Bool", DType::Bool},
        {u"BFloat16", DType::BFloat16},
    };
    for (const auto &e : table)
        if (tensorType == QStringView(e.name))
            return e.type;
    return DType::Unknown;
}

namespace {

// Builds one parameter from its consecutive pieces (checked against each other and the dims).
TensorEntry
makeParameter(const QList<Piece> &pieces, const Source &source, Diagnostics *diagnostics)
{
    const Piece &head = pieces.first();
    TensorEntry t;
    t.name = head.tag;
    t.key = head.tag;
    t.op = head.tag;
    t.opType = head.type;
    t.dtype = mindSporeDType(head.type);
    qint64 bytes = 0;
    for (const Piece &p : pieces)
        bytes += p.contentBytes;
    const Location where{head.offset, -1, head.tag};
    auto unreadable = [&](const QString &why) {
        t.setUnreadable(why);
        t.storage.kind = TensorStorage::Kind::None;
    };
    for (const Piece &p : pieces) {
        if (p.type != head.type || p.dims != head.dims) {
            diagnostics->add(
                u"ckpt_inconsistent_slices"_s,
                Tr::tr("The slices of parameter %1 disagree on dims or tensor_type.").arg(head.tag),
                where);
            unreadable(Tr::tr("%1: the slices of parameter %2 disagree on dims or tensor_type")
                           .arg(source.name(), head.tag));
            return t;
        }
    }
    const int itemSize = dtypeSize(t.dtype);
    if (t.dtype == DType::Unknown) {
        diagnostics->add(
            u"ckpt_unknown_tensor_type"_s,
            Tr::tr("Parameter %1 has tensor_type \"%2\", which Twinscope does not read; it is "
                   "listed but not compared.")
                .arg(head.tag, head.type),
            where);
        unreadable(Tr::tr("%1: parameter %2 has the unknown tensor_type \"%3\"")
                       .arg(source.name(), head.tag, head.type));
    }
    // dims [0] with one element's bytes is MindSpore's scalar; with no bytes an empty tensor.
    QList<qint64> shape = head.dims;
    if (shape == QList<qint64>{0} && itemSize > 0 && bytes == itemSize)
        shape.clear();
    qint64 numel = 1;
    bool overflow = false;
    for (qint64 d : std::as_const(shape)) {
        if (d < 0 || (d > 0 && numel > std::numeric_limits<qint64>::max() / 16 / d))
            overflow = true;
        else
            numel *= d;
    }
    t.shape = overflow ? QList<qint64>{} : shape;
    if (overflow) {
        diagnostics->add(
            u"ckpt_bad_dims"_s, Tr::tr("Parameter %1 has impossible dims.").arg(head.tag), where);
        unreadable(Tr::tr("%1: parameter %2 has impossible dims").arg(source.name(), head.tag));
        return t;
    }
    if (!t.unreadable().isEmpty())
        return t;
    if (numel * itemSize != bytes) {
        diagnostics->add(
            u"ckpt_size_mismatch"_s,
            Tr::tr("Parameter %1: dims %2 of %3 need %4 bytes, tensor_content holds %5.")
                .arg(head.tag, shapeText(head.dims), head.type)
                .arg(numel * itemSize)
                .arg(bytes),
            where);
        unreadable(Tr::tr("%1: parameter %2 holds %3 bytes where its dims need %4")
                       .arg(source.name(), head.tag)
                       .arg(bytes)
                       .arg(numel * itemSize));
        return t;
    }
    if (!source.isPath()) {
        unreadable(
            Tr::tr("%1 was given as bytes: its tensors are listed, not read").arg(source.name()));
        return t;
    }
    t.storage.kind = TensorStorage::Kind::RawFile;
    t.storage.file = source.path;
    t.storage.stored = t.dtype;
    t.storage.offset = head.contentOffset;
    if (pieces.size() > 1)
        for (const Piece &p : pieces)
            t.storage.editLayout().segments.append({p.contentOffset, p.contentBytes});
    return t;
}

} // namespace

Result<TensorDump> loadMindSporeCheckpoint(const Source &source,
                                           ProgressSink &progress,
                                           const CancelToken &cancel,
                                           qint64 maxEntries)
{
    Error openError;
    const auto bytes = ByteSource::open(source, &openError);
    if (!bytes)
        return Result<TensorDump>::failed(openError);
    const std::string_view data = bytes->data();
    const qint64 size = qint64(data.size());
    const auto *base = reinterpret_cast<const uchar *>(data.data());
    progress.report(0, Tr::tr("Reading the checkpoint"));

    Diagnostics diagnostics;
    QList<Piece> pieces;
    qint64 parameters = 0; // runs of pieces with one tag
    qint64 pos = 0;
    qint64 records = 0;
    while (pos < size) {
        if (++records % PollRecords == 0) {
            if (cancel.isCanceled())
                return Result<TensorDump>::canceled();
            progress.reportRange(pos, size, 0, 900, Tr::tr("Reading the checkpoint"));
        }
        // The field header of one Checkpoint.value: a tag and a length, at most 15 bytes.
        CodedInputStream head(base + pos, int(std::min<qint64>(size - pos, 16)));
        const quint32 tag = head.ReadTag();
        uint64_t length = 0;
        const bool framed = tag != 0 && WireFormat::GetTagFieldNumber(tag) == CheckpointValue &&
                            isLengthDelimited(tag) && head.ReadVarint64(&length);
        if (!framed) {
            // At byte 0 this is usually an encrypted checkpoint (save_checkpoint's enc_key), which
            // only MindSpore can read with the key.
            Error e = Error::make(
                ErrorCode::Malformed,
                pos == 0 ? Tr::tr("not a MindSpore checkpoint: the file does not start with a "
                                  "Checkpoint.value field (an encrypted checkpoint can only be "
                                  "read by MindSpore with its key)")
                         : Tr::tr("damaged checkpoint: expected a Checkpoint.value field after "
                                  "%n parameter piece(s)",
                                  "",
                                  int(pieces.size())),
                source.name(),
                pos);
            e.expected = Tr::tr("protobuf field 1 (Checkpoint.value), length-delimited");
            return Result<TensorDump>::failed(e, diagnostics);
        }
        const qint64 start = pos + head.CurrentPosition();
        if (length > quint64(size - start)) {
            diagnostics.add(u"ckpt_truncated"_s,
                            Tr::tr("The checkpoint is cut off: a value at byte %1 needs %2 bytes, "
                                   "%3 are left. The parameters before it are kept.")
                                .arg(pos)
                                .arg(length)
                                .arg(size - start),
                            Location{pos, -1, {}},
                            Severity::Error);
            break;
        }
        if (length > quint64(std::numeric_limits<int>::max())) {
            Error e = Error::make(ErrorCode::Malformed,
                                  Tr::tr("a checkpoint value of %1 bytes is larger than the 2 GiB "
                                         "protobuf allows")
                                      .arg(length),
                                  source.name(),
                                  pos);
            e.expected = Tr::tr("at most 2 GiB per value");
            e.found = Tr::tr("%1 bytes").arg(length);
            return Result<TensorDump>::failed(e, diagnostics);
        }
        Piece piece;
        piece.offset = pos;
        QString problem;
        if (!parseValue(base + start, int(length), start, &piece, &problem)) {
            Error e = Error::make(ErrorCode::Malformed,
                                  piece.tag.isEmpty()
                                      ? Tr::tr("damaged checkpoint value: %1").arg(problem)
                                      : Tr::tr("damaged checkpoint value of parameter %1: %2")
                                            .arg(piece.tag, problem),
                                  source.name(),
                                  pos);
            e.expected = Tr::tr("a Checkpoint.Value message");
            e.found = problem;
            return Result<TensorDump>::failed(e, diagnostics);
        }
        pos = start + qint64(length);
        if (piece.mapTensor) {
            diagnostics.add(u"ckpt_map_parameter"_s,
                            Tr::tr("Map parameters (embedding hash tables) are not compared."),
                            Location{piece.offset, -1, piece.tag},
                            Severity::Info);
            continue;
        }
        if (piece.type == u"str"_s || piece.type == u"random_op"_s) {
            diagnostics.add(u"ckpt_non_tensor"_s,
                            Tr::tr("Entries that hold text or random-generator state are not "
                                   "parameters; they are skipped."),
                            Location{piece.offset, -1, piece.tag},
                            Severity::Info);
            continue;
        }
        if (!piece.hasTensor || piece.tag.isEmpty() || piece.contentOffset < 0) {
            Error e = Error::make(ErrorCode::Malformed,
                                  Tr::tr("a checkpoint value lacks its tag, tensor or content"),
                                  source.name(),
                                  piece.offset);
            e.expected = Tr::tr("tag, tensor.dims, tensor.tensor_type, tensor.tensor_content");
            e.found = piece.tag.isEmpty() ? Tr::tr("no tag") : piece.tag;
            if (!piece.tag.isEmpty())
                e.message =
                    Tr::tr("checkpoint value %1 lacks its tensor or content").arg(piece.tag);
            return Result<TensorDump>::failed(e, diagnostics);
        }
        // A new tag starts a parameter: past the cap the file is refused before more memory
        // goes to pieces (a 30 MB file can declare a million one-element parameters).
        if (pieces.isEmpty() || pieces.last().tag != piece.tag) {
            if (++parameters > maxEntries) {
                Error e = Error::make(ErrorCode::TooLarge,
                                      Tr::tr("the checkpoint holds more than %1 parameters, more "
                                             "than Twinscope compares by default; raise the cap "
                                             "with --max-entries")
                                          .arg(maxEntries),
                                      source.name(),
                                      piece.offset);
                e.expected = Tr::tr("at most %1 parameters").arg(maxEntries);
                return Result<TensorDump>::failed(e, diagnostics);
            }
        } else if (pieces.size() > 16 * maxEntries) {
            // Slices of one parameter (a model-parallel save) are few per parameter.
            Error e = Error::make(ErrorCode::TooLarge,
                                  Tr::tr("the checkpoint holds more than %1 slices, more than "
                                         "Twinscope reads; raise the cap with --max-entries")
                                      .arg(16 * maxEntries),
                                  source.name(),
                                  piece.offset);
            return Result<TensorDump>::failed(e, diagnostics);
        }
        pieces.append(std::move(piece));
    }

    auto dump = std::make_shared<TensorDump>();
    dump->path = source.isPath() ? source.path : source.name();
    dump->format = u"mindspore_ckpt"_s;
    QHash<QString, int> seen;
    for (qsizetype i = 0; i < pieces.size();) {
        // MindSpore's loader joins consecutive values with one tag; so do we.
        qsizetype j = i + 1;
        while (j < pieces.size() && pieces[j].tag == pieces[i].tag)
            ++j;
        TensorEntry t = makeParameter(pieces.mid(i, j - i), source, &diagnostics);
        const auto it = seen.constFind(t.name);
        if (it != seen.constEnd()) {
            // load_checkpoint fills a dict: the later value wins.
            diagnostics.add(u"ckpt_duplicate_parameter"_s,
                            Tr::tr("Parameter %1 appears twice; the later one is used, as "
                                   "MindSpore's loader does.")
                                .arg(t.name),
                            Location{pieces[i].offset, -1, t.name});
            dump->tensors[*it] = std::move(t);
        } else {
            seen.insert(t.name, int(dump->tensors.size()));
            dump->tensors.append(std::move(t));
        }
        i = j;
    }
    for (const TensorEntry &t : std::as_const(dump->tensors))
        if (t.unreadable().isEmpty())
            dump->dataBytes += t.numel() * dtypeSize(t.dtype);
    if (dump->tensors.isEmpty()) {
        Error e = Error::make(
            ErrorCode::Malformed, Tr::tr("the checkpoint holds no parameters"), source.name(), 0);
        return Result<TensorDump>::failed(e, diagnostics);
    }
    progress.report(1000, Tr::tr("Reading the checkpoint"));
    return Result<TensorDump>::ok(std::move(dump), std::move(diagnostics));
}

} // namespace Twinscope::Core
