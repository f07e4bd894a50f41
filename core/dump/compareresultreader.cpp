#include "compareresultreader.h"

#include "core/common/bytesource.h"
#include "core/common/tr.h"
#include "core/common/zipreader.h"
#include "core/tensor/dumpnames.h"
#include "verdictpolicy.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// A cell as a number: msprobe's "inf\t", "-inf\t", "Nan", percentages "12.5%", True/False;
// "N/A", "unsupported", "None" and empty cells are NaN.
double cellNumber(const QString &cell)
{
    QString s = cell.trimmed();
    const bool percent = s.endsWith(u'%');
    if (percent)
        s.chop(1);
    const QString lower = s.toLower();
    if (lower == u"inf"_s || lower == u"+inf"_s)
        return INFINITY;
    if (lower == u"-inf"_s)
        return -INFINITY;
    if (lower == u"true"_s)
        return 1;
    if (lower == u"false"_s)
        return 0;
    bool ok = false;
    const double v = s.toDouble(&ok);
    if (!ok)
        return std::nan("");
    return percent ? v / 100 : v;
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

Result<DumpComparison>
compareResultFromTable(const ResultTable &table, const QString &name, const CancelToken &cancel)
{
    if (!isCompareResultHeader(table.header)) {
        Error e = Error::make(ErrorCode::UnknownFormat,
                              Tr::tr("not a compare result: the header has no NPU Name and Bench "
                                     "Name columns"),
                              name);
        e.found = table.header.mid(0, 6).join(u", "_s);
        return Result<DumpComparison>::failed(e);
    }
    const Columns col{table};
    const int npuName = col({u"NPU Name"}), benchName = col({u"Bench Name"});
    const int npuDtype = col({u"NPU Dtype", u"NPU Tensor Dtype"});
    const int benchDtype = col({u"Bench Dtype", u"Bench Tensor Dtype"});
    const int npuShape = col({u"NPU Tensor Shape"}), benchShape = col({u"Bench Tensor Shape"});
    const int npuGrad = col({u"NPU Requires_grad"}), benchGrad = col({u"Bench Requires_grad"});
    const int accuracy = col({u"Accuracy Reached or Not"}), result = col({u"Result"});
    const int message = col({u"Err_message"});
    const int stat[2][4] = {
        {col({u"NPU max"}), col({u"NPU min"}), col({u"NPU mean"}), col({u"NPU l2norm"})},
        {col({u"Bench max"}), col({u"Bench min"}), col({u"Bench mean"}), col({u"Bench l2norm"})}};
    const bool statisticsMode = col({u"Max diff"}) >= 0 && col({u"Cosine"}) < 0;

    auto bench = std::make_shared<TensorDump>();
    auto npu = std::make_shared<TensorDump>();
    for (TensorDump *d : {bench.get(), npu.get()}) {
        d->path = name;
        d->format = u"compare_result"_s;
        d->statisticsOnly = true;
    }
    auto c = std::make_shared<DumpComparison>();
    c->bench = bench;
    c->npu = npu;
    c->statisticsMode = statisticsMode;
    auto side = [&](const QStringList &row,
                    int nameCol,
                    int dtypeCol,
                    int shapeCol,
                    int gradCol,
                    const int *stats) {
        TensorEntry t = entryFor(cellAt(row, nameCol));
        t.dtype = dtypeFromName(cellAt(row, dtypeCol));
        t.shape = shapeOf(cellAt(row, shapeCol));
        t.requiresGrad = boolOf(cellAt(row, gradCol));
        TensorStats s;
        s.max = cellNumber(cellAt(row, stats[0]));
        s.min = cellNumber(cellAt(row, stats[1]));
        s.mean = cellNumber(cellAt(row, stats[2]));
        s.norm = cellNumber(cellAt(row, stats[3]));
        t.stats = s;
        return t;
    };
    for (int i = 0; i < table.rows.size(); ++i) {
        if ((i % 1024) == 0 && cancel.isCanceled())
            return Result<DumpComparison>::canceled();
        const QStringList &row = table.rows[i];
        QString nName = cellAt(row, npuName), bName = cellAt(row, benchName);
        if (nName.isEmpty() && bName.isEmpty())
            continue;
        const bool noBench = bName.isEmpty() || bName == u"N/A"_s;
        if (nName.isEmpty()) // a spreadsheet re-save dropped it (docs/FORMATS.md §5.8)
            nName = bName;
        TensorEntry n = side(row, npuName, npuDtype, npuShape, npuGrad, stat[0]);
        n.name = n.key = nName;
        npu->tensors << n;
        if (noBench) {
            c->unmatchedNpu << int(npu->tensors.size() - 1);
            continue;
        }
        bench->tensors << side(row, benchName, benchDtype, benchShape, benchGrad, stat[1]);
        CompareRow r;
        r.bench = int(bench->tensors.size() - 1);
        r.npu = int(npu->tensors.size() - 1);
        PairMetrics &m = r.metrics.edit();
        m.cosine = cellNumber(cellAt(row, col({u"Cosine"})));
        m.eucDist = cellNumber(cellAt(row, col({u"EucDist"})));
        m.maxAbsErr = cellNumber(cellAt(row, col({u"MaxAbsErr"})));
        m.maxRelErr = cellNumber(cellAt(row, col({u"MaxRelativeErr"})));
        m.oneThousandthRatio = cellNumber(cellAt(row, col({u"One Thousandth Err Ratio"})));
        m.fiveThousandthRatio = cellNumber(cellAt(row, col({u"Five Thousandths Err Ratio"})));
        m.npu = *n.stats;
        m.bench = *bench->tensors.last().stats;
        StatsDiff &d = r.stats;
        d.maxDiff = cellNumber(cellAt(row, col({u"Max diff"})));
        d.minDiff = cellNumber(cellAt(row, col({u"Min diff"})));
        d.meanDiff = cellNumber(cellAt(row, col({u"Mean diff"})));
        d.normDiff = cellNumber(cellAt(row, col({u"L2norm diff"})));
        if (statisticsMode) {
            d.maxRel = m.maxRelErr;
            d.minRel = cellNumber(cellAt(row, col({u"MinRelativeErr"})));
            d.meanRel = cellNumber(cellAt(row, col({u"MeanRelativeErr"})));
            d.normRel = cellNumber(cellAt(row, col({u"NormRelativeErr"})));
        }
        r.message = cellAt(row, message);
        // NaN/Inf the NPU has and the bench has not, by statistics.
        for (const auto &[x, y] :
             {std::pair{m.npu.max, m.bench.max}, std::pair{m.npu.min, m.bench.min}})
            if (!std::isfinite(x) && !(x == y || (std::isnan(x) && std::isnan(y))) &&
                !cellAt(row, stat[0][0]).isEmpty())
                r.nonFiniteGained = true;
        r.npuNonFinite = std::isinf(m.npu.max) || std::isinf(m.npu.min) || r.nonFiniteGained;
        const QString acc = cellAt(row, accuracy), res = cellAt(row, result).toLower();
        r.accuracy = acc == u"Yes"_s         ? Accuracy::Yes
                     : acc == u"No"_s        ? Accuracy::No
                     : acc == u"Unmatched"_s ? Accuracy::Unmatched
                                             : Accuracy::None;
        // The file's verdict, with one reconciliation: msprobe paints a row red whenever the NPU's
        // max or min is non-finite, also when the bench holds the same values (a causal mask);
        // Twinscope's policy (METRICS.md §4.5, difference 1) does not count shared values.
        const quint32 parsed = reasonsFromMessage(r.message);
        r.reasons = parsed & ~quint32(VerdictReason::NonFiniteGained);
        if (r.nonFiniteGained)
            r.reasons |= quint32(VerdictReason::NonFiniteGained);
        if (r.accuracy == Accuracy::No)
            r.reasons |= quint32(VerdictReason::AccuracyNotReached);
        const ResultTable::Fill fill = table.fills.value(i, ResultTable::Fill::None);
        const bool red =
            fill == ResultTable::Fill::Red && (parsed == 0 || (r.reasons & ErrorReasons));
        const bool error = red || (r.reasons & ErrorReasons) || res == u"error"_s;
        const bool warning =
            fill == ResultTable::Fill::Yellow || res == u"warning"_s || (r.reasons & ~ErrorReasons);
        r.verdict =
            r.accuracy == Accuracy::Unmatched || r.message.contains(u"Shape of NPU and bench"_s)
                ? Verdict::Unmatched
            : error   ? Verdict::Error
            : warning ? Verdict::Warning
                      : Verdict::Pass;
        c->rows << r;
    }
    markDivergence(c.get());
    if (cancel.isCanceled())
        return Result<DumpComparison>::canceled();
    Diagnostics diagnostics;
    if (table.cutCells > 0)
        diagnostics.add(
            u"long_cell"_s,
            Tr::tr("Cells longer than %1 bytes were cut there.").arg(MaxResultCellBytes),
            Location{},
            Severity::Warning,
            table.cutCells);
    if (table.droppedCells > 0)
        diagnostics.add(u"cells_past_header"_s,
                        Tr::tr("Rows hold cells past the header's columns; they were left out."),
                        Location{},
                        Severity::Warning,
                        table.droppedCells);
    return Result<DumpComparison>::ok(c, std::move(diagnostics));
}

Result<DumpComparison>
loadCompareResult(const Source &source, ProgressSink &progress, const CancelToken &cancel)
{
    progress.report(0, Tr::tr("Reading the compare result"));
    Error error;
    auto bytes = ByteSource::open(source, &error);
    if (!bytes)
        return Result<DumpComparison>::failed(error);
    const std::string_view head = bytes->data();
    std::optional<ResultTable> table;
    if (head.substr(0, 4) == std::string_view("PK\x03\x04", 4)) {
        const auto zip = ZipReader::open(source, &error);
        if (zip)
            table = readXlsxTable(*zip, cancel, &error);
    } else {
        table = readCsvTable(head, source.name(), cancel, &error);
    }
    if (cancel.isCanceled())
        return Result<DumpComparison>::canceled();
    if (!table)
        return Result<DumpComparison>::failed(error);
    auto r = compareResultFromTable(*table, source.name(), cancel);
    progress.report(1000, Tr::tr("Reading the compare result"));
    return r;
}

} // namespace Twinscope::Core
