#pragma once

#include <QString>

namespace Twinscope::Core {

// aclDataType and aclFormat codes as CANN's acl_base.h defines them (docs/FORMATS.md §4.2). Unknown
// codes come back as the number, so nothing is guessed.
QString aclDataTypeName(int code);
QString aclFormatName(int code);

// The NPU-private layouts TransData converts to and from: NC1HWC0 ("5HD"), FRACTAL_Z ("FZ"),
// FRACTAL_NZ ("NZ") and their C04/3D variants.
bool isPrivateFormat(int code);
// "NZ", "5HD", "FZ", ... : the short names the porting guide uses; empty for public formats.
QString privateFormatShortName(int code);

struct TensorDesc;
// A descriptor's names: its text when the input gave names without a CANN code, else the code's
// name.
QString tensorDataTypeName(const TensorDesc &desc);
QString tensorFormatName(const TensorDesc &desc);
QString tensorStorageFormatName(const TensorDesc &desc);

// MindSpore's names ("NC1HWC0", "FracZ", "NUMBER_TYPE_FLOAT16") to CANN codes; -2 when there is
// none.
int formatCodeFromName(const QString &name);
int dataTypeCodeFromName(const QString &name);
// A MindSpore data type name without an ACL code, as a user reads it ("NUMBER_TYPE_INT" -> "int").
QString mindSporeTypeName(const QString &name);

} // namespace Twinscope::Core
