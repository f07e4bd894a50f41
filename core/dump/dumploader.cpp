#include "dumploader.h"

#include "core/common/constants.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "hdf5dumpreader.h"
#include "msprobereader.h"
#include "npyreader.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Tensors over the per-tensor element cap keep their row (name, shape, dtype, statistics) but are
// never read: whatever their header says, a lying one cannot make us stream terabytes.
Result<TensorDump> capElements(Result<TensorDump> result, qint64 maxElements)
{
    if (!result.isOk())
        return result;
    auto over = [maxElements](const TensorEntry &t) {
        return t.unreadable().isEmpty() && t.storage.kind != TensorStorage::Kind::None &&
               t.numel() > maxElements;
    };
    const TensorDump &loaded = *result.value();
    if (std::none_of(loaded.tensors.cbegin(), loaded.tensors.cend(), over))
        return result;
    auto dump = std::make_shared<TensorDump>(loaded);
    Diagnostics diagnostics = result.diagnostics();
    const QLocale locale;
    for (TensorEntry &t : dump->tensors) {
        if (!over(t))
            continue;
        t.setUnreadable(Tr::tr("%1 has %2 elements, more than the per-tensor cap of %3, so it is "
                               "not read; raise the cap with --max-elements (or Limits in the "
                               "Dumps tab) if the tensor is real")
                            .arg(t.name, locale.toString(t.numel()), locale.toString(maxElements)));
        dump->dataBytes -= t.numel() * dtypeSize(t.storage.stored);
        diagnostics.add(u"tensor_over_cap"_s,
                        Tr::tr("tensors with more elements than the per-tensor cap were not read"),
                        Location{-1, -1, t.name});
    }
    dump->dataBytes = std::max<qint64>(0, dump->dataBytes);
    return Result<TensorDump>::ok(std::move(dump), std::move(diagnostics));
}

Result<TensorDump> loadAnyDump(const Source &source,
                               ProgressSink &progress,
                               const CancelToken &cancel,
                               const DumpReadOptions &options,
                               const std::optional<SniffResult> &sniffed)
{
    try {
        if (!source.isPath()) {
            // In-memory inputs: only the text formats make sense without a file to stream from.
            const std::string_view bytes(source.bytes.constData(), size_t(source.bytes.size()));
            const SniffResult s =
                sniffBytes(bytes.substr(0, size_t(SniffBytes)), source.name(), source.bytes.size());
            if (s.producer == u"ptdbg"_s)
                return parsePtdbgPkl(bytes, source.name(), cancel);
            return parseMsprobeDumpJson(bytes, source.name(), {}, cancel, options);
        }
        const QFileInfo info(source.path);
        const SniffResult s = sniffedOr(sniffed, source.path);
        if (s.error)
            return Result<TensorDump>::failed(*s.error);
        if (info.isDir()) {
            if (s.producer == u"msprobe"_s)
                return loadMsprobeDump(source, progress, cancel, options);
            if (!QDir(source.path).entryList({u"*.npy"_s, u"*.pt"_s}, QDir::Files).isEmpty())
                return loadNpyDump(source, progress, cancel, options);
            return Result<TensorDump>::failed(Error::make(
                ErrorCode::UnknownFormat,
                Tr::tr("the folder holds no dump Twinscope reads (HDF5, .npy, .pt, msprobe "
                       "dump.json)"),
                source.path));
        }
        if (s.format == u"hdf5"_s)
            return loadHdf5Dump(source, progress, cancel);
        if (s.format == u"npy"_s || s.producer == u"torch_pt"_s)
            return loadNpyDump(source, progress, cancel);
        if (s.format == u"npz"_s)
            return loadNpzDump(source, progress, cancel);
        if (s.producer == u"msprobe"_s)
            return loadMsprobeDump(source, progress, cancel, options);
        if (s.producer == u"ptdbg"_s && s.format == u"json_lines"_s)
            return loadPtdbgPkl(source, progress, cancel, options);
        Error e = Error::make(
            ErrorCode::UnknownFormat, Tr::tr("not a tensor dump Twinscope reads"), source.path, 0);
        e.found = s.seen.isEmpty() ? fileKindDisplayName(s.kind) : s.seen;
        return Result<TensorDump>::failed(e);
    } catch (...) {
        return Result<TensorDump>::failed(internalError(source.name(), std::current_exception()));
    }
}

} // namespace

Result<TensorDump> loadDump(const Source &source,
                            ProgressSink &progress,
                            const CancelToken &cancel,
                            const DumpReadOptions &options,
                            const std::optional<SniffResult> &sniffed)
{
    return capElements(loadAnyDump(source, progress, cancel, options, sniffed),
                       options.maxElements);
}

} // namespace Twinscope::Core
