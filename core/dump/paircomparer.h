#pragma once

#include "dumpcompare.h"

#include <atomic>
#include <vector>

namespace Twinscope::Core {

// The per-pair work of compareDumps, cut so that one huge tensor can be spread over several
// threads: each range of elements gets its own accumulator, and the ranges are merged in order
// afterwards (deterministic whatever the thread count).

// Shape mismatch or an unreadable side: fills the row's verdict and message and returns false.
bool pairIsComparable(const TensorEntry &bench, const TensorEntry &npu, CompareRow *row);
PairAccumulator makeAccumulator(const TensorEntry &bench,
                                const TensorEntry &npu,
                                const CompareOptions &options,
                                qint64 offset);

struct PairBuffers
{
    std::vector<double> bench, npu;
};

// Streams elements [begin, end) of both tensors (same storage order) into acc. Returns false only
// when canceled; a read error sets *error.
bool accumulateRange(const TensorEntry &bench,
                     const TensorEntry &npu,
                     qint64 begin,
                     qint64 end,
                     const CompareOptions &options,
                     PairAccumulator *acc,
                     PairBuffers *buffers,
                     const CancelToken &cancel,
                     std::atomic<qint64> *bytesDone,
                     QString *error);
// Different storage orders (a transposed view on one side): both tensors in logical order, in
// memory.
bool accumulateReordered(const TensorEntry &bench,
                         const TensorEntry &npu,
                         const CompareOptions &options,
                         PairAccumulator *acc,
                         std::atomic<qint64> *bytesDone,
                         QString *error);

// Turns the merged accumulator into the row's metrics and message, with the optional KL pass.
// Returns false only when canceled.
bool finishPair(const TensorEntry &bench,
                const TensorEntry &npu,
                const CompareOptions &options,
                const PairAccumulator &acc,
                const QString &error,
                CompareRow *row,
                PairBuffers *buffers,
                const CancelToken &cancel);

} // namespace Twinscope::Core
