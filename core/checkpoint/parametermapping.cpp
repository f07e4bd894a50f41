#include "parametermapping.h"

#include "core/common/boundedregex.h"
#include "core/common/tr.h"
#include "core/dump/dumpcompare.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString mappingRuleId(MappingRule rule)
{
    switch (rule) {
    case MappingRule::Exact:
        return u"exact"_s;
    case MappingRule::BuiltIn:
        return u"builtin"_s;
    case MappingRule::User:
        return u"user"_s;
    case MappingRule::Prefix:
        return u"prefix"_s;
    case MappingRule::Shape:
        break;
    }
    return u"shape"_s;
}

QString builtInParameterName(const QString &name, const QSet<QString> &sameSide, QString *rule)
{
    // MindSpore name -> PyTorch name of the same tensor (TroubleShooter's weight_name_map and the
    // MindSpore API mapping tables): BatchNorm, LayerNorm and GroupNorm keep gamma/beta and
    // moving statistics, Embedding its embedding_table, BatchNorm3d wraps a bn2d. Dense/Linear and
    // Conv share weight/bias. Longest suffix first.
    static const struct
    {
        const char16_t *from;
        const char16_t *to;
    } rules[] = {
        {u"bn2d.moving_variance", u"running_var"},
        {u"bn2d.moving_mean", u"running_mean"},
        {u"bn2d.gamma", u"weight"},
        {u"bn2d.beta", u"bias"},
        {u"moving_variance", u"running_var"},
        {u"moving_mean", u"running_mean"},
        {u"embedding_table", u"weight"},
        {u"gamma", u"weight"},
        {u"beta", u"bias"},
    };
    rule->clear();
    for (const auto &r : rules) {
        const QString from = QString::fromUtf16(r.from);
        if (name != from && !name.endsWith(u'.' + from))
            continue;
        const QString out = name.left(name.size() - from.size()) + QString::fromUtf16(r.to);
        if (sameSide.contains(out))
            return name; // the module already has that name: this is not the MindSpore spelling
        *rule = Tr::tr("%1 → %2").arg(from, QString::fromUtf16(r.to));
        return out;
    }
    return name;
}

namespace {

bool isModelTensor(const CheckpointEntry &e)
{
    return e.role == ParameterRole::Parameter || e.role == ParameterRole::Buffer;
}

// One side's names on their way to a common key.
struct Side
{
    const Checkpoint *ckpt = nullptr;
    QStringList keys;    // after user mapping and built-in rules, before prefix stripping
    QStringList builtIn; // the built-in rule applied, per entry
    QStringList user;    // the user patterns that changed the name, per entry
    QList<int> partner;  // paired entry on the other side, -1
    QList<int> pairIndex;
    const TensorEntry &tensor(int i) const { return ckpt->tensors->tensors[i]; }
    const CheckpointEntry &entry(int i) const { return ckpt->entries[i]; }
    int size() const { return int(ckpt->entries.size()); }
};

Side makeSide(const Checkpoint &c, const QList<QPair<QRegularExpression, QString>> *userMapping)
{
    Side s;
    s.ckpt = &c;
    QSet<QString> names;
    for (const TensorEntry &t : c.tensors->tensors)
        names.insert(t.name);
    for (int i = 0; i < s.size(); ++i) {
        QString name = s.tensor(i).name;
        QStringList applied;
        if (userMapping && name.size() <= MaxPatternSubjectChars) {
            for (const auto &[re, replacement] : *userMapping) {
                const QString before = name;
                name.replace(re, replacement);
                if (name != before)
                    applied << userPatternText(re);
            }
        }
        QString rule;
        s.keys << builtInParameterName(name, names, &rule);
        s.builtIn << rule;
        s.user << applied.join(u", "_s);
    }
    s.partner = QList<int>(s.size(), -1);
    s.pairIndex = QList<int>(s.size(), -1);
    return s;
}

QString stripPrefix(const QString &key, const QString &prefix)
{
    return !prefix.isEmpty() && key.startsWith(prefix) ? key.mid(prefix.size()) : key;
}

// Wrapper prefixes worth trying: "" and the first one or two dotted segments shared by at least
// half of the model tensors (DataParallel's "module.", MindSpore's "network." or "_backbone.").
QStringList prefixCandidates(const Side &s)
{
    QHash<QString, int> counts;
    int model = 0;
    for (int i = 0; i < s.size(); ++i) {
        if (!isModelTensor(s.entry(i)))
            continue;
        ++model;
        const QStringList parts = s.keys[i].split(u'.');
        QString prefix;
        for (int k = 0; k < std::min<qsizetype>(2, parts.size() - 1); ++k) {
            prefix += parts[k] + u'.';
            ++counts[prefix];
        }
    }
    QStringList out{QString()};
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (2 * it.value() >= model && model > 0)
            out << it.key();
    std::sort(out.begin(), out.end());
    return out;
}

int countMatches(const Side &a, const Side &b, const QString &pa, const QString &pb)
{
    QSet<QString> keys;
    for (int j = 0; j < b.size(); ++j)
        if (isModelTensor(b.entry(j)))
            keys.insert(stripPrefix(b.keys[j], pb));
    int n = 0;
    for (int i = 0; i < a.size(); ++i)
        n += isModelTensor(a.entry(i)) && keys.contains(stripPrefix(a.keys[i], pa));
    return n;
}

void addPair(
    ParameterMapping *m, Side *a, Side *b, int i, int j, MappingRule rule, const QString &how)
{
    ParameterPair p;
    p.a = i;
    p.b = j;
    p.rule = rule;
    p.how = how;
    const QList<qint64> &sa = a->tensor(i).shape, &sb = b->tensor(j).shape;
    if (sa != sb) {
        QList<qint64> qa, qb;
        for (qint64 d : sa)
            if (d != 1)
                qa << d;
        for (qint64 d : sb)
            if (d != 1)
                qb << d;
        p.reshaped = qa == qb;
    }
    a->partner[i] = j;
    b->partner[j] = i;
    a->pairIndex[i] = int(m->pairs.size());
    b->pairIndex[j] = int(m->pairs.size());
    m->pairs.append(p);
}

// Name pairs of one group of roles, by key after the prefixes.
void pairByName(ParameterMapping *m, Side *a, Side *b, bool model)
{
    QHash<QString, QList<int>> byKey;
    for (int j = 0; j < b->size(); ++j)
        if (b->partner[j] < 0 && isModelTensor(b->entry(j)) == model &&
            b->entry(j).role != ParameterRole::OptimizerState)
            byKey[stripPrefix(b->keys[j], m->prefixB)].append(j);
    for (int i = 0; i < a->size(); ++i) {
        if (a->partner[i] >= 0 || isModelTensor(a->entry(i)) != model ||
            a->entry(i).role == ParameterRole::OptimizerState)
            continue;
        auto it = byKey.find(stripPrefix(a->keys[i], m->prefixA));
        if (it == byKey.end() || it->isEmpty())
            continue;
        const int j = it->takeFirst();
        const QString &na = a->tensor(i).name, &nb = b->tensor(j).name;
        QStringList how;
        MappingRule rule = MappingRule::Exact;
        if (na != nb) {
            if (!b->user[j].isEmpty()) {
                rule = MappingRule::User;
                how << b->user[j];
            }
            for (const QString &r : {a->builtIn[i], b->builtIn[j]}) {
                if (r.isEmpty() || how.contains(r))
                    continue;
                if (rule == MappingRule::Exact)
                    rule = MappingRule::BuiltIn;
                how << r;
            }
            if (rule == MappingRule::Exact)
                rule = MappingRule::Prefix;
            if (!m->prefixA.isEmpty() || !m->prefixB.isEmpty())
                if (a->keys[i] != b->keys[j])
                    how << Tr::tr("prefix \"%1\" / \"%2\"").arg(m->prefixA, m->prefixB);
        }
        addPair(m, a, b, i, j, rule, how.join(u"; "_s));
    }
}

// What no name matched: TroubleShooter's shape-sequence alignment, done by the dump comparison's
// order alignment over the leftover model tensors (shapes and dtype classes in file order).
void pairByShape(ParameterMapping *m, Side *a, Side *b)
{
    TensorDump la, lb;
    QList<int> ia, ib;
    auto leftovers = [](const Side &s, const QString &tag, TensorDump *d, QList<int> *idx) {
        for (int i = 0; i < s.size(); ++i) {
            if (s.partner[i] >= 0 || !isModelTensor(s.entry(i)) || !s.entry(i).twinExpected)
                continue;
            TensorEntry t;
            t.key = tag + QString::number(i);
            t.op = t.key;
            t.name = s.tensor(i).name;
            t.shape = s.tensor(i).shape;
            t.dtype = s.tensor(i).dtype;
            d->tensors.append(t);
            idx->append(i);
        }
    };
    leftovers(*a, u"a\x1f"_s, &la, &ia);
    leftovers(*b, u"b\x1f"_s, &lb, &ib);
    if (ia.isEmpty() || ib.isEmpty())
        return;
    QList<int> restA, restB;
    const QList<CompareRow> rows = pairTensors(la, lb, CompareOptions{}, &restA, &restB);
    for (const CompareRow &r : rows)
        addPair(m, a, b, ia[r.bench], ib[r.npu], MappingRule::Shape, Tr::tr("shape order"));
}

// Optimizer states follow their parameters: exp_avg of a parameter pairs with moment1 of its twin.
void pairStates(ParameterMapping *m, Side *a, Side *b)
{
    QHash<QString, int> byNameA, byNameB;
    for (int i = 0; i < a->size(); ++i)
        byNameA.insert(a->tensor(i).name, i);
    for (int j = 0; j < b->size(); ++j)
        byNameB.insert(b->tensor(j).name, j);
    QHash<QPair<QString, QString>, int> statesB; // (kind, owner name) -> entry
    for (int j = 0; j < b->size(); ++j)
        if (b->entry(j).role == ParameterRole::OptimizerState)
            statesB.insert({b->entry(j).stateKind, b->entry(j).owner}, j);
    for (int i = 0; i < a->size(); ++i) {
        const CheckpointEntry &e = a->entry(i);
        if (e.role != ParameterRole::OptimizerState)
            continue;
        const int owner = byNameA.value(e.owner, -1);
        if (owner < 0 || a->partner[owner] < 0)
            continue;
        const ParameterPair &op = m->pairs[a->pairIndex[owner]];
        const QString twin = b->tensor(a->partner[owner]).name;
        const int j = statesB.value({e.stateKind, twin}, -1);
        if (j < 0 || b->partner[j] >= 0)
            continue;
        const QString na = a->tensor(i).name, nb = b->tensor(j).name;
        MappingRule rule = op.rule;
        QString how = op.how;
        // PyTorch names the state last ("optimizer.state.3.exp_avg"), MindSpore first
        // ("moment1.conv1.weight").
        auto label = [](const QString &name) {
            return name.startsWith(u"optimizer.state."_s) ? name.section(u'.', -1)
                                                          : name.section(u'.', 0, 0);
        };
        if (label(na) != label(nb)) {
            const QString states = Tr::tr("%1 → %2").arg(label(na), label(nb));
            how = how.isEmpty() ? states : states + u"; "_s + how;
            if (rule == MappingRule::Exact)
                rule = MappingRule::BuiltIn;
        }
        addPair(m, a, b, i, j, rule, how);
    }
}

} // namespace

ParameterMapping mapParameters(const Checkpoint &ca,
                               const Checkpoint &cb,
                               const QList<QPair<QRegularExpression, QString>> &userMapping)
{
    ParameterMapping m;
    Side a = makeSide(ca, nullptr);
    Side b = makeSide(cb, &userMapping);

    int best = -1;
    for (const QString &pa : prefixCandidates(a)) {
        for (const QString &pb : prefixCandidates(b)) {
            const int n = countMatches(a, b, pa, pb);
            // Ties keep the shorter prefixes: nothing is set aside without a gain.
            if (n > best ||
                (n == best && pa.size() + pb.size() < m.prefixA.size() + m.prefixB.size())) {
                best = n;
                m.prefixA = pa;
                m.prefixB = pb;
            }
        }
    }
    pairByName(&m, &a, &b, true);
    pairByShape(&m, &a, &b);
    pairByName(&m, &a, &b, false); // bookkeeping scalars by name (two MindSpore runs)
    pairStates(&m, &a, &b);

    bool statesA = false, statesB = false;
    for (int i = 0; i < a.size(); ++i)
        statesA = statesA || a.entry(i).role == ParameterRole::OptimizerState;
    for (int j = 0; j < b.size(); ++j)
        statesB = statesB || b.entry(j).role == ParameterRole::OptimizerState;
    auto leftover = [](const Side &s, bool otherHasStates, QList<int> *only, QList<int> *noTwin) {
        for (int i = 0; i < s.size(); ++i) {
            if (s.partner[i] >= 0)
                continue;
            const CheckpointEntry &e = s.entry(i);
            const bool expected = e.role == ParameterRole::OptimizerState
                                      ? otherHasStates
                                      : e.twinExpected && e.role != ParameterRole::Other;
            (expected ? only : noTwin)->append(i);
        }
    };
    leftover(a, statesB, &m.onlyA, &m.noTwinA);
    leftover(b, statesA, &m.onlyB, &m.noTwinB);
    // Report and compare in the first checkpoint's order.
    QList<ParameterPair> sorted = m.pairs;
    std::sort(sorted.begin(), sorted.end(), [](const ParameterPair &x, const ParameterPair &y) {
        return x.a < y.a;
    });
    m.pairs = sorted;
    return m;
}

} // namespace Twinscope::Core
