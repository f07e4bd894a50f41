#pragma once

#include "lossloader.h"
#include "losstextparser.h"

#include <QDateTime>

#include <memory>
#include <mutex>

namespace Twinscope::Core {

// Follows a loss log that a running training job is still writing: each poll() parses only the
// bytes appended since the previous one (complete lines; a cut last line waits for the next poll)
// with the grammar chosen on the first poll. A file that shrank or whose first bytes changed
// (truncation, rotation, a new run under the same name) is parsed again from the start. JSON and
// gzip logs cannot be appended to line by line and are re-read whole when their size or time
// changes. Polls are serialised: a poll that starts while a canceled one is still returning waits
// for it.
class LossLogFollower
{
public:
    explicit LossLogFollower(const QString &path, const LossLoadOptions &options = {});

    // *changed is false when the file did not change since the last successful poll (the previous
    // run is returned again).
    Result<LossRun> poll(ProgressSink &progress, const CancelToken &cancel, bool *changed);

    const QString &path() const { return m_path; }
    qint64 consumedBytes() const { return m_offset; }
    int restarts() const { return m_restarts; }

private:
    void restart();

    std::mutex m_pollLock;
    QString m_path;
    LossLoadOptions m_options;
    std::unique_ptr<LossTextParser> m_parser;
    QString m_format;
    bool m_wholeFile = false; // JSON/gzip: no incremental parse
    qint64 m_offset = 0;      // bytes consumed by m_parser
    QByteArray m_head;        // first bytes seen, to notice a replaced file
    qint64 m_lastSize = -1;
    QDateTime m_lastModified;
    int m_restarts = 0;
    std::shared_ptr<const LossRun> m_last;
    Diagnostics m_lastDiagnostics;
};

} // namespace Twinscope::Core
