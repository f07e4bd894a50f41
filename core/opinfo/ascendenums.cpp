#include "ascendenums.h"

#include "opinfodataset.h"

#include <QList>
#include <QPair>

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

QString tensorDataTypeName(const TensorDesc &desc)
{
    return desc.dataTypeText.isEmpty() ? aclDataTypeName(desc.dataType) : desc.dataTypeText;
}

QString tensorFormatName(const TensorDesc &desc)
{
    return desc.formatText.isEmpty() ? aclFormatName(desc.format) : desc.formatText;
}

QString tensorStorageFormatName(const TensorDesc &desc)
{
    return desc.formatText.isEmpty() ? aclFormatName(desc.storageFormat) : desc.formatText;
}

int formatCodeFromName(const QString &name)
{
    // MindSpore's kOpFormat_* strings (utils/utils.h); FracZ and FRACTAL_Z are the same layout.
    static const QList<QPair<QString, int>> names = {
        {u"NCHW"_s, 0},
        {u"NHWC"_s, 1},
        {u"ND"_s, 2},
        {u"NC1HWC0"_s, 3},
        {u"FracZ"_s, 4},
        {u"FRACTAL_Z"_s, 4},
        {u"NC1HWC0_C04"_s, 12},
        {u"HWCN"_s, 16},
        {u"NDHWC"_s, 27},
        {u"FRACTAL_NZ"_s, 29},
        {u"NCDHW"_s, 30},
        {u"NDC1HWC0"_s, 32},
        {u"FRACTAL_Z_3D"_s, 33},
        {u"FRACTAL_Z_3D"_s, 33},
    };
    for (const auto &p : names) {
        if (p.first == name)
            return p.second;
    }
    return -2;
}

int dataTypeCodeFromName(const QString &name)
{
    static const QList<QPair<QString, int>> names = {
        {u"NUMBER_TYPE_FLOAT32"_s, 0},
        {u"NUMBER_TYPE_FLOAT16"_s, 1},
        {u"NUMBER_TYPE_INT8"_s, 2},
        {u"NUMBER_TYPE_INT32"_s, 3},
        {u"NUMBER_TYPE_UINT8"_s, 4},
        {u"NUMBER_TYPE_INT16"_s, 6},
        {u"NUMBER_TYPE_UINT16"_s, 7},
        {u"NUMBER_TYPE_UINT32"_s, 8},
        {u"NUMBER_TYPE_INT64"_s, 9},
        {u"NUMBER_TYPE_UINT64"_s, 10},
        {u"NUMBER_TYPE_FLOAT64"_s, 11},
        {u"NUMBER_TYPE_BOOL"_s, 12},
        {u"NUMBER_TYPE_BFLOAT16"_s, 27},
        {u"NUMBER_TYPE_COMPLEX64"_s, 16},
        {u"NUMBER_TYPE_COMPLEX128"_s, 17},
        // The ends of MindSpore's VmDataType range and the profiler's own fallback are no type
        // at all: the profiler writes them for a code it could not map.
        {u"NUMBER_TYPE_BEGIN"_s, -1},
        {u"NUMBER_TYPE_END"_s, -1},
        {u"UNKNOWN"_s, -1},
    };
    for (const auto &p : names) {
        if (p.first == name)
            return p.second;
    }
    return -2;
}

QString mindSporeTypeName(const QString &name)
{
    // Generic ones without an ACL code ("NUMBER_TYPE_INT", "NUMBER_TYPE_FLOAT") read as MindSpore
    // writes them in Python: "int", "float".
    if (name.startsWith(u"NUMBER_TYPE_"_s))
        return name.mid(12).toLower();
    return name;
}

} // namespace Twinscope::Core
