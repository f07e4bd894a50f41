// First paint while loading (issue #28): the Trace tab shows a preview of the file it loads — the
// head of a large file while it is parsed, then the whole timeline while its statistics are
// computed — under a banner, and replaces it with the loaded trace when the job ends.
//
// Cancel closes the preview: a canceled load keeps no partial data (docs/ARCHITECTURE.md, the
// pipeline contract), and a head shown as if it were the trace would feed statistics, search and
// exports with a part of the file without saying so.
#include "core/trace/tracefiles.h"
#include "traceworkspace.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/messagebar.h"

#include <QFileInfo>
#include <QLocale>
#include <QPointer>

namespace Twinscope::Widgets {

void TraceWorkspace::requestPreviews(Core::TracePipelineInput &input)
{
    // A preview is one file alone: files added to an open timeline load as before.
    if (!m_loaded.empty())
        return;
    if (!m_previewRelay)
        m_previewRelay.reset(new QObject, [](QObject *o) { o->deleteLater(); });
    input.previewSettings = m_previewSettings;
    const quint64 generation = m_loadGeneration;
    QPointer<TraceWorkspace> self(this);
    input.preview = [relay = m_previewRelay, self, generation](const Core::TracePreview &p) {
        // On the loading thread: only the relay is touched here; the workspace on the GUI thread.
        QMetaObject::invokeMethod(
            relay.get(),
            [self, generation, p] {
                if (self)
                    self->showPreview(generation, p);
            },
            Qt::QueuedConnection);
    };
}

void TraceWorkspace::showPreview(quint64 generation, const Core::TracePreview &preview)
{
    // A preview of a load that was superseded, canceled or has ended is stale.
    if (generation != m_loadGeneration || !m_loadJob.isRunning() || !m_loaded.empty() ||
        !preview.dataset)
        return;
    if (m_preview.shown) {
        // The user's window over the head stays when the whole trace comes in.
        const TimelineZoomControl *z = m_view->zoomControl();
        m_preview.userRange = z->visibleFrom() != z->traceFrom() || z->visibleTo() != z->traceTo();
        m_preview.fromNs = z->visibleFrom();
        m_preview.toNs = z->visibleTo();
    }
    TimelineInput in{preview.dataset, Core::traceGroupLabel(preview.path)};
    if (preview.dataset->rank >= 0)
        in.label = tr("rank %1").arg(preview.dataset->rank);
    in.groupTooltip = preview.input;
    m_view->setInputs({in});
    m_preview.shown = true;
    m_preview.whole = preview.whole;
    m_preview.bytesRead = preview.bytesRead;
    m_preview.fileBytes = preview.fileBytes;
    m_preview.path = preview.path;
    restorePreviewRange();
    m_previewBanner->show();
    updatePreviewBanner(-1);
    emit titleChanged();
}

void TraceWorkspace::updatePreviewBanner(int permille)
{
    if (!m_preview.shown)
        return;
    const QLocale locale;
    QString text;
    if (m_preview.whole) {
        text = tr("The whole trace is shown; its steps and op statistics are still being "
                  "computed.");
    } else {
        text = tr("Loading… Preview of the first %1 of %2; the whole trace replaces it when "
                  "loading ends.")
                   .arg(locale.formattedDataSize(m_preview.bytesRead),
                        locale.formattedDataSize(m_preview.fileBytes));
        if (permille >= 0)
            text = tr("Loading… %1 % — preview of the first %2 of %3; the whole trace "
                      "replaces it when loading ends.")
                       .arg(permille / 10)
                       .arg(locale.formattedDataSize(m_preview.bytesRead),
                            locale.formattedDataSize(m_preview.fileBytes));
    }
    m_previewBanner->showMessage(MessageBar::Level::Info, text.toHtmlEscaped());
}

void TraceWorkspace::endPreview(bool keepRange)
{
    if (!m_preview.shown) {
        m_preview = {};
        return;
    }
    const TimelineZoomControl *z = m_view->zoomControl();
    const bool moved = z->visibleFrom() != z->traceFrom() || z->visibleTo() != z->traceTo();
    const qint64 from = z->visibleFrom(), to = z->visibleTo();
    m_preview = {};
    if (keepRange && moved) {
        m_preview.userRange = true;
        m_preview.fromNs = from;
        m_preview.toNs = to;
    }
    m_previewBanner->hide();
}

void TraceWorkspace::restorePreviewRange()
{
    if (m_preview.userRange && m_preview.toNs > m_preview.fromNs && !m_view->inputs().empty())
        m_view->setVisibleRange(m_preview.fromNs, m_preview.toNs, false);
}

} // namespace Twinscope::Widgets
