#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/filesniffer.h"
#include "core/triage/finding.h"

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>

namespace Twinscope::Widgets {

class LoadController;

// What one tab names and the other tabs can show (issue #22): an op type chosen in the op-info or
// kernel table, a tensor, a step, a rank (with the folder it came from). The window hands a tab's
// crossLinkRequested() to every other open tab's follow(); no tab knows the others' classes.
struct CrossLink
{
    enum class Subject : quint8 {
        OpType, // name: an op type ("MatMul", "aten::mm")
        Tensor, // name: a tensor or parameter name
        Step,   // value: a training or profiler step
        Rank,   // value: the rank; path: its profiler folder (a timeline to reveal or open)
        Cutoff, // value: a time in ns after which compiles count as recompiles
        // A module of the model tree (issue #26). name: its path ("layer1.0.conv1"), the prefix of
        // its parameter names; path (ModuleRanges): what the profiler calls it
        // ("nn.Module: Conv2d_1"), no file here.
        ModuleParameters, // its parameters in a checkpoint comparison
        ModuleRanges,     // its ranges (and the kernels under them) in a timeline
    };
    Subject subject = Subject::OpType;
    QString name;
    qint64 value = -1;
    QString path;
};

// A figure of a tab for the findings report, drawn as the tab shows it.
struct ReportImage
{
    QString title;    // translated caption
    QString fileName; // the image's name in an HTML report ("loss.png")
    QImage image;
};

// One tab of the main window per kind of input (timeline, loss curves, dump comparison, op info).
// The main window sniffs every path once and hands a workspace the paths of its kind; the workspace
// loads them through the shared LoadController (never on the GUI thread) and reports back.
//
// The seam (issue #22): the window and the investigation reach a tab only through these functions
// and signals. A kind's own navigation (reveal a finding's evidence), report figures and
// cross-links live in its tab, so adding a kind changes neither app/gui/mainwindow.cpp nor
// app/gui/investigation.cpp.
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
    // False for a tab that holds a kind but is not where later paths of it go (a comparison tab
    // holds traces; a trace opened later joins the timeline).
    virtual bool takesOpenedPaths() const { return true; }
    // Asks the user for this kind's inputs (File ▸ Compare Checkpoints…: the two files).
    virtual void chooseInputs() {}

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

    // Shows a finding's evidence (the loss plot at its step, the dump row, the op's slices).
    // Core::findingLinkKinds() says which tab a link goes to; false: this tab cannot show it.
    virtual bool reveal(const Core::FindingLink &link)
    {
        Q_UNUSED(link);
        return false;
    }
    // The figures the findings report embeds, as on screen; empty when the tab has none.
    virtual QList<ReportImage> reportFigures() const { return {}; }
    // What the tab concludes, one line each (the loss diagnosis, the first divergent tensor).
    virtual QStringList summaryLines() const { return {}; }
    // A time other tabs can anchor to: the end of the first profiler step, in ns.
    virtual std::optional<qint64> firstStepEndNs() const { return std::nullopt; }

public slots:
    // Another tab named something: show it if this tab has it. True: it was shown.
    virtual bool follow(const Twinscope::Widgets::CrossLink &link)
    {
        Q_UNUSED(link);
        return false;
    }

signals:
    // file is the path the user gave; diagnostics may be empty (the panel then clears that file).
    void loaded(const QString &file, const Twinscope::Core::Diagnostics &diagnostics);
    void loadFailed(const QString &file, const Twinscope::Core::Error &error);
    void statusMessage(const QString &message);
    // title() changed (files opened or closed): the window and the tab show it.
    void titleChanged();
    // The user named something the other tabs may show (an op type, a rank's timeline).
    void crossLinkRequested(const Twinscope::Widgets::CrossLink &link);

protected:
    LoadController *loads() const { return m_loads; }

private:
    LoadController *m_loads;
};

} // namespace Twinscope::Widgets

Q_DECLARE_METATYPE(Twinscope::Widgets::CrossLink)
