#include "finding.h"

#include "core/common/tr.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString findingSeverityId(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Critical:
        return u"critical"_s;
    case FindingSeverity::Warning:
        return u"warning"_s;
    case FindingSeverity::Info:
        return u"info"_s;
    case FindingSeverity::Clear:
        return u"ok"_s;
    }
    return {};
}

QString findingSeverityName(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Critical:
        return Tr::tr("Critical");
    case FindingSeverity::Warning:
        return Tr::tr("Warning");
    case FindingSeverity::Info:
        return Tr::tr("Info");
    case FindingSeverity::Clear:
        return Tr::tr("No problem");
    }
    return {};
}

namespace {

struct ViewName
{
    FindingLink::View view;
    const char16_t *id;
};

constexpr ViewName ViewNames[] = {
    {FindingLink::View::None, u"none"},
    {FindingLink::View::LossStep, u"loss_step"},
    {FindingLink::View::DumpTensor, u"dump_tensor"},
    {FindingLink::View::TraceSlices, u"trace_slices"},
    {FindingLink::View::OpInfoType, u"opinfo_type"},
    {FindingLink::View::ProfileRow, u"profile_row"},
    {FindingLink::View::CheckpointParam, u"checkpoint_param"},
    {FindingLink::View::LogLine, u"log_line"},
    {FindingLink::View::KindRow, u"kind_row"},
};

} // namespace

qint64 jsonInt64(const QJsonValue &value, qint64 fallback)
{
    const double d = value.toDouble(std::nan(""));
    // 2^63 is exactly representable; anything at or beyond it does not fit.
    if (!std::isfinite(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0)
        return fallback;
    return qint64(d);
}

QString findingLinkViewId(FindingLink::View view)
{
    for (const ViewName &v : ViewNames) {
        if (v.view == view)
            return QString::fromUtf16(v.id);
    }
    return u"none"_s;
}

QList<FileKind> findingLinkKinds(const FindingLink &link)
{
    switch (link.view) {
    case FindingLink::View::LossStep:
        return {FileKind::Loss};
    case FindingLink::View::DumpTensor:
        return {FileKind::Dump};
    case FindingLink::View::TraceSlices:
        return {FileKind::Trace};
    case FindingLink::View::ProfileRow:
        // Trace findings use it for their op rows too: the slices when no Profile tab is open.
        return {FileKind::Profile, FileKind::Trace};
    case FindingLink::View::CheckpointParam:
        return {FileKind::Checkpoint};
    case FindingLink::View::OpInfoType:
    case FindingLink::View::LogLine:
        return {FileKind::OpInfo};
    case FindingLink::View::KindRow:
        if (const FileKind kind = fileKindFromId(link.kind); kind != FileKind::Unknown)
            return {kind};
        break;
    case FindingLink::View::None:
        break;
    }
    return {};
}

FindingLink::View findingLinkViewFromId(const QString &id)
{
    for (const ViewName &v : ViewNames) {
        if (id == QStringView(v.id))
            return v.view;
    }
    return FindingLink::View::None;
}

QJsonObject findingLinkJson(const FindingLink &link)
{
    QJsonObject o{{u"view"_s, findingLinkViewId(link.view)}};
    // Only the fields the view uses, so the JSON says what the link means.
    if (!link.file.isEmpty())
        o.insert(u"file"_s, link.file);
    if (!link.kind.isEmpty())
        o.insert(u"kind"_s, link.kind);
    if (!link.name.isEmpty())
        o.insert(u"name"_s, link.name);
    if (link.step >= 0)
        o.insert(u"step"_s, double(link.step));
    if (link.view == FindingLink::View::DumpTensor) {
        o.insert(u"run"_s, link.run);
        o.insert(u"row"_s, link.row);
    }
    if (link.view == FindingLink::View::KindRow && link.row >= 0)
        o.insert(u"row"_s, link.row);
    if (link.fromNs >= 0)
        o.insert(u"from_ns"_s, double(link.fromNs));
    if (link.toNs >= 0)
        o.insert(u"to_ns"_s, double(link.toNs));
    if (link.line >= 0)
        o.insert(u"line"_s, double(link.line));
    return o;
}

FindingLink findingLinkFromJson(const QJsonObject &o)
{
    FindingLink link;
    link.view = findingLinkViewFromId(o.value(u"view"_s).toString());
    link.file = o.value(u"file"_s).toString();
    link.kind = o.value(u"kind"_s).toString();
    link.name = o.value(u"name"_s).toString();
    link.step = jsonInt64(o.value(u"step"_s), -1);
    link.run = o.value(u"run"_s).toInt(0);
    link.row = o.value(u"row"_s).toInt(-1);
    link.fromNs = jsonInt64(o.value(u"from_ns"_s), -1);
    link.toNs = jsonInt64(o.value(u"to_ns"_s), -1);
    link.line = jsonInt64(o.value(u"line"_s), -1);
    return link;
}

void rankFindings(FindingList &findings)
{
    std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
        if (a.severity != b.severity)
            return a.severity < b.severity;
        return a.weight > b.weight;
    });
}

QJsonObject findingJson(const Finding &f)
{
    QJsonObject o{{u"code"_s, f.code},
                  {u"severity"_s, findingSeverityId(f.severity)},
                  {u"text"_s, f.text},
                  {u"evidence"_s, f.evidence},
                  {u"next_action"_s, f.nextAction},
                  {u"guide"_s, f.guide},
                  {u"link"_s, findingLinkJson(f.link)}};
    // Only when there are any, so the findings without them print as before.
    if (!f.alsoLinks.isEmpty()) {
        QJsonArray also;
        for (const FindingLink &l : f.alsoLinks)
            also.append(findingLinkJson(l));
        o.insert(u"also_links"_s, also);
    }
    return o;
}

} // namespace Twinscope::Core
