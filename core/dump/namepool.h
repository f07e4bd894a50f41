#pragma once

#include "tensordump.h"

#include <QHash>
#include <QStringView>

#include <memory>

namespace Twinscope::Core {

// The strings of the side already loaded, offered to the reader of the other side: an NPU dump
// names its tensors and calls as its bench does (msprobe keys, ptdbg names), so each equal name is
// stored once for both sides instead of twice. A million-record pair held ~150 bytes a record in
// duplicate names (issue #16's memory bound). The hashes are built on first use, so a reader that
// never asks (HDF5, npy) costs nothing; one reader uses it at a time (not thread-safe).
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
    void build() const;

    std::shared_ptr<const TensorDump> m_other;
    mutable bool m_built = false;
    // Views into m_other's strings, which m_other keeps alive.
    mutable QHash<QStringView, int> m_keys; // key -> tensor index
    mutable QHash<QStringView, int> m_ops;  // op -> a tensor of that op
};

} // namespace Twinscope::Core
