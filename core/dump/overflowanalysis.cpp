#include "overflowanalysis.h"

#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "core/tensor/tensorstream.h"

using namespace Qt::StringLiterals;

#include <QHash>

#include <atomic>
#include <cmath>
#include <vector>

namespace Twinscope::Core {

namespace {

// The summary from the dump's own statistics (msprobe statistics mode, ptdbg): NaN/Inf when
// Max or Min is not finite, saturation when an fp16 tensor's Max or Min sits at ±65504.
void fromStatistics(const TensorEntry &t, TensorSummary *s)
{
    if (!t.stats)
        return;
    s->stats = *t.stats;
    // torch's max/min of a tensor holding NaN are NaN; an empty tensor has no statistics.
    s->nonFinite = t.numel() > 0 && dtypeIsFloat(t.dtype) &&
                   !(std::isfinite(s->stats.max) && std::isfinite(s->stats.min));
    s->saturatedAny = t.dtype == DType::Float16 && (std::fabs(s->stats.max) == Float16Max ||
                                                    std::fabs(s->stats.min) == Float16Max);
}

// Streams the elements: min/max/sum/sum of squares with NaN/Inf and fp16 saturation counts.
bool fromElements(const TensorEntry &t,
                  TensorSummary *s,
                  std::vector<double> *buffer,
                  const CancelToken &cancel,
                  std::atomic<qint64> *bytes)
{
    QString error;
    auto stream = TensorStream::open(t, &error);
    if (!stream) {
        s->error = error;
        return true;
    }
    constexpr qint64 Chunk = 1 << 14;
    buffer->resize(size_t(Chunk));
    double mn = INFINITY, mx = -INFINITY, sum = 0, sq = 0;
    qint64 nan = 0, posInf = 0, negInf = 0, sat = 0, done = 0;
    const bool half = t.dtype == DType::Float16;
    const qint64 total = t.numel();
    while (done < total) {
        if (cancel.isCanceled())
            return false;
        const qint64 got = stream->read(buffer->data(), std::min(Chunk, total - done), &error);
        if (got <= 0) {
            s->error = error.isEmpty() ? Tr::tr("a tensor ended before its shape says") : error;
            return true;
        }
        for (qint64 i = 0; i < got; ++i) {
            const double x = (*buffer)[size_t(i)];
            if (std::isnan(x)) {
                ++nan;
                continue;
            }
            if (std::isinf(x)) {
                ++(x > 0 ? posInf : negInf);
                continue;
            }
            mn = std::min(mn, x);
            mx = std::max(mx, x);
            sum += x;
            sq += x * x;
            sat += half && std::fabs(x) == Float16Max;
        }
        done += got;
        bytes->fetch_add(got * dtypeSize(t.storage.stored));
    }
    s->count = total;
    s->nanCount = nan;
    s->infCount = posInf + negInf;
    s->saturated = half ? sat : 0;
    s->nonFinite = nan + posInf + negInf > 0;
    s->saturatedAny = sat > 0;
    TensorStats &st = s->stats;
    if (nan > 0) {
        st = TensorStats{};
    } else {
        st.max = posInf ? INFINITY : mx;
        st.min = negInf ? -INFINITY : mn;
        st.mean = posInf && negInf ? std::nan("")
                  : posInf         ? INFINITY
                  : negInf         ? -INFINITY
                                   : (total > 0 ? sum / double(total) : std::nan(""));
        st.norm = posInf || negInf ? INFINITY : std::sqrt(sq);
    }
    return true;
}

} // namespace

int firstOverflowRun(const OverflowSeries &series)
{
    for (int i = 0; i < series.runs.size(); ++i)
        if (series.runs[i]->origin >= 0)
            return i;
    return 0;
}

Result<OverflowAnalysis> analyzeOverflow(std::shared_ptr<const TensorDump> dump,
                                         int threads,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    auto a = std::make_shared<OverflowAnalysis>();
    a->dump = dump;
    a->tensors.resize(dump->tensors.size());
    progress.report(0, Tr::tr("Reading tensors"));
    std::atomic<qsizetype> next{0};
    std::atomic<qint64> bytes{0};
    std::atomic<bool> canceled{false};
    const qsizetype n = dump->tensors.size();
    WorkerPool::run(threads > 0 ? threads : WorkerPool::size(), [&](int worker) {
        std::vector<double> buffer;
        for (;;) {
            const qsizetype i = next.fetch_add(1);
            if (i >= n || canceled.load())
                return;
            const TensorEntry &t = dump->tensors[i];
            TensorSummary &s = a->tensors[i];
            fromStatistics(t, &s);
            const bool readable = !dump->statisticsOnly &&
                                  t.storage.kind != TensorStorage::Kind::None &&
                                  t.unreadable().isEmpty();
            if (readable) {
                const TensorSummary fallback = s;
                if (!fromElements(t, &s, &buffer, cancel, &bytes)) {
                    canceled.store(true);
                    return;
                }
                if (!s.error.isEmpty()) {
                    const QString error = s.error;
                    s = fallback;
                    s.error = error;
                }
            } else if (!t.unreadable().isEmpty()) {
                s.error = t.unreadable();
            }
            if (worker == 0)
                progress.reportRange(i, n, 0, 1000, Tr::tr("Reading tensors"));
        }
    });
    if (canceled.load() || cancel.isCanceled())
        return Result<OverflowAnalysis>::canceled();
    // msprobe's nan_analyze rule (METRICS.md §6): a call is the origin when its tensor inputs are
    // finite and an output is not; a call told to write NaN/Inf (masked_fill(mask, -inf): a
    // non-finite argument) is not. An input that is non-finite before any output was brings it
    // in from outside the dump.
    // Formats without non-tensor arguments (npy folders) lose the fill value; a call with a bool
    // input whose output gains only ±inf (no NaN) is a masked fill there too, so HDF5 and npy
    // readings of one run agree.
    QHash<QString, bool> badInputs, badArguments, maskInputs;
    for (const TensorEntry &t : dump->tensors)
        if (!t.isOutput && t.dtype == DType::Bool)
            maskInputs[t.op] = true;
    for (const ArgumentEntry &arg : dump->arguments)
        if (std::isinf(arg.number) || std::isnan(arg.number) || arg.value.contains(u"inf"_s) ||
            arg.value.contains(u"nan"_s))
            badArguments[arg.op] = true;
    bool outputSeen = false;
    for (int i = 0; i < a->tensors.size(); ++i) {
        const TensorEntry &t = dump->tensors[i];
        const TensorSummary &s = a->tensors[i];
        a->nonFiniteTensors += s.nonFinite;
        a->saturatedTensors += s.saturatedAny;
        if (s.saturatedAny && a->firstSaturated < 0)
            a->firstSaturated = i;
        if (!s.nonFinite)
            continue;
        if (!t.isOutput) {
            badInputs[t.op] = true;
            if (!outputSeen && a->origin < 0)
                a->origin = i;
            continue;
        }
        outputSeen = true;
        const bool maskedFill = maskInputs.value(t.op) && s.nanCount == 0;
        if (a->origin < 0 && !badInputs.value(t.op) && !badArguments.value(t.op) && !maskedFill)
            a->origin = i;
    }
    a->bytesRead = bytes.load();
    progress.report(1000, Tr::tr("Reading tensors"));
    return Result<OverflowAnalysis>::ok(a);
}

} // namespace Twinscope::Core
