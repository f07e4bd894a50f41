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

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

Result<TensorDump> loadDump(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    try {
        if (!source.isPath()) {
            // In-memory inputs: only the text formats make sense without a file to stream from.
            const std::string_view bytes(source.bytes.constData(), size_t(source.bytes.size()));
            const SniffResult s =
                sniffBytes(bytes.substr(0, size_t(SniffBytes)), source.name(), source.bytes.size());
            if (s.producer == u"ptdbg"_s)
                return parsePtdbgPkl(bytes, source.name(), cancel);
            return parseMsprobeDumpJson(bytes, source.name(), {}, cancel);
        }
        const QFileInfo info(source.path);
        const SniffResult s = sniffPath(source.path);
        if (s.error)
            return Result<TensorDump>::failed(*s.error);
        if (info.isDir()) {
            if (s.producer == u"msprobe"_s)
                return loadMsprobeDump(source, progress, cancel);
            if (!QDir(source.path).entryList({u"*.npy"_s, u"*.pt"_s}, QDir::Files).isEmpty())
                return loadNpyDump(source, progress, cancel);
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
            return loadMsprobeDump(source, progress, cancel);
        if (s.producer == u"ptdbg"_s && s.format == u"json_lines"_s)
            return loadPtdbgPkl(source, progress, cancel);
        Error e = Error::make(
            ErrorCode::UnknownFormat, Tr::tr("not a tensor dump Twinscope reads"), source.path, 0);
        e.found = s.seen.isEmpty() ? fileKindDisplayName(s.kind) : s.seen;
        return Result<TensorDump>::failed(e);
    } catch (...) {
        return Result<TensorDump>::failed(internalError(source.name(), std::current_exception()));
    }
}

} // namespace Twinscope::Core
