#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace Twinscope::Widgets {

// Lists, per file, each kind of warning with its count and first locations, and load failures
// (docs/DESIGN.md §8: counted repairs, no modal spam).
class DiagnosticsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget *parent = nullptr);

    void setDiagnostics(const QString &file, const Core::Diagnostics &diagnostics);
    void setError(const QString &file, const Core::Error &error);
    void clearFile(const QString &file);
    void clearAll();

    // How one file's diagnostics are summed up, in the panel and in the main window's bar alike:
    // "2 kinds of warnings, 2 notes". Notes (Severity::Info) are routine and never raise the bar.
    static QString summary(const Core::Diagnostics &diagnostics);
    static int problemKinds(const Core::Diagnostics &diagnostics); // warnings and errors

    int fileCount() const;
    int rowCount() const; // warning kinds plus errors over all files
    QTreeWidget *tree() const { return m_tree; }
    QLabel *emptyLabel() const { return m_empty; }

signals:
    void changed();

private:
    void updateEmpty();
    QTreeWidget *m_tree;
    QLabel *m_empty; // says so while no file has anything to report
};

} // namespace Twinscope::Widgets
