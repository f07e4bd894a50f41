#pragma once

#include <QString>

namespace Twinscope::Core {

// aclDataType and aclFormat codes as CANN's acl_base.h defines them (FORMATS.md §4.2). Unknown
// codes come back as the number, so nothing is guessed.
QString aclDataTypeName(int code);
QString aclFormatName(int code);

// The NPU-private layouts TransData converts to and from: NC1HWC0 ("5HD"), FRACTAL_Z ("FZ"),
// FRACTAL_NZ ("NZ") and their C04/3D variants.
bool isPrivateFormat(int code);
// "NZ", "5HD", "FZ", ... : the short names the porting guide uses; empty for public formats.
QString privateFormatShortName(int code);

} // namespace Twinscope::Core
