#include "profilejson.h"

#include "core/common/constants.h"
#include "core/common/tr.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonArray>

#include <charconv>
#include <cmath>
#include <simdjson.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

const StepPhase RankPhases[] = {StepPhase::Computing,
                                StepPhase::CommunicationNotOverlapped,
                                StepPhase::Overlapped,
                                StepPhase::Communication,
                                StepPhase::Free,
                                StepPhase::Bubble};

QJsonArray ranksJson(const ProfileAnalysis &a)
{
    QJsonArray out;
    for (const RankSummary &r : a.ranks) {
        QJsonObject o{{u"rank"_s, r.rank},
                      {u"path"_s, r.path},
                      {u"steps"_s, r.steps},
                      {u"step_us"_s, number(r.stepUs)}};
        for (const StepPhase p : RankPhases)
            o.insert(stepPhaseId(p) + u"_us"_s, number(r.us[size_t(p)]));
        out.append(o);
    }
    return out;
}

QJsonObject summary(const ProfileAnalysis &a)
{
    const KernelTable types = a.kernels.regrouped(KernelGrouping::TypeAndCore);
    QJsonArray kernels;
    qint64 aiCpuCount = 0;
    double aiCpuUs = 0;
    for (const KernelGroup *g : types.byTotal()) {
        if (g->isAiCpu()) {
            aiCpuCount += g->count;
            aiCpuUs += g->totalUs;
        }
        if (kernels.size() < SummaryKernelCount)
            kernels.append(QJsonObject{{u"type"_s, g->type},
                                       {u"core"_s, g->core},
                                       {u"count"_s, g->count},
                                       {u"total_us"_s, g->totalUs},
                                       {u"mean_us"_s, g->meanUs()},
                                       {u"share"_s, types.share(*g)}});
    }
    QJsonArray communication;
    for (const CollectiveStats &c : a.collectives) {
        // A link type that moved nothing has no bandwidth (msprof-analyze writes 0, which reads as
        // a dead link).
        QJsonObject bandwidth;
        for (const auto &[link, t] : c.links) {
            if (t.timeMs > 0)
                bandwidth.insert(link, t.bandwidthGbps());
        }
        communication.append(QJsonObject{{u"op"_s, c.op},
                                         {u"count"_s, c.count},
                                         {u"elapse_ms"_s, c.elapseMs},
                                         {u"transit_ms"_s, c.transitMs},
                                         {u"wait_ms"_s, c.waitMs},
                                         {u"bandwidth_gbps"_s, bandwidth}});
    }
    QJsonArray slowRanks;
    for (const SlowRank &s : a.slowRanks)
        slowRanks.append(QJsonObject{{u"rank"_s, s.rank},
                                     {u"phase"_s, stepPhaseId(s.phase)},
                                     {u"value_us"_s, s.valueUs},
                                     {u"median_us"_s, s.medianUs}});
    QJsonArray slowLinks;
    for (const SlowLink &s : a.slowLinks)
        slowLinks.append(QJsonObject{{u"src"_s, s.src},
                                     {u"dst"_s, s.dst < 0 ? QJsonValue() : QJsonValue(s.dst)},
                                     {u"link"_s, s.link},
                                     {u"bandwidth_gbps"_s, s.bandwidthGbps},
                                     {u"median_gbps"_s, s.medianGbps}});
    // The phase that takes most of the step, with the sentence the Profile tab shows (issue #23).
    QJsonValue dominant;
    if (const std::optional<DominantPhase> d = dominantPhase(a))
        dominant = QJsonObject{{u"phase"_s, stepPhaseId(d->phase)},
                               {u"us"_s, d->us},
                               {u"step_us"_s, d->stepUs},
                               {u"share"_s, d->share()},
                               {u"text"_s, dominantPhaseSentence(*d)}};
    return QJsonObject{
        {u"schemaVersion"_s, CliSchemaVersion},
        {u"dominant_phase"_s, dominant},
        {u"ranks"_s, ranksJson(a)},
        {u"kernels"_s, kernels},
        {u"ai_cpu"_s,
         QJsonObject{{u"count"_s, aiCpuCount},
                     {u"total_us"_s, aiCpuUs},
                     {u"share"_s, types.totalUs > 0 ? aiCpuUs / types.totalUs : 0.0}}},
        {u"communication"_s, communication},
        {u"slow_ranks"_s, slowRanks},
        {u"slow_links"_s, slowLinks},
    };
}

} // namespace

QJsonObject profileSummaryJson(const ProfileAnalysis &analysis)
{
    return summary(analysis);
}

QJsonObject profileSummaryJson(const ProfileAnalysis &analysis, const Diagnostics &diagnostics)
{
    QJsonObject out = summary(analysis);
    out.insert(u"warnings"_s, warningsJson(diagnostics));
    return out;
}

QJsonObject profileShardJson(const ProfileAnalysis &analysis,
                             int shardIndex,
                             int shardCount,
                             const Diagnostics &diagnostics)
{
    QJsonObject out = profileShardJson(analysis, shardIndex, shardCount);
    out.insert(u"warnings"_s, warningsJson(diagnostics));
    return out;
}

QJsonObject profileShardJson(const ProfileAnalysis &a, int shardIndex, int shardCount)
{
    QJsonObject out = summary(a);
    out.insert(u"shard"_s, QJsonObject{{u"index"_s, shardIndex}, {u"count"_s, shardCount}});
    const KernelTable types = a.kernels.regrouped(KernelGrouping::TypeAndCore);
    QJsonArray kernels;
    for (const KernelGroup &g : types.groups)
        kernels.append(QJsonObject{{u"type"_s, g.type},
                                   {u"core"_s, g.core},
                                   {u"count"_s, g.count},
                                   {u"total_us"_s, g.totalUs},
                                   {u"min_us"_s, number(g.minUs)},
                                   {u"max_us"_s, g.maxUs},
                                   {u"wait_us"_s, g.waitUs},
                                   {u"unaligned16"_s, g.unaligned16}});
    QJsonArray communication;
    for (const CollectiveStats &c : a.collectives) {
        QJsonObject links;
        for (const auto &[name, t] : c.links) {
            QJsonArray packets;
            for (const auto &[size, p] : t.packets)
                packets.append(QJsonArray{size, p.first, p.second});
            links.insert(name,
                         QJsonObject{{u"size_mb"_s, t.sizeMb},
                                     {u"time_ms"_s, t.timeMs},
                                     {u"packets"_s, packets}});
        }
        communication.append(QJsonObject{{u"op"_s, c.op},
                                         {u"count"_s, c.count},
                                         {u"elapse_ms"_s, c.elapseMs},
                                         {u"transit_ms"_s, c.transitMs},
                                         {u"wait_ms"_s, c.waitMs},
                                         {u"sync_ms"_s, c.syncMs},
                                         {u"idle_ms"_s, c.idleMs},
                                         {u"links"_s, links}});
    }
    QJsonArray rankLinks;
    for (const RankLinkTraffic &l : a.rankLinks)
        rankLinks.append(QJsonObject{{u"rank"_s, l.rank},
                                     {u"link"_s, l.link},
                                     {u"size_mb"_s, l.sizeMb},
                                     {u"time_ms"_s, l.timeMs}});
    QJsonArray matrix;
    for (const MatrixLink &l : a.matrix)
        matrix.append(QJsonObject{{u"src"_s, l.src},
                                  {u"dst"_s, l.dst},
                                  {u"link"_s, l.link},
                                  {u"size_mb"_s, l.sizeMb},
                                  {u"time_ms"_s, l.timeMs},
                                  {u"ops"_s, l.ops}});
    QJsonArray ranks;
    for (const RankSummary &r : a.ranks) {
        QJsonObject phases;
        for (int p = 0; p < StepPhaseCount; ++p)
            phases.insert(stepPhaseId(StepPhase(p)), number(r.us[size_t(p)]));
        ranks.append(QJsonObject{{u"rank"_s, r.rank},
                                 {u"path"_s, r.path},
                                 {u"steps"_s, r.steps},
                                 {u"step_us"_s, number(r.stepUs)},
                                 {u"has_kernels"_s, r.hasKernels},
                                 {u"phases_us"_s, phases}});
    }
    out.insert(u"partial"_s,
               QJsonObject{{u"kernels"_s, kernels},
                           {u"device_us"_s, types.totalUs},
                           {u"kernel_count"_s, types.kernels},
                           {u"signatures"_s, a.kernelSignatures},
                           {u"communication"_s, communication},
                           {u"rank_links"_s, rankLinks},
                           {u"matrix"_s, matrix},
                           {u"matrix_local_ranks"_s, a.matrixLocalRanks},
                           {u"ranks"_s, ranks}});
    return out;
}

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

QString qstr(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

// Reads a shard document field by field; a missing or mistyped field fails the whole shard with
// the field's path, so a partial merge never passes for a complete one.
class ShardReader
{
public:
    explicit ShardReader(const QString &name)
        : m_name(name)
    {}

    std::optional<Error> error;

    double num(object o, std::string_view key, const char *where, bool nullable = false)
    {
        element e;
        if (o.at_key(key).get(e) != simdjson::SUCCESS)
            return fail(where, key), 0.0;
        if (nullable && e.is_null())
            return std::nan("");
        double d = 0;
        if (e.get_double().get(d) == simdjson::SUCCESS)
            return d;
        int64_t i = 0;
        if (e.get_int64().get(i) == simdjson::SUCCESS)
            return double(i);
        uint64_t u = 0;
        if (e.get_uint64().get(u) == simdjson::SUCCESS)
            return double(u);
        return fail(where, key), 0.0;
    }
    qint64 integer(object o, std::string_view key, const char *where)
    {
        int64_t i = 0;
        if (o.at_key(key).get_int64().get(i) != simdjson::SUCCESS)
            return fail(where, key), 0;
        return i;
    }
    QString text(object o, std::string_view key, const char *where)
    {
        std::string_view s;
        if (o.at_key(key).get_string().get(s) != simdjson::SUCCESS)
            return fail(where, key), QString();
        return qstr(s);
    }
    bool flag(object o, std::string_view key)
    {
        bool b = false;
        return o.at_key(key).get_bool().get(b) == simdjson::SUCCESS && b;
    }
    array list(object o, std::string_view key, const char *where)
    {
        array a;
        if (o.at_key(key).get_array().get(a) != simdjson::SUCCESS)
            fail(where, key);
        return a;
    }
    object obj(element e, const char *where)
    {
        object o;
        if (e.get_object().get(o) != simdjson::SUCCESS)
            fail(where, {});
        return o;
    }
    void fail(const char *where, std::string_view key)
    {
        if (error)
            return;
        Error e = Error::make(
            ErrorCode::Malformed,
            Tr::tr("This is not a shard summary of twinscope-cli profile --shard: %1 is missing "
                   "or has the wrong type.")
                .arg(QString::fromLatin1(where) + (key.empty() ? QString() : u"."_s + qstr(key))),
            m_name);
        e.expected = u"twinscope-cli profile --json --shard I/N output"_s;
        error = e;
    }

private:
    QString m_name;
};

} // namespace

Result<ProfileShard> readProfileShard(std::string_view json, const QString &name)
{
    simdjson::dom::parser parser;
    element doc;
    if (const auto err = parser.parse(json.data(), json.size()).get(doc);
        err != simdjson::SUCCESS) {
        Error e = Error::make(ErrorCode::Malformed,
                              Tr::tr("The shard summary is not valid JSON (%1).")
                                  .arg(QString::fromLatin1(simdjson::error_message(err))),
                              name);
        return Result<ProfileShard>::failed(e);
    }
    ShardReader rd(name);
    auto shard = std::make_shared<ProfileShard>();
    object root = rd.obj(doc, "document");
    object partial;
    object where;
    if (!rd.error && root.at_key("shard").get_object().get(where) == simdjson::SUCCESS) {
        shard->index = int(rd.integer(where, "index", "shard"));
        shard->count = int(rd.integer(where, "count", "shard"));
    } else {
        rd.fail("document", "shard");
    }
    int64_t version = 0;
    if (!rd.error && (root.at_key("schemaVersion").get_int64().get(version) != simdjson::SUCCESS ||
                      version != CliSchemaVersion))
        rd.fail("document", "schemaVersion");
    if (!rd.error && root.at_key("partial").get_object().get(partial) != simdjson::SUCCESS)
        rd.fail("document", "partial");
    if (rd.error)
        return Result<ProfileShard>::failed(*rd.error);
    ProfileAnalysis &a = shard->analysis;
    a.kernelSignatures = rd.flag(partial, "signatures");
    a.matrixLocalRanks = rd.flag(partial, "matrix_local_ranks");
    for (element e : rd.list(partial, "kernels", "partial")) {
        object k = rd.obj(e, "partial.kernels[]");
        if (rd.error)
            break;
        const QByteArray type = rd.text(k, "type", "kernels[]").toUtf8();
        const QByteArray core = rd.text(k, "core", "kernels[]").toUtf8();
        const int g = a.kernels.group(type.toStdString(), core.toStdString());
        // Named in order, so that the first bad field is the one reported.
        const qint64 count = rd.integer(k, "count", "kernels[]");
        const double total = rd.num(k, "total_us", "kernels[]");
        const double minUs = rd.num(k, "min_us", "kernels[]", true);
        const double maxUs = rd.num(k, "max_us", "kernels[]");
        a.kernels.addAggregate(g, count, total, minUs, maxUs);
        KernelGroup &kg = a.kernels.groups[size_t(g)];
        kg.waitUs += rd.num(k, "wait_us", "kernels[]");
        kg.unaligned16 = kg.unaligned16 || rd.flag(k, "unaligned16");
    }
    for (element e : rd.list(partial, "communication", "partial")) {
        object c = rd.obj(e, "partial.communication[]");
        if (rd.error)
            break;
        CollectiveStats s;
        s.op = rd.text(c, "op", "communication[]");
        s.count = rd.integer(c, "count", "communication[]");
        s.elapseMs = rd.num(c, "elapse_ms", "communication[]");
        s.transitMs = rd.num(c, "transit_ms", "communication[]");
        s.waitMs = rd.num(c, "wait_ms", "communication[]");
        s.syncMs = rd.num(c, "sync_ms", "communication[]");
        s.idleMs = rd.num(c, "idle_ms", "communication[]");
        object links;
        if (c.at_key("links").get_object().get(links) == simdjson::SUCCESS) {
            for (auto l : links) {
                object lo = rd.obj(l.value, "communication[].links");
                if (rd.error)
                    break;
                LinkTraffic &t = s.links[qstr(l.key)];
                t.sizeMb = rd.num(lo, "size_mb", "links");
                t.timeMs = rd.num(lo, "time_ms", "links");
                array packets;
                if (lo.at_key("packets").get_array().get(packets) == simdjson::SUCCESS) {
                    for (element p : packets) {
                        // simdjson's get_double also takes integers.
                        array triple;
                        double size = 0, count = 0, ms = 0;
                        if (p.get_array().get(triple) != simdjson::SUCCESS || triple.size() != 3 ||
                            triple.at(0).get_double().get(size) != simdjson::SUCCESS ||
                            triple.at(1).get_double().get(count) != simdjson::SUCCESS ||
                            triple.at(2).get_double().get(ms) != simdjson::SUCCESS) {
                            rd.fail("links", "packets");
                            break;
                        }
                        auto &slot = t.packets[size];
                        slot.first += qint64(count);
                        slot.second += ms;
                    }
                }
            }
        }
        a.collectives.push_back(std::move(s));
    }
    for (element e : rd.list(partial, "rank_links", "partial")) {
        object l = rd.obj(e, "partial.rank_links[]");
        if (rd.error)
            break;
        a.rankLinks.push_back({int(rd.integer(l, "rank", "rank_links[]")),
                               rd.text(l, "link", "rank_links[]"),
                               rd.num(l, "size_mb", "rank_links[]"),
                               rd.num(l, "time_ms", "rank_links[]")});
    }
    for (element e : rd.list(partial, "matrix", "partial")) {
        object l = rd.obj(e, "partial.matrix[]");
        if (rd.error)
            break;
        MatrixLink m;
        m.src = int(rd.integer(l, "src", "matrix[]"));
        m.dst = int(rd.integer(l, "dst", "matrix[]"));
        m.link = rd.text(l, "link", "matrix[]");
        m.sizeMb = rd.num(l, "size_mb", "matrix[]");
        m.timeMs = rd.num(l, "time_ms", "matrix[]");
        m.ops = rd.integer(l, "ops", "matrix[]");
        a.matrix.push_back(std::move(m));
    }
    for (element e : rd.list(partial, "ranks", "partial")) {
        object r = rd.obj(e, "partial.ranks[]");
        if (rd.error)
            break;
        RankSummary s;
        s.rank = int(rd.integer(r, "rank", "ranks[]"));
        s.path = rd.text(r, "path", "ranks[]");
        s.steps = rd.integer(r, "steps", "ranks[]");
        s.stepUs = rd.num(r, "step_us", "ranks[]", true);
        s.hasKernels = rd.flag(r, "has_kernels");
        object phases;
        if (r.at_key("phases_us").get_object().get(phases) == simdjson::SUCCESS) {
            for (int p = 0; p < StepPhaseCount; ++p) {
                const QByteArray id = stepPhaseId(StepPhase(p)).toUtf8();
                s.us[size_t(p)] = rd.num(
                    phases, std::string_view(id.constData(), size_t(id.size())), "phases_us", true);
            }
        }
        a.ranks.push_back(std::move(s));
    }
    if (rd.error)
        return Result<ProfileShard>::failed(*rd.error);
    // The shard's device time is the sum of its groups; restore it exactly as written.
    a.kernels.totalUs = rd.num(partial, "device_us", "partial");
    a.kernels.kernels = rd.integer(partial, "kernel_count", "partial");
    if (rd.error)
        return Result<ProfileShard>::failed(*rd.error);
    return Result<ProfileShard>::ok(std::move(shard));
}

} // namespace Twinscope::Core
