#pragma once

#include "chrometraceloader.h"
#include "tracepreview.h"

namespace Twinscope::Core {

// The timeline of one file, whatever it is: a chrome trace (loadChromeTrace), a torch_npu / CANN
// profiler database (loadNpuProfilerDbTrace) or an Nsight Systems SQLite export (loadNsysTrace).
// An SQLite file is told by its tables, never by its name.
//
// With headPreview (issue #28), a large plain chrome trace that is not in the cache is first
// previewed (loadTracePreview with previewSettings) and the preview handed to headPreview, on this
// thread, before the whole file is parsed.
Result<TraceDataset> loadTraceFile(const QString &path,
                                   const ChromeTraceOptions &options,
                                   ProgressSink &progress,
                                   const CancelToken &cancel,
                                   const TraceHeadPreview &headPreview = {},
                                   const TracePreviewSettings &previewSettings = {});

// Whether scanTraceFiles keeps a file the sniffer described so: chrome traces and the databases
// that hold a timeline.
bool isTimelineFormat(const QString &format);

} // namespace Twinscope::Core
