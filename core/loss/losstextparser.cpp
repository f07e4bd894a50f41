#include "losstextparser.h"

#include "core/common/boundedregex.h"
#include "core/common/constants.h"
#include "core/common/tr.h"
#include "lossnumber.h"

#include <QLocale>

#include <cstring>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

using LossNumber::isSpace;
using LossNumber::trim;

namespace {

bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
    if (s.size() < prefix.size())
        return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(uchar(s[i])) != std::tolower(uchar(prefix[i])))
            return false;
    }
    return true;
}

bool equalsNoCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && startsWithNoCase(a, b);
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Reads digits at s[*pos]; false when there are none.
bool readInt(std::string_view s, size_t *pos, qint64 *out)
{
    size_t p = *pos;
    const size_t start = p;
    qint64 v = 0;
    while (p < s.size() && isDigit(s[p])) {
        if (v > (std::numeric_limits<qint64>::max() - 9) / 10)
            return false;
        v = v * 10 + (s[p] - '0');
        ++p;
    }
    if (p == start)
        return false;
    *pos = p;
    *out = v;
    return true;
}

void skipSpaces(std::string_view s, size_t *pos)
{
    while (*pos < s.size() && isSpace(s[*pos]))
        ++*pos;
}

bool isStepKey(std::string_view key)
{
    for (std::string_view k :
         {"step", "global_step", "iteration", "iter", "batch", "current_steps", "current_step"}) {
        if (equalsNoCase(key, k))
            return true;
    }
    return false;
}

bool isEpochKey(std::string_view key)
{
    return equalsNoCase(key, "epoch") || equalsNoCase(key, "ep");
}

} // namespace

LossTextParser::LossTextParser(LossTextDialect dialect, const LossTextOptions &options)
    : m_dialect(dialect)
    , m_options(options)
{
    if (dialect != LossTextDialect::Regex)
        return;
    // The pattern runs on every line: shapes that backtrack exponentially are refused and the
    // rest run with PCRE2's step budget on at most MaxPatternSubjectChars of a line
    // (core/common/boundedregex.h).
    QString patternError;
    m_regex = compileUserPattern(options.pattern, {}, &patternError);
    if (!m_regex.isValid()) {
        Error e = Error::make(ErrorCode::Unsupported,
                              Tr::tr("The pattern cannot be used: %1.").arg(patternError),
                              {});
        e.found = options.pattern;
        m_setupError = e;
        return;
    }
    const QStringList names = m_regex.namedCaptureGroups();
    m_regexStepGroup = names.indexOf(u"step"_s);
    for (int i = 1; i < names.size(); ++i) {
        if (!names.at(i).isEmpty() && names.at(i) != u"step"_s)
            m_regexValues.append({names.at(i), i});
    }
    if (m_regexStepGroup < 0)
        m_regexStepGroup = 1;
    if (m_regexValues.isEmpty()) {
        const int valueGroup = m_regexStepGroup == 1 ? 2 : 1;
        m_regexValues.append(
            {options.metricName.isEmpty() ? u"value"_s : options.metricName, valueGroup});
    }
    int highest = m_regexStepGroup;
    for (const auto &v : std::as_const(m_regexValues))
        highest = std::max(highest, v.second);
    if (m_regex.captureCount() < highest) {
        Error e =
            Error::make(ErrorCode::Unsupported,
                        Tr::tr("The pattern needs a group for the step and one for the value, "
                               "e.g. \"step (?<step>\\d+) loss (?<loss>\\S+)\"."),
                        {});
        e.found = options.pattern;
        m_setupError = e;
    }
}

QString LossTextParser::dialectDescription(LossTextDialect dialect)
{
    switch (dialect) {
    case LossTextDialect::Megatron:
        return u"megatron: \"iteration N/M | key: value |\""_s;
    case LossTextDialect::KeyValue:
        return u"key_value: \"step: N, loss: X\" / \"epoch: E step: N, loss is X\""_s;
    case LossTextDialect::ImageNet:
        return u"pytorch_imagenet: \"Epoch: [E][I/N] ... Loss X (avg)\""_s;
    case LossTextDialect::Csv:
        return u"csv: header with step/iteration/iter/global_step"_s;
    case LossTextDialect::Regex:
        return u"regex"_s;
    }
    return {};
}

std::string_view LossTextParser::clean(std::string_view line)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    // Two memchr scans: find_first_of would call memchr once per character of the line.
    if (!std::memchr(line.data(), '\x1b', line.size()) &&
        !std::memchr(line.data(), '\r', line.size()))
        return line;
    // ANSI colour codes (Ray's "\x1b[36m(pid=...)\x1b[0m") and carriage returns from progress bars.
    m_scratch.clear();
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '\r')
            continue;
        if (c != '\x1b') {
            m_scratch.push_back(c);
            continue;
        }
        if (i + 1 < line.size() && line[i + 1] == '[') {
            i += 2;
            while (i < line.size() && !(uchar(line[i]) >= 0x40 && uchar(line[i]) <= 0x7e))
                ++i;
        } else {
            ++i; // two-character escape
        }
    }
    return m_scratch;
}

qint64 LossTextParser::feed(std::string_view bytes,
                            bool final,
                            const CancelToken &cancel,
                            ProgressSink *progress,
                            int progressTo)
{
    size_t pos = 0;
    const size_t size = bytes.size();
    const char *base = bytes.data();
    // Poll every PollRecords lines, every PollBytes of text (a log of megabyte lines would
    // otherwise go 64 Ki lines, gigabytes, between polls) and after every line of a user pattern
    // (each match may take up to its step budget, ~10 ms): Cancel then stops within milliseconds.
    constexpr size_t PollBytes = size_t(1) << 20;
    const qint64 pollLines = m_dialect == LossTextDialect::Regex ? 1 : PollRecords;
    qint64 sincePoll = 0;
    size_t polledAt = 0;
    while (pos < size) {
        const void *nl = std::memchr(base + pos, '\n', size - pos);
        size_t end = nl ? size_t(static_cast<const char *>(nl) - base) : size;
        if (!nl && !final)
            break;
        ++m_lines;
        const std::string_view line = clean(std::string_view(base + pos, end - pos));
        if (!parseLine(line) && !trim(line).empty()) {
            ++m_unparsed;
        }
        pos = nl ? end + 1 : size;
        if (++sincePoll >= pollLines || pos - polledAt >= PollBytes) {
            sincePoll = 0;
            polledAt = pos;
            if (cancel.isCanceled())
                return -1;
            if (progress)
                progress->reportRange(qint64(pos), qint64(size), 0, progressTo, Tr::tr("Parsing"));
        }
    }
    return qint64(pos);
}

bool LossTextParser::parseLine(std::string_view line)
{
    switch (m_dialect) {
    case LossTextDialect::Megatron:
        return parseMegatron(line);
    case LossTextDialect::KeyValue:
        return parseKeyValue(line);
    case LossTextDialect::ImageNet:
        return parseImageNet(line);
    case LossTextDialect::Csv:
        return parseCsv(line);
    case LossTextDialect::Regex:
        return parseRegex(line);
    }
    return false;
}

bool LossTextParser::parseMegatronValidation(std::string_view line)
{
    // Megatron's evaluation lines (training.py, evaluate_and_print_results):
    //   " validation loss at iteration 100 | lm loss value: 7.103573E+00 | lm loss PPL: 1.2E+03 |"
    // Each key becomes a series of its own, named as Megatron names it for TensorBoard ("lm loss
    // validation", "lm loss validation PPL"), so validation values never mix into the training
    // curve. Lines "at the end of training" have no step and "extra validation" lines another
    // data set: both are left out.
    constexpr std::string_view marker = "validation loss at iteration";
    const size_t at = line.find(marker);
    if (at == std::string_view::npos ||
        (at >= 6 && line.substr(at - 6, 6) == std::string_view("extra ")))
        return false;
    size_t p = at + marker.size();
    skipSpaces(line, &p);
    qint64 step = 0;
    if (!readInt(line, &p, &step))
        return false;
    const size_t first = line.find('|', p);
    if (first == std::string_view::npos)
        return false;
    p = first + 1;
    bool begun = false;
    std::string name;
    while (p < line.size()) {
        size_t bar = line.find('|', p);
        if (bar == std::string_view::npos)
            bar = line.size();
        const std::string_view text = line.substr(p, bar - p);
        p = bar + 1;
        const size_t colon = text.rfind(':');
        if (colon == std::string_view::npos)
            continue;
        double value = 0;
        if (!LossNumber::parseValue(text.substr(colon + 1), &value))
            continue;
        std::string_view key = trim(text.substr(0, colon));
        std::string_view suffix;
        if (key.size() > 6 && key.substr(key.size() - 6) == std::string_view(" value")) {
            key.remove_suffix(6);
        } else if (key.size() > 4 && key.substr(key.size() - 4) == std::string_view(" PPL")) {
            key.remove_suffix(4);
            suffix = " PPL";
        }
        if (key.empty())
            continue;
        if (!begun) {
            m_builder.beginRecord(step, m_lines);
            begun = true;
        }
        name.assign(key);
        name += " validation";
        name += suffix;
        m_builder.add(m_builder.seriesIndex(name), value);
    }
    return begun;
}

bool LossTextParser::parseMegatron(std::string_view line)
{
    if (parseMegatronValidation(line))
        return true;
    // Find "iteration" followed by [":"] N "/" M "|": "(after 1 iterations)" on [Rank N] memory
    // lines and "loading checkpoint ... at iteration 10" do not match.
    size_t at = 0;
    qint64 step = 0;
    size_t fieldsStart = std::string_view::npos;
    while ((at = line.find("iteration", at)) != std::string_view::npos) {
        size_t p = at + 9;
        at = p;
        skipSpaces(line, &p);
        if (p < line.size() && line[p] == ':') {
            ++p;
            skipSpaces(line, &p);
        }
        qint64 total = 0;
        if (!readInt(line, &p, &step))
            continue;
        skipSpaces(line, &p);
        if (p >= line.size() || line[p] != '/')
            continue;
        ++p;
        skipSpaces(line, &p);
        if (!readInt(line, &p, &total))
            continue;
        skipSpaces(line, &p);
        if (p < line.size() && line[p] != '|')
            continue;
        fieldsStart = p + 1;
        break;
    }
    if (fieldsStart == std::string_view::npos)
        return false;
    bool begun = false;
    size_t field = 0;
    size_t p = std::min(fieldsStart, line.size());
    while (p < line.size()) {
        size_t bar = line.find('|', p);
        if (bar == std::string_view::npos)
            bar = line.size();
        const std::string_view text = line.substr(p, bar - p);
        p = bar + 1;
        const size_t colon = text.rfind(':');
        if (colon == std::string_view::npos)
            continue;
        double value = 0;
        if (!LossNumber::parseValue(text.substr(colon + 1), &value))
            continue;
        const std::string_view key = trim(text.substr(0, colon));
        if (key.empty())
            continue;
        if (!begun) {
            m_builder.beginRecord(step, m_lines);
            begun = true;
        }
        // The field set repeats line after line: try the series this position had last time first.
        int series = -1;
        if (field < m_fieldCache.size()) {
            const int cached = m_fieldCache[field];
            if (cached >= 0 && m_builder.seriesName(cached) == key)
                series = cached;
        } else {
            m_fieldCache.resize(field + 1, -1);
        }
        if (series < 0) {
            series = m_builder.seriesIndex(key);
            m_fieldCache[field] = series;
        }
        m_builder.add(series, value);
        ++field;
    }
    return begun;
}

bool LossTextParser::parseKeyValue(std::string_view line)
{
    // Pairs "key: value", "key=value" or "key is value", separated by commas, pipes, tabs or
    // spaces.
    struct Pair
    {
        std::string_view key;
        double value;
    };
    Pair pairs[64];
    int count = 0;
    size_t pos = 0;
    // The next ':'/'=' and the next " is " are searched again only once pos has passed them:
    // searching both from every separator made a line of 10^5 colons and no " is " quadratic
    // (issue #30); this way each byte is scanned a bounded number of times.
    size_t nextSep = 0, nextIs = 0;
    bool haveSep = false, haveIs = false;
    while (pos < line.size() && count < 64) {
        if (!haveSep || (nextSep != std::string_view::npos && nextSep < pos)) {
            nextSep = line.find_first_of(":=", pos);
            haveSep = true;
        }
        if (!haveIs || (nextIs != std::string_view::npos && nextIs < pos)) {
            nextIs = line.find(" is ", pos);
            haveIs = true;
        }
        size_t sep = nextSep;
        size_t isAt = nextIs;
        size_t sepLen = 1;
        if (isAt != std::string_view::npos && (sep == std::string_view::npos || isAt < sep)) {
            sep = isAt;
            sepLen = 4;
        }
        if (sep == std::string_view::npos)
            break;
        std::string_view key = line.substr(pos, sep - pos);
        const size_t cut = key.find_last_of(",|;\t[]()");
        if (cut != std::string_view::npos)
            key.remove_prefix(cut + 1);
        key = trim(key);
        // "epoch: 1 step: 100": after a value, the next key is the last word before the separator.
        size_t p = sep + sepLen;
        skipSpaces(line, &p);
        const std::string_view rest = line.substr(p);
        double value = 0;
        size_t used = LossNumber::parsePrefix(rest, &value);
        if (used == 0) {
            for (auto [word, v] : {std::pair<std::string_view, double>{"True", 1.0},
                                   {"False", 0.0},
                                   {"true", 1.0},
                                   {"false", 0.0}}) {
                if (rest.substr(0, word.size()) == word) {
                    used = word.size();
                    value = v;
                    break;
                }
            }
        }
        const bool terminated = used > 0 && (used == rest.size() || isSpace(rest[used]) ||
                                             std::strchr(",|;)]", rest[used]) != nullptr);
        const bool keyOk = !key.empty() && (std::isalpha(uchar(key.front())) || key.front() == '_');
        if (terminated && keyOk)
            pairs[count++] = Pair{key, value};
        pos = terminated ? p + used : sep + sepLen;
    }
    int stepPair = -1;
    int epochPair = -1;
    for (int i = 0; i < count; ++i) {
        if (stepPair < 0 && isStepKey(pairs[i].key) && std::isfinite(pairs[i].value))
            stepPair = i;
        else if (epochPair < 0 && isEpochKey(pairs[i].key) && std::isfinite(pairs[i].value))
            epochPair = i;
    }
    if (stepPair < 0 || count < 2)
        return false;
    const double rawValue = pairs[stepPair].value;
    if (rawValue != std::floor(rawValue) || std::fabs(rawValue) > 9.0e15)
        return false;
    const qint64 raw = qint64(rawValue);
    qint64 step = raw;
    if (epochPair >= 0 && pairs[epochPair].value == std::floor(pairs[epochPair].value)) {
        const qint64 epoch = qint64(pairs[epochPair].value);
        if (!m_sawStep) {
            m_firstEpoch = epoch;
            m_stepBaseZero = raw == 0;
        }
        if (m_options.stepsPerEpoch > 0) {
            step = (epoch - m_firstEpoch) * m_options.stepsPerEpoch + raw;
        } else {
            // MindSpore's LossMonitor restarts "step" each epoch (docs/FORMATS.md §6.5); when a new
            // epoch starts from a lower step, the previous epoch's last step tells its length.
            if (m_sawStep && epoch > m_epoch && raw <= m_lastRawStep) {
                m_epochOffset += m_lastRawStep + (m_stepBaseZero ? 1 : 0);
                if (m_diagnostics.count(u"epoch_steps"_s) == 0)
                    m_diagnostics.add(
                        u"epoch_steps"_s,
                        Tr::tr("The step count restarts each epoch; global steps continue "
                               "from the previous epoch's last step."),
                        Location{-1, m_lines, {}},
                        Severity::Info);
            }
            step = m_epochOffset + raw;
        }
        m_epoch = epoch;
    }
    m_sawStep = true;
    m_lastRawStep = raw;
    m_builder.beginRecord(step, m_lines);
    for (int i = 0; i < count; ++i) {
        if (i != stepPair && i != epochPair)
            m_builder.add(pairs[i].key, pairs[i].value);
    }
    return true;
}

bool LossTextParser::parseImageNet(std::string_view line)
{
    const size_t at = line.find("Epoch:");
    if (at == std::string_view::npos)
        return false;
    size_t p = at + 6;
    skipSpaces(line, &p);
    qint64 epoch = 0;
    qint64 i = 0;
    qint64 n = 0;
    if (p >= line.size() || line[p] != '[')
        return false;
    ++p;
    skipSpaces(line, &p);
    if (!readInt(line, &p, &epoch) || p >= line.size() || line[p] != ']')
        return false;
    ++p;
    if (p >= line.size() || line[p] != '[')
        return false;
    ++p;
    skipSpaces(line, &p);
    if (!readInt(line, &p, &i))
        return false;
    skipSpaces(line, &p);
    if (p >= line.size() || line[p] != '/')
        return false;
    ++p;
    skipSpaces(line, &p);
    if (!readInt(line, &p, &n) || p >= line.size() || line[p] != ']' || n <= 0)
        return false;
    if (epoch > std::numeric_limits<qint64>::max() / n - 1)
        return false;
    ++p;
    bool begun = false;
    // Tab-separated meters "Name value (average)": plot the first number (docs/FORMATS.md §6.6).
    while (p < line.size()) {
        size_t tab = line.find('\t', p);
        if (tab == std::string_view::npos)
            tab = line.size();
        const std::string_view meter = trim(line.substr(p, tab - p));
        p = tab + 1;
        size_t space = 0;
        while (space < meter.size() && !isSpace(meter[space]))
            ++space;
        const std::string_view name = meter.substr(0, space);
        double value = 0;
        if (name.empty() || space >= meter.size())
            continue;
        const std::string_view rest = trim(meter.substr(space));
        const size_t used = LossNumber::parsePrefix(rest, &value);
        if (used == 0 || (used < rest.size() && !isSpace(rest[used])))
            continue;
        if (!begun) {
            m_builder.beginRecord(epoch * n + i, m_lines);
            begun = true;
        }
        m_builder.add(name, value);
    }
    return begun;
}

bool LossTextParser::parseCsv(std::string_view line)
{
    if (trim(line).empty() || line.front() == '#')
        return false;
    auto split = [this](std::string_view s) {
        std::vector<std::string_view> cells;
        size_t p = 0;
        while (true) {
            const size_t sep = s.find(m_separator, p);
            std::string_view cell =
                trim(s.substr(p, sep == std::string_view::npos ? s.npos : sep - p));
            if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
                cell = cell.substr(1, cell.size() - 2);
            cells.push_back(cell);
            if (sep == std::string_view::npos)
                break;
            p = sep + 1;
        }
        return cells;
    };
    if (!m_haveHeader) {
        m_separator = line.find('\t') != std::string_view::npos ? '\t' : ',';
        const auto cells = split(line);
        for (size_t c = 0; c < cells.size(); ++c) {
            m_columns.emplace_back(cells[c]);
            if (m_stepColumn < 0 &&
                (equalsNoCase(cells[c], "step") || equalsNoCase(cells[c], "iteration") ||
                 equalsNoCase(cells[c], "iter") || equalsNoCase(cells[c], "global_step")))
                m_stepColumn = int(c);
        }
        m_columnSeries.assign(m_columns.size(), -1);
        m_haveHeader = true;
        return m_stepColumn >= 0; // the header counts as understood
    }
    if (m_stepColumn < 0)
        return false;
    const auto cells = split(line);
    qint64 step = 0;
    if (size_t(m_stepColumn) >= cells.size() ||
        !LossNumber::parseStep(cells[size_t(m_stepColumn)], &step))
        return false;
    m_builder.beginRecord(step, m_lines);
    for (size_t c = 0; c < cells.size() && c < m_columns.size(); ++c) {
        double value = 0;
        if (int(c) == m_stepColumn || cells[c].empty() || !LossNumber::parseValue(cells[c], &value))
            continue;
        if (m_columnSeries[c] < 0)
            m_columnSeries[c] = m_builder.seriesIndex(m_columns[c]);
        m_builder.add(m_columnSeries[c], value);
    }
    if (cells.size() != m_columns.size()) {
        m_diagnostics.add(u"csv_column_count"_s,
                          Tr::tr("A row has a different number of cells than the header."),
                          Location{-1, m_lines, {}});
    }
    return true;
}

bool LossTextParser::parseRegex(std::string_view line)
{
    if (m_setupError || m_regexGaveUp)
        return false;
    const QString subject = QString::fromUtf8(
        line.data(), qsizetype(std::min<size_t>(line.size(), size_t(MaxPatternSubjectChars))));
    const QRegularExpressionMatch m = m_regex.match(subject);
    if (patternBudgetExceeded(m)) {
        // A line on which the pattern ran out of steps: counted; after a few such lines the
        // pattern is not tried again, so a log of a million such lines still ends in seconds.
        m_diagnostics.add(u"pattern_budget"_s,
                          Tr::tr("The pattern needed more than %1 steps on a line and was "
                                 "stopped there; simplify it (fewer nested or adjacent "
                                 "repetitions).")
                              .arg(PatternMatchLimit),
                          Location{-1, m_lines, {}});
        if (++m_regexBudgetLines >= MaxRegexBudgetLines) {
            m_regexGaveUp = true;
            m_diagnostics.add(u"pattern_abandoned"_s,
                              Tr::tr("The pattern ran out of steps on %1 lines; the lines after "
                                     "this one were not matched.")
                                  .arg(MaxRegexBudgetLines),
                              Location{-1, m_lines, {}});
        }
        return false;
    }
    if (line.size() > size_t(MaxPatternSubjectChars))
        m_diagnostics.add(u"pattern_long_line"_s,
                          Tr::tr("A line is longer than %1 characters; the pattern was matched "
                                 "against its start only.")
                              .arg(MaxPatternSubjectChars),
                          Location{-1, m_lines, {}},
                          Severity::Info);
    if (!m.hasMatch())
        return false;
    qint64 step = 0;
    const QByteArray stepText = m.captured(m_regexStepGroup).toUtf8();
    if (!LossNumber::parseStep(std::string_view(stepText.constData(), size_t(stepText.size())),
                               &step))
        return false;
    bool begun = false;
    for (const auto &[name, group] : std::as_const(m_regexValues)) {
        const QByteArray text = m.captured(group).toUtf8();
        double value = 0;
        if (!LossNumber::parseValue(std::string_view(text.constData(), size_t(text.size())),
                                    &value))
            continue;
        if (!begun) {
            m_builder.beginRecord(step, m_lines);
            begun = true;
        }
        const QByteArray utf8 = name.toUtf8();
        m_builder.add(std::string_view(utf8.constData(), size_t(utf8.size())), value);
    }
    return begun;
}

} // namespace Twinscope::Core
