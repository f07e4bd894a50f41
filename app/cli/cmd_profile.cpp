#include "clicommand.h"
#include "core/export/profilejson.h"
#include "core/profile/profilepipeline.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>
#include <set>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

namespace {

QString us(double v)
{
    return std::isfinite(v) ? QLocale().toString(v, 'f', 1) : u"-"_s;
}

void printText(QTextStream &out, const ProfileAnalysis &a)
{
    const QLocale loc;
    out << CliTr::tr("%n rank(s)", "", int(a.ranks.size())) << '\n' << '\n';
    if (a.hasSteps()) {
        out << CliTr::tr("Rank").leftJustified(6) << CliTr::tr("Steps").rightJustified(7)
            << CliTr::tr("Step (us)").rightJustified(14)
            << CliTr::tr("Computing").rightJustified(14)
            << CliTr::tr("Comm. not overl.").rightJustified(18)
            << CliTr::tr("Free").rightJustified(14) << '\n';
        for (const RankSummary &r : a.ranks)
            out << QString::number(r.rank).leftJustified(6)
                << QString::number(r.steps).rightJustified(7) << us(r.stepUs).rightJustified(14)
                << us(r.us[int(StepPhase::Computing)]).rightJustified(14)
                << us(r.us[int(StepPhase::CommunicationNotOverlapped)]).rightJustified(18)
                << us(r.us[int(StepPhase::Free)]).rightJustified(14) << '\n';
        if (const std::optional<DominantPhase> d = dominantPhase(a))
            out << dominantPhaseSentence(*d) << '\n';
        out << '\n';
    }
    const KernelTable types = a.kernels.regrouped(KernelGrouping::TypeAndCore);
    if (!types.groups.empty()) {
        out << CliTr::tr("Top kernels by total time:") << '\n';
        int shown = 0;
        for (const KernelGroup *g : types.byTotal()) {
            if (++shown > 15)
                break;
            out << "  " << g->type.leftJustified(32) << ' ' << g->core.leftJustified(16)
                << QString::number(g->count).rightJustified(8) << us(g->totalUs).rightJustified(14)
                << "  " << loc.toString(100.0 * types.share(*g), 'f', 1) << " %" << '\n';
        }
        out << '\n';
    }
    if (!a.collectives.empty()) {
        out << CliTr::tr("Communication:") << '\n';
        for (const CollectiveStats &c : a.collectives) {
            QStringList bw;
            for (const auto &[link, t] : c.links)
                bw << u"%1 %2 GB/s"_s.arg(link, loc.toString(t.bandwidthGbps(), 'f', 2));
            out << "  " << c.op.leftJustified(28) << QString::number(c.count).rightJustified(7)
                << CliTr::tr("  elapse %1 ms, wait %2 ms")
                       .arg(loc.toString(c.elapseMs, 'f', 2), loc.toString(c.waitMs, 'f', 2))
                << (bw.isEmpty() ? QString() : u"  ("_s + bw.join(u", "_s) + u')') << '\n';
        }
        out << '\n';
    }
    if (a.slowRanks.empty() && a.slowLinks.empty()) {
        out << CliTr::tr("No slow rank or link (rule: msprof-analyze's cluster analysis, see "
                         "docs/METRICS.md).")
            << '\n';
        return;
    }
    for (const SlowRank &s : a.slowRanks)
        out << CliTr::tr("Slow rank %1: %2 %3 us, median %4 us")
                   .arg(QString::number(s.rank),
                        stepPhaseDisplayName(s.phase),
                        us(s.valueUs),
                        us(s.medianUs))
            << '\n';
    for (const SlowLink &s : a.slowLinks)
        out << CliTr::tr("Slow link %1: %2 GB/s, median %3 GB/s")
                   .arg(s.dst < 0 ? CliTr::tr("rank %1 %2").arg(s.src).arg(s.link)
                                  : u"%1 -> %2 %3"_s.arg(s.src).arg(s.dst).arg(s.link),
                        loc.toString(s.bandwidthGbps, 'f', 2),
                        loc.toString(s.medianGbps, 'f', 2))
            << '\n';
}

int runMerge(const QStringList &files, bool json, CliIo &io)
{
    std::vector<ProfileAnalysis> parts;
    Diagnostics warnings;
    std::set<std::pair<int, int>> seen;
    std::set<int> counts;
    for (const QString &path : files) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            io.err << CliTr::tr("%1 cannot be read: %2").arg(path, f.errorString()) << '\n';
            return ExitInput;
        }
        const QByteArray bytes = f.readAll();
        const Result<ProfileShard> r =
            readProfileShard(std::string_view(bytes.constData(), size_t(bytes.size())), path);
        if (!r.isOk()) {
            io.err << r.error().toString() << '\n';
            return ExitInput;
        }
        const ProfileShard &s = *r.value();
        // The same shard twice would count its ranks twice.
        if (!seen.insert({s.index, s.count}).second) {
            io.err << CliTr::tr("%1 is shard %2/%3, which another summary already is.")
                          .arg(path)
                          .arg(s.index)
                          .arg(s.count)
                   << '\n';
            return ExitInput;
        }
        counts.insert(s.count);
        parts.push_back(s.analysis);
    }
    if (counts.size() == 1) {
        const int n = *counts.begin();
        for (int i = 0; i < n; ++i) {
            if (!seen.count({i, n}))
                warnings.add(u"merge_missing_shard"_s,
                             CliTr::tr("shards are missing: the merge covers only the ranks of the "
                                       "summaries given"),
                             Location{-1, -1, u"%1/%2"_s.arg(i).arg(n)});
        }
    } else if (counts.size() > 1) {
        warnings.add(u"merge_mixed_splits"_s,
                     CliTr::tr("the summaries come from different --shard splits; a rank may be "
                               "counted twice or not at all"));
    }
    const ProfileAnalysis merged = mergeAnalyses(std::move(parts));
    if (json) {
        writeJson(io.out, profileSummaryJson(merged, warnings));
    } else {
        printWarnings(io, warnings);
        printText(io.out, merged);
    }
    return ExitOk;
}

} // namespace

int runProfile(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliTr::tr("Summarise Ascend profiler folders and clusters: step phases per rank, kernels, "
                  "communication, slow ranks and links."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addOption({u"shard"_s,
                      CliTr::tr("Read only the I-th of N parts of the rank folders (0-based) and "
                                "print a shard summary for --merge."),
                      u"I/N"_s});
    parser.addOption(
        {u"merge"_s, CliTr::tr("Merge shard summaries (the PATHs) into one summary.")});
    parser.addPositionalArgument(
        u"paths"_s,
        CliTr::tr("Profiler folders (rank folders, their parent, cluster_analysis_output), "
                  "profiler tables, or with --merge shard summaries."),
        u"PATH..."_s);
    if (const auto done = parseArguments(parser, "profile", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty()) {
        io.err << CliTr::tr("profile needs at least one path.") << '\n';
        return ExitUsage;
    }
    const bool json = parser.isSet(u"json"_s);
    if (parser.isSet(u"merge"_s)) {
        if (parser.isSet(u"shard"_s)) {
            io.err << CliTr::tr("--merge and --shard cannot be used together.") << '\n';
            return ExitUsage;
        }
        return runMerge(paths, json, io);
    }
    ProfilePipelineInput input;
    input.paths = paths;
    input.signatures = false;
    input.keepDetails = false;
    const bool sharded = parser.isSet(u"shard"_s);
    if (sharded) {
        static const QRegularExpression spec(u"^(\\d+)/(\\d+)$"_s);
        const QRegularExpressionMatch m = spec.match(parser.value(u"shard"_s));
        bool okI = false;
        bool okN = false;
        input.shardIndex = m.captured(1).toInt(&okI);
        input.shardCount = m.captured(2).toInt(&okN);
        if (!m.hasMatch() || !okI || !okN || input.shardCount < 1 ||
            input.shardIndex >= input.shardCount) {
            io.err << CliTr::tr("--shard needs I/N with 0 <= I < N, e.g. --shard 3/16.") << '\n';
            return ExitUsage;
        }
    }
    ProgressSink progress;
    const Result<ProfileAnalysis> r = runProfilePipeline(input, progress, CancelToken());
    if (!r.isOk()) {
        printWarnings(io, r.diagnostics());
        io.err << r.error().toString() << '\n';
        if (!r.error().found.isEmpty())
            io.err << CliTr::tr("Found: %1").arg(r.error().found) << '\n';
        return ExitInput;
    }
    const ProfileAnalysis &a = *r.value();
    if (json || sharded) {
        writeJson(io.out,
                  sharded ? profileShardJson(a, input.shardIndex, input.shardCount, r.diagnostics())
                          : profileSummaryJson(a, r.diagnostics()));
    } else {
        printWarnings(io, r.diagnostics());
        printText(io.out, a);
    }
    return ExitOk;
}

} // namespace Twinscope::App
