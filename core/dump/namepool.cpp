#include "namepool.h"

namespace Twinscope::Core {

void NamePool::build() const
{
    m_built = true;
    if (!m_other)
        return;
    const QList<TensorEntry> &tensors = m_other->tensors;
    m_keys.reserve(tensors.size());
    for (qsizetype i = 0; i < tensors.size(); ++i) {
        m_keys.insert(QStringView(tensors[i].key), int(i));
        // Consecutive tensors of one call share their op: one insertion per call.
        if (i == 0 || tensors[i].op != tensors[i - 1].op)
            m_ops.insert(QStringView(tensors[i].op), int(i));
    }
}

QString NamePool::key(const QString &name) const
{
    if (!m_built)
        build();
    const auto it = m_keys.constFind(QStringView(name));
    return it == m_keys.cend() ? name : m_other->tensors[*it].key;
}

QString NamePool::op(QStringView op) const
{
    if (!m_built)
        build();
    const auto it = m_ops.constFind(op);
    return it == m_ops.cend() ? op.toString() : m_other->tensors[*it].op;
}

} // namespace Twinscope::Core
