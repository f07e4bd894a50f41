#include "ascendenums.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString aclDataTypeName(int code)
{
    switch (code) {
    case -1:
        return u"undefined"_s;
    case 0:
        return u"float32"_s;
    case 1:
        return u"float16"_s;
    case 2:
        return u"int8"_s;
    case 3:
        return u"int32"_s;
    case 4:
        return u"uint8"_s;
    case 6:
        return u"int16"_s;
    case 7:
        return u"uint16"_s;
    case 8:
        return u"uint32"_s;
    case 9:
        return u"int64"_s;
    case 10:
        return u"uint64"_s;
    case 11:
        return u"double"_s;
    case 12:
        return u"bool"_s;
    case 13:
        return u"string"_s;
    case 16:
        return u"complex64"_s;
    case 17:
        return u"complex128"_s;
    case 27:
        return u"bf16"_s;
    default:
        break;
    }
    return QString::number(code);
}

QString aclFormatName(int code)
{
    switch (code) {
    case -1:
        return u"undefined"_s;
    case 0:
        return u"NCHW"_s;
    case 1:
        return u"NHWC"_s;
    case 2:
        return u"ND"_s;
    case 3:
        return u"NC1HWC0"_s;
    case 4:
        return u"FRACTAL_Z"_s;
    case 12:
        return u"NC1HWC0_C04"_s;
    case 16:
        return u"HWCN"_s;
    case 27:
        return u"NDHWC"_s;
    case 29:
        return u"FRACTAL_NZ"_s;
    case 30:
        return u"NCDHW"_s;
    case 32:
        return u"NDC1HWC0"_s;
    case 33:
        return u"FRACTAL_Z_3D"_s;
    default:
        break;
    }
    return QString::number(code);
}

bool isPrivateFormat(int code)
{
    return !privateFormatShortName(code).isEmpty();
}

QString privateFormatShortName(int code)
{
    switch (code) {
    case 3:
        return u"5HD"_s;
    case 4:
        return u"FZ"_s;
    case 12:
        return u"5HD_C04"_s;
    case 29:
        return u"NZ"_s;
    case 32:
        return u"6HD"_s;
    case 33:
        return u"FZ_3D"_s;
    default:
        break;
    }
    return {};
}

} // namespace Twinscope::Core
