#include "triagereport.h"

#include "core/common/tr.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString fileName(const QString &path)
{
    return path.isEmpty() ? QString() : QFileInfo(path).fileName();
}

QString severityColor(FindingSeverity s)
{
    switch (s) {
    case FindingSeverity::Critical:
        return u"#b3261e"_s;
    case FindingSeverity::Warning:
        return u"#8a5a00"_s;
    case FindingSeverity::Info:
        return u"#1f5fa8"_s;
    case FindingSeverity::Clear:
        return u"#2e7d32"_s;
    }
    return {};
}

} // namespace

QString findingEvidenceText(const Finding &f)
{
    const QJsonObject &e = f.evidence;
    QString file = e.value(u"test_file"_s).toString();
    if (file.isEmpty())
        file = e.value(u"file"_s).toString();
    // What it is first (a short column elides the end), then where.
    QStringList parts;
    const QLocale locale;
    if (e.contains(u"run"_s))
        parts << Tr::tr("run %1").arg(e.value(u"run"_s).toString());
    if (e.value(u"step"_s).toDouble(-1) >= 0)
        parts << Tr::tr("step %1").arg(locale.toString(jsonInt64(e.value(u"step"_s), -1)));
    if (e.contains(u"tensor"_s))
        parts << Tr::tr("tensor %1 (op %2)")
                     .arg(e.value(u"tensor"_s).toString(), e.value(u"op"_s).toString());
    else if (e.contains(u"op_type"_s))
        parts << Tr::tr("op type %1").arg(e.value(u"op_type"_s).toString());
    else if (e.contains(u"op"_s))
        parts << Tr::tr("op %1").arg(e.value(u"op"_s).toString());
    if (e.value(u"line"_s).toDouble(-1) >= 0)
        parts << Tr::tr("line %1").arg(locale.toString(jsonInt64(e.value(u"line"_s), -1)));
    if (!file.isEmpty())
        parts << fileName(file);
    return parts.join(u", "_s);
}

QString triageReportHtml(const InvestigationFile &ws,
                         const FindingList &findings,
                         const QList<ReportFigure> &figures)
{
    const QString title = ws.title.isEmpty() ? Tr::tr("Twinscope investigation") : ws.title;
    QString h;
    h += u"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>"_s + esc(title) +
         u"</title>\n<style>body{font-family:sans-serif;font-size:10pt;margin:16px}"
         "h1{font-size:16pt}h2{font-size:13pt;margin-top:18px}"
         "table{border-collapse:collapse;width:100%}"
         "th,td{border:1px solid #bbb;padding:4px;vertical-align:top;text-align:left}"
         "th{background:#eee}.sev{font-weight:bold}.small{color:#555;font-size:9pt}"
         "</style></head><body>\n"_s;
    h += u"<h1>"_s + esc(title) + u"</h1>\n<p class=\"small\">"_s +
         esc(Tr::tr("Written by Twinscope on %1.")
                 .arg(QLocale().toString(QDateTime::currentDateTime(), QLocale::LongFormat))) +
         u"</p>\n"_s;

    h += u"<h2>"_s + esc(Tr::tr("Inputs")) +
         u"</h2>\n<table width=\"100%\" cellspacing=\"0\"><tr><th width=\"12%\">"_s +
         esc(Tr::tr("Role")) + u"</th><th width=\"10%\">"_s + esc(Tr::tr("Kind")) + u"</th><th>"_s +
         esc(Tr::tr("Path")) + u"</th></tr>\n"_s;
    for (const InvestigationInput &in : ws.inputs) {
        h += u"<tr><td>"_s + esc(inputRoleName(in.role)) + u"</td><td>"_s + esc(in.kind) +
             u"</td><td>"_s + esc(in.path) + u"</td></tr>\n"_s;
    }
    h += u"</table>\n"_s;

    qsizetype problems = 0;
    for (const Finding &f : findings)
        problems += f.severity == FindingSeverity::Clear ? 0 : 1;
    h += u"<h2>"_s + esc(Tr::tr("Findings")) + u"</h2>\n<p>"_s +
         esc(Tr::tr("%1 finding(s) that need attention, %2 statement(s) that nothing is wrong.")
                 .arg(problems)
                 .arg(qsizetype(findings.size()) - problems)) +
         u"</p>\n"_s;
    if (!findings.empty()) {
        h += u"<table width=\"100%\" cellspacing=\"0\"><tr><th width=\"13%\">"_s +
             esc(Tr::tr("Severity")) + u"</th><th width=\"35%\">"_s + esc(Tr::tr("Finding")) +
             u"</th><th width=\"20%\">"_s + esc(Tr::tr("Evidence")) + u"</th><th>"_s +
             esc(Tr::tr("Next action")) + u"</th></tr>\n"_s;
        for (const Finding &f : findings) {
            h += u"<tr><td class=\"sev\" style=\"color:"_s + severityColor(f.severity) + u"\">"_s +
                 esc(findingSeverityName(f.severity)) + u"</td><td>"_s + esc(f.text) +
                 u"<br><span class=\"small\">"_s + esc(f.code) + u"</span></td><td>"_s +
                 esc(findingEvidenceText(f)) + u"</td><td>"_s + esc(f.nextAction) +
                 u"<br><span class=\"small\">"_s + esc(f.guide) + u"</span></td></tr>\n"_s;
        }
        h += u"</table>\n"_s;
    }

    if (!figures.isEmpty()) {
        h += u"<h2>"_s + esc(Tr::tr("Figures")) + u"</h2>\n"_s;
        for (const ReportFigure &f : figures) {
            h += u"<p><b>"_s + esc(f.title) + u"</b><br><img src=\""_s + esc(f.resource) +
                 u"\" width=\"640\"></p>\n"_s;
        }
    }
    h += u"<h2>"_s + esc(Tr::tr("Precision checklist")) +
         u"</h2>\n<table width=\"100%\" cellspacing=\"0\"><tr><th width=\"45%\">"_s +
         esc(Tr::tr("Item")) + u"</th><th width=\"15%\">"_s + esc(Tr::tr("State")) +
         u"</th><th>"_s + esc(Tr::tr("Notes")) + u"</th></tr>\n"_s;
    for (const ChecklistEntry &e : ws.checklist.entries) {
        const ChecklistItemInfo *info = checklistItem(e.id);
        if (!info)
            continue;
        QString notes = esc(e.notes);
        if (!e.evidence.isEmpty())
            notes += (notes.isEmpty() ? QString() : u"<br>"_s) + u"<span class=\"small\">"_s +
                     esc(Tr::tr("From the evidence: %1").arg(e.evidence)) + u"</span>"_s;
        h += u"<tr><td>"_s + esc(QString::fromLatin1(info->id)) + u" "_s +
             esc(checklistText(info->title)) + u"</td><td>"_s + esc(checklistStateName(e.state)) +
             u"</td><td>"_s + notes + u"</td></tr>\n"_s;
    }
    h += u"</table>\n"_s;
    if (!ws.notes.isEmpty()) {
        h += u"<h2>"_s + esc(Tr::tr("Notes")) + u"</h2>\n<p>"_s +
             esc(ws.notes).replace(u'\n', u"<br>"_s) + u"</p>\n"_s;
    }
    h += u"</body></html>\n"_s;
    return h;
}

} // namespace Twinscope::Core
