#pragma once

#include "core/common/result.h"

#include <QRegularExpression>
#include <QString>

#include <string_view>
#include <vector>

namespace Twinscope::Core {

// Op families let a GPU kernel and an NPU op meet in a comparison (issue #10): the cuBLAS kernel
// "ampere_sgemm_128x64_tn" and the NPU's "aclnnMm_MatMulCommon_MatMulV2" are both "matmul".
struct OpFamilyRule
{
    QRegularExpression pattern; // case-insensitive, searched anywhere in the name
    QString family;             // a short id: "matmul", "all_reduce", or the user's own
    int line = -1;              // where a user rule was written; -1 for built-ins
    bool user = false;
};

// The rules in the order they are tried: a user's file first (its rules win), then the built-in
// ones. Lookups are cached per name by the callers (OpDiff keys per interned name).
class OpFamilyMap
{
public:
    // The built-in device-level families, most specific first: communication (all_reduce,
    // all_gather, reduce_scatter, broadcast, all_to_all, send_recv), flash_attention, conv (before
    // matmul: cuDNN's implicit-GEMM fprop kernels contain "gemm"), matmul, softmax, layer_norm,
    // rms_norm, batch_norm, gelu, silu, relu, dropout, optimizer, transdata, cast, transpose, pool,
    // nll_loss, reduce_sum, add, mul, fill, memcpy, memset.
    static OpFamilyMap builtIn();

    // Adds a user's rules in front of the current ones.
    void prepend(std::vector<OpFamilyRule> rules);
    // The family of a device-level name, or an empty string. userOnly: consult the user's rules
    // only (framework ops such as aten::mm keep their own names unless the user maps them).
    QString familyOf(std::string_view name, bool userOnly = false) const;
    const std::vector<OpFamilyRule> &rules() const { return m_rules; }

private:
    std::vector<OpFamilyRule> m_rules;
};

// A user mapping file: one JSON object of regular expression → family, in the order written,
// e.g. {"^my_fused_gemm": "matmul", "RingAllReduce": "all_reduce"}. A syntax error, a value that
// is not a string, an empty family or a pattern that does not compile fails with the line (and
// column) it is on. name is used in messages.
Result<std::vector<OpFamilyRule>> parseOpFamilyFile(std::string_view bytes, const QString &name);
Result<std::vector<OpFamilyRule>> loadOpFamilyFile(const QString &path);

} // namespace Twinscope::Core
