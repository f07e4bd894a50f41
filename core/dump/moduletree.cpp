#include "moduletree.h"

#include "core/common/bytesource.h"
#include "core/common/jsontext.h"
#include "core/common/source.h"
#include "core/common/tr.h"
#include "core/dump/msprobereader.h"
#include "core/dump/msprobestatvalue.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <limits>
#include <simdjson.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Deeper nesting than this in one argument is no real dump (tuples of tuples of tensors are 3).
constexpr int MaxArgNesting = 32;

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QString valueText(simdjson::dom::element v)
{
    std::string_view s;
    if (v.get_string().get(s) == simdjson::SUCCESS)
        return qstr(s);
    return qstr(simdjson::minify(v));
}

struct ArgWalker
{
    QList<ModuleArg> *out;
    bool output = false;

    void walk(simdjson::dom::element e, const QString &slot, int depth)
    {
        if (depth > MaxArgNesting)
            return;
        simdjson::dom::array a;
        if (e.get_array().get(a) == simdjson::SUCCESS) {
            int j = 0;
            for (auto x : a)
                walk(x, slot + u'.' + QString::number(j++), depth + 1);
            return;
        }
        simdjson::dom::object o;
        if (e.get_object().get(o) != simdjson::SUCCESS) {
            // A null list item is an absent optional argument: msprobe keeps it as a slot.
            if (e.is_null())
                out->append(ModuleArg{slot, {}, {}, {}, {}, {}, {}, false, output});
            return;
        }
        std::string_view type;
        if (o["type"].get_string().get(type) != simdjson::SUCCESS) {
            for (auto field : o)
                walk(field.value, slot + u'.' + qstr(field.key), depth + 1);
            return;
        }
        ModuleArg arg;
        arg.slot = slot;
        arg.type = qstr(type);
        arg.isOutput = output;
        arg.isTensor = type.ends_with("Tensor") || type.ends_with("Parameter");
        std::string_view s;
        if (o["dtype"].get_string().get(s) == simdjson::SUCCESS)
            arg.dtype = qstr(s);
        simdjson::dom::array shape;
        if (o["shape"].get_array().get(shape) == simdjson::SUCCESS)
            for (auto d : shape) {
                int64_t n;
                arg.shape.append(d.get_int64().get(n) == simdjson::SUCCESS ? qint64(n) : -1);
            }
        simdjson::dom::element v;
        if (o["Max"].get(v) == simdjson::SUCCESS)
            arg.stats.max = msprobeStatValue(v);
        if (o["Min"].get(v) == simdjson::SUCCESS)
            arg.stats.min = msprobeStatValue(v);
        if (o["Mean"].get(v) == simdjson::SUCCESS)
            arg.stats.mean = msprobeStatValue(v);
        if (o["Norm"].get(v) == simdjson::SUCCESS)
            arg.stats.norm = msprobeStatValue(v);
        if (o["md5"].get_string().get(s) == simdjson::SUCCESS)
            arg.md5 = qstr(s);
        if (o["value"].get(v) == simdjson::SUCCESS)
            arg.value = valueText(v);
        out->append(arg);
    }
};

bool isModuleId(const QString &id)
{
    return id.startsWith(u"Module."_s) || id.startsWith(u"Cell."_s);
}

// msprobe's _handle_backward_upnode_missing: a backward module hook can fire without the parent
// stack of its forward, so a backward node with no parent takes its forward twin's parent, turned
// to backward, when that node exists.
QString repairBackwardParent(const QHash<QString, QString> &parents, const QString &id)
{
    static const QRegularExpression backward(u"\\.backward\\.(\\d+)$"_s);
    static const QRegularExpression forward(u"\\.forward\\.(\\d+)$"_s);
    QString forwardId;
    if (const auto m = backward.match(id); m.hasMatch())
        forwardId = id.left(m.capturedStart()) + u".forward."_s + m.captured(1);
    else if (id.endsWith(u".backward"_s))
        forwardId = id.left(id.size() - 8) + u"forward"_s;
    else
        return {};
    const QString up = parents.value(forwardId);
    if (up.isEmpty())
        return {};
    QString candidate;
    if (const auto m = forward.match(up); m.hasMatch())
        candidate = up.left(m.capturedStart()) + u".backward."_s + m.captured(1);
    else if (up.endsWith(u".forward"_s))
        candidate = up.left(up.size() - 7) + u"backward"_s;
    return parents.contains(candidate) ? candidate : QString();
}

} // namespace

qint64 linkModuleTree(ModuleTree *tree, const QList<int> &parentOf)
{
    const qsizetype n = tree->nodes.size();
    // Walks each chain upwards once: 1 = on the chain being walked, 2 = known to reach a root. A
    // walk that meets its own chain found a loop, cut at the node where it closes. O(n) in all,
    // whatever the depth (a hostile file can make a chain of a million nodes).
    QList<qint8> state(n, 0);
    QList<int> parent(n, -1);
    for (qsizetype i = 0; i < n; ++i)
        parent[i] = i < parentOf.size() && parentOf[i] >= 0 && parentOf[i] < n ? parentOf[i] : -1;
    qint64 cycles = 0;
    QList<int> chain;
    for (qsizetype i = 0; i < n; ++i) {
        chain.clear();
        int at = int(i);
        while (at >= 0 && state[at] == 0) {
            state[at] = 1;
            chain.append(at);
            at = parent[at];
        }
        if (at >= 0 && state[at] == 1) {
            // at is on this chain: the last node walked points back into it.
            parent[chain.last()] = -1;
            ++cycles;
        }
        for (int c : std::as_const(chain))
            state[c] = 2;
    }
    tree->roots.clear();
    for (ModuleNode &node : tree->nodes)
        node.children.clear();
    for (qsizetype i = 0; i < n; ++i) {
        tree->nodes[i].parent = parent[i];
        if (parent[i] < 0)
            tree->roots.append(int(i));
        else
            tree->nodes[parent[i]].children.append(int(i));
    }
    QList<int> todo = tree->roots;
    for (int r : std::as_const(todo))
        tree->nodes[r].depth = 0;
    while (!todo.isEmpty()) {
        const int node = todo.takeLast();
        for (int c : std::as_const(tree->nodes[node].children)) {
            tree->nodes[c].depth = tree->nodes[node].depth + 1;
            todo.append(c);
        }
    }
    return cycles;
}

QStringList ModuleTree::ancestors(int node) const
{
    QStringList out;
    for (int p = node >= 0 && node < nodes.size() ? nodes[node].parent : -1; p >= 0;
         p = nodes[p].parent)
        out.prepend(nodes[p].id);
    return out;
}

Result<ModuleTree> parseModuleTree(std::string_view constructJson,
                                   std::string_view dumpJson,
                                   const QString &name,
                                   std::string_view stackJson,
                                   const QString &dumpName)
{
    const QString dumpFile = dumpName.isEmpty() ? name : dumpName;
    Diagnostics diagnostics;
    auto tree = std::make_shared<ModuleTree>();
    tree->path = name;
    simdjson::dom::parser parser;
    simdjson::dom::object construct;
    auto error =
        parser.parse(constructJson.data(), constructJson.size()).get_object().get(construct);
    if (error)
        return Result<ModuleTree>::failed(
            Error::make(ErrorCode::Malformed,
                        Tr::tr("construct.json is not a JSON object (%1)")
                            .arg(QString::fromUtf8(simdjson::error_message(error))),
                        name));
    // Parents first, as strings: the repair needs the whole map, and a parent may be named before
    // it appears as a key.
    QList<QString> order;
    QHash<QString, QString> parents;
    for (auto field : construct) {
        const QString id = qstr(field.key);
        std::string_view parent;
        if (!parents.contains(id))
            order.append(id);
        parents.insert(id,
                       field.value.get_string().get(parent) == simdjson::SUCCESS ? qstr(parent)
                                                                                 : QString());
    }
    // msprobe's graph builder refuses an empty tree too: level L1 dumps every API flat, and a
    // "tree" of top-level APIs would hide that the module structure was never recorded.
    if (order.isEmpty())
        return Result<ModuleTree>::failed(Error::make(
            ErrorCode::Unsupported,
            Tr::tr("construct.json is empty: dump at level L0 or mix for a module tree"),
            name));
    auto add = [&](const QString &id) {
        if (auto it = tree->index.constFind(id); it != tree->index.constEnd())
            return it.value();
        ModuleNode n;
        n.id = id;
        n.isModule = isModuleId(id);
        tree->nodes.append(std::move(n));
        tree->index.insert(id, int(tree->nodes.size() - 1));
        return int(tree->nodes.size() - 1);
    };
    for (const QString &id : order)
        add(id);
    QList<int> parentOf;
    for (const QString &id : order) {
        QString up = parents.value(id);
        if (up.isEmpty())
            up = repairBackwardParent(parents, id);
        const int self = tree->find(id);
        parentOf.resize(tree->nodes.size(), -1);
        parentOf[self] = up.isEmpty() ? -1 : add(up);
    }
    qint64 cycles = 0;

    // dump.json: the nodes' inputs and outputs.
    simdjson::dom::parser dumpParser;
    simdjson::dom::object dump;
    error = dumpParser.parse(dumpJson.data(), dumpJson.size()).get_object().get(dump);
    // Python's json writes NaN and ±Infinity bare (an overflowing run's statistics): quoted, they
    // parse, and msprobeStatValue() reads them back. Only on failure: the copy doubles the memory.
    std::string quoted;
    if (error) {
        quoted = quotePythonNonFinite(dumpJson);
        error = dumpParser.parse(quoted).get_object().get(dump);
    }
    if (error)
        return Result<ModuleTree>::failed(
            Error::make(ErrorCode::Malformed,
                        Tr::tr("dump.json is not a JSON object (%1)")
                            .arg(QString::fromUtf8(simdjson::error_message(error))),
                        dumpFile));
    std::string_view s;
    if (dump["task"].get_string().get(s) == simdjson::SUCCESS)
        tree->task = qstr(s);
    if (dump["framework"].get_string().get(s) == simdjson::SUCCESS)
        tree->framework = qstr(s);
    simdjson::dom::object data;
    bool anyMd5 = false;
    if (dump["data"].get_object().get(data) == simdjson::SUCCESS) {
        for (auto call : data) {
            const int node = add(qstr(call.key));
            simdjson::dom::object entry;
            if (call.value.get_object().get(entry) != simdjson::SUCCESS)
                continue;
            ArgWalker walker{&tree->nodes[node].args};
            for (const char *field : {"input_args", "input_kwargs", "input", "output"}) {
                simdjson::dom::element v;
                if (entry[field].get(v) != simdjson::SUCCESS)
                    continue;
                walker.output = std::string_view(field) == "output";
                walker.walk(v, walker.output ? u"output"_s : u"input"_s, 0);
            }
        }
        for (const ModuleNode &n : std::as_const(tree->nodes))
            for (const ModuleArg &a : n.args)
                anyMd5 = anyMd5 || !a.md5.isEmpty();
    } else {
        diagnostics.add(u"dump_no_data"_s,
                        Tr::tr("dump.json has no \"data\" object; the tree has no values"),
                        Location{-1, -1, dumpFile});
    }
    // md5 mode is statistics mode with a checksum per tensor: the records say which.
    if (anyMd5)
        tree->task = u"md5"_s;

    parentOf.resize(tree->nodes.size(), -1);
    cycles = linkModuleTree(tree.get(), parentOf);
    if (cycles)
        diagnostics.add(
            u"construct_cycle"_s,
            Tr::tr("construct.json makes nodes their own ancestors; those links were cut"),
            Location{-1, -1, name},
            Severity::Warning,
            cycles);
    if (!stackJson.empty()) {
        if (auto stacks = parseMsprobeStacks(stackJson))
            tree->callStacks = std::move(*stacks);
        else
            diagnostics.add(u"msprobe_bad_stack"_s,
                            Tr::tr("stack.json is not a JSON object; call stacks are not shown"),
                            Location{-1, -1, name});
    }
    if (tree->nodes.isEmpty())
        return Result<ModuleTree>::failed(
            Error::make(
                ErrorCode::Unsupported,
                Tr::tr("construct.json and dump.json name no nodes: dump at level L0 or mix "
                       "for a module tree"),
                name),
            diagnostics);
    return Result<ModuleTree>::ok(tree, diagnostics);
}

int stepOrRankNumber(const QString &folderName, const QString &prefix)
{
    if (!folderName.startsWith(prefix))
        return -1;
    if (folderName == prefix)
        return 0;
    bool ok = false;
    const int n = folderName.mid(prefix.size()).toInt(&ok);
    return ok && n >= 0 ? n : -1;
}

QStringList moduleTreeFolders(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (info.isFile())
        return {info.absolutePath()};
    if (!info.isDir()) {
        if (error)
            *error = Tr::tr("%1 is neither a folder nor a dump.json").arg(path);
        return {};
    }
    if (QFileInfo::exists(QDir(path).filePath(u"dump.json"_s)))
        return {info.absoluteFilePath()};
    // msprobe's layout is two levels deep: step{N}/rank{R}/dump.json.
    struct Found
    {
        int step, rank;
        QString dir;
    };
    QList<Found> found;
    const QDir top(path);
    const QStringList steps = top.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &s : steps) {
        const int step = stepOrRankNumber(s, u"step"_s);
        if (step < 0)
            continue;
        const QDir sd(top.filePath(s));
        for (const QString &r : sd.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const int rank = stepOrRankNumber(r, u"rank"_s);
            if (rank >= 0 && QFileInfo::exists(QDir(sd.filePath(r)).filePath(u"dump.json"_s)))
                found.append({step, rank, QFileInfo(sd.filePath(r)).absoluteFilePath()});
        }
    }
    // A folder of rank folders without steps.
    for (const QString &r : steps) {
        const int rank = stepOrRankNumber(r, u"rank"_s);
        if (rank >= 0 && QFileInfo::exists(QDir(top.filePath(r)).filePath(u"dump.json"_s)))
            found.append({0, rank, QFileInfo(top.filePath(r)).absoluteFilePath()});
    }
    std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) {
        return a.step != b.step ? a.step < b.step : a.rank < b.rank;
    });
    QStringList out;
    for (const Found &f : found)
        out << f.dir;
    if (out.isEmpty() && error)
        *error = Tr::tr("%1 holds no msprobe dump.json (directly or in step*/rank*/)").arg(path);
    return out;
}

Result<ModuleTree> loadModuleTree(const QString &folder)
{
    const QDir dir(folder);
    auto read =
        [&](const QString &file, bool required, Error *error) -> std::unique_ptr<ByteSource> {
        const QString p = dir.filePath(file);
        if (!required && !QFileInfo::exists(p))
            return nullptr;
        return ByteSource::open(Source::fromPath(p), error);
    };
    Error error;
    auto construct = read(u"construct.json"_s, true, &error);
    if (!construct)
        return Result<ModuleTree>::failed(error);
    auto dump = read(u"dump.json"_s, true, &error);
    if (!dump)
        return Result<ModuleTree>::failed(error);
    Error stackError;
    auto stack = read(u"stack.json"_s, false, &stackError);
    auto result = parseModuleTree(construct->data(),
                                  dump->data(),
                                  dir.filePath(u"construct.json"_s),
                                  stack ? stack->data() : std::string_view(),
                                  dir.filePath(u"dump.json"_s));
    if (!result.isOk())
        return result;
    auto tree = std::make_shared<ModuleTree>(*result.value());
    tree->path = QFileInfo(folder).absoluteFilePath();
    tree->step = std::max(
        0, stepOrRankNumber(QFileInfo(QFileInfo(folder).absolutePath()).fileName(), u"step"_s));
    tree->rank = std::max(0, stepOrRankNumber(QFileInfo(folder).fileName(), u"rank"_s));
    return Result<ModuleTree>::ok(tree, result.diagnostics());
}

} // namespace Twinscope::Core
