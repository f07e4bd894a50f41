#include "modulelinks.h"

#include <QHash>
#include <QSet>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// The module node itself, or an API's nearest module ancestor; -1 when none.
int owningModule(const ModuleTree &tree, int node)
{
    while (node >= 0 && node < tree.nodes.size() && !tree.nodes[node].isModule)
        node = tree.nodes[node].parent;
    return node >= 0 && node < tree.nodes.size() ? node : -1;
}

// "Module.a.b.Type.forward.0" -> {path "a.b", type "Type"}; false for another shape.
bool splitModuleId(const QString &id, QString *path, QString *type)
{
    const QStringList parts = id.split(u'.');
    if (parts.size() < 5)
        return false;
    *path = parts.mid(1, parts.size() - 4).join(u'.');
    *type = parts[parts.size() - 3];
    return true;
}

} // namespace

QString moduleParameterPrefix(const ModuleTree &tree, int node)
{
    const int m = owningModule(tree, node);
    QString path, type;
    if (m < 0 || !splitModuleId(tree.nodes[m].id, &path, &type))
        return {};
    return path;
}

QString moduleProfilerRange(const ModuleTree &tree, int node)
{
    const int m = owningModule(tree, node);
    QString path, type;
    if (m < 0 || !splitModuleId(tree.nodes[m].id, &path, &type))
        return {};
    // Instances of the class in the order of their first call (nodes are in call order).
    QSet<QString> seen;
    for (const ModuleNode &n : tree.nodes) {
        QString p, t;
        if (!n.isModule || !splitModuleId(n.id, &p, &t) || t != type || seen.contains(p))
            continue;
        if (p == path)
            return u"nn.Module: %1_%2"_s.arg(type).arg(seen.size());
        seen.insert(p);
    }
    return {};
}

} // namespace Twinscope::Core
