#pragma once

#include "core/common/filesniffer.h"

#include <memory>

class QWidget;

namespace Twinscope::Widgets {
class LoadController;
class Workspace;
} // namespace Twinscope::Widgets

namespace Twinscope::App {

// The workspace that opens inputs of this kind, or nullptr while Twinscope has none for it.
Widgets::Workspace *
createWorkspace(Core::FileKind kind, Widgets::LoadController *loads, QWidget *parent);

} // namespace Twinscope::App
