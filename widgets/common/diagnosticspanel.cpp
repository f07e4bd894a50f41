#include "diagnosticspanel.h"

#include "core/common/plaintooltip.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

enum Column { FileColumn, SeverityColumn, KindColumn, CountColumn, WhereColumn, MessageColumn };

QString locationText(const Core::Location &l)
{
    QStringList parts;
    if (l.line >= 0)
        parts << DiagnosticsPanel::tr("line %1").arg(QLocale().toString(l.line));
    if (l.offset >= 0)
        parts << DiagnosticsPanel::tr("byte %1").arg(QLocale().toString(l.offset));
    if (!l.detail.isEmpty())
        parts << l.detail;
    return parts.join(u", "_s);
}

QString severityText(Core::Severity s)
{
    switch (s) {
    case Core::Severity::Info:
        return DiagnosticsPanel::tr("Info");
    case Core::Severity::Warning:
        return DiagnosticsPanel::tr("Warning");
    case Core::Severity::Error:
        break;
    }
    return DiagnosticsPanel::tr("Error");
}

} // namespace

DiagnosticsPanel::DiagnosticsPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
    , m_empty(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_empty);
    layout->addWidget(m_tree);
    m_empty->setText(tr("No warnings or errors. Files that load with repairs, or cannot be "
                        "opened, are listed here with what was found and where."));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setContentsMargins(12, 12, 12, 12);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_tree->setColumnCount(6);
    m_tree->setHeaderLabels({tr("File"),
                             tr("Severity"),
                             tr("Kind"),
                             tr("Count"),
                             tr("First locations"),
                             tr("Message")});
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setColumnWidth(FileColumn, 220);
    m_tree->setColumnWidth(SeverityColumn, 80);
    m_tree->setColumnWidth(KindColumn, 160);
    m_tree->setColumnWidth(CountColumn, 70);
    m_tree->setColumnWidth(WhereColumn, 220);
    updateEmpty();
}

int DiagnosticsPanel::problemKinds(const Core::Diagnostics &diagnostics)
{
    return int(std::count_if(diagnostics.entries().cbegin(),
                             diagnostics.entries().cend(),
                             [](const auto &e) { return e.severity != Core::Severity::Info; }));
}

QString DiagnosticsPanel::summary(const Core::Diagnostics &diagnostics)
{
    const int problems = problemKinds(diagnostics);
    const int notes = int(diagnostics.entries().size()) - problems;
    QStringList parts;
    if (problems > 0)
        parts << tr("%n kind(s) of warnings", "", problems);
    if (notes > 0)
        parts << tr("%n note(s)", "", notes);
    return parts.join(u", "_s);
}

void DiagnosticsPanel::updateEmpty()
{
    const bool empty = m_tree->topLevelItemCount() == 0;
    m_empty->setVisible(empty);
    m_tree->setVisible(!empty);
}

static QTreeWidgetItem *fileItem(QTreeWidget *tree, const QString &file, bool create)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        if (tree->topLevelItem(i)->data(FileColumn, Qt::UserRole).toString() == file)
            return tree->topLevelItem(i);
    }
    if (!create)
        return nullptr;
    auto *item = new QTreeWidgetItem(tree);
    item->setText(FileColumn, QFileInfo(file).fileName());
    item->setToolTip(FileColumn, Core::plainToolTip(file));
    item->setData(FileColumn, Qt::UserRole, file);
    item->setExpanded(true);
    return item;
}

void DiagnosticsPanel::setDiagnostics(const QString &file, const Core::Diagnostics &diagnostics)
{
    clearFile(file);
    if (diagnostics.isEmpty()) {
        emit changed();
        return;
    }
    QTreeWidgetItem *top = fileItem(m_tree, file, true);
    top->setText(MessageColumn, summary(diagnostics));
    for (const Core::Diagnostics::Entry &e : diagnostics.entries()) {
        auto *row = new QTreeWidgetItem(top);
        row->setText(SeverityColumn, severityText(e.severity));
        row->setText(KindColumn, e.kind);
        row->setText(CountColumn, QLocale().toString(e.count));
        row->setTextAlignment(CountColumn, Qt::AlignRight | Qt::AlignVCenter);
        QStringList where;
        for (const Core::Location &l : e.first)
            where << locationText(l);
        row->setText(WhereColumn, where.join(u"; "_s));
        row->setText(MessageColumn, e.message);
        row->setToolTip(MessageColumn, Core::plainToolTip(e.message));
        row->setIcon(SeverityColumn,
                     style()->standardIcon(e.severity == Core::Severity::Error
                                               ? QStyle::SP_MessageBoxCritical
                                           : e.severity == Core::Severity::Warning
                                               ? QStyle::SP_MessageBoxWarning
                                               : QStyle::SP_MessageBoxInformation));
    }
    updateEmpty();
    emit changed();
}

void DiagnosticsPanel::setError(const QString &file, const Core::Error &error)
{
    clearFile(file);
    QTreeWidgetItem *top = fileItem(m_tree, file, true);
    top->setText(MessageColumn, tr("Could not be opened"));
    auto *row = new QTreeWidgetItem(top);
    row->setText(SeverityColumn, tr("Error"));
    row->setIcon(SeverityColumn, style()->standardIcon(QStyle::SP_MessageBoxCritical));
    row->setText(KindColumn, Core::errorCodeId(error.code));
    row->setText(CountColumn, QLocale().toString(1));
    row->setText(WhereColumn, locationText(Core::Location{error.offset, error.line, {}}));
    row->setText(MessageColumn, error.toString());
    row->setToolTip(MessageColumn, Core::plainToolTip(error.toString()));
    updateEmpty();
    emit changed();
}

void DiagnosticsPanel::clearFile(const QString &file)
{
    delete fileItem(m_tree, file, false);
    updateEmpty();
}

void DiagnosticsPanel::clearAll()
{
    m_tree->clear();
    updateEmpty();
    emit changed();
}

int DiagnosticsPanel::fileCount() const
{
    return m_tree->topLevelItemCount();
}

int DiagnosticsPanel::rowCount() const
{
    int n = 0;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        n += m_tree->topLevelItem(i)->childCount();
    return n;
}

} // namespace Twinscope::Widgets
