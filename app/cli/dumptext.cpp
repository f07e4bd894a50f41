#include "dumptext.h"

#include "core/dump/dumpseries.h"
#include "core/dump/verdictpolicy.h"

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

void printComparison(CliIo &io, const DumpSeries &series, int shown)
{
    if (series.runs.size() > 1 || !series.labels.first().isEmpty()) {
        io.out << CliTr::tr("%n run(s):", nullptr, int(series.runs.size())) << '\n';
        for (int i = 0; i < series.runs.size(); ++i) {
            const DumpComparison &c = *series.runs[i];
            const QString first = c.firstDivergent >= 0
                                      ? c.bench->tensors[c.rows[c.firstDivergent].bench].name
                                      : CliTr::tr("none");
            io.out << CliTr::tr("  %1%2: %3 pairs, %4 errors, %5 warnings, first divergent: %6")
                          .arg(i == shown ? u"* "_s : QString(), series.labels[i])
                          .arg(c.rows.size())
                          .arg(c.countVerdict(Verdict::Error))
                          .arg(c.countVerdict(Verdict::Warning))
                          .arg(first);
            if (c.nanOrigin >= 0)
                io.out << CliTr::tr(", NaN/Inf origin: %1")
                              .arg(c.bench->tensors[c.rows[c.nanOrigin].bench].name);
            io.out << '\n';
        }
        io.out << CliTr::tr("details of run %1:").arg(series.labels[shown]) << '\n';
    }
    const DumpComparison &c = *series.runs[shown];
    io.out << CliTr::tr("pairs: %1, errors: %2, warnings: %3, unmatched: %4 (shape) + %5 bench / "
                        "%6 NPU only")
                  .arg(c.rows.size())
                  .arg(c.countVerdict(Verdict::Error))
                  .arg(c.countVerdict(Verdict::Warning))
                  .arg(c.countVerdict(Verdict::Unmatched))
                  .arg(c.unmatchedBench.size())
                  .arg(c.unmatchedNpu.size())
           << '\n';
    auto rowName = [&](int row) {
        return c.bench->tensors[c.rows[row].bench].name;
    };
    if (c.firstDivergent >= 0) {
        const CompareRow &r = c.rows[c.firstDivergent];
        io.out << CliTr::tr("first divergent: %1 (index %2, %3, %4)")
                      .arg(rowName(c.firstDivergent))
                      .arg(r.bench)
                      .arg(verdictReasonIds(r.reasons).join(u", "_s))
                      .arg(r.origin ? CliTr::tr("origin") : CliTr::tr("propagated"))
               << '\n';
    } else {
        io.out << CliTr::tr("first divergent: none") << '\n';
    }
    if (c.nanOrigin >= 0)
        io.out << CliTr::tr("NaN/Inf origin: %1 (index %2)")
                      .arg(rowName(c.nanOrigin))
                      .arg(c.rows[c.nanOrigin].bench)
               << '\n';
    for (const ArgumentDiff &d : c.arguments)
        if (d.changed)
            io.out << CliTr::tr("changed argument: %1 = %2 (bench %3)")
                          .arg(c.bench->arguments[d.bench].key,
                               c.npu->arguments[d.npu].value,
                               c.bench->arguments[d.bench].value)
                   << '\n';
}

void printOverflow(CliIo &io, const OverflowSeries &series, int shown)
{
    for (int i = 0; i < series.runs.size(); ++i) {
        const OverflowAnalysis &a = *series.runs[i];
        if (!series.labels[i].isEmpty())
            io.out << (i == shown ? u"* "_s : u"  "_s) << series.labels[i] << ": ";
        io.out << CliTr::tr("%1 tensors (%2), %3 with NaN/Inf, %4 fp16-saturated; first overflow: "
                            "%5")
                      .arg(a.tensors.size())
                      .arg(a.dump->format)
                      .arg(a.nonFiniteTensors)
                      .arg(a.saturatedTensors)
                      .arg(
                          a.origin >= 0
                              ? u"%1 (index %2)"_s.arg(a.dump->tensors[a.origin].name).arg(a.origin)
                              : CliTr::tr("none"))
               << '\n';
    }
}

} // namespace Twinscope::App
