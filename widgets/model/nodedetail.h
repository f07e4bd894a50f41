#pragma once

#include "core/dump/modulecompare.h"

#include <QString>

namespace Twinscope::Widgets {

// The Model tab's detail of one node as HTML: its id, band and index, every input and output of
// both sides (dtype, shape, Max/Min/Mean/Norm, md5 or value) with the error between them, and the
// NPU side's call stack from stack.json (a backward node shows its forward's).
QString nodeDetailHtml(const Core::ModuleComparison &comparison, int node);

} // namespace Twinscope::Widgets
