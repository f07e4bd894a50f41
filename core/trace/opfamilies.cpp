#include "opfamilies.h"

#include "core/common/boundedregex.h"
#include "core/common/bytesource.h"
#include "core/common/tr.h"

#include <algorithm>
#include <simdjson.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Tried in this order; the first match names the family. Case-insensitive.
struct BuiltIn
{
    const char16_t *pattern;
    const char16_t *family;
};
constexpr BuiltIn s_builtIn[] = {
    {u"all_?reduce|allReduce", u"all_reduce"},
    {u"all_?gather", u"all_gather"},
    {u"reduce_?scatter", u"reduce_scatter"},
    {u"nccl.*broadcast|hcom_?broadcast", u"broadcast"},
    {u"all_?to_?all", u"all_to_all"},
    {u"nccl.*(send|recv)|hcom_?(send|receive)", u"send_recv"},
    {u"flash|fmha", u"flash_attention"},
    // cuDNN's own convolution kernels: volta_scudnn_*, winograd*, cask_cudnn offsets.
    {u"conv|fprop|dgrad|wgrad|[sh]cudnn_|winograd|cask_cudnn", u"conv"},
    {u"gemm|matmul|cublas|cutlass|bmm|(^|[^a-z])mm([^a-z]|$)", u"matmul"},
    {u"softmax", u"softmax"},
    {u"layer_?norm", u"layer_norm"},
    {u"rms_?norm", u"rms_norm"},
    {u"batch_?norm|bn_fw|bn_bw|BNTraining|BNInfer", u"batch_norm"},
    {u"gelu", u"gelu"},
    {u"silu|swiglu", u"silu"},
    // aten::relu runs at::clamp_min(self, 0) on CUDA.
    {u"relu|threshold|clamp_min_scalar", u"relu"},
    {u"dropout|masked_scale|GenMask", u"dropout"},
    {u"adam|(^|[^a-z])sgd|multi_tensor_apply|ApplyMomentum", u"optimizer"},
    // cuDNN's layout conversions are what TransData is on an NPU.
    {u"TransData|nchwToNhwc|nhwcToNchw", u"transdata"},
    {u"(^|[^a-z])cast([^a-z]|$)", u"cast"},
    {u"transpose", u"transpose"},
    {u"pool", u"pool"},
    {u"nll_?loss|ClassNLLCriterion", u"nll_loss"},
    {u"reduce_?mean|MeanOps", u"reduce_mean"},
    {u"reduce_?sum|sum_functor", u"reduce_sum"},
    {u"(^|[^a-z])add([^a-z]|$)|axpy|AddFunctor", u"add"},
    {u"(^|[^a-z])muls?([^a-z]|$)|Mul(Scalar)?Functor", u"mul"},
    {u"fill|ZerosLike|OnesLike", u"fill"},
    {u"memcpy", u"memcpy"},
    {u"memset", u"memset"},
};

qint64 lineOf(std::string_view bytes, qint64 offset, qint64 *column)
{
    offset = std::clamp<qint64>(offset, 0, qint64(bytes.size()));
    const std::string_view before = bytes.substr(0, size_t(offset));
    const size_t lastBreak = before.rfind('\n');
    *column = lastBreak == std::string_view::npos ? offset + 1 : offset - qint64(lastBreak);
    return qint64(std::count(before.begin(), before.end(), '\n')) + 1;
}

Error fileError(const QString &name,
                std::string_view bytes,
                qint64 offset,
                const QString &message,
                const QString &expected = {},
                const QString &found = {})
{
    Error e = Error::make(ErrorCode::Malformed, message, name, offset);
    if (offset >= 0)
        e.line = lineOf(bytes, offset, &e.column);
    e.expected = expected;
    e.found = found;
    return e;
}

} // namespace

OpFamilyMap OpFamilyMap::builtIn()
{
    OpFamilyMap map;
    for (const BuiltIn &b : s_builtIn) {
        OpFamilyRule rule;
        rule.pattern = QRegularExpression(QString::fromUtf16(b.pattern),
                                          QRegularExpression::CaseInsensitiveOption);
        rule.family = QString::fromUtf16(b.family);
        map.m_rules.push_back(std::move(rule));
    }
    return map;
}

void OpFamilyMap::prepend(std::vector<OpFamilyRule> rules)
{
    m_rules.insert(m_rules.begin(),
                   std::make_move_iterator(rules.begin()),
                   std::make_move_iterator(rules.end()));
}

QString OpFamilyMap::familyOf(std::string_view name, bool userOnly) const
{
    // Op names are short; a hostile kilobyte-long one is matched on its start only, so no rule
    // runs longer than its budget allows (core/common/boundedregex.h).
    const QString text = QString::fromUtf8(
        name.data(), qsizetype(std::min<size_t>(name.size(), size_t(MaxPatternSubjectChars))));
    for (const OpFamilyRule &rule : m_rules) {
        if (userOnly && !rule.user)
            break; // user rules come first
        if (rule.pattern.match(text).hasMatch())
            return rule.family;
    }
    return {};
}

Result<std::vector<OpFamilyRule>> parseOpFamilyFile(std::string_view bytes, const QString &name)
{
    using R = Result<std::vector<OpFamilyRule>>;
    const simdjson::padded_string padded(bytes.data(), bytes.size());
    const char *base = padded.data();
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    auto where = [&]() -> qint64 {
        const char *at = nullptr;
        if (doc.current_location().get(at) != simdjson::SUCCESS || !at)
            return qint64(bytes.size());
        return std::clamp<qint64>(qint64(at - base), 0, qint64(bytes.size()));
    };
    auto syntax = [&](simdjson::error_code code, qint64 offset) {
        return R::failed(fileError(name,
                                   bytes,
                                   offset,
                                   Tr::tr("The op family mapping is not valid JSON: %1.")
                                       .arg(QString::fromLatin1(simdjson::error_message(code))),
                                   Tr::tr("a JSON object of regular expression → family")));
    };
    if (const auto err = parser.iterate(padded).get(doc); err != simdjson::SUCCESS)
        return syntax(err, 0);
    simdjson::ondemand::object object;
    if (const auto err = doc.get_object().get(object); err != simdjson::SUCCESS) {
        if (err != simdjson::INCORRECT_TYPE) // a cut-off object: say where the text ends
            return syntax(err,
                          err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT ? qint64(bytes.size()) : 0);
        return R::failed(
            fileError(name,
                      bytes,
                      0,
                      Tr::tr("The op family mapping must be one JSON object of "
                             "regular expression → family."),
                      Tr::tr("a JSON object"),
                      QString::fromUtf8(bytes.substr(0, 16).data(),
                                        qsizetype(std::min<size_t>(16, bytes.size())))));
    }
    auto rules = std::make_shared<std::vector<OpFamilyRule>>();
    for (auto field : object) {
        std::string_view key;
        if (const auto err = field.unescaped_key().get(key); err != simdjson::SUCCESS)
            return syntax(err, where());
        const QString pattern = QString::fromUtf8(key.data(), qsizetype(key.size()));
        // The key was just read, so the location is just past it: walk back to its opening quote
        // (the rule's line and column).
        qint64 keyAt = std::min<qint64>(where(), qint64(bytes.size())) - 1;
        while (keyAt > 0 && bytes[size_t(keyAt)] != '"')
            --keyAt;
        for (--keyAt; keyAt > 0; --keyAt) {
            if (bytes[size_t(keyAt)] == '"' && bytes[size_t(keyAt - 1)] != '\\')
                break;
        }
        keyAt = std::max<qint64>(0, keyAt);
        std::string_view family;
        if (const auto err = field.value().get_string().get(family); err != simdjson::SUCCESS) {
            if (err != simdjson::INCORRECT_TYPE)
                return syntax(err, where());
            return R::failed(
                fileError(name,
                          bytes,
                          keyAt,
                          Tr::tr("The family for \"%1\" must be a string.").arg(pattern),
                          Tr::tr("a family name in quotes")));
        }
        OpFamilyRule rule;
        rule.family = QString::fromUtf8(family.data(), qsizetype(family.size())).trimmed();
        rule.user = true;
        qint64 column = -1;
        rule.line = int(lineOf(bytes, keyAt, &column));
        if (rule.family.isEmpty())
            return R::failed(fileError(name,
                                       bytes,
                                       keyAt,
                                       Tr::tr("The family for \"%1\" is empty.").arg(pattern),
                                       Tr::tr("a family name")));
        // A user pattern runs on every op name of both traces: refuse shapes that backtrack
        // exponentially and give the rest PCRE2's step budget (core/common/boundedregex.h).
        QString patternError;
        rule.pattern =
            compileUserPattern(pattern, QRegularExpression::CaseInsensitiveOption, &patternError);
        if (!rule.pattern.isValid()) {
            return R::failed(fileError(
                name,
                bytes,
                keyAt,
                Tr::tr("\"%1\" is not a usable regular expression: %2.").arg(pattern, patternError),
                Tr::tr("a regular expression"),
                pattern));
        }
        rules->push_back(std::move(rule));
    }
    // simdjson 3.0's on-demand document has no at_end(): whatever follows the object must be
    // whitespace.
    const char *after = nullptr;
    if (doc.current_location().get(after) == simdjson::SUCCESS && after) {
        for (qint64 i = qint64(after - base); i < qint64(bytes.size()); ++i) {
            const char c = bytes[size_t(i)];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                return syntax(simdjson::TRAILING_CONTENT, i);
        }
    }
    return R::ok(std::move(rules));
}

Result<std::vector<OpFamilyRule>> loadOpFamilyFile(const QString &path)
{
    if (const std::optional<Error> e = checkReadableFile(path))
        return Result<std::vector<OpFamilyRule>>::failed(*e);
    Error error;
    const std::unique_ptr<ByteSource> source = ByteSource::open(Source::fromPath(path), &error);
    if (!source)
        return Result<std::vector<OpFamilyRule>>::failed(error);
    return parseOpFamilyFile(source->data(), path);
}

} // namespace Twinscope::Core
