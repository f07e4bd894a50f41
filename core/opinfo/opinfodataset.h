#pragma once

#include "core/common/error.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace Twinscope::Core {

// One tensor of an aclopCompile::aclOp record (aclTensorDesc::DebugString, docs/FORMATS.md §4.2).
// Enum fields keep the raw code; ascendenums.h turns them into names. -1 means "undefined" in CANN
// and is also what a missing field reads as.
struct TensorDesc
{
    int dataType = -1;
    int format = -1;
    int storageFormat = -1;
    QList<qint64> shape;
    QList<qint64> storageShape;
    QString shapeRange; // verbatim: "[]" or "[[1,8],[16,16]]"
    int memType = 0;
    bool isConst = false;
    qint64 constLength = -1;
    QString constData; // verbatim, trailing comma removed
    // Set when the input names types and formats instead of giving CANN codes (MindSpore profiler
    // tables) and the name has no code; empty otherwise.
    QString dataTypeText;
    QString formatText;
    bool hasShape = false;
    bool hasStorageShape = false;
    bool complete = false; // every field up to isConst was read
};

// A distinct compile signature: op type plus the full descriptor text. A truncated record is its
// own signature (its text is a prefix of some real one) and is never counted as "distinct".
struct OpSignature
{
    QString opType;
    QList<TensorDesc> inputs;
    QList<TensorDesc> outputs;
    QString attr; // inside the braces, verbatim; empty when the record has none
    bool hasAttr = false;
    bool truncated = false;
    QString text; // the record from "OpType: " on, as logged
};

// One compile, i.e. one aclopCompile::aclOp record in a log (or one summary line).
struct CompileEvent
{
    enum Flag : quint32 {
        Truncated = 1, // cut at the plog line limit and not completed by DEBUG chunks
        Dynamic =
            2, // followed by "To compile op" / "Match op inputs/type failed" (docs/FORMATS.md §4.4)
        Assembled = 4,    // completed from DEBUG continuation chunks
        FromSummary = 8,  // from ascend_op_info_summary.txt: no time, no line order
        FromProfiler = 16 // a kernel row of a MindSpore profiler table: no time
    };
    qint64 timeNs = -1; // plog clock, ns since 1970 read as UTC; -1 when the input has no time
    quint32 signature = 0;
    quint32 file = 0; // index into OpInfoDataset::files
    qint64 line = -1; // 1-based line of the record's first line
    quint32 flags = 0;
    qint32 step = -1; // training step, where the input has steps (MindSpore dynamic_shape_info)
};

// ERROR/WARNING lines, counted per (module, level).
struct LogMessageSummary
{
    QString module;
    QString level;
    qint64 count = 0;
    QString first; // the first message text
    qint64 firstTimeNs = -1;
    quint32 firstFile = 0;
    qint64 firstLine = -1;
};

// "... is running on AiCpu" lines, counted per op (kernel) name.
struct AiCpuFallback
{
    QString op;
    qint64 count = 0;
    QString first; // first message, verbatim
    quint32 firstFile = 0;
    qint64 firstLine = -1;
};

// A "To compile op" / "Match op inputs/type failed" line.
struct CompileMarker
{
    qint64 timeNs = -1;
    quint32 file = 0;
    qint64 line = -1;
    bool matchFailed = false; // "Match op inputs/type failed" rather than "To compile op"
};

// Everything read from a set of host logs. Immutable once loaded; analyses live in
// opinfoanalysis.h.
struct OpInfoDataset
{
    QStringList files;
    QList<OpSignature> signatures;
    QList<CompileEvent> events; // sorted by time (summary events keep file order)
    QList<LogMessageSummary> messages;
    QList<AiCpuFallback> aicpuFallbacks;
    QList<CompileMarker> markers; // sorted by time
    qint64 bytes = 0;
    qint64 lines = 0;         // non-empty lines
    qint64 plogLines = 0;     // lines that follow the plog grammar
    qint64 unparsedLines = 0; // non-empty lines that are neither plog nor anything else we know
    qint64 truncatedRecords = 0;
    qint64 assembledRecords = 0;
    qint64 levelCounts[6] = {0, 0, 0, 0, 0, 0}; // DEBUG, INFO, WARNING, ERROR, EVENT, TRACE
    bool fromSummary = false;  // at least one input was ascend_op_info_summary.txt (degraded)
    bool fromProfiler = false; // at least one input was a MindSpore profiler table
    // Inputs named explicitly that could not be read while others could: the load goes on
    // without them, and each keeps the error that says why (file, line, expected).
    QList<Error> refused;
};

} // namespace Twinscope::Core
