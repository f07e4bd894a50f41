#pragma once

#include "core/tensor/tensordump.h"

#include <QList>
#include <QString>

#include <optional>

namespace Twinscope::Core {

// Attribute and type decoding for the HDF5 dump reader. The handles are HDF5 hid_t values passed
// as qint64 so that no HDF5 type appears in a core header; callers hold the HDF5 lock.

// A scalar integer attribute; false when it is missing, not scalar or not readable as an integer.
bool readIntAttribute(qint64 object, const char *name, qint64 *value);

// A short (at most 64) integer array attribute; *present says whether the attribute exists.
QList<qint64> readIntArrayAttribute(qint64 object, const char *name, bool *present);

// The dtype as stored in the file, from the HDF5 type class, size and sign.
DType storedType(qint64 type, bool *bigEndian);

// torch.utils.dumper DataType codes (docs/FORMATS.md §5.1).
DType dumperType(qint64 code);

// What the dumper stores each DataType as: fp16 widened to F32, uint8/bool as signed I8 bits.
bool dumperStorageMatches(DType logical, DType stored);

// A non-tensor argument of the dumper (docs/FORMATS.md §5.1): a rank-0 or short rank-1 numeric
// dataset with a Type (SaveType) attribute and no DataType. nullopt when it is not one.
std::optional<ArgumentEntry> readDumperArgument(qint64 ds, const QString &path);

} // namespace Twinscope::Core
