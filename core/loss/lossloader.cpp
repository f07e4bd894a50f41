#include "lossloader.h"

#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "lossjsonparser.h"
#include "losstextparser.h"

#include <QFileInfo>
#include <QLocale>

#include <new>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

struct TextChoice
{
    LossTextDialect dialect;
    const char16_t *format;
};

std::optional<TextChoice> textDialectFor(const QString &producer)
{
    if (producer == u"megatron"_s)
        return TextChoice{LossTextDialect::Megatron, u"megatron"};
    if (producer == u"mindspeed_rl"_s)
        return TextChoice{LossTextDialect::Megatron, u"mindspeed_rl"};
    if (producer == u"mindspore_log"_s)
        return TextChoice{LossTextDialect::KeyValue, u"mindspore_log"};
    if (producer == u"keyvalue_log"_s)
        return TextChoice{LossTextDialect::KeyValue, u"keyvalue_log"};
    if (producer == u"pytorch_imagenet"_s)
        return TextChoice{LossTextDialect::ImageNet, u"pytorch_imagenet"};
    if (producer == u"csv"_s)
        return TextChoice{LossTextDialect::Csv, u"csv"};
    return std::nullopt;
}

QString firstLines(std::string_view data, int count)
{
    QStringList out;
    size_t pos = 0;
    while (pos < data.size() && out.size() < count) {
        size_t nl = data.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = data.size();
        QString line =
            QString::fromUtf8(data.data() + pos, qsizetype(std::min<size_t>(nl - pos, 200)));
        line.remove(u'\r');
        out.append(u"  "_s + line);
        pos = nl + 1;
    }
    return out.join(u'\n');
}

std::optional<TextChoice> chooseText(const SniffResult &sniff,
                                     std::string_view data,
                                     const LossTextOptions &textOptions,
                                     QStringList *tried)
{
    if (sniff.kind == FileKind::Loss) {
        if (auto choice = textDialectFor(sniff.producer))
            return choice;
    }
    const TextChoice candidates[] = {{LossTextDialect::Megatron, u"megatron"},
                                     {LossTextDialect::KeyValue, u"keyvalue_log"},
                                     {LossTextDialect::ImageNet, u"pytorch_imagenet"},
                                     {LossTextDialect::Csv, u"csv"}};
    std::optional<TextChoice> choice;
    qint64 best = 0;
    for (const TextChoice &c : candidates) {
        tried->append(LossTextParser::dialectDescription(c.dialect));
        LossTextParser probe(c.dialect, textOptions);
        probe.feed(data.substr(0, size_t(SniffBytes)), data.size() <= size_t(SniffBytes));
        if (probe.builder().hasValues() && probe.records() > best) {
            best = probe.records();
            choice = c;
        }
    }
    return choice;
}

Error noMatch(const QString &name, std::string_view data, const QStringList &tried)
{
    Error e =
        Error::make(ErrorCode::UnknownFormat,
                    Tr::tr("No line looks like a loss log.\nPatterns tried:\n%1\nFirst lines:\n%2")
                        .arg(u"  "_s + tried.join(u"\n  "_s), firstLines(data, 3)),
                    name,
                    0);
    e.expected = tried.join(u"; "_s);
    e.found = firstLines(data, 3).trimmed();
    return e;
}

Result<LossRun> loadImpl(const Source &source,
                         const ByteSource *bytes,
                         const LossLoadOptions &options,
                         ProgressSink &progress,
                         const CancelToken &cancel)
{
    Diagnostics diagnostics;
    std::string_view data = bytes->data();
    QByteArray inflated;
    if (isGzip(data)) {
        InflateResult r = inflateGzip(data, source.name(), &diagnostics, 0, cancel, &progress, 200);
        if (r.canceled)
            return Result<LossRun>::canceled();
        if (r.error)
            return Result<LossRun>::failed(*r.error, diagnostics);
        inflated = std::move(r.data);
        data = std::string_view(inflated.constData(), size_t(inflated.size()));
    }

    auto run = std::make_shared<LossRun>();
    run->path = source.name();
    run->bytes = bytes->size();
    const QString name = source.name();

    LossTextOptions textOptions;
    textOptions.pattern = options.pattern;
    textOptions.metricName = options.metricName;
    textOptions.stepsPerEpoch = options.stepsPerEpoch;

    auto finishText = [&](LossTextParser &parser, const QString &format) -> Result<LossRun> {
        if (parser.feed(data, true, cancel, &progress, 900) < 0)
            return Result<LossRun>::canceled();
        diagnostics.merge(parser.diagnostics());
        run->format = format;
        run->lines = parser.lines();
        run->records = parser.records();
        run->unparsedLines = parser.unparsedLines();
        run->series = parser.builder().finish(diagnostics);
        return Result<LossRun>::ok(run, diagnostics);
    };

    if (!options.pattern.isEmpty()) {
        LossTextParser parser(LossTextDialect::Regex, textOptions);
        if (auto e = parser.setupError()) {
            e->file = name;
            return Result<LossRun>::failed(*e);
        }
        Result<LossRun> r = finishText(parser, u"regex"_s);
        if (r.isOk() && !parser.builder().hasValues())
            return Result<LossRun>::failed(noMatch(name, data, {u"regex: "_s + options.pattern}));
        return r;
    }

    const SniffResult sniff = sniffBytes(
        data.substr(0, size_t(SniffBytes)), QFileInfo(name).fileName(), qint64(data.size()));
    if (sniff.kind == FileKind::Loss && isLossJsonProducer(sniff.producer)) {
        LossRunBuilder builder;
        const LossJsonOutcome out =
            parseLossJson(sniff.producer, data, name, builder, diagnostics, cancel, progress);
        if (out.canceled)
            return Result<LossRun>::canceled();
        if (out.error)
            return Result<LossRun>::failed(*out.error, diagnostics);
        run->format = sniff.producer;
        run->lines = out.entries;
        run->records = builder.recordCount();
        run->unparsedLines = out.unparsed;
        run->series = builder.finish(diagnostics);
        if (run->series.empty())
            return Result<LossRun>::failed(noMatch(name, data, {sniff.producer}), diagnostics);
        return Result<LossRun>::ok(run, diagnostics);
    }

    // Text: the sniffed grammar, or else the one that matches most of the first 64 KiB.
    QStringList tried;
    std::optional<TextChoice> choice = chooseText(sniff, data, textOptions, &tried);
    if (!choice)
        return Result<LossRun>::failed(noMatch(name, data, tried), diagnostics);
    LossTextParser parser(choice->dialect, textOptions);
    Result<LossRun> r = finishText(parser, QString::fromUtf16(choice->format));
    if (r.isOk() && !parser.builder().hasValues()) {
        if (tried.isEmpty())
            tried.append(LossTextParser::dialectDescription(choice->dialect));
        return Result<LossRun>::failed(noMatch(name, data, tried), diagnostics);
    }
    if (r.isOk() && run->unparsedLines > 0) {
        Diagnostics d = r.diagnostics();
        d.add(u"unparsed_lines"_s,
              Tr::tr("%n line(s) matched no metric pattern and were skipped (log noise).",
                     "",
                     int(std::min<qint64>(run->unparsedLines, std::numeric_limits<int>::max()))),
              {},
              Severity::Info,
              run->unparsedLines);
        return Result<LossRun>::ok(run, d);
    }
    return r;
}

} // namespace

std::optional<LossTextFormat>
detectLossTextFormat(std::string_view head, const QString &name, const LossLoadOptions &options)
{
    LossTextOptions textOptions;
    textOptions.metricName = options.metricName;
    textOptions.stepsPerEpoch = options.stepsPerEpoch;
    if (!options.pattern.isEmpty())
        return LossTextFormat{LossTextDialect::Regex, u"regex"_s};
    if (head.empty() || isGzip(head))
        return std::nullopt;
    const SniffResult sniff = sniffBytes(
        head.substr(0, size_t(SniffBytes)), QFileInfo(name).fileName(), qint64(head.size()));
    if (sniff.kind == FileKind::Loss && isLossJsonProducer(sniff.producer))
        return std::nullopt;
    QStringList tried;
    const auto choice = chooseText(sniff, head, textOptions, &tried);
    if (!choice)
        return std::nullopt;
    return LossTextFormat{choice->dialect, QString::fromUtf16(choice->format)};
}

Result<LossRun> loadLossLog(const Source &source,
                            const LossLoadOptions &options,
                            ProgressSink &progress,
                            const CancelToken &cancel)
{
    return runGuarded<LossRun>(source.name(), [&] {
        Error openError;
        const auto bytes = ByteSource::open(source, &openError);
        if (!bytes)
            return Result<LossRun>::failed(openError);
        Result<LossRun> r = loadImpl(source, bytes.get(), options, progress, cancel);
        if (bytes->changedWhileRead())
            return Result<LossRun>::failed(fileChangedError(source.name()), r.diagnostics());
        if (r.isOk())
            progress.report(1000, Tr::tr("Done"));
        return r;
    });
}

} // namespace Twinscope::Core
