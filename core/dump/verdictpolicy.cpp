#include "verdictpolicy.h"

#include "core/common/tr.h"

#include <QHash>

#include <algorithm>
#include <climits>
#include <cmath>
#include <tuple>
#include <vector>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr double Epsilon = 1e-10; // msprobe CompareConst.EPSILON in the statistics magnitude

struct ReasonInfo
{
    VerdictReason reason;
    const char16_t *id;
    const char *text;
};

// The texts are msprobe's highlight messages where msprobe has the rule.
const ReasonInfo Reasons[] = {
    {VerdictReason::Unreadable, u"unreadable", QT_TRANSLATE_NOOP("Core", "a side cannot be read")},
    {VerdictReason::DtypeMismatch,
     u"dtype_mismatch",
     QT_TRANSLATE_NOOP("Core", "Dtype of NPU and bench tensor do not match.")},
    {VerdictReason::AccuracyNotReached,
     u"accuracy_not_reached",
     QT_TRANSLATE_NOOP("Core", "Accuracy not reached (cosine and maximum absolute error)")},
    {VerdictReason::NonFiniteGained,
     u"nonfinite_gained",
     QT_TRANSLATE_NOOP("Core", "the NPU has NaN or Inf where the bench has none")},
    {VerdictReason::HugeError,
     u"huge_error",
     QT_TRANSLATE_NOOP("Core", "maximum absolute error exceeds 1e+10")},
    {VerdictReason::AccuracyDrop,
     u"accuracy_drop",
     QT_TRANSLATE_NOOP("Core",
                       "The input/parameter's one thousandth err ratio exceeds 0.9, while the "
                       "output's is below 0.6")},
    {VerdictReason::OutputMaxRelative,
     u"output_max_relative",
     QT_TRANSLATE_NOOP("Core", "maximum relative error exceeds 0.5")},
    {VerdictReason::ArgumentChanged,
     u"argument_changed",
     QT_TRANSLATE_NOOP("Core", "a non-tensor argument of this call differs")},
    {VerdictReason::AllcloseFailed,
     u"allclose_failed",
     QT_TRANSLATE_NOOP("Core", "elements differ beyond allclose")},
    {VerdictReason::StatisticsDiffer,
     u"statistics_differ",
     QT_TRANSLATE_NOOP("Core", "Need double check api accuracy.")},
    {VerdictReason::AccuracyDecrease,
     u"accuracy_decrease",
     QT_TRANSLATE_NOOP("Core",
                       "The output's one thousandth err ratio decreases by more than 0.1 "
                       "compared to the input/parameter's")},
    {VerdictReason::CosineDecrease,
     u"cosine_decrease",
     QT_TRANSLATE_NOOP("Core",
                       "The output's cosine decreases by more than 0.1 compared to the "
                       "input/parameter's")},
    {VerdictReason::ErrorGrowth,
     u"error_growth",
     QT_TRANSLATE_NOOP("Core",
                       "maximum absolute error of both input/parameters and output exceed 1, "
                       "with the output larger by an order of magnitude")},
    {VerdictReason::OutputRelativeGrowth,
     u"output_relative_growth",
     QT_TRANSLATE_NOOP("Core",
                       "The output's maximum relative error exceeds 0.1, while the "
                       "input/parameter's is below 0.01")},
    {VerdictReason::RequiresGradDiffers,
     u"requires_grad_differs",
     QT_TRANSLATE_NOOP("Core", "requires_grad is inconsistent")},
    {VerdictReason::StatisticsRounding,
     u"statistics_rounding",
     QT_TRANSLATE_NOOP("Core",
                       "Need double check api accuracy. Only the Mean moved, by less than the "
                       "rounding of the run's precision: not a divergence")},
};

} // namespace

double unitRoundoff(DType t)
{
    switch (t) {
    case DType::BFloat16:
        return std::ldexp(1.0, -8);
    case DType::Float16:
        return std::ldexp(1.0, -11);
    case DType::Float32:
        return std::ldexp(1.0, -24);
    case DType::Float64:
        return std::ldexp(1.0, -53);
    default:
        return 0;
    }
}

namespace {

int dtypeGroup(DType t)
{
    if (dtypeIsFloat(t))
        return 1;
    if (t == DType::Int32 || t == DType::Int64)
        return 2;
    return 0;
}

// The largest finite magnitude among the values (0 when none is finite).
double magnitude(std::initializer_list<double> values)
{
    double m = 0;
    for (double v : values)
        if (std::isfinite(v))
            m = std::max(m, std::fabs(v));
    return m;
}

bool allFinite(std::initializer_list<double> values)
{
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

// Why a pair fails allclose, in words: the share within, and a uniform scale when every element
// moved by the same factor (cosine 1, each element's relative error equal to the norms' ratio).
QString allcloseText(const PairMetrics &m)
{
    QString text = Tr::tr("%1 % of elements within allclose (rtol %2, atol %3)")
                       .arg(QString::number(100 * m.allclosePassShare, 'g', 4),
                            QString::number(m.rtol),
                            QString::number(m.atol));
    const double ratio = m.npu.norm / m.bench.norm;
    const double moved = std::fabs(ratio - 1);
    if (std::isfinite(ratio) && m.cosine >= 0.999999 && moved > 0 &&
        std::fabs(m.maxRelErr - moved) <= 0.01 * moved)
        text += u"; "_s + Tr::tr("every element %1 % %2: a scale (×%3, cosine 1)")
                              .arg(QString::number(100 * moved, 'g', 3),
                                   ratio > 1 ? Tr::tr("larger") : Tr::tr("smaller"),
                                   QString::number(ratio, 'g', 6));
    else if (std::isfinite(m.maxRelErr))
        text += u"; "_s +
                Tr::tr("max relative error %1 %").arg(QString::number(100 * m.maxRelErr, 'g', 3));
    return text;
}

bool sameValue(double x, double y)
{
    return x == y || (std::isnan(x) && std::isnan(y));
}

// The statistics a row shows: what the dump recorded (msprobe dump.json), else what the
// comparison computed.
TensorStats shownStats(const TensorEntry &t, const TensorStats &computed)
{
    return t.stats ? *t.stats : computed;
}

class Policy
{
public:
    explicit Policy(DumpComparison *c)
        : m_c(*c)
        , m_t(c->options.thresholds)
        , m_u(runUnitRoundoff(*c->bench, *c->npu))
    {}

    void run()
    {
        for (CompareRow &r : m_c.rows)
            rowRules(r);
        compareArguments(); // before the call rules: numeric arguments are inputs there
        callRules();
        for (CompareRow &r : m_c.rows)
            finishRow(r);
        markDivergence(&m_c);
    }

private:
    const TensorEntry &benchOf(const CompareRow &r) const { return m_c.bench->tensors[r.bench]; }
    const TensorEntry &npuOf(const CompareRow &r) const { return m_c.npu->tensors[r.npu]; }
    static void add(CompareRow &r, VerdictReason reason) { r.reasons |= quint32(reason); }
    static bool has(const CompareRow &r, VerdictReason reason)
    {
        return r.reasons & quint32(reason);
    }
    static bool compared(const CompareRow &r) { return r.verdict == Verdict::Pass; }

    // The noise floor of a Mean difference: rounding at the run's precision times the tensor's
    // largest magnitude (a mean cancels; its error is relative to the elements, not to itself).
    double noiseFloor(const CompareRow &r) const
    {
        const TensorStats n = m_c.npuStats(r), b = m_c.benchStats(r);
        return m_t.statNoiseUnits * m_u * magnitude({n.max, n.min, b.max, b.min});
    }

    Accuracy accuracy(const CompareRow &r) const
    {
        const PairMetrics &m = *r.metrics;
        if (m.count == 0 || std::isnan(m.maxAbsErr))
            return m.maskMismatch ? Accuracy::No : Accuracy::None;
        const TensorEntry &n = npuOf(r);
        if (n.shape.isEmpty() || (n.shape.size() == 1 && n.shape[0] == 1))
            return Accuracy::None; // msprobe: Cosine "unsupported"
        // Per dtype: MaxAbsErr above 1 fails only beyond 4 units of the run's roundoff at the
        // bench's largest magnitude (bf16 holds values above 256 only to ±1).
        const double ceiling = std::max(
            m_t.maxAbsErrCeiling,
            4 * m_u * magnitude({m.bench.max, m.bench.min, m.benchFiniteMax, m.benchFiniteMin}));
        // A NaN cosine (an all-zero side) leaves only the MaxAbsErr clause, as in msprobe.
        const bool no = (m.cosine < m_t.cosine && m.maxAbsErr > m_t.maxAbsErr) ||
                        m.cosine < m_t.cosineFloor || m.maxAbsErr > ceiling;
        return no ? Accuracy::No : Accuracy::Yes;
    }

    void rowRules(CompareRow &r)
    {
        const TensorEntry &b = benchOf(r), &n = npuOf(r);
        if (r.verdict == Verdict::Unmatched) {
            r.accuracy = Accuracy::Unmatched;
            return;
        }
        if (r.verdict == Verdict::Error)
            add(r, VerdictReason::Unreadable);
        if (!dtypesComparable(b.dtype, n.dtype))
            add(r, VerdictReason::DtypeMismatch);
        if (b.requiresGrad >= 0 && n.requiresGrad >= 0 && b.requiresGrad != n.requiresGrad)
            add(r, VerdictReason::RequiresGradDiffers);
        if (!compared(r))
            return;
        if (m_c.statisticsMode)
            statisticsRules(r);
        else
            tensorRules(r);
    }

    void tensorRules(CompareRow &r)
    {
        const PairMetrics &m = *r.metrics;
        r.accuracy = accuracy(r);
        if (r.accuracy == Accuracy::No)
            add(r, VerdictReason::AccuracyNotReached);
        r.npuNonFinite = m.nanNpu + m.infNpu > 0;
        r.nonFiniteGained = m.nonFiniteGained > 0;
        if (r.nonFiniteGained)
            add(r, VerdictReason::NonFiniteGained);
        if (std::isfinite(m.maxAbsErr) && m.maxAbsErr > m_t.maxDiffRed)
            add(r, VerdictReason::HugeError);
    }

    void statisticsRules(CompareRow &r)
    {
        const TensorStats n = m_c.npuStats(r), b = m_c.benchStats(r);
        // msprobe's Result: Warning when a statistic moved by more than MAGNITUDE of the larger
        // value's magnitude. A Mean cancels, so its rounding is relative to the largest element;
        // Max, Min and Norm round relative to themselves. A warning whose every move is rounding
        // (only the Mean of a bf16 run moved, ±1e-9 around 0) stays a warning but is not a
        // divergence.
        const double meanFloor = noiseFloor(r);
        double worst = 0;
        bool warn = false, beyondRounding = false;
        for (const auto &[x, y, isMean] : {std::tuple{n.max, b.max, false},
                                           std::tuple{n.min, b.min, false},
                                           std::tuple{n.mean, b.mean, true},
                                           std::tuple{n.norm, b.norm, false}}) {
            if (sameValue(x, y))
                continue;
            // The NPU gains NaN/Inf when one of its statistics is not finite and the bench's is
            // not that same value (a shared -inf mask leaves both Min at -inf).
            if (!std::isfinite(x))
                r.nonFiniteGained = true;
            if (!std::isfinite(x) || !std::isfinite(y)) {
                // NaN/Inf on one side only, or different ones: msprobe's magnitude is NaN there
                // and never warns; Twinscope does (METRICS.md §4.5).
                warn = beyondRounding = true;
                worst = INFINITY;
                continue;
            }
            const double d = std::fabs(x - y);
            const double scale = std::max(std::fabs(x), std::fabs(y));
            // msprobe 8.3.3 (acc_compare.calc_summary_diff) divides by |max(npu, bench)|, the
            // signed larger value: -1.54 against -1 is measured against 1, not 1.54.
            const double share = d / (std::fabs(std::max(x, y)) + Epsilon);
            worst = std::max(worst, share);
            warn = warn || share > m_t.statMagnitude;
            const double rounding = isMean ? meanFloor : 2 * m_t.statNoiseUnits * m_u * scale;
            beyondRounding = beyondRounding || d > rounding;
        }
        r.stats.worst = worst;
        r.npuNonFinite = r.nonFiniteGained || std::isinf(n.max) || std::isinf(n.min);
        if (r.nonFiniteGained)
            add(r, VerdictReason::NonFiniteGained);
        if (warn)
            add(r,
                beyondRounding ? VerdictReason::StatisticsDiffer
                               : VerdictReason::StatisticsRounding);
        if (std::isfinite(r.stats.maxDiff) && std::fabs(r.stats.maxDiff) > m_t.maxDiffRed)
            add(r, VerdictReason::HugeError);
    }

    // msprobe's input/output rules: each output row of a call against the call's input and
    // parameter rows, when the values involved are numbers.
    bool numeric(const CompareRow &r) const
    {
        if (!compared(r))
            return false;
        const TensorStats n = shownStats(npuOf(r), m_c.npuStats(r));
        const TensorStats b = shownStats(benchOf(r), m_c.benchStats(r));
        const double maxDiff = m_c.statisticsMode ? r.stats.maxDiff : r.metrics->maxAbsErr;
        return allFinite({n.max, b.max, maxDiff});
    }

    // An input of a call as the input/output rules see it: a tensor row, or (statistics mode) a
    // numeric non-tensor argument, which msprobe's rules count as an input row too.
    struct Input
    {
        double err;    // MaxAbsErr (statistics: |Max diff|)
        double maxRel; // statistics: MaxRelativeErr; NaN where msprobe writes N/A
        const CompareRow *row = nullptr;
    };

    double errOf(const CompareRow &r) const
    {
        return std::fabs(m_c.statisticsMode ? r.stats.maxDiff : r.metrics->maxAbsErr);
    }

    // The numeric non-tensor arguments of every call, as msprobe's statistics rows hold them:
    // ints and floats (not bools) whose values and difference are numbers.
    QHash<QStringView, QList<Input>> argumentInputs() const
    {
        QHash<QStringView, QList<Input>> out;
        if (!m_c.statisticsMode)
            return out;
        for (const ArgumentDiff &d : m_c.arguments) {
            const ArgumentEntry &b = m_c.bench->arguments[d.bench], &n = m_c.npu->arguments[d.npu];
            if (b.isOutput || b.type == u"bool"_s || n.type == u"bool"_s ||
                !allFinite({b.number, n.number}))
                continue;
            const double diff = n.number - b.number;
            out[QStringView(b.op)].append(
                Input{std::fabs(diff), b.number != 0 ? std::fabs(diff / b.number) : NAN});
        }
        return out;
    }

    void callRules()
    {
        // Each call's input rows as a chain through one array (last input per call in the hash,
        // the one before it in previous[]): a list per call cost ~50 bytes a call more, with 10^6
        // rows alive (issue #16's memory bound).
        QHash<QStringView, int> lastInput; // views into the bench dump's op strings
        std::vector<int> previous(size_t(m_c.rows.size()), -1);
        for (int i = 0; i < m_c.rows.size(); ++i)
            if (!benchOf(m_c.rows[i]).isOutput) {
                int &last = lastInput[QStringView(benchOf(m_c.rows[i]).op)];
                previous[size_t(i)] = last - 1; // -1 for the call's first input
                last = i + 1;                   // 0 = none yet
            }
        const QHash<QStringView, QList<Input>> arguments = argumentInputs();
        for (CompareRow &out : m_c.rows) {
            if (!benchOf(out).isOutput || !numeric(out))
                continue;
            QList<Input> in;
            for (int k = lastInput.value(QStringView(benchOf(out).op)) - 1; k >= 0;
                 k = previous[size_t(k)])
                if (numeric(m_c.rows[k]))
                    in.prepend(Input{errOf(m_c.rows[k]), m_c.rows[k].stats.maxRel, &m_c.rows[k]});
            in << arguments.value(QStringView(benchOf(out).op));
            if (in.isEmpty())
                continue;
            errorGrowth(out, in);
            if (m_c.statisticsMode)
                statisticsCallRules(out, in);
            else
                tensorCallRules(out, in);
        }
    }

    void errorGrowth(CompareRow &out, const QList<Input> &in)
    {
        const double o = errOf(out);
        for (const Input &i : in) {
            const double x = i.err;
            if (x > o || x <= 1 || o <= 1)
                continue;
            if (std::log10(o) - std::log10(x) >= m_t.orderOfMagnitudeYellow)
                add(out, VerdictReason::ErrorGrowth);
        }
    }

    void tensorCallRules(CompareRow &out, const QList<Input> &in)
    {
        const double o = accurateShare(*out.metrics, m_u);
        // Twinscope blames the call only when every input is accurate; msprobe fires when any
        // one is, which blames an add for the error of its other operand.
        bool allAccurate = true, anyShare = false;
        for (const Input &input : in) {
            const CompareRow *i = input.row;
            if (!i)
                continue;
            const double x = accurateShare(*i->metrics, m_u);
            if (std::isnan(x))
                continue;
            anyShare = true;
            allAccurate = allAccurate && x > m_t.accurateInputRed;
            if (!std::isnan(o) && x - o > m_t.accurateDecreaseYellow)
                add(out, VerdictReason::AccuracyDecrease);
            if (i->metrics->cosine - out.metrics->cosine > m_t.cosineDecreaseYellow)
                add(out, VerdictReason::CosineDecrease);
        }
        if (anyShare && allAccurate && o < m_t.accurateOutputRed) {
            add(out, VerdictReason::AccuracyDrop);
            out.reasons &= ~quint32(VerdictReason::AccuracyDecrease);
        }
    }

    void statisticsCallRules(CompareRow &out, const QList<Input> &in)
    {
        const double o = out.stats.maxRel;
        if (o > m_t.maxRelativeOutRed)
            add(out, VerdictReason::OutputMaxRelative);
        for (const Input &i : in)
            if (o > m_t.maxRelativeOutYellow && i.maxRel < m_t.maxRelativeInYellow)
                add(out, VerdictReason::OutputRelativeGrowth);
    }

    void compareArguments()
    {
        const QList<ArgumentEntry> &ba = m_c.bench->arguments, &na = m_c.npu->arguments;
        QHash<QString, int> npuByKey;
        for (int j = 0; j < na.size(); ++j) {
            QString key = na[j].key;
            for (const auto &[re, replacement] : m_c.options.mapping)
                key.replace(re, replacement);
            npuByKey.insert(key, j);
        }
        QHash<QString, QStringList> changedByOp;
        for (int i = 0; i < ba.size(); ++i) {
            const int j = npuByKey.value(ba[i].key, -1);
            if (j < 0)
                continue;
            ArgumentDiff d{i, j, false};
            const bool numbers = !std::isnan(ba[i].number) || !std::isnan(na[j].number);
            d.changed =
                numbers ? !sameValue(ba[i].number, na[j].number) : ba[i].value != na[j].value;
            if (d.changed) {
                ++m_c.changedArguments;
                changedByOp[ba[i].op]
                    << Tr::tr("%1 = %2 (bench %3)")
                           .arg(ba[i].key.mid(ba[i].op.size() + 1), na[j].value, ba[i].value);
            }
            m_c.arguments.append(d);
        }
        // A changed argument is a cause in its own right: the call's outputs carry it.
        for (CompareRow &r : m_c.rows) {
            const auto it = changedByOp.constFind(benchOf(r).op);
            if (it == changedByOp.constEnd() || !benchOf(r).isOutput ||
                r.verdict == Verdict::Unmatched)
                continue;
            add(r, VerdictReason::ArgumentChanged);
            m_argumentNotes.insert(&r, it->join(u", "_s));
        }
    }

    void finishRow(CompareRow &r)
    {
        if (r.verdict != Verdict::Unmatched)
            r.verdict = (r.reasons & ErrorReasons) ? Verdict::Error
                        : r.reasons                ? Verdict::Warning
                                                   : Verdict::Pass;
        QStringList lines;
        if (!r.message.isEmpty())
            lines << r.message;
        for (const ReasonInfo &info : Reasons) {
            if (!has(r, info.reason) || info.reason == VerdictReason::Unreadable)
                continue;
            QString text = Tr::tr(info.text);
            if (info.reason == VerdictReason::NonFiniteGained && r.metrics->nonFiniteGained > 0)
                text = Tr::tr("the NPU has %n NaN/Inf value(s) where the bench has none (first "
                              "at element %1)",
                              nullptr,
                              int(std::min<qint64>(r.metrics->nonFiniteGained, INT_MAX)))
                           .arg(r.metrics->firstGainedNpu);
            // msprobe's texts name the 0.1 % ratio; other run precisions say which share they use.
            const QString tolerance = m_u >= unitRoundoff(DType::BFloat16)  ? u"1.6 %"_s
                                      : m_u >= unitRoundoff(DType::Float16) ? u"0.5 %"_s
                                                                            : QString();
            if (info.reason == VerdictReason::AccuracyDrop && !tolerance.isEmpty())
                text = Tr::tr("The input/parameter's share of elements within %1 relative error "
                              "exceeds 0.9, while the output's is below 0.6")
                           .arg(tolerance);
            if (info.reason == VerdictReason::AccuracyDecrease && !tolerance.isEmpty())
                text = Tr::tr("The output's share of elements within %1 relative error decreases "
                              "by more than 0.1 compared to the input/parameter's")
                           .arg(tolerance);
            if (info.reason == VerdictReason::ArgumentChanged)
                text = Tr::tr("a non-tensor argument of this call differs: %1")
                           .arg(m_argumentNotes.value(&r));
            lines << text;
        }
        r.message = lines.join(u'\n');
    }

    DumpComparison &m_c;
    const CompareThresholds &m_t;
    const double m_u; // the run's unit roundoff
    QHash<const CompareRow *, QString> m_argumentNotes;
};

} // namespace

QString verdictReasonId(VerdictReason reason)
{
    for (const ReasonInfo &info : Reasons)
        if (info.reason == reason)
            return QString::fromUtf16(info.id);
    return {};
}

QString verdictReasonText(VerdictReason reason)
{
    for (const ReasonInfo &info : Reasons)
        if (info.reason == reason)
            return Tr::tr(info.text);
    return {};
}

QStringList verdictReasonIds(quint32 reasons)
{
    QStringList ids;
    for (const ReasonInfo &info : Reasons)
        if (reasons & quint32(info.reason))
            ids << QString::fromUtf16(info.id);
    return ids;
}

double runUnitRoundoff(const TensorDump &bench, const TensorDump &npu)
{
    double u = 0;
    for (const TensorDump *d : {&bench, &npu})
        for (const TensorEntry &t : d->tensors)
            u = std::max(u, unitRoundoff(t.dtype));
    return u;
}

bool dtypesComparable(DType a, DType b)
{
    return a == b || (dtypeGroup(a) != 0 && dtypeGroup(a) == dtypeGroup(b));
}

double accurateShare(const PairMetrics &m, double runRoundoff)
{
    if (runRoundoff >= unitRoundoff(DType::BFloat16))
        return m.bf16ToleranceRatio;
    if (runRoundoff >= unitRoundoff(DType::Float16))
        return m.fiveThousandthRatio;
    return m.oneThousandthRatio;
}

QString accuracyText(Accuracy a)
{
    switch (a) {
    case Accuracy::Yes:
        return u"Yes"_s;
    case Accuracy::No:
        return u"No"_s;
    case Accuracy::Unmatched:
        return u"Unmatched"_s;
    case Accuracy::None:
        break;
    }
    return u"None"_s;
}

int DumpComparison::countVerdict(Verdict v) const
{
    return int(std::count_if(
        rows.begin(), rows.end(), [v](const CompareRow &r) { return r.verdict == v; }));
}

void markDivergence(DumpComparison *c)
{
    QHash<QString, bool> inputDiverged;
    bool outputDivergedBefore = false;
    c->firstDivergent = c->nanOrigin = -1;
    for (int i = 0; i < c->rows.size(); ++i) {
        CompareRow &r = c->rows[i];
        const TensorEntry &b = c->bench->tensors[r.bench];
        // Divergent: an error about the values (an unreadable side says nothing about them), or a
        // statistic that moved (statistics mode).
        const quint32 unreadable = quint32(VerdictReason::Unreadable);
        r.divergent = (r.verdict == Verdict::Error && r.reasons != unreadable) ||
                      (r.reasons & quint32(VerdictReason::StatisticsDiffer));
        if (b.isOutput) {
            // An output is the origin when none of its call's inputs diverged (a changed non-tensor
            // argument is a cause of its own).
            r.origin = r.divergent && !inputDiverged.value(b.op);
            outputDivergedBefore = outputDivergedBefore || r.divergent;
        } else {
            // An input that diverges before any output did brings the divergence in (a perturbed
            // weight, other data).
            r.origin = r.divergent && !outputDivergedBefore;
            if (r.divergent)
                inputDiverged[b.op] = true;
        }
        if (r.divergent && c->firstDivergent < 0)
            c->firstDivergent = i;
        if (r.nonFiniteGained && c->nanOrigin < 0)
            c->nanOrigin = i;
    }
}

void applyVerdictPolicy(DumpComparison *comparison)
{
    Policy(comparison).run();
}

TensorStats shownNpuStats(const DumpComparison &c, const CompareRow &r)
{
    if (r.npu >= 0 && c.npu->tensors[r.npu].stats)
        return *c.npu->tensors[r.npu].stats;
    return c.npuStats(r);
}

TensorStats shownBenchStats(const DumpComparison &c, const CompareRow &r)
{
    if (r.bench >= 0 && c.bench->tensors[r.bench].stats)
        return *c.bench->tensors[r.bench].stats;
    return c.benchStats(r);
}

void applyAllcloseVerdict(DumpComparison *c)
{
    for (CompareRow &r : c->rows) {
        const PairMetrics &m = *r.metrics;
        if (r.verdict == Verdict::Unmatched || m.count == 0 || m.allclosePassShare >= 1)
            continue;
        r.reasons |= quint32(VerdictReason::AllcloseFailed);
        r.verdict = Verdict::Error;
        r.message += (r.message.isEmpty() ? QString() : u"\n"_s) + allcloseText(m);
    }
    markDivergence(c);
}

} // namespace Twinscope::Core
