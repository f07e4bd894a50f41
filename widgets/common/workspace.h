#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/filesniffer.h"

#include <QWidget>

namespace Twinscope::Widgets {

class LoadController;

// One tab of the main window per kind of input (timeline, loss curves, dump comparison, op info).
// The main window sniffs every path once and hands a workspace the paths of its kind; the workspace
// loads them through the shared LoadController (never on the GUI thread) and reports back.
class Workspace : public QWidget
{
    Q_OBJECT

public:
    Workspace(LoadController *loads, QWidget *parent = nullptr)
        : QWidget(parent)
        , m_loads(loads)
    {}

    virtual Core::FileKind kind() const = 0;
    virtual QString title() const = 0;
    // Paths were sniffed as kind(); several at once means ranks, or a benchmark/NPU pair.
    virtual void openPaths(const QList<Core::SniffResult> &inputs) = 0;
    virtual bool isEmpty() const = 0;
    virtual void closeAll() = 0;
    // Export: a file-dialog filter ("PNG (*.png);;CSV (*.csv)"), empty when nothing can be
    // exported.
    virtual QString exportFilter() const { return {}; }
    // The file name File ▸ Export suggests for a filter ("trace-timeline.png"): named after
    // what is open and what is exported. Empty: the dialog suggests none.
    virtual QString exportName(const QString &filter) const
    {
        Q_UNUSED(filter);
        return {};
    }
    virtual bool exportTo(const QString &path, const QString &filter, QString *errorMessage)
    {
        Q_UNUSED(path);
        Q_UNUSED(filter);
        Q_UNUSED(errorMessage);
        return false;
    }

signals:
    // file is the path the user gave; diagnostics may be empty (the panel then clears that file).
    void loaded(const QString &file, const Twinscope::Core::Diagnostics &diagnostics);
    void loadFailed(const QString &file, const Twinscope::Core::Error &error);
    void statusMessage(const QString &message);
    // title() changed (files opened or closed): the window and the tab show it.
    void titleChanged();

protected:
    LoadController *loads() const { return m_loads; }

private:
    LoadController *m_loads;
};

} // namespace Twinscope::Widgets
