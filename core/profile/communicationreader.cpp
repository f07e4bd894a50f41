#include "core/common/jsontext.h"
#include "core/common/tr.h"
#include "profilereaders.h"

#include <QHash>

#include <charconv>
#include <cmath>
#include <map>
#include <simdjson.h>
#include <tuple>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString qstr(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

// A number written as a JSON number or as text (Python's NaN quoted by quotePythonNonFinite).
double number(simdjson::dom::element e)
{
    double d = 0;
    if (e.get_double().get(d) == simdjson::SUCCESS)
        return d;
    int64_t i = 0;
    if (e.get_int64().get(i) == simdjson::SUCCESS)
        return double(i);
    uint64_t u = 0;
    if (e.get_uint64().get(u) == simdjson::SUCCESS)
        return double(u);
    std::string_view s;
    if (e.get_string().get(s) == simdjson::SUCCESS) {
        double v = 0;
        const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
        if (r.ec == std::errc())
            return v;
    }
    return std::nan("");
}

double field(simdjson::dom::object o, std::string_view key)
{
    simdjson::dom::element e;
    if (o.at_key(key).get(e) != simdjson::SUCCESS)
        return std::nan("");
    return number(e);
}

double orZero(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

// A parsed document (quoting Python's bare NaN/Infinity first when that is what stops it) and
// its top-level object.
struct JsonDocument
{
    simdjson::dom::parser parser;
    std::string fixed;
    simdjson::dom::object root;

    std::optional<Error> parse(std::string_view data, const QString &name)
    {
        simdjson::dom::element doc;
        auto err = parser.parse(data.data(), data.size()).get(doc);
        if (err != simdjson::SUCCESS) {
            fixed = quotePythonNonFinite(data);
            err = parser.parse(fixed).get(doc);
        }
        if (err != simdjson::SUCCESS) {
            Error e = Error::make(ErrorCode::Malformed,
                                  Tr::tr("The file is not valid JSON (%1).")
                                      .arg(QString::fromLatin1(simdjson::error_message(err))),
                                  name);
            e.expected = u"JSON"_s;
            return e;
        }
        if (doc.get_object().get(root) != simdjson::SUCCESS) {
            Error e = Error::make(
                ErrorCode::Malformed, Tr::tr("The file does not hold a JSON object."), name, 0);
            e.expected = u"{"_s;
            return e;
        }
        return std::nullopt;
    }
};

// One op's "Communication Time Info" and "Communication Bandwidth Info".
bool readOpInfo(simdjson::dom::object op, CollectiveStats *c)
{
    simdjson::dom::object time;
    if (op.at_key("Communication Time Info").get(time) != simdjson::SUCCESS)
        return false;
    c->count = 1;
    c->elapseMs = orZero(field(time, "Elapse Time(ms)"));
    c->transitMs = orZero(field(time, "Transit Time(ms)"));
    c->waitMs = orZero(field(time, "Wait Time(ms)"));
    c->syncMs = orZero(field(time, "Synchronization Time(ms)"));
    c->idleMs = orZero(field(time, "Idle Time(ms)"));
    simdjson::dom::object bandwidth;
    if (op.at_key("Communication Bandwidth Info").get(bandwidth) != simdjson::SUCCESS)
        return true;
    for (auto link : bandwidth) {
        simdjson::dom::object l;
        if (link.value.get_object().get(l) != simdjson::SUCCESS)
            continue;
        LinkTraffic t;
        t.sizeMb = orZero(field(l, "Transit Size(MB)"));
        t.timeMs = orZero(field(l, "Transit Time(ms)"));
        simdjson::dom::object sizes;
        if (l.at_key("Size Distribution").get(sizes) == simdjson::SUCCESS) {
            for (auto s : sizes) {
                double size = 0;
                const auto r = std::from_chars(s.key.data(), s.key.data() + s.key.size(), size);
                simdjson::dom::array pair;
                if (r.ec != std::errc() || s.value.get_array().get(pair) != simdjson::SUCCESS ||
                    pair.size() < 2)
                    continue;
                const double count = number(pair.at(0).value_unsafe());
                const double ms = number(pair.at(1).value_unsafe());
                auto &p = t.packets[size];
                p.first += std::isfinite(count) ? qint64(count) : 0;
                p.second += orZero(ms);
            }
        }
        c->links.emplace(qstr(link.key), std::move(t));
    }
    return true;
}

// Collectives are summed per op name; a hash keeps it linear in the number of calls.
struct CollectiveSink
{
    std::vector<CollectiveStats> *out;
    QHash<QString, size_t> index;

    void add(CollectiveStats &&c)
    {
        const auto it = index.constFind(c.op);
        if (it != index.cend()) {
            (*out)[*it].merge(c);
            return;
        }
        index.insert(c.op, out->size());
        out->push_back(std::move(c));
    }
};

void addLinks(std::vector<RankLinkTraffic> &links, int rank, const CollectiveStats &c)
{
    for (const auto &entry : c.links) {
        const QString &name = entry.first; // not a structured binding: clang 14 cannot capture one
        const LinkTraffic &traffic = entry.second;
        auto it = std::find_if(links.begin(), links.end(), [&](const RankLinkTraffic &l) {
            return l.rank == rank && l.link == name;
        });
        if (it == links.end()) {
            links.push_back({rank, name, 0, 0});
            it = links.end() - 1;
        }
        it->sizeMb += traffic.sizeMb;
        it->timeMs += traffic.timeMs;
    }
}

std::optional<std::pair<int, int>> linkEnds(std::string_view key)
{
    const size_t dash = key.find('-');
    if (dash == std::string_view::npos)
        return std::nullopt;
    int src = 0;
    int dst = 0;
    const auto a = std::from_chars(key.data(), key.data() + dash, src);
    const auto b = std::from_chars(key.data() + dash + 1, key.data() + key.size(), dst);
    if (a.ec != std::errc() || b.ec != std::errc() || a.ptr != key.data() + dash ||
        b.ptr != key.data() + key.size() || src < 0 || dst < 0)
        return std::nullopt;
    return std::make_pair(src, dst);
}

bool readLink(std::string_view key, simdjson::dom::element value, MatrixLink *link)
{
    simdjson::dom::object o;
    const auto ends = linkEnds(key);
    if (!ends || value.get_object().get(o) != simdjson::SUCCESS)
        return false;
    link->src = ends->first;
    link->dst = ends->second;
    std::string_view type;
    if (o.at_key("Transport Type").get_string().get(type) == simdjson::SUCCESS)
        link->link = qstr(type);
    link->sizeMb = orZero(field(o, "Transit Size(MB)"));
    link->timeMs = orZero(field(o, "Transit Time(ms)"));
    link->ops = 1;
    return true;
}

bool isTotal(std::string_view key)
{
    return key.substr(0, 5) == "Total";
}

// The files nest the same way: two object levels (step and collective/p2p per rank; group and step
// in the cluster files), then ops keyed by name. onOp(key, value) sees each op but msprof-analyze's
// "Total Op Info" sums; it returns false to stop (cancel).
template<typename F>
bool forEachOp(simdjson::dom::object root, F &&onOp)
{
    for (auto outer : root) {
        simdjson::dom::object level;
        if (outer.value.get_object().get(level) != simdjson::SUCCESS)
            continue;
        for (auto inner : level) {
            simdjson::dom::object ops;
            if (inner.value.get_object().get(ops) != simdjson::SUCCESS)
                continue;
            for (auto op : ops) {
                if (!isTotal(op.key) && !onOp(op.key, op.value))
                    return false;
            }
        }
    }
    return true;
}

// Matrix links summed per (src, dst, transport type).
struct LinkSums
{
    std::map<std::tuple<int, int, QString>, MatrixLink> links;

    void add(const MatrixLink &l)
    {
        MatrixLink &m = links[{l.src, l.dst, l.link}];
        if (m.ops == 0) {
            m = l;
            return;
        }
        m.sizeMb += l.sizeMb;
        m.timeMs += l.timeMs;
        m.ops += l.ops;
    }
    void moveTo(std::vector<MatrixLink> &out)
    {
        for (auto &[key, link] : links)
            out.push_back(std::move(link));
    }
};

void badOp(Diagnostics &diagnostics, const QString &where)
{
    diagnostics.add(u"communication_bad_op"_s,
                    Tr::tr("communication ops without \"Communication Time Info\" were skipped"),
                    Location{-1, -1, where});
}

void badLink(Diagnostics &diagnostics, std::string_view key)
{
    diagnostics.add(u"matrix_bad_link"_s,
                    Tr::tr("matrix entries whose key is not \"src-dst\" were skipped"),
                    Location{-1, -1, qstr(key)});
}

// Polls the cancel token every 4096 records.
bool keepGoing(TableRead &out, const CancelToken &cancel)
{
    if ((++out.rows & 4095) == 0 && cancel.isCanceled()) {
        out.canceled = true;
        return false;
    }
    return true;
}

} // namespace

TableRead readCommunication(std::string_view data,
                            const QString &name,
                            RankProfile &rank,
                            Diagnostics &diagnostics,
                            const CancelToken &cancel)
{
    TableRead out;
    JsonDocument doc;
    if ((out.error = doc.parse(data, name)))
        return out;
    const simdjson::dom::object root = doc.root;
    CollectiveSink sink{&rank.collectives, {}};
    for (size_t i = 0; i < rank.collectives.size(); ++i)
        sink.index.insert(rank.collectives[i].op, i);
    forEachOp(root, [&](std::string_view key, simdjson::dom::element value) {
        if (!keepGoing(out, cancel))
            return false;
        simdjson::dom::object info;
        CollectiveStats c;
        c.op = collectiveBaseName(qstr(key));
        if (value.get_object().get(info) != simdjson::SUCCESS || !readOpInfo(info, &c)) {
            badOp(diagnostics, qstr(key));
            return true;
        }
        addLinks(rank.links, rank.rank, c);
        sink.add(std::move(c));
        return true;
    });
    if (out.rows == 0)
        diagnostics.add(u"communication_empty"_s,
                        Tr::tr("the communication file lists no op"),
                        {},
                        Severity::Info);
    return out;
}

TableRead readCommunicationMatrix(std::string_view data,
                                  const QString &name,
                                  const GroupRanks &groups,
                                  RankProfile &rank,
                                  Diagnostics &diagnostics,
                                  const CancelToken &cancel)
{
    TableRead out;
    JsonDocument doc;
    if ((out.error = doc.parse(data, name)))
        return out;
    const simdjson::dom::object root = doc.root;
    LinkSums sums;
    qint64 unmapped = 0;
    forEachOp(root, [&](std::string_view key, simdjson::dom::element value) {
        simdjson::dom::object ends;
        if (value.get_object().get(ends) != simdjson::SUCCESS)
            return true;
        // Link ends are ranks local to the op's group; the metadata maps them.
        const QString group = qstr(key).section(u'@', 1);
        const auto g = groups.constFind(group);
        for (auto e : ends) {
            if (!keepGoing(out, cancel))
                return false;
            MatrixLink l;
            if (!readLink(e.key, e.value, &l)) {
                badLink(diagnostics, e.key);
                continue;
            }
            if (g != groups.cend() && size_t(l.src) < g->size() && size_t(l.dst) < g->size()) {
                l.src = (*g)[size_t(l.src)];
                l.dst = (*g)[size_t(l.dst)];
            } else {
                ++unmapped;
            }
            sums.add(l);
        }
        return true;
    });
    if (unmapped > 0) {
        rank.matrixLocalRanks = true;
        diagnostics.add(u"matrix_local_ranks"_s,
                        Tr::tr("link ends are numbered within their communication group: without "
                               "profiler_metadata.json's group ranks they stay local numbers"),
                        {},
                        Severity::Info,
                        unmapped);
    }
    sums.moveTo(rank.matrix);
    return out;
}

TableRead readClusterCommunication(std::string_view data,
                                   const QString &name,
                                   std::map<int, RankProfile> &ranks,
                                   Diagnostics &diagnostics,
                                   const CancelToken &cancel)
{
    TableRead out;
    JsonDocument doc;
    if ((out.error = doc.parse(data, name)))
        return out;
    const simdjson::dom::object root = doc.root;
    std::map<int, CollectiveSink> sinks;
    forEachOp(root, [&](std::string_view key, simdjson::dom::element value) {
        simdjson::dom::object perRank;
        if (value.get_object().get(perRank) != simdjson::SUCCESS)
            return true;
        const QString opName = collectiveBaseName(qstr(key));
        for (auto r : perRank) {
            if (!keepGoing(out, cancel))
                return false;
            int rankId = -1;
            const auto parsed = std::from_chars(r.key.data(), r.key.data() + r.key.size(), rankId);
            simdjson::dom::object info;
            CollectiveStats c;
            c.op = opName;
            if (parsed.ec != std::errc() || rankId < 0 ||
                r.value.get_object().get(info) != simdjson::SUCCESS || !readOpInfo(info, &c)) {
                badOp(diagnostics, qstr(key) + u" / "_s + qstr(r.key));
                continue;
            }
            RankProfile &rp = ranks[rankId];
            rp.rank = rankId;
            addLinks(rp.links, rankId, c);
            auto sink = sinks.find(rankId);
            if (sink == sinks.end())
                sink = sinks.emplace(rankId, CollectiveSink{&rp.collectives, {}}).first;
            sink->second.add(std::move(c));
        }
        return true;
    });
    return out;
}

TableRead readClusterCommunicationMatrix(std::string_view data,
                                         const QString &name,
                                         std::vector<MatrixLink> &links,
                                         Diagnostics &diagnostics,
                                         const CancelToken &cancel)
{
    TableRead out;
    JsonDocument doc;
    if ((out.error = doc.parse(data, name)))
        return out;
    const simdjson::dom::object root = doc.root;
    LinkSums sums;
    forEachOp(root, [&](std::string_view, simdjson::dom::element value) {
        simdjson::dom::object ends;
        if (value.get_object().get(ends) != simdjson::SUCCESS)
            return true;
        for (auto e : ends) {
            if (!keepGoing(out, cancel))
                return false;
            MatrixLink l;
            if (readLink(e.key, e.value, &l))
                sums.add(l);
            else
                badLink(diagnostics, e.key);
        }
        return true;
    });
    sums.moveTo(links);
    return out;
}

} // namespace Twinscope::Core
