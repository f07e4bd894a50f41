#include "paircomparer.h"

#include "core/common/tr.h"
#include "core/tensor/tensorstream.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool pairIsComparable(const TensorEntry &b, const TensorEntry &n, CompareRow *row)
{
    if (b.shape != n.shape) {
        row->message = Tr::tr("Shape of NPU and bench tensor do not match. Skipped.");
        row->verdict = Verdict::Unmatched;
        return false;
    }
    for (const TensorEntry *t : {&b, &n}) {
        if (!t->unreadable().isEmpty()) {
            row->message = t->unreadable();
            row->verdict = Verdict::Error;
            return false;
        }
    }
    return true;
}

PairAccumulator makeAccumulator(const TensorEntry &b,
                                const TensorEntry &n,
                                const CompareOptions &options,
                                qint64 offset)
{
    // torch.testing.assert_close: with mixed dtypes the looser pair wins (METRICS.md §3.2).
    auto [rtol, atol] = allcloseDefaults(n.dtype);
    const auto [brtol, batol] = allcloseDefaults(b.dtype);
    rtol = std::max(rtol, brtol);
    atol = std::max(atol, batol);
    if (options.rtol >= 0)
        rtol = options.rtol;
    if (options.atol >= 0)
        atol = options.atol;
    PairAccumulator acc(rtol, atol);
    acc.setOffset(offset);
    return acc;
}

namespace {

// Reads exactly want elements from s into dst; false (with *error) when the stream ends early.
bool readExactly(TensorStream *s, double *dst, qint64 want, QString *error)
{
    qint64 got = 0;
    while (got < want) {
        const qint64 g = s->read(dst + got, want - got, error);
        if (g <= 0) {
            if (error->isEmpty())
                *error = Tr::tr("a tensor ended before its shape says");
            return false;
        }
        got += g;
    }
    return true;
}

} // namespace

bool accumulateRange(const TensorEntry &b,
                     const TensorEntry &n,
                     qint64 begin,
                     qint64 end,
                     const CompareOptions &options,
                     PairAccumulator *acc,
                     PairBuffers *buffers,
                     const CancelToken &cancel,
                     std::atomic<qint64> *bytesDone,
                     QString *error)
{
    auto sb = TensorStream::open(b, error);
    auto sn = sb ? TensorStream::open(n, error) : nullptr;
    if (!sn || !sb->seek(begin) || !sn->seek(begin)) {
        if (error->isEmpty())
            *error = Tr::tr("cannot position the tensor streams");
        return true;
    }
    const qint64 chunk = options.chunkElements;
    const bool floats = b.storage.kind == TensorStorage::Kind::RawFile &&
                        n.storage.kind == TensorStorage::Kind::RawFile &&
                        b.storage.stored == DType::Float32 && n.storage.stored == DType::Float32;
    const qint64 bytesPerElement = dtypeSize(b.storage.stored) + dtypeSize(n.storage.stored);
    if (!floats) {
        buffers->bench.resize(size_t(chunk));
        buffers->npu.resize(size_t(chunk));
    }
    for (qint64 done = begin; done < end;) {
        if (cancel.isCanceled())
            return false;
        const qint64 want = std::min(chunk, end - done);
        if (floats) {
            // Both sides plain float32 files: the kernel reads the mapped floats directly.
            qint64 gotB = 0, gotN = 0;
            // Both streams keep their own buffer, so both pointers stay valid for the kernel.
            const float *pb = sb->readFloats(want, &gotB, error);
            const float *pn = pb ? sn->readFloats(want, &gotN, error) : nullptr;
            if (!pb || !pn || gotB != want || gotN != want) {
                if (error->isEmpty())
                    *error = Tr::tr("a tensor ended before its shape says");
                return true;
            }
            acc->add(pn, pb, want);
        } else {
            if (!readExactly(sb.get(), buffers->bench.data(), want, error) ||
                !readExactly(sn.get(), buffers->npu.data(), want, error))
                return true;
            acc->add(buffers->npu.data(), buffers->bench.data(), want);
        }
        done += want;
        bytesDone->fetch_add(want * bytesPerElement);
    }
    // readFloats() hands out mapped memory: a file cut short under it read zeros (issue #16);
    // changed() sets *error, which makes the row an error.
    if (!sb->changed(error))
        sn->changed(error);
    return true;
}

bool accumulateReordered(const TensorEntry &b,
                         const TensorEntry &n,
                         const CompareOptions &options,
                         PairAccumulator *acc,
                         std::atomic<qint64> *bytesDone,
                         QString *error)
{
    std::vector<double> lb, ln;
    if (!readTensorLogical(b, &lb, options.maxReorderElements, error) ||
        !readTensorLogical(n, &ln, options.maxReorderElements, error))
        return true;
    acc->add(ln.data(), lb.data(), n.numel());
    bytesDone->fetch_add(n.numel() * (dtypeSize(b.storage.stored) + dtypeSize(n.storage.stored)));
    return true;
}

bool finishPair(const TensorEntry &b,
                const TensorEntry &n,
                const CompareOptions &options,
                const PairAccumulator &acc,
                const QString &error,
                CompareRow *row,
                PairBuffers *buffers,
                const CancelToken &cancel)
{
    if (!error.isEmpty()) {
        row->message = error;
        row->verdict = Verdict::Error;
        return true;
    }
    row->metrics = acc.finish(int(n.shape.size()));
    const qint64 total = n.numel();
    // Second pass for KL: the normalisation needs each side's min and max from the first. Returns
    // false only when canceled; a read failure leaves KL unset.
    auto klPass = [&]() -> bool {
        const PairMetrics &m = *row->metrics;
        // NaN/Inf positions (the same on both sides here) are compared as 0, so 0 is in range.
        const bool zeroed = m.nanNpu + m.infNpu > 0;
        auto lo = [zeroed](double v) {
            return zeroed ? std::min(v, 0.0) : v;
        };
        auto hi = [zeroed](double v) {
            return zeroed ? std::max(v, 0.0) : v;
        };
        KlAccumulator kl(
            lo(m.npuFiniteMin), hi(m.npuFiniteMax), lo(m.benchFiniteMin), hi(m.benchFiniteMax));
        QString klError;
        if (b.storage.layout().axisOrder != n.storage.layout().axisOrder) {
            std::vector<double> lb, ln;
            if (!readTensorLogical(b, &lb, options.maxReorderElements, &klError) ||
                !readTensorLogical(n, &ln, options.maxReorderElements, &klError))
                return true;
            kl.add(ln.data(), lb.data(), total);
        } else {
            auto sb = TensorStream::open(b, &klError);
            auto sn = sb ? TensorStream::open(n, &klError) : nullptr;
            const qint64 chunk = options.chunkElements;
            buffers->bench.resize(size_t(chunk));
            buffers->npu.resize(size_t(chunk));
            for (qint64 done = 0; sn && done < total;) {
                if (cancel.isCanceled())
                    return false;
                const qint64 want = std::min(chunk, total - done);
                if (!readExactly(sb.get(), buffers->bench.data(), want, &klError) ||
                    !readExactly(sn.get(), buffers->npu.data(), want, &klError))
                    return true; // the first pass read these; a failure now leaves KL unset
                kl.add(buffers->npu.data(), buffers->bench.data(), want);
                done += want;
            }
        }
        row->metrics.edit().klDivergence = kl.finish();
        return true;
    };
    if (options.computeKl && row->metrics->count > 0 && !row->metrics->maskMismatch && !klPass())
        return false;
    if (row->metrics->firstNonFiniteNpu >= 0)
        row->metrics.edit().firstNonFiniteNpu =
            storageToLogicalIndex(n, row->metrics->firstNonFiniteNpu);
    if (row->metrics->firstGainedNpu >= 0)
        row->metrics.edit().firstGainedNpu = storageToLogicalIndex(n, row->metrics->firstGainedNpu);
    row->message = row->metrics->message;
    return true;
}

} // namespace Twinscope::Core
