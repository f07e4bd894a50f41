#include "tensordetail.h"

#include "core/common/tr.h"
#include "core/tensor/tensorstream.h"

#include <queue>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString positionText(const QList<qint64> &shape, qint64 index)
{
    QList<qint64> idx(shape.size());
    for (qsizetype a = shape.size() - 1; a >= 0; --a) {
        const qint64 d = std::max<qint64>(1, shape[a]);
        idx[a] = index % d;
        index /= d;
    }
    return shapeText(idx);
}

void addTo(TensorDetail::Histogram &h, double v)
{
    const qsizetype bins = h.counts.size();
    if (!std::isfinite(v) || bins == 0)
        return;
    qsizetype b = h.hi > h.lo ? qsizetype((v - h.lo) / (h.hi - h.lo) * double(bins)) : 0;
    h.counts[std::clamp<qsizetype>(b, 0, bins - 1)] += 1;
}

} // namespace

Result<TensorDetail> computeTensorDetail(const DumpComparison &c,
                                         int row,
                                         int bins,
                                         int topK,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    if (row < 0 || row >= c.rows.size() || c.statisticsMode)
        return Result<TensorDetail>::failed(Error::make(
            ErrorCode::Unsupported, Tr::tr("no tensor data to show for this row"), c.npu->path));
    const CompareRow &r = c.rows[row];
    const TensorEntry &b = c.bench->tensors[r.bench];
    const TensorEntry &n = c.npu->tensors[r.npu];
    if (b.shape != n.shape || !b.unreadable().isEmpty() || !n.unreadable().isEmpty())
        return Result<TensorDetail>::failed(
            Error::make(ErrorCode::Unsupported, r.message, c.npu->path));
    auto detail = std::make_shared<TensorDetail>();
    const qint64 total = n.numel();
    const qint64 chunk = 1 << 16;
    std::vector<double> vb(static_cast<size_t>(chunk)), vn(static_cast<size_t>(chunk));
    const bool sameOrder = b.storage.layout().axisOrder == n.storage.layout().axisOrder;
    std::vector<double> lb, ln;
    QString error;
    if (!sameOrder && (!readTensorLogical(b, &lb, c.options.maxReorderElements, &error) ||
                       !readTensorLogical(n, &ln, c.options.maxReorderElements, &error)))
        return Result<TensorDetail>::failed(
            Error::make(ErrorCode::Unsupported, error, n.storage.file));

    // One pass function over both tensors in aligned chunks; f gets (storage index, npu, bench).
    auto pass = [&](int from, int to, auto &&f) -> bool {
        if (!sameOrder) {
            for (qint64 i = 0; i < total; ++i)
                f(i, ln[size_t(i)], lb[size_t(i)]);
            return true;
        }
        auto sb = TensorStream::open(b, &error);
        auto sn = sb ? TensorStream::open(n, &error) : nullptr;
        if (!sn)
            return false;
        for (qint64 done = 0; done < total;) {
            if (cancel.isCanceled())
                return false;
            const qint64 want = std::min(chunk, total - done);
            qint64 gb = 0, gn = 0;
            while (gb < want) {
                const qint64 g = sb->read(vb.data() + gb, want - gb, &error);
                if (g <= 0)
                    return false;
                gb += g;
            }
            while (gn < want) {
                const qint64 g = sn->read(vn.data() + gn, want - gn, &error);
                if (g <= 0)
                    return false;
                gn += g;
            }
            for (qint64 i = 0; i < want; ++i)
                f(done + i, vn[size_t(i)], vb[size_t(i)]);
            done += want;
            progress.reportRange(done, total, from, to, Tr::tr("Reading tensors"));
        }
        return true;
    };
    double loN = INFINITY, hiN = -INFINITY, loB = INFINITY, hiB = -INFINITY, loE = INFINITY,
           hiE = -INFINITY;
    if (!pass(0, 450, [&](qint64, double x, double y) {
            if (std::isfinite(x)) {
                loN = std::min(loN, x);
                hiN = std::max(hiN, x);
            }
            if (std::isfinite(y)) {
                loB = std::min(loB, y);
                hiB = std::max(hiB, y);
            }
            if (std::isfinite(x) && std::isfinite(y)) {
                loE = std::min(loE, x - y);
                hiE = std::max(hiE, x - y);
            }
        })) {
        if (cancel.isCanceled())
            return Result<TensorDetail>::canceled();
        return Result<TensorDetail>::failed(
            Error::make(ErrorCode::Unreadable, error, n.storage.file));
    }
    for (auto [h, lo, hi] : {std::tuple{&detail->npu, loN, hiN},
                             std::tuple{&detail->bench, loB, hiB},
                             std::tuple{&detail->error, loE, hiE}}) {
        h->lo = std::isfinite(lo) ? lo : 0;
        h->hi = std::isfinite(hi) ? hi : 0;
        h->counts = QList<qint64>(std::max(1, bins), 0);
    }
    struct Cand
    {
        double key;
        qint64 index;
        double npu, bench;
        bool operator>(const Cand &o) const { return key > o.key; }
    };
    std::priority_queue<Cand, std::vector<Cand>, std::greater<Cand>>
        heap; // min-heap of the k worst
    if (!pass(450, 1000, [&](qint64 i, double x, double y) {
            addTo(detail->npu, x);
            addTo(detail->bench, y);
            double key;
            if (std::isfinite(x) && std::isfinite(y)) {
                addTo(detail->error, x - y);
                key = std::fabs(x - y);
            } else {
                detail->nonFinite += !std::isfinite(x);
                key = std::isfinite(x) == std::isfinite(y) ? 0.0
                                                           : INFINITY; // NaN/Inf on one side only
            }
            if (int(heap.size()) < topK)
                heap.push({key, i, x, y});
            else if (topK > 0 && key > heap.top().key) {
                heap.pop();
                heap.push({key, i, x, y});
            }
        })) {
        if (cancel.isCanceled())
            return Result<TensorDetail>::canceled();
        return Result<TensorDetail>::failed(
            Error::make(ErrorCode::Unreadable, error, n.storage.file));
    }
    while (!heap.empty()) {
        const Cand cd = heap.top();
        heap.pop();
        TensorDetail::Worst w;
        w.index = sameOrder ? storageToLogicalIndex(n, cd.index) : cd.index;
        w.position = positionText(n.shape, w.index);
        w.npu = cd.npu;
        w.bench = cd.bench;
        w.absErr = cd.key;
        detail->worst.prepend(w);
    }
    return Result<TensorDetail>::ok(detail);
}

} // namespace Twinscope::Core
