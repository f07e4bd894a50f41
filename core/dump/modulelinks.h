#pragma once

#include "moduletree.h"

#include <QString>

namespace Twinscope::Core {

// What a module-tree node is called elsewhere (issue #26 links). A module node's own, an API
// node's enclosing module's; empty when there is none (a top-level API).

// The module path, as parameter names start: "Module.layer1.0.conv1.Conv2d.forward.0" ->
// "layer1.0.conv1" (MindSpore "Cell." alike).
QString moduleParameterPrefix(const ModuleTree &tree, int node);

// The range PyTorch's profiler records for the module with with_modules=True (Kineto and
// torch_npu): "nn.Module: Conv2d_1". Its number is the module's instance of its class in the order
// instances were first called, which is the order of their first forward call in construct.json.
QString moduleProfilerRange(const ModuleTree &tree, int node);

} // namespace Twinscope::Core
