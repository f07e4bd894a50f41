#pragma once

#include "core/common/diagnostics.h"
#include "core/common/tr.h"

#include <QSet>
#include <QString>

namespace Twinscope::Core {

// Caps of the profile readers on what a database may make them hold (issue #30): memory follows
// what the Profile tab shows, not the row count a file claims. Real profiles record a handful of
// steps (a profiler schedule's active steps) on at most a few thousand ranks.

// Steps read from one table (STEP_TIME, StepTraceTime; per rank of a cluster table): the first by
// start time are kept, the rest counted in a warning. 5 M steps took about 1 GB before.
constexpr qint64 MaxProfileSteps = 100000;

// Ranks a cluster table may name; rows of further ranks are counted in a warning.
constexpr int MaxClusterRanks = 65536;

// Span visits of the overlap analysis (rows x the steps each one meets): steps that overlap each
// other make every row meet every step; past this the analysis stops with a warning.
constexpr qint64 MaxOverlapVisits = 200000000;

// Distinct collective names one file may bring (after collectiveBaseName: real files have a few
// dozen, "hcom_allReduce", "hcom_broadcast", ...). 2 x 10^5 distinct names made a 37 MB
// cluster_analysis.db take 600 MB, most of it in the JSON of 2 x 10^5 rows.
constexpr qsizetype MaxCollectiveNames = 4096;

// Hands out the collective names of one file: the first MaxCollectiveNames as they are, every
// later one as a single "(other collectives)" row, counted in one warning.
class CollectiveNames
{
public:
    QString operator()(const QString &op)
    {
        if (m_names.contains(op))
            return op;
        if (m_names.size() < MaxCollectiveNames) {
            m_names.insert(op);
            return op;
        }
        ++m_capped;
        return Tr::tr("(other collectives)");
    }
    void report(Diagnostics &diagnostics) const
    {
        if (m_capped > 0)
            diagnostics.add(QStringLiteral("collectives_capped"),
                            Tr::tr("the file names more than %1 distinct collectives; the calls "
                                   "of the others are summed in one row")
                                .arg(MaxCollectiveNames),
                            {},
                            Severity::Warning,
                            m_capped);
    }

private:
    QSet<QString> m_names;
    qint64 m_capped = 0;
};

} // namespace Twinscope::Core
