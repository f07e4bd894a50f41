#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"

#include <QWidget>

class QTreeWidget;

namespace Twinscope::Widgets {

// Lists, per file, each kind of warning with its count and first locations, and load failures
// (DESIGN.md §8: counted repairs, no modal spam).
class DiagnosticsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget *parent = nullptr);

    void setDiagnostics(const QString &file, const Core::Diagnostics &diagnostics);
    void setError(const QString &file, const Core::Error &error);
    void clearFile(const QString &file);
    void clearAll();

    int fileCount() const;
    int rowCount() const; // warning kinds plus errors over all files
    QTreeWidget *tree() const { return m_tree; }

signals:
    void changed();

private:
    QTreeWidget *m_tree;
};

} // namespace Twinscope::Widgets
