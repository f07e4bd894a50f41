#include "monitorfindings.h"

#include "core/common/filesniffer.h"
#include "core/common/tr.h"
#include "core/monitor/monitorcomparison.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

FindingList monitorFindings(const MonitorComparison &c,
                            const QString &benchmarkPath,
                            const QString &testPath,
                            std::optional<qint64> lossForkStep)
{
    Finding f;
    f.guide = Tr::tr("msprobe monitor guide (monitor_instruct.md): find what differs first");
    f.evidence = QJsonObject{{u"benchmark_path"_s, benchmarkPath},
                             {u"test_path"_s, testPath},
                             {u"early_steps"_s, c.earlySteps}};
    if (lossForkStep)
        f.evidence.insert(u"loss_fork_step"_s, double(*lossForkStep));
    if (!c.first) {
        f.code = u"monitor.no_departure"_s;
        f.severity = FindingSeverity::Clear;
        f.text = Tr::tr("The monitors agree: no module's statistics leave their noise floor "
                        "(estimated from the first %1 steps).")
                     .arg(c.earlySteps);
        f.nextAction = lossForkStep ? Tr::tr("The loss forks at step %1 while every monitored "
                                             "module stays within noise: monitor what is not "
                                             "monitored yet (activations, communication).")
                                          .arg(*lossForkStep)
                                    : QString();
        return {f};
    }
    const MonitorDeparture &d = *c.first;
    f.code = u"monitor.first_departure"_s;
    f.severity = FindingSeverity::Warning;
    f.weight = double(-d.step); // earlier departures first
    const QString where = Tr::tr("%1 of %2 (rank %3) departs at step %4")
                              .arg(d.metric, d.module)
                              .arg(d.rank)
                              .arg(d.step);
    if (lossForkStep)
        f.text = d.step <= *lossForkStep
                     ? Tr::tr("The loss forks at step %1; %2, %3 step(s) before.")
                           .arg(*lossForkStep)
                           .arg(where)
                           .arg(*lossForkStep - d.step)
                     : Tr::tr("The loss forks at step %1; the monitors part later: %2.")
                           .arg(*lossForkStep)
                           .arg(where);
    else
        f.text = Tr::tr("The monitors part: %1.").arg(where);
    f.nextAction = Tr::tr("Dump that module at step %1 in both runs (msprobe L0, the module's "
                          "forward and backward) and compare the dumps.")
                       .arg(d.step);
    f.evidence.insert(u"step"_s, double(d.step));
    f.evidence.insert(u"rank"_s, d.rank);
    f.evidence.insert(u"metric"_s, d.metric);
    f.evidence.insert(u"module"_s, d.module);
    f.evidence.insert(u"gap"_s, std::isfinite(d.gap) ? QJsonValue(d.gap) : QJsonValue());
    f.evidence.insert(u"floor"_s, d.floor);
    f.link.view = FindingLink::View::KindRow;
    f.link.kind = fileKindId(FileKind::Monitor);
    f.link.file = testPath;
    f.link.name = d.metric + u'|' + d.module;
    f.link.row = d.rank;
    f.link.step = d.step;
    if (lossForkStep) {
        // The loss curves at the fork, to see the departure against it (issue #27).
        FindingLink loss;
        loss.view = FindingLink::View::LossStep;
        loss.step = *lossForkStep;
        f.alsoLinks.append(loss);
    }
    return {f};
}

} // namespace Twinscope::Core
