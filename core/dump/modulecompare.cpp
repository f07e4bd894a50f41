#include "modulecompare.h"

#include "core/common/tr.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool finite(double v)
{
    return std::isfinite(v);
}

bool anomalous(const ModuleArg &a)
{
    if (!a.isTensor)
        return false;
    for (double v : {a.stats.max, a.stats.min, a.stats.mean, a.stats.norm})
        if (std::isinf(v) || (std::isnan(v) && !std::isnan(a.stats.max)))
            return true;
    // A NaN Max or Min is a NaN in the tensor (Mean/Norm are NaN for bool tensors).
    return std::isnan(a.stats.max) && !a.dtype.contains(u"bool"_s, Qt::CaseInsensitive) &&
           !std::isnan(a.stats.min);
}

// msprobe's statistics relative error |npu - bench| / |bench| (acc_compare.py calc_summary_diff):
// N/A, which its graph reads as 0, when the bench is 0 or either side is no number.
double relativeError(double npu, double bench)
{
    if (!finite(npu) || !finite(bench) || bench == 0)
        return 0;
    return std::fabs(npu - bench) / std::fabs(bench);
}

// Twinscope's divergence of one argument: exact-zero where both sides are equal, including
// non-finite statistics that agree, so a self-compare is 0 everywhere.
double statsDivergence(const TensorStats &n, const TensorStats &b)
{
    double worst = 0;
    const double pairs[4][2] = {{n.max, b.max}, {n.min, b.min}, {n.mean, b.mean}, {n.norm, b.norm}};
    for (const auto &p : pairs) {
        const double x = p[0], y = p[1];
        if (std::isnan(x) && std::isnan(y))
            continue;
        if (x == y)
            continue;
        if (!finite(x) || !finite(y)) {
            worst = 1; // one side gained or lost NaN/Inf, or the infinities differ
            continue;
        }
        const double scale = std::max(std::fabs(x), std::fabs(y));
        worst = std::max(worst, scale > 0 ? std::fabs(x - y) / scale : 0.0);
    }
    return worst;
}

struct Pairing
{
    const ModuleTree &npu;
    const ModuleTree &bench;
    const ModuleCompareOptions &options;
    QList<NodeComparison> &out;
    QList<bool> benchUsed;
};

// msprobe's compare_data: the same number of inputs and of outputs, each with the same type and
// shape in order.
bool sameStructure(const ModuleNode &a, const ModuleNode &b, bool shapesOnly)
{
    auto side = [](const ModuleNode &n, bool output) {
        QList<const ModuleArg *> v;
        for (const ModuleArg &x : n.args)
            if (x.isOutput == output)
                v.append(&x);
        return v;
    };
    for (bool output : {false, true}) {
        const auto x = side(a, output), y = side(b, output);
        if (!shapesOnly && x.size() != y.size())
            return false;
        for (qsizetype i = 0; i < std::min(x.size(), y.size()); ++i) {
            if (x[i]->shape != y[i]->shape)
                return false;
            if (!shapesOnly && x[i]->type != y[i]->type)
                return false;
        }
    }
    return true;
}

// The k-th argument of n named slot (a malformed dump can repeat a slot; the k-th pairs with the
// k-th, so a node compared with itself always pairs each argument with itself).
const ModuleArg *findSlot(const ModuleNode &n, const QString &slot, int occurrence)
{
    for (const ModuleArg &a : n.args)
        if (a.slot == slot && occurrence-- == 0)
            return &a;
    return nullptr;
}

// The call count inside an API id: "Functional.conv2d.3.forward" -> "Functional.conv2d.forward"
// (msprobe's fuzzy recount removes every ".<digits>." part).
QString withoutCallCount(const QString &id)
{
    static const QRegularExpression count(u"\\.\\d+\\."_s);
    QString s = id;
    s.replace(count, u"."_s);
    return s;
}

void computeNode(const ModuleNode &n,
                 const ModuleNode &b,
                 ModuleCompareMode mode,
                 const ModuleCompareOptions &options,
                 NodeComparison *c)
{
    double summaryIndex = 0;
    bool invalidOutput = false;
    bool md5Pass = true;
    double minIn = 1, minOut = 1;
    bool anyIn = false, anyOut = false, naIn = false, naOut = false;
    QHash<QString, int> seen;
    for (const ModuleArg &a : n.args) {
        const ModuleArg *o = findSlot(b, a.slot, seen[a.slot]++);
        double err = 0;
        if (o && a.isTensor && o->isTensor) {
            err = statsDivergence(a.stats, o->stats);
            if (mode == ModuleCompareMode::Md5) {
                const bool same = a.md5 == o->md5;
                md5Pass = md5Pass && same;
                err = same ? 0 : 1;
            } else if (mode == ModuleCompareMode::Tensor) {
                const double ratio =
                    options.oneThousandth.value(n.id + u'.' + a.slot, std::nan(""));
                if (!std::isnan(ratio))
                    err = std::max(err, 1 - ratio);
                // msprobe skips scalars (no shape) and reads a NaN/Inf Max or Min as N/A.
                const bool invalid = !finite(a.stats.max) || !finite(a.stats.min);
                if (!a.shape.isEmpty() && !std::isnan(ratio)) {
                    (a.isOutput ? minOut : minIn) = std::min(a.isOutput ? minOut : minIn, ratio);
                    (a.isOutput ? anyOut : anyIn) = true;
                }
                if (invalid && !std::isnan(a.stats.max))
                    (a.isOutput ? naOut : naIn) = true;
            }
            if (a.isOutput && mode == ModuleCompareMode::Statistics) {
                for (const double r : {relativeError(a.stats.max, o->stats.max),
                                       relativeError(a.stats.min, o->stats.min),
                                       relativeError(a.stats.mean, o->stats.mean),
                                       relativeError(a.stats.norm, o->stats.norm)})
                    summaryIndex = std::max(summaryIndex, r);
                // mode_adapter.py: a NaN/Inf Max or Min among the outputs is the worst index.
                if (!finite(a.stats.max) || !finite(a.stats.min))
                    invalidOutput = true;
            }
        } else if (o && !a.isTensor && !o->isTensor) {
            err = a.value == o->value ? 0 : 1;
        } else if (!o) {
            err = 0; // a slot only one side has: the structure check has already judged it
        } else {
            err = 1;
        }
        if (a.isOutput)
            c->outputError = std::max(c->outputError, err);
        else
            c->inputError = std::max(c->inputError, err);
    }
    switch (mode) {
    case ModuleCompareMode::Statistics:
        c->precisionIndex = invalidOutput ? 1.0 : std::min(1.0, summaryIndex);
        break;
    case ModuleCompareMode::Md5:
        c->precisionIndex = md5Pass ? 1.0 : 0.0;
        break;
    case ModuleCompareMode::Tensor: {
        double change;
        if (naOut)
            change = 1;
        else if (naIn)
            change = 0;
        else if (anyIn && anyOut)
            change = minIn - minOut;
        else if (anyOut)
            change = 1 - minOut; // msprobe starts each side's minimum at 1
        else
            change = 0;
        c->precisionIndex = std::clamp(change, 0.0, 1.0);
        break;
    }
    }
    // msprobe's IGNORE_PRECISION_INDEX: the empty* APIs return uninitialised memory.
    static const QStringList ignored = {u"empty"_s,
                                        u"empty_like"_s,
                                        u"empty_with_format"_s,
                                        u"new_empty_strided"_s,
                                        u"new_empty"_s,
                                        u"empty_strided"_s};
    if (ignored.contains(n.id.section(u'.', 1, 1))) {
        c->precisionIndex = mode == ModuleCompareMode::Md5 ? 1.0 : 0.0;
        c->outputError = 0;
    }
    c->band = precisionBand(mode, c->precisionIndex);
    c->diverges = c->outputError > options.tolerance;
    c->inputsAgree = c->inputError <= options.tolerance;
}

OverflowLevel overflowOf(const ModuleNode &n)
{
    bool in = false, out = false;
    double inNorm = 0, outNorm = 0;
    for (const ModuleArg &a : n.args) {
        const bool bad = anomalous(a);
        (a.isOutput ? out : in) = (a.isOutput ? out : in) || bad;
        if (a.isTensor && finite(a.stats.norm))
            (a.isOutput ? outNorm : inNorm) = std::max(a.isOutput ? outNorm : inNorm, a.stats.norm);
    }
    if (!in && out)
        return OverflowLevel::Critical;
    if (in && out)
        return OverflowLevel::High;
    // msprobe's NumericalMutationScene: the output's norm more than 100 times the input's.
    if (inNorm > 0 ? outNorm / inNorm > 100 : outNorm > 100)
        return OverflowLevel::High;
    if (in)
        return OverflowLevel::Medium;
    return OverflowLevel::None;
}

void matchNode(Pairing &p, int n, int b, bool fuzzy)
{
    p.out[n].bench = b;
    p.out[n].fuzzy = fuzzy;
    p.benchUsed[b] = true;
}

// msprobe's _compare_nodes: breadth first over the NPU tree; a node matches the bench node of the
// same id when their inputs/outputs have the same types and shapes and their ancestors are the
// same ids.
void matchExact(Pairing &p)
{
    // sameChain[n]: n's ancestors are the same ids as those of the bench node with n's id. Breadth
    // first, a parent is decided before its children, so each node costs one step, not its depth.
    QList<bool> sameChain(p.npu.nodes.size(), false);
    QList<int> queue = p.npu.roots;
    for (qsizetype q = 0; q < queue.size(); ++q) {
        const int n = queue[q];
        const ModuleNode &node = p.npu.nodes[n];
        queue.append(node.children);
        const int twin = p.bench.find(node.id);
        if (twin >= 0) {
            const int pn = node.parent, pb = p.bench.nodes[twin].parent;
            sameChain[n] =
                pn < 0 ? pb < 0
                       : pb >= 0 && sameChain[pn] && p.npu.nodes[pn].id == p.bench.nodes[pb].id;
        }
        const auto mapped = p.options.mapping.constFind(node.id);
        if (mapped != p.options.mapping.constEnd()) {
            const int b = p.bench.find(mapped.value());
            if (b >= 0 && !p.benchUsed[b])
                matchNode(p, n, b, true);
        } else if (twin >= 0 && !p.benchUsed[twin] && sameChain[n] &&
                   sameStructure(node, p.bench.nodes[twin], false)) {
            matchNode(p, n, twin, false);
        }
    }
}

// msprobe's _compare_nodes_fuzzy: modules by id with equal shapes; the APIs directly inside two
// matched modules by name and order inside the module.
void matchFuzzy(Pairing &p)
{
    auto recount = [](const ModuleTree &t, const ModuleNode &m) {
        QHash<QString, int> seen;
        QHash<QString, int> out;
        for (int c : m.children) {
            if (t.nodes[c].isModule)
                continue;
            const QString base = withoutCallCount(t.nodes[c].id);
            out.insert(base + QString::number(++seen[base]), c);
        }
        return out;
    };
    QList<int> queue = p.npu.roots;
    for (qsizetype q = 0; q < queue.size(); ++q) {
        const int n = queue[q];
        const ModuleNode &node = p.npu.nodes[n];
        queue.append(node.children);
        if (!node.isModule && node.parent >= 0)
            continue;
        const QString target = p.options.mapping.value(node.id, node.id);
        const int b = p.bench.find(target);
        if (b < 0 || p.benchUsed[b] || !sameStructure(node, p.bench.nodes[b], true))
            continue;
        matchNode(p, n, b, true);
        const auto apisN = recount(p.npu, node);
        const auto apisB = recount(p.bench, p.bench.nodes[b]);
        for (auto it = apisN.constBegin(); it != apisN.constEnd(); ++it) {
            const int ab = apisB.value(it.key(), -1);
            if (ab >= 0 && !p.benchUsed[ab] &&
                sameStructure(p.npu.nodes[it.value()], p.bench.nodes[ab], true))
                matchNode(p, it.value(), ab, true);
        }
    }
}

// The first qualifying node in run order (pre-order) among level and below; then the same inside
// it, until none qualifies deeper: the deepest module of the first chain of qualifying ones. A
// qualifying node is matched, its inputs agree and its outputs diverge. Iterative: a hostile
// tree can be a chain a million deep.
int firstQualifying(const ModuleTree &t,
                    const QList<NodeComparison> &c,
                    const QList<int> &level,
                    bool modules)
{
    auto qualifies = [&](int n) {
        return c[n].bench >= 0 && c[n].diverges && c[n].inputsAgree &&
               t.nodes[n].isModule == modules;
    };
    auto preorderFirst = [&](const QList<int> &start) {
        QList<int> stack(start.rbegin(), start.rend());
        while (!stack.isEmpty()) {
            const int n = stack.takeLast();
            if (qualifies(n))
                return n;
            const QList<int> &children = t.nodes[n].children;
            for (auto it = children.rbegin(); it != children.rend(); ++it)
                stack.append(*it);
        }
        return -1;
    };
    int best = -1;
    for (int found = preorderFirst(level); found >= 0;
         found = preorderFirst(t.nodes[found].children))
        best = found;
    return best;
}

// Where no call inside `level` diverges on its own: the first matched call whose inputs differ
// read a value changed after the call before it returned (recorded outputs agree, the next input
// does not). That call before it, when it is a module, is where the divergence enters. With
// parentDiverges (the level's owner's outputs differ although every child's recorded outputs
// agree), the last module child is, if nothing inside reads a changed value.
int changedAfterOutput(const ModuleTree &t,
                       const QList<NodeComparison> &c,
                       const QList<int> &level,
                       bool parentDiverges)
{
    int previous = -1;
    for (int n : level) {
        if (c[n].bench < 0)
            continue;
        if (!c[n].inputsAgree)
            return previous >= 0 && t.nodes[previous].isModule && !c[previous].diverges ? previous
                                                                                        : -1;
        if (c[n].diverges)
            return -1; // a call that diverges with agreeing inputs is not this case
        previous = n;
    }
    if (parentDiverges && previous >= 0 && t.nodes[previous].isModule)
        return previous;
    return -1;
}

} // namespace

QString moduleCompareModeId(ModuleCompareMode m)
{
    switch (m) {
    case ModuleCompareMode::Statistics:
        return u"statistics"_s;
    case ModuleCompareMode::Tensor:
        return u"tensor"_s;
    case ModuleCompareMode::Md5:
        return u"md5"_s;
    }
    return {};
}

PrecisionBand precisionBand(ModuleCompareMode mode, double index)
{
    if (std::isnan(index))
        return PrecisionBand::Unmatched;
    if (mode == ModuleCompareMode::Md5)
        return index >= 1 ? PrecisionBand::Yellow1 : PrecisionBand::Red;
    // node_colors.py: left-closed, right-open ranges; the last one is closed.
    const double step = mode == ModuleCompareMode::Statistics ? 0.2 : 0.05;
    for (int b = 0; b < PrecisionBandCount - 1; ++b)
        if (index < step * (b + 1))
            return PrecisionBand(b);
    return PrecisionBand::Red;
}

QString precisionBandId(PrecisionBand b)
{
    switch (b) {
    case PrecisionBand::None:
        return u"none"_s;
    case PrecisionBand::Yellow1:
        return u"yellow1"_s;
    case PrecisionBand::Yellow2:
        return u"yellow2"_s;
    case PrecisionBand::Orange1:
        return u"orange1"_s;
    case PrecisionBand::Orange2:
        return u"orange2"_s;
    case PrecisionBand::Red:
        return u"red"_s;
    case PrecisionBand::Unmatched:
        return u"unmatched"_s;
    }
    return {};
}

QString precisionBandColor(PrecisionBand b)
{
    switch (b) {
    case PrecisionBand::Yellow1:
        return u"#FFFCF3"_s;
    case PrecisionBand::Yellow2:
        return u"#FFEDBE"_s;
    case PrecisionBand::Orange1:
        return u"#FFDC7F"_s;
    case PrecisionBand::Orange2:
        return u"#FFC62E"_s;
    case PrecisionBand::Red:
        return u"#FF704D"_s;
    case PrecisionBand::Unmatched:
        return u"#C7C7C7"_s;
    case PrecisionBand::None:
        break;
    }
    return {};
}

QString precisionBandRange(ModuleCompareMode mode, PrecisionBand b)
{
    if (b == PrecisionBand::Unmatched)
        return Tr::tr("not matched");
    if (mode == ModuleCompareMode::Md5) {
        if (b == PrecisionBand::Yellow1)
            return Tr::tr("1: every md5 equal");
        if (b == PrecisionBand::Red)
            return Tr::tr("0: an md5 differs");
        return {};
    }
    if (b == PrecisionBand::None)
        return {};
    const double step = mode == ModuleCompareMode::Statistics ? 0.2 : 0.05;
    const int i = int(b);
    if (b == PrecisionBand::Red)
        return u"[%1, 1]"_s.arg(step * i);
    return u"[%1, %2)"_s.arg(step * i).arg(step * (i + 1));
}

QString overflowLevelId(OverflowLevel l)
{
    switch (l) {
    case OverflowLevel::None:
        return {};
    case OverflowLevel::Medium:
        return u"medium"_s;
    case OverflowLevel::High:
        return u"high"_s;
    case OverflowLevel::Critical:
        return u"critical"_s;
    }
    return {};
}

int ModuleComparison::matchedCount() const
{
    return int(std::count_if(
        nodes.begin(), nodes.end(), [](const NodeComparison &c) { return c.bench >= 0; }));
}

int ModuleComparison::countBand(PrecisionBand b) const
{
    return int(std::count_if(
        nodes.begin(), nodes.end(), [b](const NodeComparison &c) { return c.band == b; }));
}

ModuleCompareMode moduleCompareMode(const ModuleTree &npu, const ModuleTree &bench)
{
    if (npu.task == u"md5"_s || bench.task == u"md5"_s)
        return ModuleCompareMode::Md5;
    if (npu.task == u"tensor"_s && bench.task == u"tensor"_s)
        return ModuleCompareMode::Tensor;
    return ModuleCompareMode::Statistics;
}

std::shared_ptr<ModuleComparison> compareModuleTrees(std::shared_ptr<const ModuleTree> npu,
                                                     std::shared_ptr<const ModuleTree> bench,
                                                     const ModuleCompareOptions &options)
{
    auto result = std::make_shared<ModuleComparison>();
    result->npu = npu;
    result->bench = bench;
    result->mode = moduleCompareMode(*npu, *bench);
    result->nodes.resize(npu->nodes.size());
    ModuleCompareOptions withLayers;
    const ModuleCompareOptions *use = &options;
    if (!options.layerMapping.isEmpty()) {
        withLayers = options;
        const QHash<QString, QString> byLayers = layerMappedIds(*npu, *bench, options.layerMapping);
        for (auto it = byLayers.begin(); it != byLayers.end(); ++it)
            if (!withLayers.mapping.contains(it.key()))
                withLayers.mapping.insert(it.key(), it.value());
        use = &withLayers;
    }
    Pairing p{*npu, *bench, *use, result->nodes, QList<bool>(bench->nodes.size(), false)};
    if (options.fuzzy)
        matchFuzzy(p);
    else
        matchExact(p);
    for (int n = 0; n < npu->nodes.size(); ++n) {
        NodeComparison &c = result->nodes[n];
        c.overflow = overflowOf(npu->nodes[n]);
        if (c.bench >= 0)
            computeNode(npu->nodes[n], bench->nodes[c.bench], result->mode, options, &c);
    }
    for (int b = 0; b < bench->nodes.size(); ++b)
        if (!p.benchUsed[b])
            result->unmatchedBench.append(b);
    result->firstDivergent = firstQualifying(*npu, result->nodes, npu->roots, true);
    // No module inside (or at the top) diverges on its own: look for an output changed after it
    // was recorded.
    const QList<int> &inside =
        result->firstDivergent >= 0 ? npu->nodes[result->firstDivergent].children : npu->roots;
    if (const int changed =
            changedAfterOutput(*npu, result->nodes, inside, result->firstDivergent >= 0);
        changed >= 0) {
        result->firstDivergent = changed;
        result->firstDivergentAfterOutput = true;
    }
    const QList<int> apiScope =
        result->firstDivergent >= 0 ? npu->nodes[result->firstDivergent].children : npu->roots;
    result->firstDivergentApi = firstQualifying(*npu, result->nodes, apiScope, false);
    return result;
}

bool loadNodeMapping(const QString &path, QHash<QString, QString> *mapping, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = Tr::tr("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    const QByteArray bytes = f.read(64 << 20);
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error == QJsonParseError::NoError && doc.isObject()) {
        const QJsonObject o = doc.object();
        for (auto it = o.begin(); it != o.end(); ++it)
            mapping->insert(it.key(), it.value().toString());
        return true;
    }
    int line = 0;
    for (const QByteArray &raw : bytes.split('\n')) {
        ++line;
        const QString text = QString::fromUtf8(raw).trimmed();
        if (text.isEmpty() || text.startsWith(u'#'))
            continue;
        const int colon = text.indexOf(u": "_s);
        if (colon <= 0) {
            *error = Tr::tr("%1, line %2: expected \"npu node: bench node\"").arg(path).arg(line);
            return false;
        }
        auto unquote = [](QString s) {
            s = s.trimmed();
            if (s.size() >= 2 && (s.startsWith(u'"') || s.startsWith(u'\'')) &&
                s.back() == s.front())
                s = s.mid(1, s.size() - 2);
            return s;
        };
        mapping->insert(unquote(text.left(colon)), unquote(text.mid(colon + 2)));
    }
    return true;
}

} // namespace Twinscope::Core
