#pragma once

// Large generated inputs shared by the hostile scale suite (tst_clihostile_scale) and the cancel
// test (tst_cancelhostile): a statistics-mode msprobe dump.json of n calls, a ptdbg .pkl of n
// lines, a plog of n distinct MatMul signatures. Written through a buffer: they are 60-120 MB.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace Hostile {

class Writer
{
public:
    explicit Writer(const QString &path)
        : m_file(path)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        m_ok = m_file.open(QIODevice::WriteOnly);
    }
    ~Writer() { flush(); }
    Writer &operator<<(const QByteArray &s)
    {
        m_buffer += s;
        if (m_buffer.size() > (4 << 20))
            flush();
        return *this;
    }
    bool ok() const { return m_ok; }

private:
    void flush()
    {
        m_ok = m_ok && m_file.write(m_buffer) == m_buffer.size();
        m_buffer.clear();
    }
    QFile m_file;
    QByteArray m_buffer;
    bool m_ok = false;
};

inline QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

inline QByteArray statsTensor(const QByteArray &shape, int i)
{
    return "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": " + shape +
           ", \"Max\": " + num(1 + i % 7) + ".0, \"Min\": " + num(-1 - i % 5) +
           ".0, \"Mean\": 0.001, \"Norm\": " + num(10 + i % 13) + ".0, \"requires_grad\": false}";
}

// Statistics-mode dump.json: calls with two inputs, a non-tensor kwarg and one output.
inline bool writeMsprobe(const QString &path, int calls)
{
    Writer w(path);
    w << "{\"task\": \"statistics\", \"level\": \"L1\", \"framework\": \"pytorch\", "
         "\"dump_data_dir\": null, \"data\": {";
    for (int i = 0; i < calls; ++i)
        w << (i ? ", " : "")
          << "\"Functional.linear." + num(i) + ".forward\": {\"input_args\": [" +
                 statsTensor("[32, 1024]", i) + ", " + statsTensor("[1024, 4096]", i + 1) +
                 "], \"input_kwargs\": {\"bias\": {\"type\": \"bool\", "
                 "\"value\": false}}, \"output\": [" +
                 statsTensor("[32, 4096]", i + 2) + "]}";
    w << "}}\n";
    return w.ok();
}

inline bool writePtdbg(const QString &path, int lines)
{
    Writer w(path);
    for (int i = 0; i < lines; ++i)
        w << "[\"Functional_linear_" + num(i / 2) + "_forward_" +
                 (i % 2 ? QByteArray("output") : QByteArray("input.0")) +
                 "\", 1, [], \"torch.float32\", [32, 1024], [" + num(1 + i % 3) +
                 ".5, -1.25, 0.0625]]\n";
    return w.ok();
}

// One plog with n distinct MatMul signatures (the first dimension counts up).
inline bool writePlog(const QString &path, int n)
{
    Writer w(path);
    for (int i = 0; i < n; ++i) {
        const QByteArray d = num(i + 1);
        w << "[INFO] ASCENDCL(4242,python3):2026-03-19-10:00:00." +
                 QByteArray::number(i / 1000).rightJustified(3, '0') + '.' +
                 QByteArray::number(i % 1000).rightJustified(3, '0') +
                 " [op_compile.cpp:74]4242 aclopCompile::aclOp = OpType: MatMul, InputDesc[0]: "
                 "[TensorDesc] DataType = 1, Format = 2, StorageFormat = 2, Shape = [" +
                 d + ", 1024], StorageShape = [" + d +
                 ", 1024], shapeRange = [], memtype = 0, isConst = 0 InputDesc[1]: [TensorDesc] "
                 "DataType = 1, Format = 2, StorageFormat = 2, Shape = [1024, 4096], "
                 "StorageShape = [1024, 4096], shapeRange = [], memtype = 0, isConst = 0 "
                 "OutputDesc[0]: [TensorDesc] DataType = 1, Format = 2, StorageFormat = 2, Shape "
                 "= [" +
                 d + ", 4096], StorageShape = [" + d +
                 ", 4096], shapeRange = [], memtype = 0, isConst = 0 Attr: {transpose_x1 = 0, "
                 "transpose_x2 = 0}\n";
    }
    return w.ok();
}

} // namespace Hostile
