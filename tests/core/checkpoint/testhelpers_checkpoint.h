#pragma once

#include "core/tensor/tensorstream.h"

#include <QByteArray>
#include <QString>

#include <vector>

// Fixtures of issue #13 (tests/checkpoint/make_checkpoints.py).
inline QString checkpointData(const QString &relative)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/checkpoint/") + relative;
}

// The tensor of that name, or null.
inline const Twinscope::Core::TensorEntry *findTensor(const Twinscope::Core::TensorDump &d,
                                                      const QString &name)
{
    for (const Twinscope::Core::TensorEntry &t : d.tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

// Every element of a tensor in storage order, through the same streams the comparison uses.
inline std::vector<double> tensorValues(const Twinscope::Core::TensorEntry &t, QString *error)
{
    std::vector<double> out;
    if (!Twinscope::Core::readTensorLogical(t, &out, qint64(1) << 24, error))
        out.clear();
    return out;
}

// Protobuf wire format for hand-made checkpoints (damaged ones the Python script cannot write).
inline QByteArray varint(quint64 v)
{
    QByteArray out;
    do {
        char b = char(v & 0x7f);
        v >>= 7;
        if (v)
            b = char(b | 0x80);
        out.append(b);
    } while (v);
    return out;
}

inline QByteArray field(int number, const QByteArray &payload)
{
    return varint(quint64(number) << 3 | 2) + varint(quint64(payload.size())) + payload;
}

inline QByteArray checkpointValue(const QByteArray &tag,
                                  const QList<qint64> &dims,
                                  const QByteArray &type,
                                  const QByteArray &content,
                                  bool packed = false)
{
    QByteArray tensor;
    if (packed) {
        QByteArray p;
        for (qint64 d : dims)
            p += varint(quint64(d));
        tensor += field(1, p);
    } else {
        for (qint64 d : dims)
            tensor += varint(1 << 3) + varint(quint64(d));
    }
    tensor += field(2, type) + field(3, content);
    return field(1, field(1, tag) + field(2, tensor));
}
