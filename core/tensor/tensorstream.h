#pragma once

#include "tensordump.h"

#include <QString>

#include <memory>
#include <vector>

namespace Twinscope::Core {

// Widens count stored elements to double (exact for every float type, bool and ints below 2^53).
void widenToDouble(
    const unsigned char *src, DType stored, bool bigEndian, qint64 count, double *dst);

// Streams one tensor's elements in storage order, widened to double, chunk by chunk: memory is
// O(chunk) whatever the tensor size. RawFile storage is read through short-lived read-only mmap
// windows (no lock); Hdf5 storage by hyperslabs under the HDF5 lock.
class TensorStream
{
public:
    virtual ~TensorStream() = default;
    // nullptr with *error set when the tensor cannot be read.
    static std::unique_ptr<TensorStream> open(const TensorEntry &tensor, QString *error);

    // Reads up to count elements into dst; returns how many were read, 0 at the end, -1 on error.
    virtual qint64 read(double *dst, qint64 count, QString *error) = 0;
    // Native-order float32 files only: up to count elements in place (or, where the file offset
    // is not 4-aligned, in an aligned copy), valid until the next call; nullptr where the
    // storage is not a plain little-endian float32 file (then use read()).
    virtual const float *readFloats(qint64 count, qint64 *got, QString *error)
    {
        Q_UNUSED(count);
        Q_UNUSED(error);
        *got = 0;
        return nullptr;
    }
    // True (with *error set) when the file under a mapped stream shrank or was replaced while it
    // was read: elements handed out so far may be zeros, not the file (issue #16). Callers of
    // readFloats() check it once they are done with the last pointer.
    virtual bool changed(QString *error) const
    {
        Q_UNUSED(error);
        return false;
    }
    // Continues reading at element position (storage order); false when out of range.
    virtual bool seek(qint64 position)
    {
        if (position < 0 || position > m_total)
            return false;
        m_position = position;
        return true;
    }
    qint64 total() const { return m_total; }
    qint64 position() const { return m_position; }

protected:
    qint64 m_total = 0;
    qint64 m_position = 0;
};

// Reads a whole tensor in logical (row-major) order; refuses more than maxElements elements.
bool readTensorLogical(const TensorEntry &tensor,
                       std::vector<double> *out,
                       qint64 maxElements,
                       QString *error);

// Maps a storage-order linear index to the row-major logical index (identity for C order).
qint64 storageToLogicalIndex(const TensorEntry &tensor, qint64 storageIndex);

} // namespace Twinscope::Core
