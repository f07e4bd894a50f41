#pragma once

#include "finding.h"
#include "investigationfile.h"

#include <QString>

namespace Twinscope::Core {

// The investigation as one self-contained HTML document (issue #15, report): title, inputs with
// their roles, the findings (severity, finding, evidence, next action, guide), the precision
// checklist and the notes; styles inline, no external resource, so the file can be attached to an
// issue as it is. The widgets render the same HTML to PDF (QTextDocument + QPdfWriter), so both
// formats say the same. Text is in the current UI language; user text is escaped.
// A figure of the report (the loss plot, the divergence heatmap): the HTML refers to it as
// <img src="resource">; the writer supplies the image (embedded as a data: URL in HTML files).
struct ReportFigure
{
    QString title;
    QString resource; // "loss.png"
};

QString triageReportHtml(const InvestigationFile &workspace,
                         const FindingList &findings,
                         const QList<ReportFigure> &figures = {});

// "file, step 40", "file, tensor X (op Y)": the evidence of a finding in a few words.
QString findingEvidenceText(const Finding &finding);

} // namespace Twinscope::Core
