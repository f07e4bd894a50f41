#pragma once

#include "error.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <optional>

namespace Twinscope::Core {

// The one place that checks and opens a path the user gives (a positional argument, --map, a
// dropped file, a file a dump names): what is expected must be what is there. A FIFO, socket or
// device is never a file: opening a FIFO for reading blocks until a writer comes, so such paths
// are refused before anything opens them, and the open itself never waits (issue #16).
enum class InputKind { File, Folder, FileOrFolder };

// Cheap checks, nothing opened: exists, the expected kind, readable, and a file is not empty.
std::optional<Error> checkInputPath(const QString &path, InputKind kind);
// checkInputPath(path, InputKind::File): what every loader does first (docs/DESIGN.md §3).
std::optional<Error> checkReadableFile(const QString &path);

// Opens a regular file read-only. The descriptor is opened non-blocking and checked with fstat, so
// what was checked is what was opened: a FIFO swapped in after the check fails instead of hanging.
// Empty files open (the callers that refuse them call checkReadableFile first). file is opened on
// the descriptor, so its fileName() is empty: name the path in messages.
bool openInputFile(QFile *file, const QString &path, Error *error);

// Reads a small input whole (a mapping file, a pattern file): the checks above plus a size cap,
// so /dev/zero or a 10 GB file given by mistake is refused instead of read.
std::optional<QByteArray> readSmallInputFile(const QString &path, qint64 maxBytes, Error *error);

// Opens an output file (--csv OUT) for writing, truncated (fileName() empty, as above). Refuses a
// folder; a FIFO or terminal is fine when something reads it (/dev/stdout, a process substitution),
// and a FIFO nobody reads fails at once instead of blocking.
bool openOutputFile(QFile *file, const QString &path, Error *error);

// Whether path, with every symlink resolved, lies inside one of the roots (also resolved). Paths
// that do not exist are judged by their lexical form (".." folded), so "../../x" is outside
// whether or not it exists.
bool pathIsInside(const QString &path, const QStringList &roots);

} // namespace Twinscope::Core
