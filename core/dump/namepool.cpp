#include "namepool.h"

namespace Twinscope::Core {

QString NamePool::key(const QString &name) const
{
    if (!m_other)
        return name;
    const QList<TensorEntry> &tensors = m_other->tensors;
    if (m_next < tensors.size() && tensors[m_next].key == name)
        return tensors[m_next++].key;
    if (!m_keys) {
        m_keys.emplace();
        m_keys->reserve(tensors.size());
        for (qsizetype i = 0; i < tensors.size(); ++i)
            m_keys->insert(QStringView(tensors[i].key), int(i));
    }
    const auto it = m_keys->constFind(QStringView(name));
    if (it == m_keys->cend())
        return name;
    m_next = *it + 1;
    return tensors[*it].key;
}

QString NamePool::op(QStringView op) const
{
    if (!m_other)
        return op.toString();
    const QList<TensorEntry> &tensors = m_other->tensors;
    // The call of the next expected tensor (msprobe asks before its tensors) or of the last one
    // found (ptdbg asks after).
    for (const qsizetype i : {m_next, m_next - 1})
        if (i >= 0 && i < tensors.size() && tensors[i].op == op)
            return tensors[i].op;
    if (!m_ops) {
        m_ops.emplace();
        for (qsizetype i = 0; i < tensors.size(); ++i)
            // Consecutive tensors of one call share their op: one insertion per call.
            if (i == 0 || tensors[i].op != tensors[i - 1].op)
                m_ops->insert(QStringView(tensors[i].op), int(i));
    }
    const auto it = m_ops->constFind(op);
    return it == m_ops->cend() ? op.toString() : tensors[*it].op;
}

} // namespace Twinscope::Core
