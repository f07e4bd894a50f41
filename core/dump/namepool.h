#pragma once

#include "core/tensor/tensordump.h"

#include <QHash>
#include <QStringView>

#include <memory>
#include <optional>

namespace Twinscope::Core {

// The strings of the side already loaded, offered to the reader of the other side: an NPU dump
// names its tensors and calls as its bench does (msprobe keys, ptdbg names), so each equal name is
// stored once for both sides instead of twice. A million-record pair held ~150 bytes a record in
// duplicate names (issue #16's memory bound). Both sides usually list their tensors in the same
// order, so the tensor after the last match is tried first; the hashes are built only at the first
// miss (never for a reader that does not ask: HDF5, npy). One reader uses a pool at a time.
class NamePool
{
public:
    explicit NamePool(std::shared_ptr<const TensorDump> other)
        : m_other(std::move(other))
    {}

    // The other side's key equal to name (its string, shared), or name itself.
    QString key(const QString &name) const;
    // The other side's op (call) equal to op, or op as a new string.
    QString op(QStringView op) const;

private:
    std::shared_ptr<const TensorDump> m_other;
    // The tensor after the last key found: where the next key most likely is.
    mutable qsizetype m_next = 0;
    // Views into m_other's strings, which m_other keeps alive; built at the first miss.
    mutable std::optional<QHash<QStringView, int>> m_keys; // key -> tensor index
    mutable std::optional<QHash<QStringView, int>> m_ops;  // op -> a tensor of that op
};

} // namespace Twinscope::Core
