#include "visdbreader.h"

#include "core/common/sqlitedb.h"
#include "core/common/tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString text(const SqliteStatement &s, int column)
{
    const std::string_view v = s.text(column);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

double jsonNumber(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    if (v.isBool())
        return v.toBool() ? 1 : 0;
    const QString s = v.toString();
    if (s == u"inf"_s || s == u"Infinity"_s)
        return INFINITY;
    if (s == u"-inf"_s || s == u"-Infinity"_s)
        return -INFINITY;
    bool ok = false;
    const double d = s.toDouble(&ok);
    return ok ? d : std::nan("");
}

// input_data/output_data: {"<node id>.input.0": {"type", "dtype", "shape", "Max", ... }, ...},
// keys from the data_name where msprobe had one (its extension already cut).
void readArgs(const QString &json, const QString &nodeId, bool output, QList<ModuleArg> *out)
{
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QJsonObject a = it.value().toObject();
        ModuleArg arg;
        arg.slot = it.key().startsWith(nodeId + u'.') ? it.key().mid(nodeId.size() + 1) : it.key();
        arg.isOutput = output;
        arg.type = a.value(u"type"_s).toString();
        arg.dtype = a.value(u"dtype"_s).toString();
        arg.isTensor = arg.type.endsWith(u"Tensor"_s) || arg.type.endsWith(u"Parameter"_s);
        for (const QJsonValue d : a.value(u"shape"_s).toArray())
            arg.shape.append(qint64(d.toDouble(-1)));
        arg.stats.max = jsonNumber(a.value(u"Max"_s));
        arg.stats.min = jsonNumber(a.value(u"Min"_s));
        arg.stats.mean = jsonNumber(a.value(u"Mean"_s));
        arg.stats.norm = jsonNumber(a.value(u"Norm"_s));
        arg.md5 = a.value(u"md5"_s).toString();
        if (a.contains(u"value"_s))
            arg.value = a.value(u"value"_s).isString()
                            ? a.value(u"value"_s).toString()
                            : QString::fromUtf8(QJsonDocument(QJsonArray{a.value(u"value"_s)})
                                                    .toJson(QJsonDocument::Compact));
        out->append(arg);
    }
}

QList<int> intList(const QString &json)
{
    QList<int> out;
    for (const QJsonValue v : QJsonDocument::fromJson(json.toUtf8()).array())
        out.append(v.toInt());
    return out;
}

struct Row
{
    QString name, up, link, overflow;
    double index = std::nan("");
    QList<ModuleArg> args;
};

void addTree(ModuleTree *t, const QList<Row> &rows)
{
    for (const Row &r : rows) {
        ModuleNode n;
        n.id = r.name;
        n.isModule = n.id.startsWith(u"Module."_s) || n.id.startsWith(u"Cell."_s);
        n.args = r.args;
        t->index.insert(n.id, int(t->nodes.size()));
        t->nodes.append(std::move(n));
    }
    QList<int> parentOf;
    for (const Row &r : rows)
        parentOf.append(t->find(r.up));
    // A parent chain that loops back is cut: the file is not trusted to be a tree.
    linkModuleTree(t, parentOf);
}

} // namespace

bool isVisDbLayout(const QStringList &tables)
{
    return tables.contains(u"tb_nodes"_s) && tables.contains(u"tb_config"_s);
}

Result<MsprobeVisGraph>
loadVisDb(const QString &path, int step, int rank, const CancelToken &cancel)
{
    SqliteReadOnly db(path, cancel);
    if (!db.isOpen())
        return Result<MsprobeVisGraph>::failed(
            Error::make(ErrorCode::Unreadable, db.error(), path));
    if (!db.has(u"tb_nodes"_s))
        return Result<MsprobeVisGraph>::failed(Error::make(
            ErrorCode::UnknownFormat, Tr::tr("no tb_nodes table: not an msprobe .vis.db"), path));
    for (const QString &c :
         {u"node_name"_s, u"up_node"_s, u"data_source"_s, u"step"_s, u"rank"_s, u"node_order"_s})
        if (!db.hasColumn(u"tb_nodes"_s, c))
            return Result<MsprobeVisGraph>::failed(
                Error::make(ErrorCode::Malformed,
                            Tr::tr("tb_nodes has no column %1: not an msprobe .vis.db").arg(c),
                            path));
    auto graph = std::make_shared<MsprobeVisGraph>();
    graph->path = path;
    auto column = [&](const QString &c) {
        return db.hasColumn(u"tb_nodes"_s, c) ? c : u"NULL"_s;
    };
    if (db.has(u"tb_config"_s)) {
        SqliteStatement q;
        auto col = [&](const QString &c) {
            return db.hasColumn(u"tb_config"_s, c) ? c : u"NULL"_s;
        };
        if (!db.prepare(q,
                        u"SELECT %1, %2, %3 FROM tb_config LIMIT 1"_s.arg(
                            col(u"task"_s), col(u"step_list"_s), col(u"rank_list"_s))) &&
            q.next()) {
            graph->task = text(q, 0);
            graph->steps = intList(text(q, 1));
            graph->ranks = intList(text(q, 2));
        }
    }
    {
        // The steps and ranks the nodes carry decide; tb_config's lists only say what was asked.
        SqliteStatement q;
        if (auto e =
                db.prepare(q, u"SELECT DISTINCT step, rank FROM tb_nodes ORDER BY step, rank"_s))
            return Result<MsprobeVisGraph>::failed(*e);
        QList<int> steps, ranks;
        while (q.next()) {
            const int s = int(q.integerOr(0, 0)), r = int(q.integerOr(1, 0));
            if (!steps.contains(s))
                steps.append(s);
            if (!ranks.contains(r))
                ranks.append(r);
        }
        if (cancel.isCanceled())
            return Result<MsprobeVisGraph>::canceled();
        if (steps.isEmpty())
            return Result<MsprobeVisGraph>::failed(
                Error::make(ErrorCode::EmptyFile, Tr::tr("tb_nodes holds no nodes"), path));
        std::sort(steps.begin(), steps.end());
        std::sort(ranks.begin(), ranks.end());
        graph->steps = steps;
        graph->ranks = ranks;
    }
    graph->step = step >= 0 ? step : graph->steps.first();
    graph->rank = rank >= 0 ? rank : graph->ranks.first();
    SqliteStatement q;
    const QString sql = u"SELECT node_name, up_node, data_source, %1, %2, %3, %4, %5 FROM tb_nodes "
                        u"WHERE step = %6 AND rank = %7 ORDER BY node_order"_s
                            .arg(column(u"precision_index"_s),
                                 column(u"overflow_level"_s),
                                 column(u"matched_node_link"_s),
                                 column(u"input_data"_s),
                                 column(u"output_data"_s))
                            .arg(graph->step)
                            .arg(graph->rank);
    if (auto e = db.prepare(q, sql))
        return Result<MsprobeVisGraph>::failed(*e);
    QList<Row> npuRows, benchRows;
    while (q.next()) {
        Row r;
        r.name = text(q, 0);
        r.up = text(q, 1);
        if (!q.isNull(3))
            r.index = q.real(3);
        r.overflow = text(q, 4);
        const QJsonArray link = QJsonDocument::fromJson(text(q, 5).toUtf8()).array();
        if (!link.isEmpty())
            r.link = link.last().toString();
        readArgs(text(q, 6), r.name, false, &r.args);
        readArgs(text(q, 7), r.name, true, &r.args);
        (text(q, 2) == u"Bench"_s ? benchRows : npuRows).append(std::move(r));
    }
    if (!q.error().isEmpty())
        return Result<MsprobeVisGraph>::failed(Error::make(ErrorCode::Malformed, q.error(), path));
    if (cancel.isCanceled())
        return Result<MsprobeVisGraph>::canceled();
    if (npuRows.isEmpty())
        return Result<MsprobeVisGraph>::failed(
            Error::make(ErrorCode::EmptyFile,
                        Tr::tr("tb_nodes holds no NPU nodes for step %1, rank %2")
                            .arg(graph->step)
                            .arg(graph->rank),
                        path));
    auto npu = std::make_shared<ModuleTree>();
    auto bench = std::make_shared<ModuleTree>();
    npu->path = bench->path = path;
    npu->step = bench->step = graph->step;
    npu->rank = bench->rank = graph->rank;
    const QString task = graph->task == u"summary"_s ? u"statistics"_s
                         : graph->task == u"all"_s   ? u"tensor"_s
                                                     : graph->task;
    npu->task = bench->task = task;
    addTree(npu.get(), npuRows);
    addTree(bench.get(), benchRows);
    // msprobe's own matches are kept as the mapping, so Twinscope's divergence flags are computed
    // over the same pairs msprobe coloured.
    ModuleCompareOptions options;
    for (const Row &r : std::as_const(npuRows))
        if (!r.link.isEmpty()) {
            options.mapping.insert(r.name, r.link);
            ++graph->msprobeMatched;
        } else {
            options.mapping.insert(r.name, QString());
        }
    graph->comparison = compareModuleTrees(npu, bench, options);
    ModuleComparison &c = *graph->comparison;
    for (int i = 0; i < npuRows.size(); ++i) {
        c.nodes[i].precisionIndex = npuRows[i].index;
        c.nodes[i].band = c.nodes[i].bench >= 0 ? precisionBand(c.mode, npuRows[i].index)
                                                : PrecisionBand::Unmatched;
        const QString o = npuRows[i].overflow;
        c.nodes[i].overflow = o == u"critical"_s ? OverflowLevel::Critical
                              : o == u"high"_s   ? OverflowLevel::High
                              : o == u"medium"_s ? OverflowLevel::Medium
                                                 : OverflowLevel::None;
    }
    return Result<MsprobeVisGraph>::ok(graph);
}

} // namespace Twinscope::Core
