#pragma once

#include <QCoreApplication>

namespace Twinscope::Core {

// Translation context for non-QObject code in core (docs/DESIGN.md §10): Tr::tr("...").
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Core)
};

} // namespace Twinscope::Core
