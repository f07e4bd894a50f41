#include "profilefindings.h"

#include "core/common/tr.h"
#include "core/profile/profileanalysis.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString clusterGuide()
{
    return Tr::tr("msprof-analyze, cluster analysis: slow rank and slow link");
}

QString rankPath(const ProfileAnalysis &a, int rank)
{
    for (const RankSummary &r : a.ranks) {
        if (r.rank == rank)
            return r.path;
    }
    return {};
}

} // namespace

FindingList profileFindings(const ProfileAnalysis &a)
{
    const QLocale locale;
    FindingList out;
    for (const SlowRank &s : a.slowRanks) {
        // The rule's threshold is SlowRankStepShare of the mean step: the excess as a share of it.
        const double stepUs = s.thresholdUs / SlowRankStepShare;
        const double share = stepUs > 0 ? (s.valueUs - s.medianUs) / stepUs : 0.0;
        Finding f;
        f.code = u"profile.slow_rank"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = share;
        f.guide = clusterGuide();
        f.evidence = QJsonObject{{u"rank"_s, s.rank},
                                 {u"phase"_s, stepPhaseId(s.phase)},
                                 {u"value_us"_s, s.valueUs},
                                 {u"median_us"_s, s.medianUs},
                                 {u"step_share"_s, share}};
        f.text = Tr::tr("Rank %1 is slow in %2: %3 us against the ranks' median of %4 us, %5 % "
                        "of a step more.")
                     .arg(QString::number(s.rank),
                          stepPhaseDisplayName(s.phase),
                          locale.toString(s.valueUs, 'f', 0),
                          locale.toString(s.medianUs, 'f', 0),
                          locale.toString(share * 100.0, 'f', 1));
        f.nextAction = Tr::tr("Open that rank's timeline: Free time points at host/data-loading "
                              "waits, Computing at slower kernels or a different shape.");
        f.link.view = FindingLink::View::ProfileRow;
        f.link.file = rankPath(a, s.rank);
        f.evidence.insert(u"file"_s, f.link.file);
        f.link.name = QString::number(s.rank);
        out.push_back(std::move(f));
    }
    for (const SlowLink &s : a.slowLinks) {
        const QString link = s.dst < 0 ? Tr::tr("rank %1 %2").arg(s.src).arg(s.link)
                                       : u"%1 -> %2 %3"_s.arg(s.src).arg(s.dst).arg(s.link);
        Finding f;
        f.code = u"profile.slow_link"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = s.medianGbps > 0 ? 1.0 - s.bandwidthGbps / s.medianGbps : 0.0;
        f.guide = clusterGuide();
        f.evidence = QJsonObject{{u"src"_s, s.src},
                                 {u"dst"_s, s.dst < 0 ? QJsonValue() : QJsonValue(s.dst)},
                                 {u"link"_s, s.link},
                                 {u"bandwidth_gbps"_s, s.bandwidthGbps},
                                 {u"median_gbps"_s, s.medianGbps}};
        f.text = Tr::tr("The link %1 moves %2 GB/s, under %3 % of its type's median of %4 GB/s.")
                     .arg(link,
                          locale.toString(s.bandwidthGbps, 'f', 2),
                          locale.toString(SlowLinkMedianShare * 100.0, 'f', 0),
                          locale.toString(s.medianGbps, 'f', 2));
        f.nextAction = Tr::tr("Check that link's hardware and topology (HCCS/RDMA port, NIC, "
                              "switch) and whether its collectives wait on a slow rank first.");
        f.link.view = FindingLink::View::ProfileRow;
        f.link.file = rankPath(a, s.src);
        f.evidence.insert(u"file"_s, f.link.file);
        f.link.name = link;
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace Twinscope::Core
