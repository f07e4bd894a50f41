#include "findingspanel.h"

#include "core/common/plaintooltip.h"
#include "core/triage/triagereport.h"

#include <QEvent>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

enum Column { SeverityColumn, FindingColumn, EvidenceColumn, ActionColumn, ColumnCount };

// The row's index into m_findings.
constexpr int IndexRole = Qt::UserRole + 1;

QString severityMark(Core::FindingSeverity s)
{
    // A shape per severity, so the list reads without colour.
    switch (s) {
    case Core::FindingSeverity::Critical:
        return u"\u25A0 "_s; // ■
    case Core::FindingSeverity::Warning:
        return u"\u25B2 "_s; // ▲
    case Core::FindingSeverity::Info:
        return u"\u25CF "_s; // ●
    case Core::FindingSeverity::Clear:
        return u"\u2713 "_s; // ✓
    }
    return {};
}

QString evidenceValue(const QJsonValue &v)
{
    if (v.isDouble())
        return QLocale().toString(v.toDouble(), 'g', 6);
    if (v.isBool())
        return v.toBool() ? FindingsPanel::tr("yes") : FindingsPanel::tr("no");
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &item : v.toArray())
            parts << (item.isObject()
                          ? QString::fromUtf8(
                                QJsonDocument(item.toObject()).toJson(QJsonDocument::Compact))
                          : evidenceValue(item));
        return parts.join(u"; "_s);
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (o.contains(u"mapping"_s)) {
            // A cross-link: the mapping that joined the names, then where the op was found.
            QStringList where;
            for (const QJsonValue &h : o.value(u"trace"_s).toArray())
                where << FindingsPanel::tr("%1 (%n slice(s))", "", h[u"count"_s].toInt())
                             .arg(h[u"name"_s].toString());
            for (const QJsonValue &h : o.value(u"opinfo"_s).toArray())
                where << FindingsPanel::tr("%1 (%n compile(s))", "", h[u"compiles"_s].toInt())
                             .arg(h[u"type"_s].toString());
            return o.value(u"mapping"_s).toString() + u": "_s +
                   (where.isEmpty() ? FindingsPanel::tr("not found in the timeline or op-info")
                                    : where.join(u", "_s));
        }
        return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    }
    return v.toString();
}

// What a link opens, as the details name it.
QString linkLabel(const Core::FindingLink &link)
{
    if (link.view == Core::FindingLink::View::LossStep && link.step >= 0)
        return FindingsPanel::tr("the loss curves at step %1").arg(QLocale().toString(link.step));
    const QList<Core::FileKind> kinds = Core::findingLinkKinds(link);
    return kinds.isEmpty()
               ? Core::findingLinkViewId(link.view)
               : FindingsPanel::tr("the %1 tab").arg(Core::fileKindDisplayName(kinds.first()));
}

// The details' anchors for a finding's other links: "also:N" opens alsoLinks[N].
constexpr QStringView AlsoScheme = u"also";

} // namespace

FindingsPanel::FindingsPanel(LoadController *loads, QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_details(new QTextBrowser(this))
    , m_notesLabel(new QLabel(this))
    , m_notes(new QPlainTextEdit(this))
    , m_job(loads, this)
{
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText); // errors name and may quote files (issue #31)
    m_list->setColumnCount(ColumnCount);
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setWordWrap(true);
    m_list->setUniformRowHeights(false);
    m_list->header()->setStretchLastSection(true);
    m_list->header()->setSectionResizeMode(SeverityColumn, QHeaderView::ResizeToContents);
    m_list->setColumnWidth(FindingColumn, 420);
    m_list->setColumnWidth(EvidenceColumn, 220);
    m_details->setOpenLinks(false);
    m_notes->setPlaceholderText(tr("Notes of this investigation: what was tried, what is next."));

    // The list gets most of the height; the selected finding and the notes share the rest side
    // by side, so a short dock still shows several findings.
    auto *notesBox = new QWidget(this);
    auto *notesLayout = new QVBoxLayout(notesBox);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->addWidget(m_notesLabel);
    notesLayout->addWidget(m_notes, 1);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_details);
    bottom->addWidget(notesBox);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_list);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    // A low dock leaves the tab above it room in a 1024×700 window (issue #29): the list keeps
    // a few rows, the details and notes a few lines, and each scrolls.
    m_list->setMinimumHeight(64);
    m_details->setMinimumHeight(40);
    m_notes->setMinimumHeight(32);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_list, &QTreeWidget::currentItemChanged, this, &FindingsPanel::showDetails);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const int index = item ? item->data(0, IndexRole).toInt() : -1;
        if (index >= 0 && size_t(index) < m_findings.size() && m_findings[index].link.isValid())
            emit linkActivated(m_findings[index].link);
    });
    connect(m_details, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        QTreeWidgetItem *item = m_list->currentItem();
        const int index = item ? item->data(0, IndexRole).toInt() : -1;
        bool ok = false;
        const int n = url.path().toInt(&ok);
        if (url.scheme() != AlsoScheme || !ok || index < 0 || size_t(index) >= m_findings.size())
            return;
        const QList<Core::FindingLink> &also = m_findings[size_t(index)].alsoLinks;
        if (n >= 0 && n < also.size() && also[n].isValid())
            emit linkActivated(also[n]);
    });
    connect(m_notes, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_settingNotes)
            emit notesEdited();
    });
    retranslate();
    showFindings();
}

void FindingsPanel::setInvestigation(const Core::InvestigationFile &workspace)
{
    if (workspace.inputs.isEmpty()) {
        m_job.cancel();
        m_findings.clear();
        m_analysis.reset();
        showFindings();
        return;
    }
    Core::TriagePipelineInput input;
    input.workspace = workspace;
    m_summary->setText(tr("Drawing findings from %n input(s)…", "", int(workspace.inputs.size())));
    m_job.start(
        tr("Drawing findings"),
        [input](Core::ProgressSink &p, const Core::CancelToken &c) {
            return Core::runTriagePipeline(input, p, c);
        },
        [this](const Core::Result<Core::TriageAnalysis> &r) {
            if (r.isOk()) {
                m_analysis = r.value();
                m_findings = r.value()->findings;
            } else {
                m_analysis.reset();
                m_findings.clear();
            }
            showFindings();
            if (r.isFailed())
                m_summary->setText(r.error().toString());
            emit findingsChanged();
        });
}

QString FindingsPanel::notes() const
{
    return m_notes->toPlainText();
}

void FindingsPanel::setNotes(const QString &notes)
{
    m_settingNotes = true;
    m_notes->setPlainText(notes);
    m_settingNotes = false;
}

void FindingsPanel::showFindings()
{
    m_list->clear();
    qsizetype problems = 0;
    for (size_t i = 0; i < m_findings.size(); ++i) {
        const Core::Finding &f = m_findings[i];
        problems += f.severity == Core::FindingSeverity::Clear ? 0 : 1;
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(SeverityColumn,
                      severityMark(f.severity) + Core::findingSeverityName(f.severity));
        item->setText(FindingColumn, f.text);
        item->setText(EvidenceColumn, Core::findingEvidenceText(f));
        item->setText(ActionColumn, f.nextAction);
        item->setToolTip(FindingColumn, Core::plainToolTip(f.text));
        item->setToolTip(ActionColumn, Core::plainToolTip(f.nextAction));
        item->setData(0, IndexRole, int(i));
        if (f.link.isValid())
            item->setToolTip(EvidenceColumn, tr("Double-click to open the evidence."));
    }
    if (m_findings.empty())
        m_summary->setText(tr("No findings yet: open a benchmark and a run under test (loss logs, "
                              "dumps, timelines) or op-info logs."));
    else
        m_summary->setText(tr("%1 finding(s) need attention; %2 say(s) nothing is wrong.")
                               .arg(problems)
                               .arg(qsizetype(m_findings.size()) - problems));
    if (m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));
    showDetails();
}

void FindingsPanel::showDetails()
{
    QTreeWidgetItem *item = m_list->currentItem();
    const int index = item ? item->data(0, IndexRole).toInt() : -1;
    if (index < 0 || size_t(index) >= m_findings.size()) {
        m_details->clear();
        return;
    }
    const Core::Finding &f = m_findings[index];
    QString html = u"<p><b>"_s + f.text.toHtmlEscaped() + u"</b></p><p>"_s +
                   tr("Next action: %1").arg(f.nextAction).toHtmlEscaped() + u"</p>"_s;
    html += u"<table>"_s;
    for (auto it = f.evidence.begin(); it != f.evidence.end(); ++it) {
        html += u"<tr><td><i>"_s + it.key().toHtmlEscaped() + u"</i>&nbsp;</td><td>"_s +
                evidenceValue(it.value()).toHtmlEscaped() + u"</td></tr>"_s;
    }
    html += u"</table>"_s;
    if (!f.alsoLinks.isEmpty()) {
        QStringList anchors;
        for (qsizetype i = 0; i < f.alsoLinks.size(); ++i)
            anchors << u"<a href=\"%1:%2\">"_s.arg(AlsoScheme).arg(i) +
                           linkLabel(f.alsoLinks[i]).toHtmlEscaped() + u"</a>"_s;
        html += u"<p>"_s + tr("Also open: %1").arg(anchors.join(u", "_s)) + u"</p>"_s;
    }
    html += u"<p><small>"_s + tr("Rule %1 · %2").arg(f.code, f.guide).toHtmlEscaped() +
            u"</small></p>"_s;
    m_details->setHtml(html);
}

void FindingsPanel::retranslate()
{
    m_list->setHeaderLabels({tr("Severity"), tr("Finding"), tr("Evidence"), tr("Next action")});
    m_notesLabel->setText(tr("Notes"));
}

void FindingsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        showFindings();
    }
    QWidget::changeEvent(event);
}

} // namespace Twinscope::Widgets
