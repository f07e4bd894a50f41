#include "safetensorsreader.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"
#include "core/tensor/dumpnames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

DType safetensorsDType(const QString &name)
{
    static const struct
    {
        const char16_t *name;
        DType type;
    } table[] = {
        {u"BOOL", DType::Bool},
        {u"U8", DType::UInt8},
        {u"I8", DType::Int8},
        {u"I16", DType::Int16},
        {u"U16", DType::UInt16},
        {u"I32", DType::Int32},
        {u"U32", DType::UInt32},
        {u"I64", DType::Int64},
        {u"U64", DType::UInt64},
        {u"F16", DType::Float16},
        {u"BF16", DType::BFloat16},
        {u"F32", DType::Float32},
        {u"F64", DType::Float64},
    };
    for (const auto &e : table)
        if (name == QStringView(e.name))
            return e.type;
    return DType::Unknown;
}

namespace {

Error headerError(const Source &source, qint64 offset, const QString &message, const QString &found)
{
    Error e = Error::make(ErrorCode::Malformed, message, source.name(), offset);
    e.expected = Tr::tr("an 8-byte header length, then a JSON object of tensors");
    e.found = found;
    return e;
}

// A non-negative integer that JSON holds exactly (QJsonValue keeps integers as qint64).
bool toCount(const QJsonValue &v, qint64 *out)
{
    if (!v.isDouble())
        return false;
    const qint64 i = v.toInteger(-1);
    if (i < 0 || double(i) != v.toDouble())
        return false;
    *out = i;
    return true;
}

} // namespace

Result<TensorDump> loadSafetensors(const Source &source,
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
    progress.report(0, Tr::tr("Reading the safetensors header"));
    if (size < 8)
        return Result<TensorDump>::failed(
            headerError(source,
                        0,
                        Tr::tr("the file is too short for a safetensors header"),
                        Tr::tr("%n byte(s)", "", int(size))));
    quint64 headerLength = 0;
    for (int i = 7; i >= 0; --i)
        headerLength = (headerLength << 8) | uchar(data[size_t(i)]);
    if (headerLength > quint64(size - 8) || qint64(headerLength) > SafetensorsMaxHeader) {
        Error e =
            headerError(source,
                        0,
                        Tr::tr("the safetensors header length is larger than the file"),
                        Tr::tr("%1 header bytes in a file of %2").arg(headerLength).arg(size));
        e.code = headerLength > quint64(size - 8) ? ErrorCode::Truncated : ErrorCode::TooLarge;
        return Result<TensorDump>::failed(e);
    }
    // Entries are counted before the header is parsed: QJsonDocument holds a parsed header in
    // several times its size, and a 84 MB header of a million tensors is refused at once.
    {
        const std::string_view text(data.data() + 8, size_t(headerLength));
        constexpr std::string_view key = "\"data_offsets\"";
        qint64 entries = 0;
        for (size_t at = text.find(key); at != std::string_view::npos;
             at = text.find(key, at + key.size())) {
            if (++entries > maxEntries) {
                Error e = Error::make(
                    ErrorCode::TooLarge,
                    Tr::tr("the safetensors header lists more than %1 tensors, more than "
                           "Twinscope compares by default; raise the cap with --max-entries")
                        .arg(maxEntries),
                    source.name(),
                    8 + qint64(at));
                e.expected = Tr::tr("at most %1 tensors").arg(maxEntries);
                return Result<TensorDump>::failed(e);
            }
        }
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(data.data() + 8, qsizetype(headerLength)), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return Result<TensorDump>::failed(
            headerError(source,
                        8 + (pe.error != QJsonParseError::NoError ? pe.offset : 0),
                        Tr::tr("the safetensors header is not a JSON object"),
                        pe.error != QJsonParseError::NoError ? pe.errorString()
                                                             : Tr::tr("another JSON value")));
    if (cancel.isCanceled())
        return Result<TensorDump>::canceled();

    const qint64 dataStart = 8 + qint64(headerLength);
    const qint64 dataBytes = size - dataStart;
    Diagnostics diagnostics;
    auto dump = std::make_shared<TensorDump>();
    dump->path = source.isPath() ? source.path : source.name();
    dump->format = u"safetensors"_s;
    const QJsonObject header = doc.object();
    struct Range
    {
        qint64 begin, end;
        int tensor;
    };
    std::vector<Range> ranges;
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == u"__metadata__"_s)
            continue;
        TensorEntry t;
        t.name = it.key();
        t.key = t.name;
        t.op = t.name;
        const Location where{8, -1, t.name};
        auto bad = [&](const QString &why) {
            diagnostics.add(
                u"safetensors_bad_entry"_s,
                Tr::tr("Tensor %1: %2; it is listed but not compared.").arg(t.name, why),
                where);
            t.setUnreadable(Tr::tr("%1: tensor %2: %3").arg(source.name(), t.name, why));
            t.storage.kind = TensorStorage::Kind::None;
        };
        const QJsonObject o = it.value().toObject();
        const QString dtype = o.value(u"dtype"_s).toString();
        t.opType = dtype;
        t.dtype = safetensorsDType(dtype);
        const QJsonArray shape = o.value(u"shape"_s).toArray();
        const QJsonArray offsets = o.value(u"data_offsets"_s).toArray();
        qint64 numel = 1, begin = 0, end = 0;
        bool shapeOk = o.value(u"shape"_s).isArray() && shape.size() <= 64;
        for (const QJsonValue &d : shape) {
            qint64 n = 0;
            if (!toCount(d, &n) || (n > 0 && numel > std::numeric_limits<qint64>::max() / 16 / n)) {
                shapeOk = false;
                break;
            }
            t.shape.append(n);
            numel *= n;
        }
        if (!it.value().isObject() || !shapeOk) {
            t.shape.clear();
            bad(Tr::tr("the header gives no valid shape"));
        } else if (t.dtype == DType::Unknown) {
            bad(Tr::tr("dtype \"%1\" is not one Twinscope reads").arg(dtype));
        } else if (offsets.size() != 2 || !toCount(offsets[0], &begin) ||
                   !toCount(offsets[1], &end) || end < begin) {
            bad(Tr::tr("data_offsets is not a pair [begin, end]"));
        } else if (end > dataBytes) {
            bad(Tr::tr("data_offsets [%1, %2] run past the %3 bytes of data")
                    .arg(begin)
                    .arg(end)
                    .arg(dataBytes));
        } else if (end - begin != numel * dtypeSize(t.dtype)) {
            bad(Tr::tr("data_offsets [%1, %2] hold %3 bytes, %4 %5 needs %6")
                    .arg(begin)
                    .arg(end)
                    .arg(end - begin)
                    .arg(dtype, shapeText(t.shape))
                    .arg(numel * dtypeSize(t.dtype)));
        } else if (!source.isPath()) {
            t.setUnreadable(Tr::tr("%1 was given as bytes: its tensors are listed, not read")
                                .arg(source.name()));
        } else {
            t.storage.kind = TensorStorage::Kind::RawFile;
            t.storage.file = source.path;
            t.storage.stored = t.dtype;
            t.storage.offset = dataStart + begin;
            ranges.push_back({begin, end, int(dump->tensors.size())});
        }
        dump->tensors.append(std::move(t));
    }
    // Overlapping ranges: the header says two tensors share bytes, so at least one is wrong.
    std::sort(ranges.begin(), ranges.end(), [](const Range &a, const Range &b) {
        return a.begin < b.begin;
    });
    qint64 reachedEnd = 0;
    int reachedBy = -1;
    for (const Range &r : ranges) {
        if (r.end > r.begin && r.begin < reachedEnd) {
            diagnostics.add(u"safetensors_overlap"_s,
                            Tr::tr("Tensors %1 and %2 share bytes in the file; the header is "
                                   "inconsistent.")
                                .arg(dump->tensors[reachedBy].name, dump->tensors[r.tensor].name),
                            Location{dataStart + r.begin, -1, dump->tensors[r.tensor].name});
        }
        if (r.end > reachedEnd) {
            reachedEnd = r.end;
            reachedBy = r.tensor;
        }
    }
    std::stable_sort(
        dump->tensors.begin(), dump->tensors.end(), [](const TensorEntry &a, const TensorEntry &b) {
            return naturalLess(a.name, b.name);
        });
    for (const TensorEntry &t : std::as_const(dump->tensors))
        if (t.unreadable().isEmpty())
            dump->dataBytes += t.numel() * dtypeSize(t.dtype);
    progress.report(1000, Tr::tr("Reading the safetensors header"));
    return Result<TensorDump>::ok(std::move(dump), std::move(diagnostics));
}

} // namespace Twinscope::Core
