#include "lossjsonparser.h"

#include "core/common/tr.h"
#include "lossnumber.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <limits>
#include <map>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Python's json writes NaN/Infinity/-Infinity as bare tokens, which QJsonDocument rejects: swap
// them for marker strings outside JSON strings, and drop trailing commas before } or ].
constexpr char NanMarker[] = "\"\x01nan\"";
constexpr char PosInfMarker[] = "\"\x01+inf\"";
constexpr char NegInfMarker[] = "\"\x01-inf\"";

QByteArray tolerantJson(std::string_view in, qint64 *nonStandard, qint64 *trailingCommas)
{
    QByteArray out;
    out.reserve(qsizetype(in.size()));
    bool inString = false;
    for (size_t i = 0; i < in.size(); ++i) {
        const char c = in[i];
        if (inString) {
            out.append(c);
            if (c == '\\' && i + 1 < in.size())
                out.append(in[++i]);
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out.append(c);
            continue;
        }
        const std::string_view rest = in.substr(i);
        if (rest.substr(0, 3) == "NaN") {
            out.append(NanMarker);
            i += 2;
            ++*nonStandard;
            continue;
        }
        if (rest.substr(0, 8) == "Infinity") {
            out.append(PosInfMarker);
            i += 7;
            ++*nonStandard;
            continue;
        }
        if (rest.substr(0, 9) == "-Infinity") {
            out.append(NegInfMarker);
            i += 8;
            ++*nonStandard;
            continue;
        }
        if (c == ',') {
            size_t j = i + 1;
            while (j < in.size() && LossNumber::isSpace(in[j]))
                ++j;
            if (j < in.size() && (in[j] == '}' || in[j] == ']')) {
                ++*trailingCommas;
                continue;
            }
        }
        out.append(c);
    }
    return out;
}

std::optional<double> numberOf(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    if (!v.isString())
        return std::nullopt;
    const QString s = v.toString();
    if (s.startsWith(QChar(1))) {
        if (s == u"\x01nan"_s)
            return std::numeric_limits<double>::quiet_NaN();
        if (s == u"\x01+inf"_s)
            return std::numeric_limits<double>::infinity();
        if (s == u"\x01-inf"_s)
            return -std::numeric_limits<double>::infinity();
    }
    return std::nullopt;
}

std::optional<qint64> stepOf(const QJsonValue &v)
{
    if (v.isString()) {
        const QByteArray s = v.toString().toUtf8();
        qint64 step = 0;
        if (LossNumber::parseStep(std::string_view(s.constData(), size_t(s.size())), &step))
            return step;
        return std::nullopt;
    }
    const auto d = numberOf(v);
    if (!d || !std::isfinite(*d) || *d != std::floor(*d) || std::fabs(*d) > 9.0e15)
        return std::nullopt;
    return qint64(*d);
}

void addKey(LossRunBuilder &builder, const QString &key, double value)
{
    const QByteArray utf8 = key.toUtf8();
    builder.add(std::string_view(utf8.constData(), size_t(utf8.size())), value);
}

// One object of a JSON-lines file or of HF's log_history: the step key plus numeric metrics.
bool addEntry(const QJsonObject &o,
              const QStringList &stepKeys,
              const QStringList &skip,
              qint64 line,
              LossRunBuilder &builder)
{
    QString stepKey;
    for (const QString &k : stepKeys) {
        if (o.contains(k)) {
            stepKey = k;
            break;
        }
    }
    if (stepKey.isEmpty())
        return false;
    const auto step = stepOf(o.value(stepKey));
    if (!step)
        return false;
    bool begun = false;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == stepKey || skip.contains(it.key()))
            continue;
        const auto value = numberOf(it.value());
        if (!value)
            continue;
        if (!begun) {
            builder.beginRecord(*step, line);
            begun = true;
        }
        addKey(builder, it.key(), *value);
    }
    return begun;
}

Error parseError(const QString &fileName,
                 const QJsonParseError &pe,
                 qint64 lineNo,
                 qint64 lineOffset)
{
    Error e = Error::make(ErrorCode::Malformed,
                          Tr::tr("The JSON does not parse: %1.").arg(pe.errorString()),
                          fileName,
                          lineOffset + pe.offset);
    e.line = lineNo;
    e.expected = Tr::tr("a JSON value");
    e.found = pe.errorString();
    return e;
}

const QStringList &genericStepKeys()
{
    static const QStringList keys = {u"step"_s,
                                     u"global_step"_s,
                                     u"iteration"_s,
                                     u"iter"_s,
                                     u"current_steps"_s,
                                     u"current_step"_s};
    return keys;
}

} // namespace

bool isLossJsonProducer(const QString &producer)
{
    return producer == u"llamafactory"_s || producer == u"json_lines"_s ||
           producer == u"hf_trainer_state"_s || producer == u"mindspeed_baseline"_s ||
           producer == u"megatron_golden"_s;
}

LossJsonOutcome parseLossJson(const QString &producer,
                              std::string_view bytes,
                              const QString &fileName,
                              LossRunBuilder &builder,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel,
                              ProgressSink &progress)
{
    LossJsonOutcome outcome;
    qint64 nonStandard = 0;
    qint64 trailingCommas = 0;

    if (producer == u"llamafactory"_s || producer == u"json_lines"_s) {
        // LLaMA-Factory's last line is a summary without "loss": it simply adds no loss point.
        const QStringList skip = producer == u"llamafactory"_s
                                     ? QStringList{u"total_steps"_s, u"percentage"_s}
                                     : QStringList{};
        size_t pos = 0;
        qint64 lineNo = 0;
        while (pos < bytes.size()) {
            size_t nl = bytes.find('\n', pos);
            if (nl == std::string_view::npos)
                nl = bytes.size();
            const std::string_view line = bytes.substr(pos, nl - pos);
            const qint64 lineOffset = qint64(pos);
            pos = nl + 1;
            ++lineNo;
            if (LossNumber::trim(line).empty())
                continue;
            ++outcome.entries;
            if ((lineNo & 0xffff) == 0) {
                if (cancel.isCanceled()) {
                    outcome.canceled = true;
                    return outcome;
                }
                progress.reportRange(qint64(pos), qint64(bytes.size()), 0, 800, Tr::tr("Parsing"));
            }
            QJsonParseError pe;
            const QJsonDocument doc =
                QJsonDocument::fromJson(tolerantJson(line, &nonStandard, &trailingCommas), &pe);
            if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
                // A line cut by a running job or a crash: count it, keep the rest.
                ++outcome.unparsed;
                diagnostics.add(u"bad_json_line"_s,
                                Tr::tr("A line is not a JSON object and was skipped."),
                                Location{lineOffset, lineNo, {}});
                continue;
            }
            if (!addEntry(doc.object(), genericStepKeys(), skip, lineNo, builder))
                ++outcome.unparsed;
        }
    } else {
        QJsonParseError pe;
        const QJsonDocument doc =
            QJsonDocument::fromJson(tolerantJson(bytes, &nonStandard, &trailingCommas), &pe);
        if (pe.error != QJsonParseError::NoError) {
            outcome.error = parseError(fileName, pe, -1, 0);
            return outcome;
        }
        const QJsonObject root = doc.object();
        if (producer == u"hf_trainer_state"_s) {
            const QJsonArray history = root.value(u"log_history"_s).toArray();
            qint64 index = 0;
            for (const QJsonValue &v : history) {
                ++index;
                ++outcome.entries;
                const QJsonObject o = v.toObject();
                // The final summary (train_loss, train_runtime, ...) is not a training step.
                if (o.contains(u"train_runtime"_s)) {
                    ++outcome.unparsed;
                    continue;
                }
                if (!addEntry(o, {u"step"_s}, {}, index, builder))
                    ++outcome.unparsed;
            }
        } else if (producer == u"mindspeed_baseline"_s) {
            // List index i is step i + 1 (docs/FORMATS.md §6.9); the record line is the step.
            qint64 longest = 0;
            for (auto it = root.begin(); it != root.end(); ++it)
                longest = std::max<qint64>(longest, it.value().toArray().size());
            for (qint64 i = 0; i < longest; ++i) {
                bool begun = false;
                for (auto it = root.begin(); it != root.end(); ++it) {
                    const QJsonArray a = it.value().toArray();
                    if (i >= a.size())
                        continue;
                    const auto value = numberOf(a.at(i));
                    if (!value)
                        continue;
                    if (!begun) {
                        builder.beginRecord(i + 1, i + 1);
                        begun = true;
                    }
                    addKey(builder, it.key(), *value);
                }
                ++outcome.entries;
            }
            for (auto it = root.begin(); it != root.end(); ++it) {
                const QJsonArray a = it.value().toArray();
                if (!a.isEmpty() && !numberOf(a.first()))
                    diagnostics.add(
                        u"not_per_step"_s,
                        Tr::tr("\"%1\" is not a list of numbers per step and was not plotted.")
                            .arg(it.key()),
                        Location{-1, -1, it.key()},
                        Severity::Info);
            }
        } else if (producer == u"megatron_golden"_s) {
            // Step keys are strings that need not follow start + k*interval: trust the keys.
            // QJsonObject sorts them as text ("10" < "5"), so gather by numeric step first.
            std::map<qint64, QList<QPair<QString, double>>> bySteps;
            for (auto it = root.begin(); it != root.end(); ++it) {
                const QJsonObject values = it.value().toObject().value(u"values"_s).toObject();
                for (auto v = values.begin(); v != values.end(); ++v) {
                    ++outcome.entries;
                    const auto step = stepOf(QJsonValue(v.key()));
                    const auto value = numberOf(v.value());
                    if (!step || !value) {
                        ++outcome.unparsed;
                        continue;
                    }
                    bySteps[*step].append({it.key(), *value});
                }
            }
            for (const auto &[step, values] : bySteps) {
                builder.beginRecord(step, -1);
                for (const auto &[name, value] : values)
                    addKey(builder, name, value);
            }
        }
    }
    if (nonStandard > 0)
        diagnostics.add(
            u"json_nonfinite_tokens"_s,
            Tr::tr("%n bare NaN/Infinity token(s) (Python's json) were read as non-finite values.",
                   "",
                   int(std::min<qint64>(nonStandard, std::numeric_limits<int>::max()))),
            {},
            Severity::Info,
            nonStandard);
    if (trailingCommas > 0)
        diagnostics.add(u"trailing_comma"_s,
                        Tr::tr("Trailing commas were skipped."),
                        {},
                        Severity::Warning,
                        trailingCommas);
    return outcome;
}

} // namespace Twinscope::Core
