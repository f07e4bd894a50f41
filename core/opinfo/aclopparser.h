#pragma once

#include "opinfodataset.h"

#include <string_view>

namespace Twinscope::Core {

// Parses the body of an aclopCompile::aclOp message, from "OpType: " on (docs/FORMATS.md §4.2):
//   OpType: Conv2D, InputDesc[0]: [TensorDesc] DataType = 0, Format = 0, ... isConst = 0
//   OutputDesc[0]: [TensorDesc] ... Attr: {data_format = NCHW, groups = 1}
// Never guesses: a body that stops inside a descriptor, a shape or the attribute braces comes back
// with truncated set and only the parts that were complete. attrBraceOptional accepts an Attr
// without its closing brace, which is how ascend_op_info_summary.txt writes every one (§4.3).
OpSignature parseAclOpRecord(std::string_view body, bool attrBraceOptional = false);

// Shape text "[4, 1, 28, 28]" to numbers; false when it is not a complete bracketed list.
bool parseShapeList(std::string_view text, QList<qint64> *out);

} // namespace Twinscope::Core
