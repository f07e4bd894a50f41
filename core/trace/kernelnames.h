#pragma once

#include <QString>
#include <QStringList>

namespace Twinscope::Core {

// Readable kernel and op names (issue #23). A CUDA kernel's name can be 2 KB of C++: return type,
// namespaces, template arguments, parameter list. shortKernelName() does what HTA's shorten_name
// does: template arguments and parameter lists go, and of what is left the last word stays
// ("void at::native::vectorized_elementwise_kernel<4, …>(int, …)" → "vectorized_elementwise_kernel"
// once the namespace is dropped too). A name without '<', '(' or a space is returned as is.
QString shortKernelName(const QString &name);

// Short names for a set of names that stay distinct: where two different names shorten alike
// (split_embedding_backward…<float, float, float, 5ul> and …<…, 2ul>), each keeps the template
// arguments that differ between them: "split_embedding_backward_kernel<…, 5ul>". When only the
// parameter lists differ, the full name is kept. Returns one entry per name, in order.
QStringList distinctShortNames(const QStringList &names);

} // namespace Twinscope::Core
