#include "layermapping.h"

#include "core/common/inputfile.h"
#include "core/common/tr.h"

#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString unquote(QString s)
{
    s = s.trimmed();
    if (s.size() >= 2 && (s.front() == u'"' || s.front() == u'\'') && s.back() == s.front())
        s = s.mid(1, s.size() - 2);
    return s;
}

// A comment starts at "#" at the line's start or after a blank (YAML's rule), outside quotes.
QString stripComment(const QString &line)
{
    QChar quote;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u'#' && (i == 0 || line[i - 1].isSpace())) {
            return line.left(i);
        }
    }
    return line;
}

// "key: value" -> key, value; false when there is no ": " (or trailing ":").
bool splitKeyValue(const QString &text, QString *key, QString *value)
{
    int colon = -1;
    QChar quote;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u':' && (i + 1 == text.size() || text[i + 1].isSpace())) {
            colon = i;
            break;
        }
    }
    if (colon <= 0)
        return false;
    *key = unquote(text.left(colon));
    *value = unquote(text.mid(colon + 1));
    return !key->isEmpty();
}

// The parts of a node id msprobe's layer mapping uses: module ids "Cell.a.b.Type.forward.0" give
// the layers a.b and direction forward; API ids "Mint.cos.0.forward" the API name cos and
// direction forward.
struct IdParts
{
    QStringList layers; // modules: the module path; APIs: the API name alone
    QString type;       // modules: the type name
    QString direction;
    bool ok = false;
};

IdParts idParts(const ModuleNode &node)
{
    IdParts p;
    const QStringList parts = node.id.split(u'.');
    const qsizetype n = parts.size();
    if (n < 4 || parts.contains(u"parameters_grad"_s))
        return p;
    if (node.isModule) {
        if (n < 5)
            return p;
        p.layers = parts.mid(1, n - 4);
        p.type = parts[n - 3];
        p.direction = parts[n - 2];
    } else {
        p.layers = QStringList{parts[n - 3]};
        p.direction = parts[n - 1];
    }
    p.ok = true;
    return p;
}

// Each node's scope (layers from the top) and direction; APIs take their parent module's path.
struct Scoped
{
    QStringList scope;
    QString direction;
    bool ok = false;
};

QList<Scoped> scopes(const ModuleTree &tree, QHash<QString, QString> *typeOfPath)
{
    QList<Scoped> out(tree.nodes.size());
    QList<QStringList> modulePath(tree.nodes.size());
    for (int i = 0; i < tree.nodes.size(); ++i) {
        const ModuleNode &node = tree.nodes[i];
        const IdParts p = idParts(node);
        if (!p.ok)
            continue;
        if (node.isModule) {
            modulePath[i] = p.layers;
            out[i] = {p.layers, p.direction, true};
            if (typeOfPath)
                typeOfPath->insert(p.layers.join(u'.'), p.type);
        } else {
            QStringList s;
            if (node.parent >= 0 && tree.nodes[node.parent].isModule) {
                const IdParts parent = idParts(tree.nodes[node.parent]);
                if (parent.ok)
                    s = parent.layers;
            }
            s += p.layers;
            out[i] = {s, p.direction, true};
        }
    }
    return out;
}

QString scopeKey(const QStringList &scope, const QString &direction)
{
    return scope.join(u'.') + u'\x1f' + direction;
}

// msprobe's convert_scope: walks the NPU scope from the top, renaming each layer by the rules of
// the module type it sits in (the longest matching origin first; unnamed paths are their own
// type, as msprobe's trie names them).
QStringList convertScope(const QStringList &scope,
                         const QHash<QString, QString> &typeOfPath,
                         const LayerMapping &mapping)
{
    QStringList out;
    QStringList walked;
    qsizetype idx = 0;
    while (idx < scope.size()) {
        const QString path = walked.join(u'.');
        const QString type =
            walked.isEmpty() ? u"TopLayer"_s : typeOfPath.value(path, walked.constLast());
        int step = 1;
        QString target = scope[idx];
        const auto byType = mapping.rules.constFind(type);
        if (byType != mapping.rules.constEnd()) {
            for (const LayerMappingRule &r : byType->value(scope[idx])) {
                if (idx + r.levels <= scope.size() &&
                    scope.mid(idx, r.levels).join(u'.') == r.origin) {
                    target = r.target;
                    step = r.levels;
                    break;
                }
            }
        }
        out += target.split(u'.');
        for (int s = 0; s < step; ++s)
            walked.append(scope[idx++]);
    }
    return out;
}

} // namespace

bool parseLayerMapping(const QByteArray &text,
                       const QString &name,
                       LayerMapping *mapping,
                       QString *error)
{
    QHash<QString, QHash<QString, QList<LayerMappingRule>>> rules;
    QString type;
    bool haveType = false;
    int lineNo = 0;
    for (const QByteArray &raw : text.split('\n')) {
        ++lineNo;
        QString line = stripComment(QString::fromUtf8(raw));
        if (line.endsWith(u'\r'))
            line.chop(1);
        const QString t = line.trimmed();
        if (t.isEmpty() || t == u"---" || (lineNo == 1 && t == u"{}") || t == u"...")
            continue;
        auto fail = [&](const QString &why) {
            *error = Tr::tr("%1, line %2: %3").arg(name).arg(lineNo).arg(why);
            return false;
        };
        if (line.contains(u'\t'))
            return fail(Tr::tr("tabs are not allowed for indentation in YAML"));
        if (t.startsWith(u'-') || t.startsWith(u'[') || t.startsWith(u'{'))
            return fail(Tr::tr("expected \"Type:\" or \"name: bench name\" (lists and flow "
                               "mappings are not part of a layer-mapping file)"));
        QString key, value;
        if (!splitKeyValue(t, &key, &value))
            return fail(Tr::tr("expected \"key: value\""));
        if (!line.front().isSpace()) {
            if (!value.isEmpty() && value != u"{}")
                return fail(Tr::tr("a module type name (\"%1:\") takes indented rules").arg(key));
            // msprobe renames the old top-level key "Cell" to "TopLayer".
            type = key == u"Cell" ? u"TopLayer"_s : key;
            rules[type];
            haveType = true;
            continue;
        }
        if (!haveType)
            return fail(Tr::tr("a rule before any module type name"));
        if (value.isEmpty())
            return fail(Tr::tr("\"%1\" has no bench name (deeper nesting is not part of a "
                               "layer-mapping file)")
                            .arg(key));
        // msprobe keeps what precedes "(" in a target.
        const QString target = value.section(u'(', 0, 0).trimmed();
        const QStringList originParts = key.split(u'.');
        rules[type][originParts.first()].append(
            {key, target, static_cast<int>(originParts.size())});
    }
    for (auto &byPrefix : rules)
        for (auto &list : byPrefix)
            std::stable_sort(list.begin(), list.end(), [](const auto &a, const auto &b) {
                return a.levels > b.levels;
            });
    mapping->rules = std::move(rules);
    return true;
}

bool loadLayerMapping(const QString &path, LayerMapping *mapping, QString *error)
{
    Error e;
    const auto bytes = readSmallInputFile(path, 16 << 20, &e);
    if (!bytes) {
        *error = e.toString();
        return false;
    }
    return parseLayerMapping(*bytes, path, mapping, error);
}

QHash<QString, QString>
layerMappedIds(const ModuleTree &npu, const ModuleTree &bench, const LayerMapping &mapping)
{
    QHash<QString, QString> typeOfPath;
    const QList<Scoped> npuScopes = scopes(npu, &typeOfPath);
    const QList<Scoped> benchScopes = scopes(bench, nullptr);
    QHash<QString, QList<int>> benchAt; // scope + direction -> bench nodes, in run order
    for (int b = 0; b < bench.nodes.size(); ++b)
        if (benchScopes[b].ok)
            benchAt[scopeKey(benchScopes[b].scope, benchScopes[b].direction)].append(b);
    QHash<QString, int> seen; // NPU scope + direction -> calls so far
    QHash<QString, QString> out;
    for (int n = 0; n < npu.nodes.size(); ++n) {
        const Scoped &s = npuScopes[n];
        if (!s.ok)
            continue;
        const int position = seen[scopeKey(s.scope, s.direction)]++;
        const QList<int> twins =
            benchAt.value(scopeKey(convertScope(s.scope, typeOfPath, mapping), s.direction));
        if (position < twins.size())
            out.insert(npu.nodes[n].id, bench.nodes[twins[position]].id);
    }
    return out;
}

} // namespace Twinscope::Core
