#include "compareresultreader.h"

#include "core/common/bytesource.h"
#include "core/common/interner.h"
#include "core/common/tr.h"
#include "core/common/zipreader.h"
#include "core/tensor/dumpnames.h"
#include "verdictpolicy.h"

#include <QRegularExpression>

#include <charconv>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// A cell as a number: msprobe's "inf\t", "-inf\t", "Nan", percentages "12.5%", True/False;
// "N/A", "unsupported", "None" and empty cells are NaN.
double cellNumber(const QString &cell)
{
    // The common cell is a plain number: parsed first, without copies (a 2 M-row result has 50 M
    // of them); the spelled-out values only when that fails.
    QStringView s = QStringView(cell).trimmed();
    // Plain decimal text goes through std::from_chars (correctly rounded, as Qt's parser is):
    // QStringView::toDouble compares every cell against its spelled-out words first, which was
    // the largest cost of a 2 M-row result. Anything else (signs, words, out of range) takes
    // Qt's path below, so the accepted forms are unchanged.
    if (s.size() > 0 && s.size() <= 64) {
        char ascii[64];
        bool plain = true;
        for (qsizetype i = 0; i < s.size() && plain; ++i) {
            const char16_t c = s[i].unicode();
            plain = (c >= u'0' && c <= u'9') || c == u'.' || c == u'e' || c == u'E' || c == u'-' ||
                    c == u'+';
            ascii[i] = char(c);
        }
        if (plain && ascii[0] != '+') {
            double v = 0;
            const char *end = ascii + s.size();
            const auto [ptr, ec] = std::from_chars(ascii, end, v);
            if (ec == std::errc() && ptr == end && std::isfinite(v))
                return v;
        }
    }
    bool ok = false;
    if (const double v = s.toDouble(&ok); ok)
        return v;
    if (s.endsWith(u'%')) {
        const double v = s.chopped(1).toDouble(&ok);
        return ok ? v / 100 : std::nan("");
    }
    auto is = [&s](QStringView word) {
        return s.compare(word, Qt::CaseInsensitive) == 0;
    };
    if (is(u"inf") || is(u"+inf"))
        return INFINITY;
    if (is(u"-inf"))
        return -INFINITY;
    if (is(u"true"))
        return 1;
    if (is(u"false"))
        return 0;
    return std::nan("");
}

QList<qint64> shapeOf(const QString &cell)
{
    QList<qint64> shape;
    static const QRegularExpression number(u"-?\\d+"_s);
    auto it = number.globalMatch(cell);
    while (it.hasNext() && shape.size() < 32)
        shape << it.next().captured().toLongLong();
    return shape;
}

qint8 boolOf(const QString &cell)
{
    const QString s = cell.trimmed().toLower();
    return s == u"true"_s ? 1 : s == u"false"_s ? 0 : -1;
}

// The column of the first header name present (-1 when none).
struct Columns
{
    const ResultTable &t;
    int operator()(std::initializer_list<const char16_t *> names) const
    {
        for (const char16_t *n : names)
            if (const int c = t.column(QString::fromUtf16(n)); c >= 0)
                return c;
        return -1;
    }
};

QString cellAt(const QStringList &row, int column)
{
    return column >= 0 ? row.value(column).trimmed() : QString();
}

TensorEntry entryFor(const QString &name)
{
    TensorEntry t;
    t.name = name;
    t.key = name;
    if (auto m = parseMsprobeTensorName(name)) {
        t.op = m->callKey;
        t.opType = m->callKey.section(u'.', 0, 1);
        t.isOutput = m->isOutput;
    } else {
        // ptdbg: "Functional_linear_0_forward_input.0", "..._output"
        qsizetype at = name.lastIndexOf(u"_output"_s);
        t.isOutput = at >= 0;
        if (at < 0)
            at = name.lastIndexOf(u"_input"_s);
        t.op = at > 0 ? name.left(at) : name;
        t.opType = t.op.section(u'_', 0, 1);
    }
    return t;
}

// msprobe's highlight and Result messages as Twinscope's reasons (verdictpolicy.h).
quint32 reasonsFromMessage(const QString &message)
{
    static const QList<QPair<QString, VerdictReason>> known = {
        {u"maximum or minimum is nan, -inf, or inf"_s, VerdictReason::NonFiniteGained},
        {u"maximum absolute error exceeds 1e+10"_s, VerdictReason::HugeError},
        {u"one thousandth err ratio exceeds 0.9"_s, VerdictReason::AccuracyDrop},
        {u"maximum relative error exceeds 0.5"_s, VerdictReason::OutputMaxRelative},
        {u"Need double check api accuracy"_s, VerdictReason::StatisticsDiffer},
        {u"one thousandth err ratio decreases"_s, VerdictReason::AccuracyDecrease},
        {u"cosine decreases"_s, VerdictReason::CosineDecrease},
        {u"larger by an order of magnitude"_s, VerdictReason::ErrorGrowth},
        {u"maximum relative error exceeds 0.1"_s, VerdictReason::OutputRelativeGrowth},
        {u"requires_grad is inconsistent"_s, VerdictReason::RequiresGradDiffers},
        {u"Dtype of NPU and bench"_s, VerdictReason::DtypeMismatch},
    };
    quint32 reasons = 0;
    for (const auto &[text, reason] : known)
        if (message.contains(text, Qt::CaseInsensitive))
            reasons |= quint32(reason);
    // Twinscope's own CSV: a warning whose only move is rounding (not a divergence).
    if (message.contains(u"by less than the rounding"_s))
        reasons = (reasons & ~quint32(VerdictReason::StatisticsDiffer)) |
                  quint32(VerdictReason::StatisticsRounding);
    return reasons;
}

} // namespace

bool isCompareResultHeader(const QStringList &header)
{
    return header.contains(u"NPU Name"_s) && header.contains(u"Bench Name"_s);
}

namespace {

// Builds the comparison row by row as a reader hands the rows on (ResultRowSink), so that only
// the tensors and rows stay, not the table of strings. The columns are looked up once, from the
// header; names equal on both sides share one string.
class CompareResultBuilder : public ResultRowSink
{
public:
    // budget: bytes the kept rows may take (0: no limit); maxRows: rows kept (0: no limit).
    explicit CompareResultBuilder(const QString &name,
                                  const ByteSource *bytes = nullptr,
                                  qint64 budget = 0,
                                  qint64 maxRows = 0)
        : m_name(name)
        , m_bytes(bytes)
        , m_budget(budget)
        , m_maxRows(maxRows)
    {}

    // The mapped text already parsed leaves memory: the rows keep what they use, and a 460 MB
    // result otherwise stayed resident beside them.
    void consumed(qint64 offset) override
    {
        if (m_bytes)
            m_bytes->release(0, offset);
    }

    bool header(const QStringList &header) override
    {
        if (!isCompareResultHeader(header)) {
            m_notCompareResult = true;
            m_found = header.mid(0, 6).join(u", "_s);
            return false;
        }
        ResultTable columns;
        columns.header = header;
        const Columns col{columns};
        m_col = {
            col({u"NPU Name"}),
            col({u"Bench Name"}),
            col({u"NPU Dtype", u"NPU Tensor Dtype"}),
            col({u"Bench Dtype", u"Bench Tensor Dtype"}),
            col({u"NPU Tensor Shape"}),
            col({u"Bench Tensor Shape"}),
            col({u"NPU Requires_grad"}),
            col({u"Bench Requires_grad"}),
            col({u"Accuracy Reached or Not"}),
            col({u"Result"}),
            col({u"Err_message"}),
            {{col({u"NPU max"}), col({u"NPU min"}), col({u"NPU mean"}), col({u"NPU l2norm"})},
             {col({u"Bench max"}),
              col({u"Bench min"}),
              col({u"Bench mean"}),
              col({u"Bench l2norm"})}},
            col({u"Cosine"}),
            col({u"EucDist"}),
            col({u"MaxAbsErr"}),
            col({u"MaxRelativeErr"}),
            col({u"One Thousandth Err Ratio"}),
            col({u"Five Thousandths Err Ratio"}),
            col({u"Max diff"}),
            col({u"Min diff"}),
            col({u"Mean diff"}),
            col({u"L2norm diff"}),
            col({u"MinRelativeErr"}),
            col({u"MeanRelativeErr"}),
            col({u"NormRelativeErr"}),
        };
        m_bench = std::make_shared<TensorDump>();
        m_npu = std::make_shared<TensorDump>();
        for (TensorDump *d : {m_bench.get(), m_npu.get()}) {
            d->path = m_name;
            d->format = u"compare_result"_s;
            d->statisticsOnly = true;
        }
        m_c = std::make_shared<DumpComparison>();
        m_c->bench = m_bench;
        m_c->npu = m_npu;
        m_c->statisticsMode = m_col.maxDiff >= 0 && m_col.cosine < 0;
        return true;
    }

    void row(const QStringList &row, ResultTable::Fill fill) override;

    void expectRows(qint64 rows) override
    {
        if (!m_c)
            return;
        // No more than the cap can keep: each row takes at least its two tensors and its row.
        if (m_budget > 0)
            rows = std::min(rows, m_budget / qint64(2 * sizeof(TensorEntry) + sizeof(CompareRow)));
        if (m_maxRows > 0)
            rows = std::min(rows, m_maxRows);
        m_npu->tensors.reserve(rows);
        m_bench->tensors.reserve(rows);
        m_c->rows.reserve(rows);
    }

    Result<DumpComparison> finish(const ResultTable &table)
    {
        if (m_notCompareResult || !m_c) {
            Error e = Error::make(ErrorCode::UnknownFormat,
                                  Tr::tr("not a compare result: the header has no NPU Name and "
                                         "Bench Name columns"),
                                  m_name);
            e.found = m_notCompareResult ? m_found : table.header.mid(0, 6).join(u", "_s);
            return Result<DumpComparison>::failed(e);
        }
        markDivergence(m_c.get());
        Diagnostics diagnostics;
        if (table.cutCells > 0)
            diagnostics.add(
                u"long_cell"_s,
                Tr::tr("Cells longer than %1 bytes were cut there.").arg(MaxResultCellBytes),
                Location{},
                Severity::Warning,
                table.cutCells);
        if (table.droppedCells > 0)
            diagnostics.add(
                u"cells_past_header"_s,
                Tr::tr("Rows hold cells past the header's columns; they were left out."),
                Location{},
                Severity::Warning,
                table.droppedCells);
        if (m_rowsLeftOut > 0)
            diagnostics.add(
                u"rows_capped"_s,
                (m_maxRows > 0 && m_kept >= m_maxRows
                     ? Tr::tr("The result has more rows than --max-rows (%1): the first %1 were "
                              "kept, the rest left out.")
                           .arg(m_kept)
                     : Tr::tr("The result's rows need more memory than %1 MiB (4 times the "
                              "file, at least 512 MiB, less the program's share): the first %2 "
                              "were kept, the rest left out. --max-rows sets how many are kept.")
                           .arg(m_budget >> 20)
                           .arg(m_kept)),
                Location{},
                Severity::Warning,
                m_rowsLeftOut);
        return Result<DumpComparison>::ok(m_c, std::move(diagnostics));
    }

private:
    struct ColumnIndex
    {
        int npuName, benchName, npuDtype, benchDtype, npuShape, benchShape, npuGrad, benchGrad;
        int accuracy, result, message;
        int stat[2][4];
        int cosine, eucDist, maxAbs, maxRel, oneThousandth, fiveThousandth;
        int maxDiff, minDiff, meanDiff, normDiff, minRel, meanRel, normRel;
    };

    TensorEntry side(const QStringList &row, const QString &name, int which)
    {
        const bool npu = which == 0;
        TensorEntry t = entryFor(name);
        t.opType = m_opTypes.intern(t.opType);
        t.dtype = dtypeOf(cellAt(row, npu ? m_col.npuDtype : m_col.benchDtype));
        t.shape = shapeFor(cellAt(row, npu ? m_col.npuShape : m_col.benchShape));
        t.requiresGrad = boolOf(cellAt(row, npu ? m_col.npuGrad : m_col.benchGrad));
        t.stats = statsAt(row, which);
        return t;
    }

    // The bench side of a row; where its name and shape are the NPU side's, it shares their
    // strings and lists (most rows of a result name the same tensor on both sides).
    TensorEntry benchSide(const QStringList &row, const QString &name, const TensorEntry &npu)
    {
        if (name != npu.name || cellAt(row, m_col.benchShape) != cellAt(row, m_col.npuShape))
            return side(row, name, 1);
        TensorEntry t = npu;
        t.dtype = dtypeOf(cellAt(row, m_col.benchDtype));
        t.requiresGrad = boolOf(cellAt(row, m_col.benchGrad));
        t.stats = statsAt(row, 1);
        return t;
    }

    // A result repeats a handful of dtypes, shapes and messages over millions of rows; their
    // parses (a regular expression per shape, a score of comparisons per dtype, eleven searches
    // per message) were the larger part of reading a 2 M-row file. Each is kept per distinct cell
    // text of at most 256 characters, up to a count past which cells are parsed as before (a
    // hostile file of distinct or long cells costs what it did, and the cache at most ~40 MB).
    template<typename V, typename F>
    static V memo(QHash<QString, V> &cache, qsizetype bound, const QString &cell, F parse)
    {
        if (const auto it = cache.constFind(cell); it != cache.cend())
            return *it;
        V v = parse(cell);
        if (cache.size() < bound && cell.size() <= 256)
            cache.insert(cell, v);
        return v;
    }
    DType dtypeOf(const QString &cell) { return memo(m_dtypeMemo, 256, cell, dtypeFromName); }
    QList<qint64> shapeFor(const QString &cell)
    {
        return memo(m_shapeMemo, 65536, cell, [this](const QString &c) {
            return m_shapes.intern(shapeOf(c));
        });
    }
    quint32 reasonsOf(const QString &message)
    {
        return memo(m_reasonMemo, 4096, message, reasonsFromMessage);
    }

    TensorStats statsAt(const QStringList &row, int which) const
    {
        const int *stats = m_col.stat[which];
        TensorStats s;
        s.max = cellNumber(cellAt(row, stats[0]));
        s.min = cellNumber(cellAt(row, stats[1]));
        s.mean = cellNumber(cellAt(row, stats[2]));
        s.norm = cellNumber(cellAt(row, stats[3]));
        return s;
    }

    // Heap bytes of a string's text as malloc hands them out (header, UTF-16, rounding); 0 when
    // it allocated nothing or shares the text of `other` (implicit sharing).
    static qint64 textBytes(const QString &s, const QString *other = nullptr)
    {
        if (s.isEmpty() || (other && other->constData() == s.constData()))
            return 0;
        return (qint64(16 + 2 * (s.capacity() + 1)) + 8 + 15) & ~qint64(15);
    }

    // What a row keeps: its tensors (their names and ops, what interning added), the row, its
    // message and metrics. Counted per row so that long names or messages cap sooner.
    qint64 keptBytes(const TensorEntry &npu, const TensorEntry *bench, const CompareRow *r)
    {
        qint64 bytes = qint64(sizeof(TensorEntry)) + textBytes(npu.name) + textBytes(npu.op);
        if (bench)
            bytes += qint64(sizeof(TensorEntry)) + textBytes(bench->name, &npu.name) +
                     textBytes(bench->op, &npu.op);
        bytes += r ? qint64(sizeof(CompareRow)) + textBytes(r->message) +
                         (r->metrics.hasValue() ? qint64(sizeof(PairMetrics)) + 16 : 0)
                   : qint64(sizeof(int));
        // A new distinct shape or op type: its set node and its data.
        const qint64 interned = m_shapes.values.size() + m_opTypes.values.size();
        bytes += (interned - m_interned) * 256;
        m_interned = interned;
        return bytes;
    }

    // False once the cap is reached: the row is counted as left out.
    bool roomFor(qint64 bytes)
    {
        if ((m_maxRows > 0 && m_kept >= m_maxRows) ||
            (m_budget > 0 && m_maxRows <= 0 && m_used + bytes > m_budget)) {
            m_full = true;
            ++m_rowsLeftOut;
            return false;
        }
        m_used += bytes;
        ++m_kept;
        return true;
    }

    Interner<QList<qint64>> m_shapes;
    QHash<QString, DType> m_dtypeMemo;
    QHash<QString, QList<qint64>> m_shapeMemo;
    QHash<QString, quint32> m_reasonMemo;
    Interner<QString> m_opTypes;
    qint64 m_interned = 0;
    QString m_name, m_found;
    const ByteSource *m_bytes = nullptr;
    qint64 m_budget = 0, m_maxRows = 0, m_used = 0, m_kept = 0, m_rowsLeftOut = 0;
    bool m_full = false; // the cap was reached: every later row is left out
    bool m_notCompareResult = false;
    ColumnIndex m_col{};
    std::shared_ptr<TensorDump> m_bench, m_npu;
    std::shared_ptr<DumpComparison> m_c;
};

void CompareResultBuilder::row(const QStringList &row, ResultTable::Fill fill)
{
    QString nName = cellAt(row, m_col.npuName), bName = cellAt(row, m_col.benchName);
    if (nName.isEmpty() && bName.isEmpty())
        return;
    if (m_full) { // past the cap: counted, not built
        ++m_rowsLeftOut;
        return;
    }
    const bool noBench = bName.isEmpty() || bName == u"N/A"_s;
    if (nName.isEmpty()) // a spreadsheet re-save dropped it (docs/FORMATS.md §5.8)
        nName = bName;
    if (nName == bName)
        bName = nName; // one string for both sides
    TensorEntry n = side(row, nName, 0);
    if (noBench) {
        if (!roomFor(keptBytes(n, nullptr, nullptr)))
            return;
        m_npu->tensors << n;
        m_c->unmatchedNpu << int(m_npu->tensors.size() - 1);
        return;
    }
    TensorEntry b = benchSide(row, bName, n);
    m_npu->tensors << n;
    m_bench->tensors << b;
    CompareRow r;
    r.bench = int(m_bench->tensors.size() - 1);
    r.npu = int(m_npu->tensors.size() - 1);
    const TensorStats npuStats = *n.stats, benchStats = *m_bench->tensors.last().stats;
    StatsDiff &d = r.stats;
    d.maxDiff = cellNumber(cellAt(row, m_col.maxDiff));
    d.minDiff = cellNumber(cellAt(row, m_col.minDiff));
    d.meanDiff = cellNumber(cellAt(row, m_col.meanDiff));
    d.normDiff = cellNumber(cellAt(row, m_col.normDiff));
    if (m_c->statisticsMode) {
        // Statistics mode keeps no metrics box (328 bytes a row, a third of a 2 M-row result):
        // the file's only metric there, MaxRelativeErr, is the relative difference of the maxima,
        // kept in the row's StatsDiff, where DumpComparison::maxRelErr reads it for the JSON; the
        // sides' statistics live in their tensors (DumpComparison::npuStats). The file's cosine,
        // EucDist and error ratios are columns of tensor mode only.
        d.maxRel = cellNumber(cellAt(row, m_col.maxRel));
        d.minRel = cellNumber(cellAt(row, m_col.minRel));
        d.meanRel = cellNumber(cellAt(row, m_col.meanRel));
        d.normRel = cellNumber(cellAt(row, m_col.normRel));
    } else {
        PairMetrics &m = r.metrics.edit();
        m.cosine = cellNumber(cellAt(row, m_col.cosine));
        m.eucDist = cellNumber(cellAt(row, m_col.eucDist));
        m.maxAbsErr = cellNumber(cellAt(row, m_col.maxAbs));
        m.maxRelErr = cellNumber(cellAt(row, m_col.maxRel));
        m.oneThousandthRatio = cellNumber(cellAt(row, m_col.oneThousandth));
        m.fiveThousandthRatio = cellNumber(cellAt(row, m_col.fiveThousandth));
        m.npu = npuStats;
        m.bench = benchStats;
    }
    r.message = cellAt(row, m_col.message);
    // NaN/Inf the NPU has and the bench has not, by statistics.
    for (const auto &[x, y] :
         {std::pair{npuStats.max, benchStats.max}, std::pair{npuStats.min, benchStats.min}})
        if (!std::isfinite(x) && !(x == y || (std::isnan(x) && std::isnan(y))) &&
            !cellAt(row, m_col.stat[0][0]).isEmpty())
            r.nonFiniteGained = true;
    r.npuNonFinite = std::isinf(npuStats.max) || std::isinf(npuStats.min) || r.nonFiniteGained;
    const QString acc = cellAt(row, m_col.accuracy), res = cellAt(row, m_col.result).toLower();
    r.accuracy = acc == u"Yes"_s         ? Accuracy::Yes
                 : acc == u"No"_s        ? Accuracy::No
                 : acc == u"Unmatched"_s ? Accuracy::Unmatched
                                         : Accuracy::None;
    // The file's verdict, with one reconciliation: msprobe paints a row red whenever the NPU's max
    // or min is non-finite, also when the bench holds the same values (a causal mask); Twinscope's
    // policy (METRICS.md §4.5, difference 1) does not count shared values.
    const quint32 parsed = reasonsOf(r.message);
    r.reasons = parsed & ~quint32(VerdictReason::NonFiniteGained);
    if (r.nonFiniteGained)
        r.reasons |= quint32(VerdictReason::NonFiniteGained);
    if (r.accuracy == Accuracy::No)
        r.reasons |= quint32(VerdictReason::AccuracyNotReached);
    const bool red = fill == ResultTable::Fill::Red && (parsed == 0 || (r.reasons & ErrorReasons));
    const bool error = red || (r.reasons & ErrorReasons) || res == u"error"_s;
    const bool warning =
        fill == ResultTable::Fill::Yellow || res == u"warning"_s || (r.reasons & ~ErrorReasons);
    r.verdict = r.accuracy == Accuracy::Unmatched || r.message.contains(u"Shape of NPU and bench"_s)
                    ? Verdict::Unmatched
                : error   ? Verdict::Error
                : warning ? Verdict::Warning
                          : Verdict::Pass;
    if (!roomFor(keptBytes(n, &b, &r))) {
        m_npu->tensors.removeLast();
        m_bench->tensors.removeLast();
        return;
    }
    m_c->rows << std::move(r);
}

} // namespace

Result<DumpComparison>
compareResultFromTable(const ResultTable &table, const QString &name, const CancelToken &cancel)
{
    CompareResultBuilder builder(name);
    if (builder.header(table.header)) {
        for (int i = 0; i < table.rows.size(); ++i) {
            if ((i % 1024) == 0 && cancel.isCanceled())
                return Result<DumpComparison>::canceled();
            builder.row(table.rows[i], table.fills.value(i, ResultTable::Fill::None));
        }
    }
    auto r = builder.finish(table);
    if (cancel.isCanceled())
        return Result<DumpComparison>::canceled();
    return r;
}

qint64 compareResultRowBudget(qint64 fileBytes)
{
    const qint64 bound = std::max<qint64>(4 * fileBytes, qint64(512) << 20);
    return bound - (qint64(128) << 20);
}

Result<DumpComparison> loadCompareResult(const Source &source,
                                         ProgressSink &progress,
                                         const CancelToken &cancel,
                                         qint64 maxRows)
{
    progress.report(0, Tr::tr("Reading the compare result"));
    Error error;
    auto bytes = ByteSource::open(source, &error);
    if (!bytes)
        return Result<DumpComparison>::failed(error);
    const std::string_view head = bytes->data();
    // Rows go straight into the comparison: the table of strings is never held whole.
    CompareResultBuilder builder(source.name(),
                                 bytes.get(),
                                 maxRows > 0 ? 0 : compareResultRowBudget(bytes->size()),
                                 maxRows);
    std::optional<ResultTable> table;
    if (head.substr(0, 4) == std::string_view("PK\x03\x04", 4)) {
        const auto zip = ZipReader::open(source, &error);
        if (zip)
            table = readXlsxTable(*zip, cancel, &error, &builder);
    } else {
        table = readCsvTable(head, source.name(), cancel, &error, &builder);
    }
    if (cancel.isCanceled())
        return Result<DumpComparison>::canceled();
    if (!table)
        return Result<DumpComparison>::failed(error);
    auto r = builder.finish(*table);
    if (cancel.isCanceled()) // markDivergence over millions of rows takes a while
        return Result<DumpComparison>::canceled();
    progress.report(1000, Tr::tr("Reading the compare result"));
    return r;
}

} // namespace Twinscope::Core
