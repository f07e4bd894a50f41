#include "hdf5dumpreader.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"
#include "core/tensor/dumpnames.h"
#include "core/tensor/hdf5lock.h"
#include "core/tensor/hdf5safety.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLocale>

#include <algorithm>
#include <hdf5.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

struct Listed
{
    QString path; // without the leading "/"
    qint64 callIndex = -1;
    qint64 visit = 0;
};

struct VisitState
{
    QList<Listed> datasets;
    const CancelToken *cancel = nullptr;
    bool canceled = false;
    qint64 externalLinks = 0; // links into other files: never followed
    QStringList firstExternal;
};

herr_t visitLink(hid_t group, const char *name, const H5L_info_t *info, void *data)
{
    auto *state = static_cast<VisitState *>(data);
    if (state->cancel->isCanceled()) {
        state->canceled = true;
        return 1;
    }
    if (info->type == H5L_TYPE_EXTERNAL || info->type >= H5L_TYPE_UD_MIN) {
        if (state->externalLinks++ < Diagnostics::MaxLocations)
            state->firstExternal << QString::fromUtf8(name);
        return 0;
    }
    // Soft links point inside this file, whose datasets are listed by their hard links.
    if (info->type != H5L_TYPE_HARD)
        return 0;
    H5O_info_t oinfo;
    if (H5Oget_info_by_name(group, name, &oinfo, H5P_DEFAULT) < 0 || oinfo.type != H5O_TYPE_DATASET)
        return 0;
    Listed l;
    l.path = QString::fromUtf8(name);
    l.visit = state->datasets.size();
    state->datasets.append(l);
    return 0;
}

bool readIntAttribute(hid_t object, const char *name, qint64 *value)
{
    if (H5Aexists(object, name) <= 0)
        return false;
    const hid_t attr = H5Aopen(object, name, H5P_DEFAULT);
    if (attr < 0)
        return false;
    const hid_t space = H5Aget_space(attr);
    const hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    long long v = 0;
    const bool ok = n == 1 && H5Aread(attr, H5T_NATIVE_LLONG, &v) >= 0;
    H5Aclose(attr);
    if (ok)
        *value = v;
    return ok;
}

QList<qint64> readIntArrayAttribute(hid_t object, const char *name, bool *present)
{
    QList<qint64> out;
    *present = H5Aexists(object, name) > 0;
    if (!*present)
        return out;
    const hid_t attr = H5Aopen(object, name, H5P_DEFAULT);
    if (attr < 0)
        return out;
    const hid_t space = H5Aget_space(attr);
    const hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    if (n > 0 && n <= 64) {
        std::vector<long long> v(static_cast<size_t>(n));
        if (H5Aread(attr, H5T_NATIVE_LLONG, v.data()) >= 0)
            for (long long x : v)
                out.append(x);
    }
    H5Aclose(attr);
    return out;
}

// The dtype as stored in the file, from the HDF5 type class, size and sign.
DType storedType(hid_t type, bool *bigEndian)
{
    const H5T_class_t cls = H5Tget_class(type);
    const size_t size = H5Tget_size(type);
    *bigEndian = H5Tget_order(type) == H5T_ORDER_BE;
    if (cls == H5T_FLOAT) {
        switch (size) {
        case 2:
            return DType::Float16;
        case 4:
            return DType::Float32;
        case 8:
            return DType::Float64;
        default:
            return DType::Unknown;
        }
    }
    if (cls == H5T_INTEGER) {
        const bool isSigned = H5Tget_sign(type) == H5T_SGN_2;
        switch (size) {
        case 1:
            return isSigned ? DType::Int8 : DType::UInt8;
        case 2:
            return isSigned ? DType::Int16 : DType::UInt16;
        case 4:
            return isSigned ? DType::Int32 : DType::UInt32;
        case 8:
            return isSigned ? DType::Int64 : DType::UInt64;
        default:
            return DType::Unknown;
        }
    }
    if (cls == H5T_ENUM && size == 1)
        return DType::Bool; // h5py stores numpy bool as an int8 enum {FALSE, TRUE}
    return DType::Unknown;
}

// torch.utils.dumper DataType codes (docs/FORMATS.md §5.1).
DType dumperType(qint64 code)
{
    switch (code) {
    case 1:
        return DType::Float32;
    case 2:
        return DType::UInt8;
    case 3:
        return DType::Int8;
    case 5:
        return DType::Int16;
    case 6:
        return DType::Int32;
    case 7:
        return DType::Int64;
    case 9:
        return DType::Bool;
    case 10:
        return DType::Float16;
    case 11:
        return DType::Float64;
    default:
        return DType::Unknown;
    }
}

// What the dumper stores each DataType as: fp16 widened to F32, uint8/bool as signed I8 bits.
bool dumperStorageMatches(DType logical, DType stored)
{
    switch (logical) {
    case DType::Float16:
        return stored == DType::Float32 || stored == DType::Float16;
    case DType::UInt8:
    case DType::Bool:
        return dtypeSize(stored) == 1 && !dtypeIsFloat(stored);
    default:
        return logical == stored;
    }
}

// A non-tensor argument of the dumper (docs/FORMATS.md §5.1): a rank-0 or short rank-1 numeric
// dataset with a Type (SaveType) attribute and no DataType. nullopt when it is not one.
std::optional<ArgumentEntry> readDumperArgument(hid_t ds, const QString &path)
{
    qint64 saveType = -1;
    if (!readIntAttribute(ds, "Type", &saveType) || saveType == 0 || saveType == 1)
        return std::nullopt; // 0 TENSOR, 1 VEC_TENSOR: not arguments
    const hid_t space = H5Dget_space(ds);
    const int rank = H5Sget_simple_extent_ndims(space);
    const hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    const hid_t type = H5Dget_type(ds);
    const H5T_class_t cls = H5Tget_class(type);
    H5Tclose(type);
    if (rank < 0 || rank > 1 || n < 1 || n > 64 || (cls != H5T_INTEGER && cls != H5T_FLOAT))
        return std::nullopt;
    std::vector<double> values(static_cast<size_t>(n));
    // A conversion buffer the size of the values: HDF5's default callocs 1 MiB per read, which
    // for a dump's hundreds of arguments cost more than reading their tensors' metadata.
    const hid_t xfer = H5Pcreate(H5P_DATASET_XFER);
    H5Pset_buffer(xfer, 16 * size_t(n), nullptr, nullptr);
    const herr_t read = H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, xfer, values.data());
    H5Pclose(xfer);
    if (read < 0)
        return std::nullopt;
    static const QHash<qint64, QString> names = {{2, u"int[]"_s},
                                                 {3, u"int"_s},
                                                 {4, u"bool"_s},
                                                 {5, u"float"_s},
                                                 {6, u"float?"_s},
                                                 {7, u"scalar"_s},
                                                 {9, u"int?"_s},
                                                 {10, u"scalar?"_s},
                                                 {13, u"size"_s},
                                                 {14, u"dtype"_s}};
    const QStringList parts = path.split(u'/');
    ArgumentEntry a;
    a.key = path;
    a.op = parts.mid(0, 2).join(u'/');
    a.isOutput = parts.value(2) == u"output"_s;
    a.type = names.value(saveType, u"type %1"_s.arg(saveType));
    QStringList text;
    for (double v : values)
        text << (std::isnan(v)   ? u"nan"_s
                 : std::isinf(v) ? (v > 0 ? u"inf"_s : u"-inf"_s)
                                 : QString::number(v, 'g', QLocale::FloatingPointShortest));
    a.value = rank == 0 ? text.first() : u"["_s + text.join(u", "_s) + u"]"_s;
    if (rank == 0)
        a.number = values.front();
    return a;
}

} // namespace

Result<TensorDump>
loadHdf5Dump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    const QString path = source.path;
    if (!source.isPath())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Unsupported,
                        Tr::tr("HDF5 dumps can only be read from a file"),
                        source.name()));
    if (auto error = checkReadableFile(path))
        return Result<TensorDump>::failed(*error);
    progress.report(0, Tr::tr("Listing HDF5 datasets"));

    auto dump = std::make_shared<TensorDump>();
    dump->path = path;
    Diagnostics diagnostics;
    Hdf5Guard guard;
    const QByteArray encoded = QFile::encodeName(path);
    if (H5Fis_hdf5(encoded.constData()) <= 0)
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::UnknownFormat,
                        Tr::tr("not an HDF5 file: the HDF5 signature is missing"),
                        path,
                        0));
    const hid_t file = H5Fopen(encoded.constData(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (file < 0) {
        Error e = Error::make(
            ErrorCode::Truncated,
            Tr::tr("the HDF5 file cannot be opened: it is truncated or its metadata is corrupt"),
            path);
        e.expected = Tr::tr("a complete HDF5 file");
        e.found =
            Tr::tr("%n bytes", nullptr, int(std::min<qint64>(QFileInfo(path).size(), INT_MAX)));
        return Result<TensorDump>::failed(e);
    }
    VisitState state;
    state.cancel = &cancel;
    const herr_t visited = H5Lvisit(file, H5_INDEX_NAME, H5_ITER_INC, visitLink, &state);
    if (state.canceled) {
        H5Fclose(file);
        return Result<TensorDump>::canceled();
    }
    for (qsizetype i = 0; i < state.firstExternal.size(); ++i)
        diagnostics.add(u"hdf5_external_link"_s,
                        Tr::tr("links to other files (external links) were not followed; only "
                               "data inside the file given is read"),
                        Location{-1, -1, state.firstExternal[i]},
                        Severity::Warning,
                        i == 0 ? state.externalLinks - state.firstExternal.size() + 1 : 1);
    if (visited < 0)
        diagnostics.add(
            u"hdf5_visit_failed"_s,
            Tr::tr("the group tree could not be walked completely; later datasets are missing"),
            Location{-1, -1, path});

    // Decide the layout: the dumper marks every tensor with DataType (docs/FORMATS.md §5.1).
    bool dumper = false;
    for (const Listed &l : std::as_const(state.datasets)) {
        const hid_t ds = H5Dopen2(file, l.path.toUtf8().constData(), H5P_DEFAULT);
        if (ds < 0)
            continue;
        dumper = H5Aexists(ds, "DataType") > 0 && H5Aexists(ds, "Stride") > 0;
        H5Dclose(ds);
        if (dumper)
            break;
    }
    dump->format = dumper ? u"torch_dumper_h5"_s : u"hdf5"_s;

    struct Ordered
    {
        TensorEntry entry;
        qint64 seq = -1;
        QString arg;
        qint64 visit = 0;
    };
    QList<Ordered> tensors;
    qint64 done = 0;
    for (const Listed &l : std::as_const(state.datasets)) {
        if ((++done & 63) == 0) {
            if (cancel.isCanceled()) {
                H5Fclose(file);
                return Result<TensorDump>::canceled();
            }
            progress.reportRange(
                done, state.datasets.size(), 0, 900, Tr::tr("Listing HDF5 datasets"));
        }
        const QByteArray dsPath = l.path.toUtf8();
        const hid_t ds = H5Dopen2(file, dsPath.constData(), H5P_DEFAULT);
        if (ds < 0) {
            diagnostics.add(u"hdf5_dataset_unreadable"_s,
                            Tr::tr("a dataset could not be opened; it was skipped"),
                            Location{-1, -1, l.path});
            continue;
        }
        Ordered o;
        o.visit = l.visit;
        TensorEntry &t = o.entry;
        t.name = l.path;
        t.key = l.path;
        t.storage.file = path;
        t.storage.editLayout().dataset = l.path;
        const QStringList parts = l.path.split(u'/');
        qint64 code = -1;
        const bool hasType = readIntAttribute(ds, "DataType", &code);
        if (dumper && !hasType) {
            // Non-tensor arguments carry only a Type (SaveType); kept for the comparison of
            // arguments. Tensors of dtypes the dumper does not write carry neither.
            if (auto a = readDumperArgument(ds, l.path)) {
                dump->arguments.append(*a);
                H5Dclose(ds);
                continue;
            }
            diagnostics.add(
                u"dumper_no_datatype"_s,
                Tr::tr("datasets without a DataType attribute (non-tensor arguments or undumped "
                       "dtypes) were skipped"),
                Location{-1, -1, l.path},
                Severity::Info);
            H5Dclose(ds);
            continue;
        }
        const hid_t space = H5Dget_space(ds);
        const int rank = H5Sget_simple_extent_ndims(space);
        bool shapeOk = rank >= 0 && rank <= 32;
        if (shapeOk && rank > 0) {
            std::vector<hsize_t> dims(static_cast<size_t>(rank));
            H5Sget_simple_extent_dims(space, dims.data(), nullptr);
            qint64 n = 1;
            for (hsize_t d : dims) {
                if (d > hsize_t(1) << 40 || (d && n > (qint64(1) << 50) / qint64(d))) {
                    shapeOk = false;
                    break;
                }
                n *= qint64(d);
                t.shape.append(qint64(d));
            }
        }
        H5Sclose(space);
        const hid_t type = H5Dget_type(ds);
        bool bigEndian = false;
        const DType stored = storedType(type, &bigEndian);
        H5Tclose(type);
        if (!shapeOk) {
            t.setUnreadable(
                Tr::tr("dataset %1 has an unsupported rank or an absurd size").arg(l.path));
        } else if (stored == DType::Unknown) {
            if (!dumper) {
                diagnostics.add(u"hdf5_non_numeric"_s,
                                Tr::tr("non-numeric datasets were skipped"),
                                Location{-1, -1, l.path},
                                Severity::Info);
                H5Dclose(ds);
                continue;
            }
            t.setUnreadable(Tr::tr("dataset %1 is not stored as a number").arg(l.path));
        }
        t.storage.stored = stored;
        t.storage.bigEndian = bigEndian;
        t.dtype = stored;
        if (dumper) {
            // /{irName}/{seqId}/input|output/{arg}[/{arg}_{i}]
            const bool layoutOk =
                parts.size() >= 4 && (parts[2] == u"input"_s || parts[2] == u"output"_s);
            bool seqOk = false;
            o.seq = layoutOk ? parts[1].toLongLong(&seqOk) : -1;
            if (!layoutOk || !seqOk) {
                diagnostics.add(
                    u"dumper_unexpected_path"_s,
                    Tr::tr("datasets outside /{op}/{seq}/input|output/{arg} were ordered by path"),
                    Location{-1, -1, l.path});
                o.seq = -1;
            }
            t.opType = parts.value(0);
            t.op = parts.mid(0, 2).join(u'/');
            t.isOutput = parts.value(2) == u"output"_s;
            o.arg = parts.mid(3).join(u'/');
            const DType logical = dumperType(code);
            if (t.unreadable().isEmpty() && logical == DType::Unknown)
                t.setUnreadable(
                    Tr::tr("dataset %1 has the unknown DataType code %2").arg(l.path).arg(code));
            else if (t.unreadable().isEmpty() && !dumperStorageMatches(logical, stored))
                t.setUnreadable(Tr::tr("dataset %1: DataType %2 says %3, but it is stored as %4")
                                    .arg(l.path)
                                    .arg(code)
                                    .arg(dtypeId(logical), dtypeId(stored)));
            t.dtype = logical;
            if (logical == DType::UInt8 || logical == DType::Bool)
                t.storage.stored = logical; // reinterpret the signed I8 bits
            bool hasStride = false;
            const QList<qint64> stride = readIntArrayAttribute(ds, "Stride", &hasStride);
            if (t.unreadable().isEmpty() && hasStride && !t.shape.isEmpty()) {
                if (stride.size() != t.shape.size()) {
                    t.setUnreadable(
                        Tr::tr("dataset %1: Stride has %2 entries but the shape has %3 axes")
                            .arg(l.path)
                            .arg(stride.size())
                            .arg(t.shape.size()));
                } else if (auto order = axisOrderFromStride(t.shape, stride)) {
                    t.storage.editLayout().axisOrder = *order;
                } else {
                    t.setUnreadable(
                        Tr::tr("dataset %1: Stride %2 is not a reordering of a contiguous layout")
                            .arg(l.path, shapeText(stride)));
                }
            }
        } else {
            t.op = parts.mid(0, parts.size() - 1).join(u'/');
            t.opType = parts.size() >= 3 ? parts[parts.size() - 3] : parts.value(0);
            for (const QString &p : parts.mid(std::max<qsizetype>(0, parts.size() - 2)))
                t.isOutput = t.isOutput || p.startsWith(u"output"_s) || p.startsWith(u"out"_s);
            // A call_index-like attribute on an enclosing group gives the execution order.
            for (qsizetype depth = parts.size() - 1; depth >= 1 && o.seq < 0; --depth) {
                const QByteArray g = parts.mid(0, depth).join(u'/').toUtf8();
                const hid_t grp = H5Gopen2(file, g.constData(), H5P_DEFAULT);
                if (grp < 0)
                    continue;
                for (const char *attr : {"call_index", "seq", "seq_id", "index", "order"})
                    if (o.seq < 0)
                        readIntAttribute(grp, attr, &o.seq);
                H5Gclose(grp);
            }
        }
        // Contiguous, unfiltered, little- or big-endian data is read straight from the file through
        // mmap windows without the HDF5 lock; everything else goes through hyperslab reads.
        // Nothing outside the file is read, and nothing the file does not store (issue #16).
        if (t.unreadable().isEmpty() && stored != DType::Unknown) {
            if (const QString foreign = hdf5ForeignStorage(ds, l.path); !foreign.isEmpty()) {
                t.setUnreadable(foreign);
                diagnostics.add(u"hdf5_external_storage"_s,
                                Tr::tr("datasets stored outside the file (external raw files or "
                                       "virtual datasets) were not read"),
                                Location{-1, -1, l.path});
            } else if (const QString unstored =
                           hdf5UnstoredElements(ds, l.path, t.numel(), dtypeSize(stored));
                       !unstored.isEmpty()) {
                t.setUnreadable(unstored);
                diagnostics.add(u"hdf5_unstored_elements"_s,
                                Tr::tr("datasets that declare more elements than they store "
                                       "were not compared"),
                                Location{-1, -1, l.path});
            }
        }
        if (t.unreadable().isEmpty() && stored != DType::Unknown) {
            const hid_t dcpl = H5Dget_create_plist(ds);
            const bool contiguous =
                H5Pget_layout(dcpl) == H5D_CONTIGUOUS && H5Pget_nfilters(dcpl) == 0;
            H5Pclose(dcpl);
            const haddr_t offset = contiguous ? H5Dget_offset(ds) : HADDR_UNDEF;
            const qint64 bytes = t.numel() * dtypeSize(t.storage.stored);
            if (offset != HADDR_UNDEF && bytes > 0) {
                t.storage.kind = TensorStorage::Kind::RawFile;
                t.storage.offset = qint64(offset);
                if (t.storage.offset + bytes > QFileInfo(path).size())
                    t.setUnreadable(
                        Tr::tr("dataset %1 is truncated: its data ends at byte %2, past the end of "
                               "the file")
                            .arg(l.path)
                            .arg(t.storage.offset + bytes));
            } else if (stored == DType::Float16) {
                t.setUnreadable(
                    Tr::tr("dataset %1 is a chunked or compressed float16 dataset, which HDF5 1.10 "
                           "cannot convert")
                        .arg(l.path));
            } else {
                t.storage.kind = TensorStorage::Kind::Hdf5;
            }
            dump->dataBytes += bytes;
        }
        H5Dclose(ds);
        tensors.append(o);
    }
    H5Fclose(file);

    // Execution order: dumper seqId (one global counter), inputs before outputs, arguments by name;
    // elsewhere the enclosing call_index when there is one, then the path in natural order.
    std::stable_sort(tensors.begin(), tensors.end(), [](const Ordered &a, const Ordered &b) {
        if (a.seq != b.seq)
            return a.seq < b.seq;
        if (a.entry.op == b.entry.op && a.entry.isOutput != b.entry.isOutput)
            return !a.entry.isOutput;
        if (!a.arg.isEmpty() || !b.arg.isEmpty())
            return naturalLess(a.arg, b.arg);
        return naturalLess(a.entry.name, b.entry.name);
    });
    for (const Ordered &o : std::as_const(tensors))
        dump->tensors.append(o.entry);
    if (dump->tensors.isEmpty())
        return Result<TensorDump>::failed(
            Error::make(ErrorCode::Malformed,
                        Tr::tr("the HDF5 file holds no numeric dataset to compare"),
                        path),
            diagnostics);
    progress.report(1000, Tr::tr("Listing HDF5 datasets"));
    return Result<TensorDump>::ok(dump, diagnostics);
}

} // namespace Twinscope::Core
