// LossWorkspace's file actions: open dialog, pattern fallback, live follow and export.
#include "core/export/lossexport.h"
#include "lossplotview.h"
#include "lossworkspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QTextStream>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

void LossWorkspace::openDialog()
{
    // Non-modal (no exec() in the GUI): the dialog reports the chosen files.
    auto *dialog = new QFileDialog(this, tr("Open Loss Logs"));
    dialog->setFileMode(QFileDialog::ExistingFiles);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) {
        QList<SniffResult> inputs;
        for (const QString &f : files) {
            SniffResult r;
            r.path = f;
            r.kind = FileKind::Loss;
            inputs.append(r);
        }
        openPaths(inputs);
    });
    dialog->open();
}

void LossWorkspace::retryWithPattern()
{
    if (m_failedPath.isEmpty() || m_pattern->text().isEmpty())
        return;
    LossLoadOptions options;
    options.pattern = m_pattern->text();
    options.metricName = m_patternMetric->text();
    addSlot(m_failedPath, options);
    m_patternBar->hide();
    startPipeline();
}

qsizetype LossWorkspace::runPoints(int runIndex) const
{
    int n = 0;
    for (const Slot &s : m_slots) {
        if (!s.run || n++ != runIndex)
            continue;
        const LossSeries *series = s.run->find(metric());
        return series ? series->size() : 0;
    }
    return -1;
}

void LossWorkspace::setFollow(bool on)
{
    m_follow->setChecked(on);
}

bool LossWorkspace::isFollowing() const
{
    return m_follow->isChecked();
}

void LossWorkspace::onFollowToggled(bool on)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    for (Slot &s : m_slots) {
        s.follower.reset();
        if (on && s.run) {
            s.follower = std::make_shared<LossLogFollower>(s.path, s.options);
            m_watcher->addPath(s.path);
        }
    }
    if (on) {
        m_followTimer->start();
        pollFollowed();
        emit statusMessage(tr("Following %n log(s).", "", int(m_watcher->files().size())));
    } else {
        m_followTimer->stop();
    }
}

void LossWorkspace::pollFollowed()
{
    // A poll waits for the running load or comparison rather than cancelling it.
    if (m_job.isRunning())
        return;
    bool any = false;
    for (const Slot &s : std::as_const(m_slots)) {
        if (!s.follower)
            continue;
        any = true;
        // A rotated log is a new file: watch it again once it exists.
        if (!m_watcher->files().contains(s.path) && QFileInfo::exists(s.path))
            m_watcher->addPath(s.path);
    }
    if (any)
        startPipeline(true);
}

QString LossWorkspace::exportFilter() const
{
    if (runPaths().isEmpty())
        return {};
    return tr("PNG image (*.png);;PDF document (*.pdf);;SVG image (*.svg);;CSV of the aligned "
              "series (*.csv)");
}

bool LossWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    auto is = [&](const QString &ext) {
        return suffix == ext || filter.contains(u"*."_s + ext);
    };
    bool ok = false;
    if (is(u"csv"_s)) {
        QFile file(path);
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
            QList<LossCsvRun> runs;
            for (const Slot &s : std::as_const(m_slots)) {
                if (s.run)
                    runs.append(
                        LossCsvRun{QFileInfo(s.path).fileName(), s.run.get(), s.stepOffset});
            }
            QTextStream out(&file);
            writeAlignedLossCsv(out, runs, metric(), m_comparison.get());
            out.flush();
            ok = out.status() == QTextStream::Ok;
        }
    } else if (is(u"pdf"_s)) {
        ok = m_plot->savePdf(path);
    } else if (is(u"svg"_s)) {
        QStringList names;
        for (const Slot &s : std::as_const(m_slots))
            if (s.run)
                names << QFileInfo(s.path).fileName();
        ok = m_plot->saveSvg(
            path, tr("%1 curves").arg(metric()), tr("Runs: %1").arg(names.join(u", "_s)));
    } else {
        ok = m_plot->savePng(path, 0, 0, 2.0);
    }
    if (!ok && errorMessage)
        *errorMessage = tr("Could not write %1.").arg(QDir::toNativeSeparators(path));
    return ok;
}

} // namespace Twinscope::Widgets
