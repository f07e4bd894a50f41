#include "knownerrors.h"

#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/common/workerpool.h"
#include "core/opinfo/plogline.h"

#include <QDirIterator>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <map>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool matchesAny(std::string_view line, const std::vector<std::string> &patterns)
{
    for (const std::string &p : patterns) {
        if (line.find(p) != std::string_view::npos)
            return true;
    }
    return false;
}

// Scans the lines of one file's text; false when canceled.
bool scanText(std::string_view text,
              const QString &file,
              const KnowledgeBase &kb,
              KnownErrorReport *report,
              ProgressSink &progress,
              const CancelToken &cancel)
{
    std::map<size_t, KnownErrorMatch> found; // entry index -> its match in this file
    qint64 lineNo = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (lineNo % PollRecords == 0) {
            if (cancel.isCanceled())
                return false;
            progress.reportRange(qint64(pos), qint64(text.size()), 0, 1000);
        }
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        PlogLine plog;
        const bool isPlog = parsePlogLine(line, &plog);
        // Python exceptions and torch_npu's own messages carry no level: every non-plog line
        // counts.
        const bool candidate =
            !isPlog || plog.level == PlogLevel::Error || plog.level == PlogLevel::Warning;
        report->candidateLines += candidate ? 1 : 0;
        for (size_t k = 0; k < kb.entries.size(); ++k) {
            const KnownErrorEntry &e = kb.entries[k];
            if (!candidate && e.kind != KnownErrorEntry::Kind::Setting)
                continue;
            if (!matchesAny(line, e.patterns))
                continue;
            QRegularExpressionMatch m;
            if (e.regex.isValid() && !e.regex.pattern().isEmpty()) {
                m = e.regex.match(QString::fromUtf8(line.data(), qsizetype(line.size())));
                if (!m.hasMatch())
                    continue;
            }
            KnownErrorMatch &match = found[k];
            if (match.count++ == 0) {
                match.entry = e.id;
                match.file = file;
                match.firstLine = lineNo;
                match.firstText = QString::fromUtf8(line.data(), qsizetype(line.size()))
                                      .left(MaxLineText)
                                      .trimmed();
                for (int g = 1; g <= std::min(m.lastCapturedIndex(), MaxCaptures); ++g)
                    match.captures << m.captured(g).left(MaxCaptureText);
            }
        }
    }
    report->lines += lineNo;
    std::vector<KnownErrorMatch> ordered;
    for (auto &[k, match] : found)
        ordered.push_back(std::move(match));
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) {
        return a.firstLine < b.firstLine;
    });
    for (KnownErrorMatch &m : ordered)
        report->matches.push_back(std::move(m));
    return true;
}

} // namespace

Result<KnownErrorReport> scanKnownErrors(const Source &source,
                                         const KnowledgeBase &kb,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    const QString name = source.name();
    return runGuarded<KnownErrorReport>(name, [&] {
        if (source.isPath()) {
            if (auto e = checkReadableFile(source.path))
                return Result<KnownErrorReport>::failed(*e);
        }
        Error error;
        const std::unique_ptr<ByteSource> bytes = ByteSource::open(source, &error);
        if (!bytes)
            return Result<KnownErrorReport>::failed(error);
        Diagnostics diagnostics;
        std::string_view text = bytes->data();
        InflateResult inflated;
        if (isGzip(text)) {
            inflated = inflateGzip(text, name, &diagnostics, 0, cancel);
            if (inflated.canceled)
                return Result<KnownErrorReport>::canceled();
            if (inflated.error)
                return Result<KnownErrorReport>::failed(*inflated.error, diagnostics);
            text = std::string_view(inflated.data.constData(), size_t(inflated.data.size()));
        }
        auto report = std::make_shared<KnownErrorReport>();
        report->files << name;
        if (!scanText(text, name, kb, report.get(), progress, cancel))
            return Result<KnownErrorReport>::canceled();
        progress.report(1000, {});
        return Result<KnownErrorReport>::ok(std::move(report), std::move(diagnostics));
    });
}

namespace {

// A plog folder (CANN's ascend/log/debug/plog, or the folder holding plog/ and device-*/) stands
// for the logs inside it: every file below it, in name order.
QStringList expandLogFolders(const QStringList &paths)
{
    QStringList out;
    for (const QString &p : paths) {
        if (!QFileInfo(p).isDir()) {
            out << p;
            continue;
        }
        QStringList inside;
        QDirIterator it(p, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
        while (it.hasNext())
            inside << it.next();
        inside.sort();
        if (inside.isEmpty())
            out << p; // reported as unreadable: the folder holds no log
        out << inside;
    }
    return out;
}

} // namespace

Result<KnownErrorReport> scanKnownErrors(const QStringList &paths,
                                         const KnowledgeBase &kb,
                                         ProgressSink &progress,
                                         const CancelToken &cancel)
{
    const QStringList files = expandLogFolders(paths);
    std::vector<Result<KnownErrorReport>> parts(size_t(files.size()));
    PartsProgress partsProgress(progress, files, 1000);
    std::atomic<int> next{0};
    WorkerPool::run(int(files.size()), [&](int) {
        for (;;) {
            const int k = next.fetch_add(1);
            if (k >= files.size() || cancel.isCanceled())
                return;
            ProgressSink part = partsProgress.part(k);
            parts[size_t(k)] = scanKnownErrors(Source::fromPath(files[k]), kb, part, cancel);
            partsProgress.report(k, 1000, Tr::tr("Looking for known errors"));
        }
    });
    if (cancel.isCanceled())
        return Result<KnownErrorReport>::canceled();
    auto report = std::make_shared<KnownErrorReport>();
    Diagnostics diagnostics;
    for (qsizetype k = 0; k < files.size(); ++k) {
        const Result<KnownErrorReport> &r = parts[size_t(k)];
        Diagnostics d = r.diagnostics();
        if (r.isFailed()) {
            d.add(u"log_unreadable"_s,
                  Tr::tr("This log was not searched for known errors: %1").arg(r.error().message),
                  Location{r.error().offset, r.error().line, {}});
        }
        d.setFile(files[k]);
        diagnostics.merge(d);
        if (!r.isOk())
            continue;
        report->files << files[k];
        report->lines += r.value()->lines;
        report->candidateLines += r.value()->candidateLines;
        for (const KnownErrorMatch &m : r.value()->matches)
            report->matches.push_back(m);
    }
    return Result<KnownErrorReport>::ok(std::move(report), std::move(diagnostics));
}

} // namespace Twinscope::Core
