#pragma once

#include "core/common/filesniffer.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <vector>

namespace Twinscope::Core {

// How much a finding matters. Clear is a "nothing wrong here" statement (curves within the
// det/non-det noise floor, every tensor passes, a log line the guide calls harmless): it is listed
// apart from the problems, never among them.
enum class FindingSeverity : quint8 { Critical, Warning, Info, Clear };
QString findingSeverityId(FindingSeverity severity);   // "critical", "warning", "info", "ok"
QString findingSeverityName(FindingSeverity severity); // translated

// The exact view a finding's link opens. Each field is used by the views named beside it.
struct FindingLink
{
    enum class View : quint8 {
        None,
        LossStep,        // the loss plot at `step` (file = the run under test)
        DumpTensor,      // the dump comparison row `row` of run `run` (`name` = its tensor)
        TraceSlices,     // slices named `name` in the timeline (fromNs..toNs when known)
        OpInfoType,      // the op-info row of op type `name`
        ProfileRow,      // a row of a profile table: `name` (op or rank), `file` (the folder)
        CheckpointParam, // a checkpoint parameter `name`
        LogLine,         // line `line` of `file`
        // Any other kind's view: the row `name` (or `row`) of the tab of kind `kind` (a
        // fileKindId). New kinds use it, so that adding one needs no new view here.
        KindRow,
    };
    View view = View::None;
    QString file;
    QString kind; // KindRow: the fileKindId of the tab
    QString name;
    qint64 step = -1;
    int run = 0;
    int row = -1;
    qint64 fromNs = -1;
    qint64 toNs = -1;
    qint64 line = -1;

    bool isValid() const { return view != View::None; }
    bool operator==(const FindingLink &) const = default;
};
// A JSON number as a whole number, or fallback when it is absent, not a number or out of range
// (a cast of 1e30 to qint64 would be undefined).
qint64 jsonInt64(const QJsonValue &value, qint64 fallback);

QString findingLinkViewId(FindingLink::View view); // "loss_step", "dump_tensor", ...
FindingLink::View findingLinkViewFromId(const QString &id);
QJsonObject findingLinkJson(const FindingLink &link);
FindingLink findingLinkFromJson(const QJsonObject &object);
// The tabs that can show a link's evidence, in order of preference: the first one open shows it
// (a profile finding's row in the Profile tab, else the op's slices in the timeline). Empty: the
// link opens no tab. The one place that maps a view to a kind, so the GUI needs no switch on it.
QList<FileKind> findingLinkKinds(const FindingLink &link);

// One conclusion drawn from the evidence by a rule (the adapters core/triage/*findings.cpp): what
// was found with the reasoning in one sentence, the numbers it rests on, what the guides say to do
// next, and where to look. code, evidence keys and link are stable ids (docs/CLI.md, triage); text,
// nextAction and guide are translated.
struct Finding
{
    QString code; // "loss.first_step_differs", "dump.nan_origin", "known_error.help_acl_execute"
    FindingSeverity severity = FindingSeverity::Info;
    // Orders findings of one severity, larger first: a share of a time gap, a count of recompiles.
    double weight = 0;
    QString text;
    QString nextAction;
    QString guide; // the guide and section the rule and its next action come from
    QJsonObject evidence;
    FindingLink link;
    // Other views that show the same evidence, offered beside `link` (a monitor departure's loss
    // fork in the loss curves): one finding, several places to look, no duplicate finding.
    QList<FindingLink> alsoLinks;
};

using FindingList = std::vector<Finding>;

// Severity first (critical .. ok), then weight, then the order the rules added them.
void rankFindings(FindingList &findings);

// {code, severity, text, evidence, next_action, guide, link[, also_links]}: what `triage --json`
// prints per finding and what a workspace file keeps.
QJsonObject findingJson(const Finding &finding);

} // namespace Twinscope::Core
