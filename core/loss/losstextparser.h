#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/progress.h"
#include "lossrunbuilder.h"

#include <QRegularExpression>

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// The line grammars of text loss logs (docs/FORMATS.md §6.1-6.6, 6.11) plus the user's regex.
enum class LossTextDialect {
    Megatron, // "iteration N/M | key: value | ..." and Ray's "iteration: N / M | key : value"
    KeyValue, // "step: 3, loss: 1.5, overflow:False", "epoch: 1 step: 100, loss is 0.69", "ep: 0,
              // batch: 20, ..."
    ImageNet, // "Epoch: [e][i/N]\tLoss v (avg)\t..." with step = e*N + i
    Csv,      // header row with a step column; comma or tab separated
    Regex,    // the user's pattern: named group "step" (or group 1) plus value groups
};

struct LossTextOptions
{
    QString pattern;          // Regex dialect only
    QString metricName;       // name of the value when the pattern has no named value groups
    qint64 stepsPerEpoch = 0; // KeyValue logs whose step restarts each epoch; 0 = infer
};

// Incremental line parser: feed() takes bytes as they arrive (a whole file, or what a running job
// appended) and parses complete lines only, so live follow never re-reads the file.
class LossTextParser
{
public:
    LossTextParser(LossTextDialect dialect, const LossTextOptions &options = {});

    // A regex that does not compile, or has no step group.
    std::optional<Error> setupError() const { return m_setupError; }

    // Parses complete lines of bytes and returns how many bytes it consumed; with final, a last
    // line without '\n' is parsed too. Returns -1 when canceled.
    qint64 feed(std::string_view bytes,
                bool final,
                const CancelToken &cancel = {},
                ProgressSink *progress = nullptr,
                int progressTo = 800);

    const LossRunBuilder &builder() const { return m_builder; }
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    qint64 lines() const { return m_lines; }
    qint64 records() const { return m_builder.recordCount(); }
    qint64 unparsedLines() const { return m_unparsed; }

    // Names of the grammars, for "patterns tried" in error messages.
    static QString dialectDescription(LossTextDialect dialect);

private:
    bool parseLine(std::string_view line);
    bool parseMegatron(std::string_view line);
    bool parseMegatronValidation(std::string_view line);
    bool parseKeyValue(std::string_view line);
    bool parseImageNet(std::string_view line);
    bool parseCsv(std::string_view line);
    bool parseRegex(std::string_view line);
    std::string_view clean(std::string_view line);

    LossTextDialect m_dialect;
    LossTextOptions m_options;
    QRegularExpression m_regex;
    QList<QPair<QString, int>> m_regexValues; // series name, capture group
    int m_regexStepGroup = 1;
    // Lines on which the pattern ran out of its step budget; past MaxRegexBudgetLines the pattern
    // is given up (the rest of the log is counted as unparsed).
    static constexpr int MaxRegexBudgetLines = 16;
    int m_regexBudgetLines = 0;
    bool m_regexGaveUp = false;
    std::optional<Error> m_setupError;

    LossRunBuilder m_builder;
    Diagnostics m_diagnostics;
    std::string m_scratch;
    std::vector<int> m_fieldCache; // Megatron: series index of field i on the previous line
    qint64 m_lines = 0;
    qint64 m_unparsed = 0;

    // KeyValue epochs: steps that restart each epoch become global steps.
    qint64 m_epoch = std::numeric_limits<qint64>::min();
    qint64 m_firstEpoch = 0;
    qint64 m_lastRawStep = -1;
    qint64 m_epochOffset = 0;
    bool m_stepBaseZero = false;
    bool m_sawStep = false;

    // Csv: header columns (-2: the step column, -1: not yet numeric) and separator.
    bool m_haveHeader = false;
    char m_separator = ',';
    std::vector<std::string> m_columns;
    std::vector<int> m_columnSeries;
    int m_stepColumn = -1;
};

} // namespace Twinscope::Core
