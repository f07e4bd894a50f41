#include "tensordump.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

const TensorLayout &TensorStorage::layout() const
{
    static const TensorLayout none;
    return m_layout ? *m_layout : none;
}

TensorLayout &TensorStorage::editLayout()
{
    if (!m_layout)
        m_layout = std::make_shared<TensorLayout>();
    else if (m_layout.use_count() > 1)
        m_layout = std::make_shared<TensorLayout>(*m_layout);
    return *m_layout;
}

QString dtypeId(DType type)
{
    switch (type) {
    case DType::Bool:
        return u"bool"_s;
    case DType::UInt8:
        return u"uint8"_s;
    case DType::Int8:
        return u"int8"_s;
    case DType::Int16:
        return u"int16"_s;
    case DType::UInt16:
        return u"uint16"_s;
    case DType::Int32:
        return u"int32"_s;
    case DType::UInt32:
        return u"uint32"_s;
    case DType::Int64:
        return u"int64"_s;
    case DType::UInt64:
        return u"uint64"_s;
    case DType::Float16:
        return u"float16"_s;
    case DType::BFloat16:
        return u"bfloat16"_s;
    case DType::Float32:
        return u"float32"_s;
    case DType::Float64:
        return u"float64"_s;
    case DType::Unknown:
        break;
    }
    return u"unknown"_s;
}

int dtypeSize(DType type)
{
    switch (type) {
    case DType::Bool:
    case DType::UInt8:
    case DType::Int8:
        return 1;
    case DType::Int16:
    case DType::UInt16:
    case DType::Float16:
    case DType::BFloat16:
        return 2;
    case DType::Int32:
    case DType::UInt32:
    case DType::Float32:
        return 4;
    case DType::Int64:
    case DType::UInt64:
    case DType::Float64:
        return 8;
    case DType::Unknown:
        break;
    }
    return 0;
}

bool dtypeIsFloat(DType type)
{
    return type == DType::Float16 || type == DType::BFloat16 || type == DType::Float32 ||
           type == DType::Float64;
}

DType dtypeFromName(const QString &name)
{
    QString n = name.trimmed().toLower();
    for (const QString &prefix : {u"torch."_s, u"mindspore."_s, u"numpy."_s, u"np."_s})
        if (n.startsWith(prefix))
            n = n.mid(prefix.size());
    static const struct
    {
        const char16_t *id;
        DType type;
    } table[] = {
        {u"bool", DType::Bool},         {u"bool_", DType::Bool},      {u"uint8", DType::UInt8},
        {u"int8", DType::Int8},         {u"int16", DType::Int16},     {u"short", DType::Int16},
        {u"uint16", DType::UInt16},     {u"int32", DType::Int32},     {u"int", DType::Int32},
        {u"uint32", DType::UInt32},     {u"int64", DType::Int64},     {u"long", DType::Int64},
        {u"uint64", DType::UInt64},     {u"float16", DType::Float16}, {u"half", DType::Float16},
        {u"bfloat16", DType::BFloat16}, {u"float32", DType::Float32}, {u"float", DType::Float32},
        {u"float64", DType::Float64},   {u"double", DType::Float64},
    };
    for (const auto &e : table)
        if (n == QStringView(e.id))
            return e.type;
    return DType::Unknown;
}

qint64 TensorEntry::numel() const
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d; // shapes are validated (non-negative, overflow-checked) by the readers
    return n;
}

QString shapeText(const QList<qint64> &shape)
{
    QStringList parts;
    for (qint64 d : shape)
        parts << QString::number(d);
    return u"["_s + parts.join(u", "_s) + u"]"_s;
}

std::optional<QList<int>> axisOrderFromStride(const QList<qint64> &shape,
                                              const QList<qint64> &stride)
{
    const int rank = int(shape.size());
    QList<int> order(rank);
    for (int i = 0; i < rank; ++i)
        order[i] = i;
    std::stable_sort(
        order.begin(), order.end(), [&](int a, int b) { return stride[a] > stride[b]; });
    qint64 expected = 1;
    for (int i = rank - 1; i >= 0; --i) {
        const int axis = order[i];
        if (shape[axis] > 1 && stride[axis] != expected)
            return std::nullopt;
        expected *= std::max<qint64>(1, shape[axis]);
    }
    bool identity = true;
    for (int i = 0; i < rank; ++i)
        identity = identity && order[i] == i;
    if (identity)
        return QList<int>{};
    return order;
}

} // namespace Twinscope::Core
