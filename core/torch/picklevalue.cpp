#include "torchpickle.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

// PickleValue: read-only accessors over a PickleDocument node (declared in torchpickle.h).

PickleValue::Kind PickleValue::kind() const
{
    if (!m_doc || m_index < 0 || m_index >= m_doc->nodeCount())
        return Kind::Missing;
    return m_doc->node(m_index).kind;
}

bool PickleValue::isContainer() const
{
    const Kind k = kind();
    return k == Kind::List || k == Kind::Tuple || k == Kind::Dict;
}

bool PickleValue::toBool() const
{
    const Kind k = kind();
    return (k == Kind::Bool || k == Kind::Int) && m_doc->node(m_index).integer != 0;
}

qint64 PickleValue::toInt(bool *ok) const
{
    const Kind k = kind();
    const bool good = k == Kind::Int || k == Kind::Bool;
    if (ok)
        *ok = good;
    return good ? m_doc->node(m_index).integer : 0;
}

double PickleValue::toDouble(bool *ok) const
{
    const Kind k = kind();
    if (ok)
        *ok = k == Kind::Float || k == Kind::Int || k == Kind::Bool;
    if (k == Kind::Float)
        return m_doc->node(m_index).real;
    if (k == Kind::Int || k == Kind::Bool)
        return double(m_doc->node(m_index).integer);
    return 0;
}

QString PickleValue::toString() const
{
    const Kind k = kind();
    return k == Kind::String || k == Kind::Global ? m_doc->node(m_index).text : QString();
}

QByteArray PickleValue::toBytes() const
{
    const Kind k = kind();
    return k == Kind::Bytes || k == Kind::BigInt ? m_doc->node(m_index).bytes : QByteArray();
}

qsizetype PickleValue::size() const
{
    switch (kind()) {
    case Kind::List:
    case Kind::Tuple:
    case Kind::Opaque:
        return m_doc->node(m_index).items.size();
    case Kind::Dict:
        return m_doc->node(m_index).items.size() / 2;
    default:
        return 0;
    }
}

PickleValue PickleValue::at(qsizetype i) const
{
    const Kind k = kind();
    if ((k != Kind::List && k != Kind::Tuple && k != Kind::Opaque) || i < 0 || i >= size())
        return {};
    return PickleValue(m_doc, m_doc->node(m_index).items[i]);
}

PickleValue PickleValue::key(qsizetype i) const
{
    if (kind() != Kind::Dict || i < 0 || i >= size())
        return {};
    return PickleValue(m_doc, m_doc->node(m_index).items[2 * i]);
}

PickleValue PickleValue::value(qsizetype i) const
{
    if (kind() != Kind::Dict || i < 0 || i >= size())
        return {};
    return PickleValue(m_doc, m_doc->node(m_index).items[2 * i + 1]);
}

PickleValue PickleValue::get(const QString &k) const
{
    for (qsizetype i = size() - 1; kind() == Kind::Dict && i >= 0; --i) {
        const PickleValue candidate = key(i);
        if (candidate.kind() == Kind::String && candidate.toString() == k)
            return value(i);
    }
    return {};
}

PickleValue PickleValue::get(qint64 k) const
{
    for (qsizetype i = size() - 1; kind() == Kind::Dict && i >= 0; --i) {
        const PickleValue candidate = key(i);
        if (candidate.kind() == Kind::Int && candidate.toInt() == k)
            return value(i);
    }
    return {};
}

bool PickleValue::ordered() const
{
    return kind() == Kind::Dict && m_doc->node(m_index).ordered;
}

PickleValue PickleValue::attributes() const
{
    if (kind() != Kind::Dict || m_doc->node(m_index).attributes < 0)
        return {};
    return PickleValue(m_doc, m_doc->node(m_index).attributes);
}

const TorchTensorRef *PickleValue::tensor() const
{
    if (kind() != Kind::Tensor)
        return nullptr;
    return &m_doc->tensors()[m_doc->node(m_index).ref];
}

const TorchStorageRef *PickleValue::storage() const
{
    if (const TorchTensorRef *t = tensor())
        return &m_doc->storages()[t->storage];
    if (kind() != Kind::Storage)
        return nullptr;
    return &m_doc->storages()[m_doc->node(m_index).ref];
}

QString PickleValue::globalName() const
{
    const Kind k = kind();
    return k == Kind::Global || k == Kind::Opaque ? m_doc->node(m_index).text : QString();
}

QString PickleValue::describe() const
{
    switch (kind()) {
    case Kind::Missing:
        return u"<missing>"_s;
    case Kind::None:
        return u"None"_s;
    case Kind::Bool:
        return toBool() ? u"True"_s : u"False"_s;
    case Kind::Int:
        return QString::number(toInt());
    case Kind::BigInt:
        return u"<%1-byte integer>"_s.arg(toBytes().size());
    case Kind::Float:
        return QString::number(toDouble(), 'g', 17);
    case Kind::String: {
        const QString s = toString();
        return u"'"_s + (s.size() > 60 ? s.left(57) + u"..."_s : s) + u"'"_s;
    }
    case Kind::Bytes:
        return u"b'...' (%1 bytes)"_s.arg(toBytes().size());
    case Kind::List:
        return u"[%1 items]"_s.arg(size());
    case Kind::Tuple:
        return u"(%1 items)"_s.arg(size());
    case Kind::Dict:
        return u"{%1 entries}"_s.arg(size());
    case Kind::Tensor: {
        const TorchTensorRef *t = tensor();
        const TorchStorageRef *s = storage();
        return u"tensor %1 %2"_s.arg(s->dtype == DType::Unknown ? s->typeName : dtypeId(s->dtype),
                                     shapeText(t->shape));
    }
    case Kind::Storage:
        return u"%1 (%2 elements)"_s.arg(storage()->typeName).arg(storage()->numel);
    case Kind::Global:
        return globalName();
    case Kind::Opaque:
        return u"<%1>"_s.arg(globalName());
    }
    return {};
}

} // namespace Twinscope::Core
