#pragma once

#include "error.h"
#include "progress.h"
#include "result.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>

namespace Twinscope::Core {

enum class FileKind { Trace, OpInfo, Dump, Loss, Checkpoint, Profile, Model, Monitor, Unknown };

// "trace", "opinfo", "dump", "loss", "checkpoint", "profile", "model", "monitor", "unknown": the
// CLI's stable ids.
QString fileKindId(FileKind kind);
FileKind fileKindFromId(const QString &id); // Unknown for an id of no kind
QString fileKindDisplayName(FileKind kind);

// What one look at a path's content says it is (docs/FORMATS.md §0). Content decides; the file name
// only breaks ties. producer and format are stable ids listed in docs/CLI.md.
struct SniffResult
{
    QString path;
    FileKind kind = FileKind::Unknown;
    QString producer; // e.g. "kineto", "torch_npu", "msprobe"; empty when unknown
    QString format;   // e.g. "chrome_json", "hdf5", "npy", "csv", "text"
    qint64 bytes = 0; // on-disk size; for folders the sum of the files looked at
    bool gzip = false;
    bool folder = false;
    QString seen; // for unknown content: a short, translated description of the first bytes
    // A folder that holds more than one kind: an Ascend profiler folder has tables (Profile) and
    // timelines (Trace), a MindSpore one also op signatures (OpInfo). Opening it opens all.
    QList<FileKind> alsoKinds;
    std::optional<Error> error; // the path could not be read at all
};

// Looks at a file's first 64 KiB (inflating gzip) or a folder's contents. Never throws, never
// writes; opens files read-only.
SniffResult sniffPath(const QString &path);

// The sniff a caller already made of a path (issue #22: a path is sniffed once, where it enters,
// and the result travels with it), else a fresh one. A given result for another path, or one that
// names neither a kind nor an error, is not used.
SniffResult sniffedOr(const std::optional<SniffResult> &given, const QString &path);

// Every path of one open request, in order, off the GUI thread (the main window's first step).
Result<QList<SniffResult>>
sniffPaths(const QStringList &paths, ProgressSink &progress, const CancelToken &cancel);

// Classifies bytes already in memory (head of a file, a fuzzer input). name is used for tie-breaks.
SniffResult sniffBytes(std::string_view head, const QString &name, qint64 totalBytes);

} // namespace Twinscope::Core
