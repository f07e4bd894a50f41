#pragma once

#include "core/common/progress.h"
#include "tracedataset.h"

#include <QString>

#include <functional>
#include <memory>

namespace Twinscope::Core {

// A first look at a large trace while it loads (issue #28): the events of the file's first bytes,
// built into a dataset of their own with the ordinary loader, so that a viewer paints the start of
// the trace while the whole file is still being parsed. Profilers write events roughly in time
// order, so the head of the file is the head of the timeline.
//
// The preview is a separate, small load: it shares nothing with the full parse (whose chunks and
// string tables stay private to the parser) and costs about previewBytes of extra parsing.
struct TracePreviewSettings
{
    qint64 bytes = 8 << 20;         // how much of the head is read for the preview
    qint64 minFileBytes = 64 << 20; // smaller files load whole before a preview would help
};

// What a viewer can paint before a load's result arrives (TracePipelineInput::preview).
struct TracePreview
{
    QString path;  // the trace file
    QString input; // the path the user gave (the file, or the folder it was found in)
    std::shared_ptr<const TraceDataset> dataset;
    bool whole = false;   // the whole file (its statistics still running), else only its head
    qint64 bytesRead = 0; // of the file, for a head preview
    qint64 fileBytes = 0;
};

// Called on the loading thread with a preview of the head of the file and the bytes read.
using TraceHeadPreview =
    std::function<void(std::shared_ptr<const TraceDataset> preview, qint64 bytesRead)>;

// The events of path's first settings.bytes, or null when the file is not a plain chrome trace
// (gzip, a database), is smaller than settings.minFileBytes, holds no event in its head, or the
// load was canceled. Never fails loudly: the full load reports the file's problems.
std::shared_ptr<const TraceDataset> loadTracePreview(const QString &path,
                                                     const TracePreviewSettings &settings,
                                                     const CancelToken &cancel,
                                                     qint64 *bytesRead = nullptr);

} // namespace Twinscope::Core
