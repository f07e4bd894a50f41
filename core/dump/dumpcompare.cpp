#include "dumpcompare.h"

#include "core/common/boundedregex.h"
#include "core/common/inputfile.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "core/tensor/dumpnames.h"
#include "core/tensor/tensorstream.h"
#include "paircomparer.h"
#include "verdictpolicy.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <atomic>
#include <mutex>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

const PairMetrics &RowMetrics::empty()
{
    static const PairMetrics none;
    return none;
}

TensorStats DumpComparison::npuStats(const CompareRow &r) const
{
    if (statisticsMode && !r.metrics.hasValue() && r.npu >= 0)
        return npu->tensors[r.npu].stats.value_or(TensorStats{});
    return r.metrics->npu;
}

TensorStats DumpComparison::benchStats(const CompareRow &r) const
{
    if (statisticsMode && !r.metrics.hasValue() && r.bench >= 0)
        return bench->tensors[r.bench].stats.value_or(TensorStats{});
    return r.metrics->bench;
}

double DumpComparison::maxRelErr(const CompareRow &r) const
{
    if (statisticsMode && !r.metrics.hasValue())
        return r.stats.maxRel;
    return r.metrics->maxRelErr;
}

QString verdictId(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return u"pass"_s;
    case Verdict::Warning:
        return u"warning"_s;
    case Verdict::Error:
        return u"error"_s;
    case Verdict::Unmatched:
        break;
    }
    return u"unmatched"_s;
}

QString pairMatchId(PairMatch m)
{
    switch (m) {
    case PairMatch::Exact:
        return u"exact"_s;
    case PairMatch::Mapped:
        return u"mapped"_s;
    case PairMatch::Fuzzy:
        return u"fuzzy"_s;
    case PairMatch::Order:
        break;
    }
    return u"order"_s;
}

bool loadMappingFile(const QString &path,
                     QList<QPair<QRegularExpression, QString>> *mapping,
                     QString *error)
{
    // A mapping is a few regexes: 16 MiB is far more than any, and /dev/zero or a FIFO given by
    // mistake is refused instead of read (or waited on) forever.
    Error readError;
    const std::optional<QByteArray> text = readSmallInputFile(path, 16 << 20, &readError);
    if (!text) {
        *error = Tr::tr("%1: cannot read the mapping file: %2").arg(path, readError.message);
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(*text, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = Tr::tr("%1 (byte %2): the mapping file is not JSON: %3")
                     .arg(path)
                     .arg(pe.offset)
                     .arg(pe.errorString());
        return false;
    }
    QList<QPair<QString, QString>> pairs;
    auto bad = [&](const QString &what) {
        *error = Tr::tr("%1: expected {\"regex\": \"replacement\", ...} or [[regex, replacement], "
                        "...], found %2")
                     .arg(path, what);
        return false;
    };
    if (doc.isObject()) {
        const QJsonObject o = doc.object();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!it.value().isString())
                return bad(it.key());
            pairs.append({it.key(), it.value().toString()});
        }
    } else {
        for (const QJsonValue &v : doc.array()) {
            const QJsonArray a = v.toArray();
            if (a.size() != 2 || !a.at(0).isString() || !a.at(1).isString())
                return bad(
                    QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)));
            pairs.append({a.at(0).toString(), a.at(1).toString()});
        }
    }
    for (const auto &[pattern, replacement] : std::as_const(pairs)) {
        // Every name of both sides goes through every pattern: refuse shapes that backtrack
        // exponentially and give the rest PCRE2's step budget (core/common/boundedregex.h).
        QString patternError;
        const QRegularExpression re = compileUserPattern(pattern, {}, &patternError);
        if (!re.isValid()) {
            *error =
                Tr::tr("%1: invalid regular expression %2: %3").arg(path, pattern, patternError);
            return false;
        }
        mapping->append({re, replacement});
    }
    return true;
}

namespace {

QString applyMapping(const QString &key, const CompareOptions &options)
{
    QString out = key;
    // A name longer than any real one is left as it is: the patterns' budget is per match, and
    // replace() matches again after each replacement (core/common/boundedregex.h).
    if (out.size() > MaxPatternSubjectChars)
        return out;
    for (const auto &[re, replacement] : options.mapping)
        out.replace(re, replacement);
    return out;
}

// Shape, a coarse dtype class, input/output and forward/backward: what order alignment may pair
// without cost. Never pairs a forward tensor with a backward one.
QString alignKey(const TensorEntry &t)
{
    return shapeText(t.shape) + (dtypeIsFloat(t.dtype) ? u"f"_s : u"i"_s) +
           (t.isOutput ? u"o"_s : u"i"_s) + (t.key.contains(u"backward"_s) ? u"b"_s : u"f"_s);
}

// TroubleShooter's sequence alignment: edit distance, insert/delete 1, substitute 5; pairs come
// from the backtrace where the keys agree (METRICS.md §7.4).
void alignByOrder(const TensorDump &bench,
                  const TensorDump &npu,
                  const QList<int> &b,
                  const QList<int> &n,
                  QList<QPair<int, int>> *pairs)
{
    const qsizetype rows = b.size() + 1, cols = n.size() + 1;
    if (b.isEmpty() || n.isEmpty() || rows * cols > 16'000'000)
        return;
    std::vector<int> dp(size_t(rows * cols));
    auto at = [&](qsizetype i, qsizetype j) -> int & {
        return dp[size_t(i * cols + j)];
    };
    for (qsizetype i = 0; i < rows; ++i)
        at(i, 0) = int(i);
    for (qsizetype j = 0; j < cols; ++j)
        at(0, j) = int(j);
    QList<QString> kb, kn;
    for (int i : b)
        kb << alignKey(bench.tensors[i]);
    for (int j : n)
        kn << alignKey(npu.tensors[j]);
    for (qsizetype i = 1; i < rows; ++i)
        for (qsizetype j = 1; j < cols; ++j)
            at(i, j) = std::min({at(i - 1, j) + 1,
                                 at(i, j - 1) + 1,
                                 at(i - 1, j - 1) + (kb[i - 1] == kn[j - 1] ? 0 : 5)});
    qsizetype i = rows - 1, j = cols - 1;
    while (i > 0 && j > 0) {
        if (kb[i - 1] == kn[j - 1] && at(i, j) == at(i - 1, j - 1)) {
            pairs->prepend({b[i - 1], n[j - 1]});
            --i;
            --j;
        } else if (at(i, j) == at(i - 1, j) + 1) {
            --i;
        } else if (at(i, j) == at(i, j - 1) + 1) {
            --j;
        } else {
            --i;
            --j;
        }
    }
}

} // namespace

namespace {

// The matching steps of pairTensors: fills npuFor/benchFor/how. Its hashes and key copies are
// gone before the rows are allocated, so they never add to the peak (issue #16's bound).
void matchTensors(const TensorDump &bench,
                  const TensorDump &npu,
                  const CompareOptions &options,
                  std::vector<int> &npuFor,
                  std::vector<int> &benchFor,
                  std::vector<PairMatch> &how)
{
    const qsizetype nb = bench.tensors.size(), nn = npu.tensors.size();
    // The NPU names after the user's mapping; copied only when there is a mapping (10^6 keys
    // copied for nothing held 48 MB while the rows were allocated).
    const bool mapped = !options.mapping.isEmpty();
    QStringList npuKeys;
    QStringList npuOps;
    for (qsizetype j = 0; j < nn && mapped; ++j) {
        npuKeys << applyMapping(npu.tensors[j].key, options);
        npuOps << applyMapping(npu.tensors[j].op, options);
    }
    auto npuKey = [&](qsizetype j) -> const QString & {
        return mapped ? npuKeys[j] : npu.tensors[j].key;
    };
    auto npuOp = [&](qsizetype j) -> const QString & {
        return mapped ? npuOps[j] : npu.tensors[j].op;
    };
    // msprobe's exact match also wants the same number of tensors per call.
    QHash<QString, int> benchOpSize, npuOpSize;
    for (const TensorEntry &t : bench.tensors)
        ++benchOpSize[t.op];
    for (qsizetype j = 0; j < nn; ++j)
        ++npuOpSize[npuOp(j)];

    QHash<QString, int> benchByKey;
    for (qsizetype i = 0; i < nb; ++i)
        benchByKey.insert(bench.tensors[i].key, int(i));
    for (qsizetype j = 0; j < nn; ++j) {
        const auto it = benchByKey.constFind(npuKey(j));
        if (it == benchByKey.constEnd() || npuFor[size_t(*it)] >= 0)
            continue;
        if (!options.pairByKeyOnly &&
            benchOpSize.value(bench.tensors[*it].op) != npuOpSize.value(npuOp(j)))
            continue;
        npuFor[size_t(*it)] = int(j);
        benchFor[size_t(j)] = *it;
        how[size_t(*it)] = npuKey(j) == npu.tensors[j].key ? PairMatch::Exact : PairMatch::Mapped;
    }
    // Fuzzy: counters removed, paired by occurrence in execution order.
    QHash<QString, QList<int>> benchFuzzy;
    for (qsizetype i = 0; i < nb && !options.pairByKeyOnly; ++i)
        if (npuFor[size_t(i)] < 0)
            benchFuzzy[fuzzyKey(bench.tensors[i].key)].append(int(i));
    QHash<QString, int> used;
    for (qsizetype j = 0; j < nn; ++j) {
        if (benchFor[size_t(j)] >= 0)
            continue;
        const QString k = fuzzyKey(npuKey(j));
        const auto it = benchFuzzy.constFind(k);
        if (it == benchFuzzy.constEnd())
            continue;
        int &u = used[k];
        if (u >= it->size())
            continue;
        const int i = it->at(u++);
        npuFor[size_t(i)] = int(j);
        benchFor[size_t(j)] = i;
        how[size_t(i)] = PairMatch::Fuzzy;
    }
    // Order + shape alignment for whatever is left.
    QList<int> restB, restN;
    for (qsizetype i = 0; i < nb; ++i)
        if (npuFor[size_t(i)] < 0)
            restB << int(i);
    for (qsizetype j = 0; j < nn; ++j)
        if (benchFor[size_t(j)] < 0)
            restN << int(j);
    QList<QPair<int, int>> aligned;
    if (!options.pairByKeyOnly)
        alignByOrder(bench, npu, restB, restN, &aligned);
    for (const auto &[i, j] : std::as_const(aligned)) {
        npuFor[size_t(i)] = j;
        benchFor[size_t(j)] = i;
        how[size_t(i)] = PairMatch::Order;
    }
}

} // namespace

QList<CompareRow> pairTensors(const TensorDump &bench,
                              const TensorDump &npu,
                              const CompareOptions &options,
                              QList<int> *unmatchedBench,
                              QList<int> *unmatchedNpu)
{
    const qsizetype nb = bench.tensors.size(), nn = npu.tensors.size();
    std::vector<int> npuFor(size_t(nb), -1), benchFor(size_t(nn), -1);
    std::vector<PairMatch> how(size_t(nb), PairMatch::Exact);
    matchTensors(bench, npu, options, npuFor, benchFor, how);
    QList<CompareRow> rows;
    rows.reserve(nb); // exact-ish: a growing list of rows holds up to twice what it needs
    for (qsizetype i = 0; i < nb; ++i) {
        if (npuFor[size_t(i)] < 0) {
            unmatchedBench->append(int(i));
            continue;
        }
        CompareRow r;
        r.bench = int(i);
        r.npu = npuFor[size_t(i)];
        r.match = how[size_t(i)];
        rows.append(r);
    }
    for (qsizetype j = 0; j < nn; ++j)
        if (benchFor[size_t(j)] < 0)
            unmatchedNpu->append(int(j));
    return rows;
}

namespace {

void compareStatistics(const TensorEntry &b, const TensorEntry &n, CompareRow *row)
{
    const TensorStats sb = b.stats.value_or(TensorStats{}), sn = n.stats.value_or(TensorStats{});
    StatsDiff &d = row->stats;
    auto one = [](double x, double y, double *diff, double *rel) {
        *diff = x - y;
        // |(N - B) / B|; msprobe writes N/A where B is 0 (METRICS.md §5).
        *rel = y == 0 || std::isnan(*diff) ? std::nan("") : std::fabs(*diff / y);
    };
    one(sn.max, sb.max, &d.maxDiff, &d.maxRel);
    one(sn.min, sb.min, &d.minDiff, &d.minRel);
    one(sn.mean, sb.mean, &d.meanDiff, &d.meanRel);
    one(sn.norm, sb.norm, &d.normDiff, &d.normRel);
    if (b.shape != n.shape) {
        row->message = Tr::tr("Shape of NPU and bench tensor do not match. Skipped.");
        row->verdict = Verdict::Unmatched;
    }
}

} // namespace

Result<DumpComparison> compareDumps(std::shared_ptr<const TensorDump> bench,
                                    std::shared_ptr<const TensorDump> npu,
                                    const CompareOptions &options,
                                    ProgressSink &progress,
                                    const CancelToken &cancel)
{
    try {
        auto cmp = std::make_shared<DumpComparison>();
        cmp->bench = bench;
        cmp->npu = npu;
        cmp->options = options;
        cmp->statisticsMode = bench->statisticsOnly || npu->statisticsOnly;
        progress.report(0, Tr::tr("Pairing tensors"));
        cmp->rows = pairTensors(*bench, *npu, options, &cmp->unmatchedBench, &cmp->unmatchedNpu);

        if (cmp->statisticsMode) {
            for (CompareRow &r : cmp->rows)
                compareStatistics(bench->tensors[r.bench], npu->tensors[r.npu], &r);
        } else {
            qint64 totalBytes = 0;
            for (const CompareRow &r : std::as_const(cmp->rows))
                totalBytes +=
                    bench->tensors[r.bench].numel() *
                        dtypeSize(bench->tensors[r.bench].storage.stored) +
                    npu->tensors[r.npu].numel() * dtypeSize(npu->tensors[r.npu].storage.stored);
            // Work items are element ranges: one per pair, or several for a pair large enough to
            // keep a thread busy alone. Ranges of one pair merge in order afterwards, so the result
            // does not depend on the thread count.
            struct Item
            {
                int row;
                qint64 begin, end;
                int part;
            };
            std::vector<Item> items;
            std::vector<std::vector<PairAccumulator>> parts(size_t(cmp->rows.size()));
            std::vector<QString> errors(size_t(cmp->rows.size()));
            std::vector<char> comparable(size_t(cmp->rows.size()), 0);
            for (int i = 0; i < cmp->rows.size(); ++i) {
                CompareRow &r = cmp->rows[i];
                const TensorEntry &b = bench->tensors[r.bench], &n = npu->tensors[r.npu];
                if (!pairIsComparable(b, n, &r))
                    continue;
                comparable[size_t(i)] = 1;
                const qint64 total = n.numel();
                const bool split = b.storage.layout().axisOrder == n.storage.layout().axisOrder &&
                                   options.splitElements > 0 && total > options.splitElements;
                const qint64 step = split ? options.splitElements : std::max<qint64>(total, 1);
                // Ranges need both sides in the same order; a reordered pair is one item (begin 0).
                if (total ==
                    0) // nothing to read: finishing an empty accumulator gives msprobe's message
                    parts[size_t(i)].push_back(makeAccumulator(b, n, options, 0));
                for (qint64 begin = 0, part = 0; begin < total; begin += step, ++part) {
                    items.push_back({i, begin, std::min(begin + step, total), int(part)});
                    parts[size_t(i)].push_back(makeAccumulator(b, n, options, begin));
                }
            }
            std::atomic<size_t> next{0};
            std::atomic<qint64> bytesDone{0};
            std::atomic<bool> canceled{false};
            std::mutex errorLock;
            auto worker = [&](bool reportProgress) {
                PairBuffers buffers;
                for (;;) {
                    const size_t k = next.fetch_add(1);
                    if (k >= items.size() || canceled.load())
                        return;
                    const Item &it = items[k];
                    const CompareRow &r = cmp->rows[it.row];
                    const TensorEntry &b = bench->tensors[r.bench], &n = npu->tensors[r.npu];
                    PairAccumulator &acc = parts[size_t(it.row)][size_t(it.part)];
                    QString error;
                    const bool ok =
                        b.storage.layout().axisOrder == n.storage.layout().axisOrder
                            ? accumulateRange(b,
                                              n,
                                              it.begin,
                                              it.end,
                                              options,
                                              &acc,
                                              &buffers,
                                              cancel,
                                              &bytesDone,
                                              &error)
                            : accumulateReordered(b, n, options, &acc, &bytesDone, &error);
                    if (!ok) {
                        canceled.store(true);
                        return;
                    }
                    if (!error.isEmpty()) {
                        const std::lock_guard<std::mutex> lock(errorLock);
                        if (errors[size_t(it.row)].isEmpty())
                            errors[size_t(it.row)] = error;
                    }
                    if (reportProgress)
                        progress.reportRange(
                            bytesDone.load(), totalBytes, 20, 950, Tr::tr("Comparing tensors"));
                }
            };
            // The calling thread is worker 0 and the only one that reports progress.
            const int threads = options.threads > 0 ? options.threads : WorkerPool::size();
            auto runPool = [&](auto &&fn) {
                WorkerPool::run(threads, [&](int w) { fn(w == 0); });
            };
            runPool(worker);
            if (canceled.load())
                return Result<DumpComparison>::canceled();
            // Merge the ranges in order and finish each pair (the optional KL pass runs here, per
            // pair).
            std::atomic<int> nextRow{0};
            auto finisher = [&](bool reportProgress) {
                PairBuffers buffers;
                for (;;) {
                    const int i = nextRow.fetch_add(1);
                    if (i >= cmp->rows.size() || canceled.load())
                        return;
                    if (!comparable[size_t(i)])
                        continue;
                    CompareRow &r = cmp->rows[i];
                    std::vector<PairAccumulator> &accs = parts[size_t(i)];
                    for (size_t p = 1; p < accs.size(); ++p)
                        accs[0].merge(accs[p]);
                    if (!finishPair(bench->tensors[r.bench],
                                    npu->tensors[r.npu],
                                    options,
                                    accs[0],
                                    errors[size_t(i)],
                                    &r,
                                    &buffers,
                                    cancel)) {
                        canceled.store(true);
                        return;
                    }
                    if (reportProgress)
                        progress.reportRange(
                            i, cmp->rows.size(), 950, 990, Tr::tr("Comparing tensors"));
                }
            };
            runPool(finisher);
            if (canceled.load())
                return Result<DumpComparison>::canceled();
            cmp->bytesCompared = bytesDone.load();
        }
        applyVerdictPolicy(cmp.get());
        progress.report(1000, Tr::tr("Comparing tensors"));
        return Result<DumpComparison>::ok(cmp);
    } catch (...) {
        return Result<DumpComparison>::failed(internalError(npu->path, std::current_exception()));
    }
}

} // namespace Twinscope::Core
