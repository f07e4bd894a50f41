#include "lossfollower.h"

#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"

#include <QFile>
#include <QFileInfo>

#include <new>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr qint64 HeadBytes = 256; // enough to tell a replaced file from a grown one

} // namespace

LossLogFollower::LossLogFollower(const QString &path, const LossLoadOptions &options)
    : m_path(path)
    , m_options(options)
{}

void LossLogFollower::restart()
{
    m_parser.reset();
    m_offset = 0;
    m_head.clear();
    m_lastSize = -1;
    ++m_restarts;
}

Result<LossRun>
LossLogFollower::poll(ProgressSink &progress, const CancelToken &cancel, bool *changed)
{
    const std::lock_guard<std::mutex> guard(m_pollLock);
    *changed = false;
    try {
        if (auto e = checkReadableFile(m_path)) {
            // An empty file is a job that has not logged yet; a missing one is a rotation in
            // progress.
            if (e->code == ErrorCode::EmptyFile && m_last) {
                restart();
                return Result<LossRun>::ok(m_last, m_lastDiagnostics);
            }
            return Result<LossRun>::failed(*e);
        }
        QFile file;
        Error openError;
        if (!openInputFile(&file, m_path, &openError))
            return Result<LossRun>::failed(openError);
        const qint64 size = file.size();
        const QDateTime modified = QFileInfo(m_path).lastModified();
        const QByteArray head = file.peek(HeadBytes);
        const bool replaced = !m_head.isEmpty() && !head.startsWith(m_head.left(head.size()));
        if (size < m_offset || replaced || (m_wholeFile && size < m_lastSize))
            restart();
        if (m_last && size == m_lastSize && modified == m_lastModified)
            return Result<LossRun>::ok(m_last, m_lastDiagnostics);

        if (!m_parser && !m_wholeFile) {
            const QByteArray detectHead = file.peek(SniffBytes);
            const auto format = detectLossTextFormat(
                std::string_view(detectHead.constData(), size_t(detectHead.size())),
                m_path,
                m_options);
            if (format) {
                LossTextOptions textOptions;
                textOptions.pattern = m_options.pattern;
                textOptions.metricName = m_options.metricName;
                textOptions.stepsPerEpoch = m_options.stepsPerEpoch;
                m_parser = std::make_unique<LossTextParser>(format->dialect, textOptions);
                m_format = format->format;
                if (auto e = m_parser->setupError()) {
                    e->file = m_path;
                    m_parser.reset();
                    return Result<LossRun>::failed(*e);
                }
            } else {
                m_wholeFile = true;
            }
        }
        if (m_wholeFile) {
            Result<LossRun> r = loadLossLog(Source::fromPath(m_path), m_options, progress, cancel);
            if (r.isOk()) {
                m_last = r.value();
                m_lastDiagnostics = r.diagnostics();
                m_lastSize = size;
                m_lastModified = modified;
                *changed = true;
            }
            return r;
        }

        if (!file.seek(m_offset))
            return Result<LossRun>::failed(Error::make(
                ErrorCode::Unreadable, Tr::tr("The file could not be read."), m_path, m_offset));
        const QByteArray appended = file.read(size - m_offset);
        const qint64 used =
            m_parser->feed(std::string_view(appended.constData(), size_t(appended.size())),
                           false,
                           cancel,
                           &progress,
                           900);
        if (used < 0) {
            // The parser took part of the bytes: start over next time rather than count lines
            // twice.
            restart();
            return Result<LossRun>::canceled();
        }
        m_offset += used;
        if (m_head.size() < HeadBytes)
            m_head = head;
        m_lastSize = size;
        m_lastModified = modified;
        if (!m_parser->builder().hasValues()) {
            // Nothing to show yet; the grammar may change once real loss lines arrive.
            const bool hadRun = bool(m_last);
            m_parser.reset();
            m_offset = 0;
            m_head.clear();
            m_lastSize = -1;
            if (hadRun)
                return Result<LossRun>::ok(m_last, m_lastDiagnostics);
            return loadLossLog(Source::fromPath(m_path), m_options, progress, cancel);
        }
        auto run = std::make_shared<LossRun>();
        run->path = m_path;
        run->format = m_format;
        run->bytes = size;
        run->lines = m_parser->lines();
        run->records = m_parser->records();
        run->unparsedLines = m_parser->unparsedLines();
        Diagnostics diagnostics = m_parser->diagnostics();
        run->series = m_parser->builder().finish(diagnostics);
        if (m_restarts > 0)
            diagnostics.add(
                u"follow_restarted"_s,
                Tr::tr("The file shrank or was replaced while followed; it was read again from "
                       "the start."),
                {},
                Severity::Info,
                m_restarts);
        m_last = run;
        m_lastDiagnostics = diagnostics;
        *changed = true;
        return Result<LossRun>::ok(run, diagnostics);
    } catch (...) {
        return Result<LossRun>::failed(internalError(m_path, std::current_exception()));
    }
}

} // namespace Twinscope::Core
