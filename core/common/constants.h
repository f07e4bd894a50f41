#pragma once

#include <QtGlobal>

namespace Twinscope::Core {

// Numbers more than one reader or writer must agree on, in one place.

// How much of a file the content sniffer reads (docs/DESIGN.md §3): enough for a JSON envelope, an
// HDF5 superblock at 512/1024/…, a plog's first records or a CSV header, little enough to sniff a
// folder of thousands of files quickly.
constexpr qint64 SniffBytes = 64 * 1024;

// Loaders poll the cancel token and report progress about every this many records (lines, events,
// tensors): ~1–5 ms of parsing, so a Cancel returns well within docs/DESIGN.md §6's 200 ms.
constexpr qint64 PollRecords = 64 * 1024;

// The version of the JSON documents twinscope-cli prints; a key removed or changing meaning bumps
// it (docs/CLI.md).
constexpr int CliSchemaVersion = 1;

} // namespace Twinscope::Core
