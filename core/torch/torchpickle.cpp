#include "torchpickle.h"

#include "core/common/tr.h"

#include <QHash>

#include <bit>
#include <cstring>
#include <vector>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

qint64 TorchTensorRef::numel() const
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

namespace {

// What an allowed global stands for; Unknown ones exist only with PickleOptions::opaqueObjects.
enum class GlobalKind : qint64 {
    Unknown,
    OrderedDict,
    RebuildTensor,
    RebuildTensorV2,
    RebuildParameter,
    RebuildParameterWithState,
    RebuildFromTypeV2,
    StorageType,
    Size,
    DTypeConstant,
    Device,
    CodecsEncode,
    TensorType, // torch.Tensor, torch.nn.parameter.Parameter: only as _rebuild_from_type_v2's type
};

constexpr struct
{
    const char *name;
    DType type;
} StorageTypes[] = {
    {"FloatStorage", DType::Float32},
    {"DoubleStorage", DType::Float64},
    {"HalfStorage", DType::Float16},
    {"BFloat16Storage", DType::BFloat16},
    {"LongStorage", DType::Int64},
    {"IntStorage", DType::Int32},
    {"ShortStorage", DType::Int16},
    {"CharStorage", DType::Int8},
    {"ByteStorage", DType::UInt8},
    {"BoolStorage", DType::Bool},
    {"UntypedStorage", DType::UInt8},
    // Read as storages, but their elements are not compared (no DType).
    {"ComplexFloatStorage", DType::Unknown},
    {"ComplexDoubleStorage", DType::Unknown},
    {"QInt8Storage", DType::Unknown},
    {"QUInt8Storage", DType::Unknown},
    {"QInt32Storage", DType::Unknown},
    {"QUInt4x2Storage", DType::Unknown},
    {"QUInt2x4Storage", DType::Unknown},
};

const char *const DTypeConstants[] = {
    "float32",
    "float",
    "float64",
    "double",
    "float16",
    "half",
    "bfloat16",
    "int64",
    "long",
    "int32",
    "int",
    "int16",
    "short",
    "int8",
    "uint8",
    "bool",
    "complex64",
    "complex128",
};

GlobalKind classifyGlobal(const QString &module, const QString &name)
{
    if (module == u"collections"_s && name == u"OrderedDict"_s)
        return GlobalKind::OrderedDict;
    if (module == u"torch._utils"_s) {
        if (name == u"_rebuild_tensor_v2"_s)
            return GlobalKind::RebuildTensorV2;
        if (name == u"_rebuild_tensor"_s)
            return GlobalKind::RebuildTensor;
        if (name == u"_rebuild_parameter"_s)
            return GlobalKind::RebuildParameter;
        if (name == u"_rebuild_parameter_with_state"_s)
            return GlobalKind::RebuildParameterWithState;
    }
    if (module == u"torch._tensor"_s && name == u"_rebuild_from_type_v2"_s)
        return GlobalKind::RebuildFromTypeV2;
    if (module == u"_codecs"_s && name == u"encode"_s)
        return GlobalKind::CodecsEncode;
    if ((module == u"torch"_s && name == u"Tensor"_s) ||
        (module == u"torch.nn.parameter"_s && name == u"Parameter"_s))
        return GlobalKind::TensorType;
    if (module == u"torch"_s || module == u"torch.storage"_s) {
        if (name == u"Size"_s)
            return GlobalKind::Size;
        if (name == u"device"_s)
            return GlobalKind::Device;
        for (const auto &s : StorageTypes)
            if (name == QLatin1StringView(s.name))
                return GlobalKind::StorageType;
        if (module == u"torch"_s)
            for (const char *d : DTypeConstants)
                if (name == QLatin1StringView(d))
                    return GlobalKind::DTypeConstant;
    }
    return GlobalKind::Unknown;
}

} // namespace

DType torchStorageDType(const QString &typeName)
{
    for (const auto &s : StorageTypes)
        if (typeName == QLatin1StringView(s.name))
            return s.type;
    return DType::Unknown;
}

QString torchDTypeName(DType type)
{
    return u"torch."_s + dtypeId(type);
}

// The pickle virtual machine: a stack of node indices, a mark stack and the memo, as in CPython's
// _pickle.c, but building inert nodes instead of calling anything.
class PickleMachine
{
public:
    // What one memo entry costs in its hash (key, value, bucket).
    static constexpr qint64 MemoEntryBytes = 24;

    using Kind = PickleValue::Kind;
    using Node = PickleDocument::Node;

    PickleMachine(std::string_view in, const QString &name, const PickleOptions &options)
        : m_in(in)
        , m_name(name)
        , m_options(options)
        , m_doc(std::make_shared<PickleDocument>())
    {}

    std::shared_ptr<const PickleDocument> run(Error *error)
    {
        if (!execute() || !checkTree()) {
            *error = m_error;
            return nullptr;
        }
        return m_doc;
    }

private:
    bool fail(ErrorCode code, const QString &message)
    {
        m_error = Error::make(code, message, m_name, qint64(m_op));
        return false;
    }
    bool malformed(const QString &what)
    {
        return fail(ErrorCode::Malformed, Tr::tr("the pickle is damaged: %1").arg(what));
    }
    bool truncated()
    {
        m_error = Error::make(ErrorCode::Truncated,
                              Tr::tr("the pickle ends in the middle of an opcode"),
                              m_name,
                              qint64(m_op));
        m_error.expected = Tr::tr("more bytes");
        m_error.found = Tr::tr("the end of the data");
        return false;
    }

    // Reading the operand bytes.
    bool take(size_t n, const char **p)
    {
        if (m_in.size() - m_pos < n)
            return truncated();
        *p = m_in.data() + m_pos;
        m_pos += n;
        return true;
    }
    template<typename T>
    bool readLe(T *v)
    {
        const char *p = nullptr;
        if (!take(sizeof(T), &p))
            return false;
        std::memcpy(v, p, sizeof(T));
        if constexpr (std::endian::native == std::endian::big) {
            unsigned char b[sizeof(T)];
            std::memcpy(b, v, sizeof(T));
            std::reverse(b, b + sizeof(T));
            std::memcpy(v, b, sizeof(T));
        }
        return true;
    }
    // Reads one little-endian T and widens it to Out.
    template<typename T, typename Out>
    bool readAs(Out *out)
    {
        T v = 0;
        if (!readLe(&v))
            return false;
        *out = Out(v);
        return true;
    }
    bool readLength(int bytes, qint64 *length)
    {
        quint64 n = 0;
        if (!(bytes == 1   ? readAs<quint8>(&n)
              : bytes == 4 ? readAs<quint32>(&n)
                           : readAs<quint64>(&n)))
            return false;
        // A length is checked against the bytes left before anything is allocated.
        if (n > m_in.size() - m_pos)
            return truncated();
        *length = qint64(n);
        return true;
    }
    bool readLine(QString *out)
    {
        const size_t end = m_in.find('\n', m_pos);
        if (end == std::string_view::npos || end - m_pos > 512)
            return end == std::string_view::npos ? truncated()
                                                 : malformed(Tr::tr("a GLOBAL name is too long"));
        *out = QString::fromUtf8(m_in.data() + m_pos, qsizetype(end - m_pos));
        m_pos = end + 1;
        return true;
    }

    // The memory budget (PickleOptions::maxBytes): what a value costs is counted before it is made.
    bool charge(qint64 bytes)
    {
        m_bytes += bytes;
        if (m_bytes <= m_options.maxBytes)
            return true;
        return fail(ErrorCode::TooLarge,
                    Tr::tr("the pickle's values need more than %1 MiB (%2 values so far), more "
                           "than Twinscope reads; a small pickle that asks for this much "
                           "multiplies memo references (a \"pickle bomb\")")
                        .arg(m_options.maxBytes >> 20)
                        .arg(m_doc->m_nodes.size()));
    }
    bool chargeItems(qsizetype count) { return charge(qint64(count) * qint64(sizeof(int))); }
    bool setItems(int n, QList<int> items)
    {
        if (!chargeItems(items.size()))
            return false;
        node(n).items = std::move(items);
        return true;
    }
    bool appendItems(int n, const QList<int> &items)
    {
        if (!chargeItems(items.size()))
            return false;
        node(n).items.append(items);
        return true;
    }
    bool setText(int n, QString text)
    {
        if (!charge(qint64(text.size()) * 2))
            return false;
        node(n).text = std::move(text);
        return true;
    }
    bool setBytes(int n, QByteArray bytes)
    {
        if (!charge(bytes.size()))
            return false;
        node(n).bytes = std::move(bytes);
        return true;
    }

    // Nodes and the stack.
    int make(Kind kind)
    {
        if (m_doc->m_nodes.size() >= m_options.maxNodes)
            return -1;
        if (!charge(qint64(sizeof(Node))))
            return -2; // push() fails with the budget's message, already set
        Node n;
        n.kind = kind;
        m_doc->m_nodes.append(std::move(n));
        return int(m_doc->m_nodes.size() - 1);
    }
    bool push(int node)
    {
        if (node == -2)
            return false; // the budget ran out: m_error says so
        if (node < 0)
            return fail(ErrorCode::TooLarge,
                        Tr::tr("the pickle holds more than %1 values, more than Twinscope reads")
                            .arg(m_options.maxNodes));
        // DUP and the memo GETs push without making a node: the stack is counted too.
        if (m_stack.size() >= m_stackCharged) {
            if (!charge(qint64(sizeof(int))))
                return false;
            ++m_stackCharged;
        }
        m_stack.push_back(node);
        return true;
    }
    bool pushNew(Kind kind) { return push(make(kind)); }
    Node &node(int i) { return m_doc->m_nodes[i]; }
    size_t frameBottom() const { return m_marks.empty() ? 0 : m_marks.back(); }
    bool pop(int *out)
    {
        if (m_stack.size() <= frameBottom())
            return malformed(Tr::tr("the stack is empty"));
        *out = m_stack.back();
        m_stack.pop_back();
        return true;
    }
    bool top(int *out)
    {
        if (m_stack.size() <= frameBottom())
            return malformed(Tr::tr("the stack is empty"));
        *out = m_stack.back();
        return true;
    }
    bool popMark(QList<int> *items)
    {
        if (m_marks.empty())
            return malformed(Tr::tr("no MARK precedes this opcode"));
        const size_t bottom = m_marks.back();
        m_marks.pop_back();
        items->reserve(qsizetype(m_stack.size() - bottom));
        for (size_t i = bottom; i < m_stack.size(); ++i)
            items->append(m_stack[i]);
        m_stack.resize(bottom);
        return true;
    }
    Kind kindOf(int i) const { return m_doc->m_nodes[i].kind; }

    bool execute();
    bool opGlobal(const QString &module, const QString &name);
    bool opReduce();
    bool opBuild();
    bool opPersistentId();
    bool callGlobal(int callable, int args, int *result, int nesting = 0);
    bool rebuildTensor(const QList<int> &args, bool v2, int *result);
    bool rebuildParameter(const QList<int> &args, int *result);
    bool opaque(int callable, const QList<int> &items, int *result);
    bool intsOf(int tuple, QList<qint64> *out, const QString &what);
    bool checkTree();

    std::string_view m_in;
    size_t m_pos = 0;
    size_t m_op = 0;
    QString m_name;
    PickleOptions m_options;
    std::shared_ptr<PickleDocument> m_doc;
    std::vector<int> m_stack;
    std::vector<size_t> m_marks;
    QHash<quint32, int> m_memo;
    QHash<QString, int> m_storageByKey;
    Error m_error;
    qint64 m_bytes = 0;        // counted against PickleOptions::maxBytes
    size_t m_stackCharged = 0; // stack slots already counted
};

bool PickleMachine::execute()
{
    constexpr size_t MaxMarks = 4096; // torch.save nests a few levels; hand-made input is refused
    // Poll every PickleCancelPollOps opcodes or every MiB charged to the budget, whichever comes
    // first: one opcode may copy a memoized list of thousands of items (issue #30's copies).
    int untilPoll = PickleCancelPollOps;
    qint64 polledAt = 0;
    while (m_pos < m_in.size()) {
        m_op = m_pos;
        if (--untilPoll == 0 || m_bytes - polledAt >= (qint64(1) << 20)) {
            untilPoll = PickleCancelPollOps;
            polledAt = m_bytes;
            if (m_options.cancel.isCanceled())
                return fail(ErrorCode::Internal, Tr::tr("reading the pickle was canceled"));
        }
        const quint8 op = quint8(m_in[m_pos++]);
        int a = -1, b = -1, c = -1;
        switch (op) {
        case 0x80: { // PROTO
            quint8 v = 0;
            if (!readLe(&v))
                return false;
            if (v > 5)
                return fail(
                    ErrorCode::Unsupported,
                    Tr::tr("pickle protocol %1 is newer than the 5 Twinscope reads").arg(v));
            m_doc->m_protocol = v;
            break;
        }
        case 0x95: { // FRAME: the frame's bytes follow inline; its length is only a hint
            quint64 v = 0;
            if (!readLe(&v))
                return false;
            break;
        }
        case '.': // STOP
            if (!pop(&a))
                return false;
            m_doc->m_root = a;
            return true;
        case '(': // MARK
            if (m_marks.size() >= MaxMarks)
                return fail(ErrorCode::TooLarge, Tr::tr("the pickle nests MARKs too deeply"));
            m_marks.push_back(m_stack.size());
            break;
        case '0': // POP
            if (!pop(&a))
                return false;
            break;
        case '1': { // POP_MARK
            QList<int> dropped;
            if (!popMark(&dropped))
                return false;
            break;
        }
        case '2': // DUP
            if (!top(&a) || !push(a))
                return false;
            break;
        case 'N':
            if (!pushNew(Kind::None))
                return false;
            break;
        case 0x88: // NEWTRUE
        case 0x89: // NEWFALSE
            a = make(Kind::Bool);
            if (a >= 0)
                node(a).integer = op == 0x88;
            if (!push(a))
                return false;
            break;
        case 'J':   // BININT
        case 'K':   // BININT1
        case 'M': { // BININT2
            qint64 v = 0;
            if (!(op == 'J'   ? readAs<qint32>(&v)
                  : op == 'K' ? readAs<quint8>(&v)
                              : readAs<quint16>(&v)))
                return false;
            a = make(Kind::Int);
            if (a >= 0)
                node(a).integer = v;
            if (!push(a))
                return false;
            break;
        }
        case 0x8a:   // LONG1
        case 0x8b: { // LONG4
            qint64 n = 0;
            const char *p = nullptr;
            if (!readLength(op == 0x8a ? 1 : 4, &n) || !take(size_t(n), &p))
                return false;
            if (n <= 8) {
                quint64 u = 0;
                for (qint64 i = 0; i < n; ++i)
                    u |= quint64(quint8(p[i])) << (8 * i);
                if (n > 0 && n < 8 && (quint8(p[n - 1]) & 0x80))
                    u |= ~quint64(0) << (8 * n); // sign-extend
                a = make(Kind::Int);
                if (a >= 0)
                    node(a).integer = qint64(u);
            } else {
                a = make(Kind::BigInt);
                if (a >= 0 && !setBytes(a, QByteArray(p, qsizetype(n))))
                    return false;
            }
            if (!push(a))
                return false;
            break;
        }
        case 'G': { // BINFLOAT, big-endian
            const char *p = nullptr;
            if (!take(8, &p))
                return false;
            quint64 u = 0;
            for (int i = 0; i < 8; ++i)
                u = (u << 8) | quint8(p[i]);
            a = make(Kind::Float);
            if (a >= 0)
                node(a).real = std::bit_cast<double>(u);
            if (!push(a))
                return false;
            break;
        }
        case 'X':    // BINUNICODE
        case 0x8c:   // SHORT_BINUNICODE
        case 0x8d:   // BINUNICODE8
        case 'T':    // BINSTRING (Python 2 str, read as latin-1 text)
        case 'U':    // SHORT_BINSTRING
        case 'B':    // BINBYTES
        case 'C':    // SHORT_BINBYTES
        case 0x8e:   // BINBYTES8
        case 0x96: { // BYTEARRAY8
            const int lengthBytes = (op == 0x8c || op == 'U' || op == 'C')     ? 1
                                    : (op == 0x8d || op == 0x8e || op == 0x96) ? 8
                                                                               : 4;
            qint64 n = 0;
            const char *p = nullptr;
            if (!readLength(lengthBytes, &n) || !take(size_t(n), &p))
                return false;
            const bool bytes = op == 'B' || op == 'C' || op == 0x8e || op == 0x96;
            a = make(bytes ? Kind::Bytes : Kind::String);
            if (a >= 0) {
                const bool stored = bytes ? setBytes(a, QByteArray(p, qsizetype(n)))
                                    : (op == 'T' || op == 'U')
                                        ? setText(a, QString::fromLatin1(p, qsizetype(n)))
                                        : setText(a, QString::fromUtf8(p, qsizetype(n)));
                if (!stored)
                    return false;
            }
            if (!push(a))
                return false;
            break;
        }
        case ']':
            if (!pushNew(Kind::List))
                return false;
            break;
        case '}':
            if (!pushNew(Kind::Dict))
                return false;
            break;
        case ')':
            if (!pushNew(Kind::Tuple))
                return false;
            break;
        case 'l':   // LIST
        case 't':   // TUPLE
        case 'd': { // DICT
            QList<int> items;
            if (!popMark(&items))
                return false;
            if (op == 'd' && items.size() % 2 != 0)
                return malformed(Tr::tr("DICT has an odd number of items"));
            a = make(op == 'l' ? Kind::List : op == 't' ? Kind::Tuple : Kind::Dict);
            if (a >= 0 && !setItems(a, std::move(items)))
                return false;
            if (!push(a))
                return false;
            break;
        }
        case 0x85:   // TUPLE1
        case 0x86:   // TUPLE2
        case 0x87: { // TUPLE3
            const int n = op - 0x84;
            QList<int> items(n);
            for (int i = n - 1; i >= 0; --i)
                if (!pop(&items[i]))
                    return false;
            a = make(Kind::Tuple);
            if (a >= 0 && !setItems(a, std::move(items)))
                return false;
            if (!push(a))
                return false;
            break;
        }
        case 'a': // APPEND
            if (!pop(&b) || !top(&a))
                return false;
            if (kindOf(a) != Kind::List && kindOf(a) != Kind::Opaque)
                return malformed(Tr::tr("APPEND to something that is not a list"));
            if (!chargeItems(1))
                return false;
            node(a).items.append(b);
            break;
        case 'e': { // APPENDS
            QList<int> items;
            if (!popMark(&items) || !top(&a))
                return false;
            if (kindOf(a) != Kind::List && kindOf(a) != Kind::Opaque)
                return malformed(Tr::tr("APPENDS to something that is not a list"));
            if (!appendItems(a, items))
                return false;
            break;
        }
        case 's': // SETITEM
            if (!pop(&c) || !pop(&b) || !top(&a))
                return false;
            if (kindOf(a) != Kind::Dict && kindOf(a) != Kind::Opaque)
                return malformed(Tr::tr("SETITEM on something that is not a dict"));
            if (!chargeItems(2))
                return false;
            node(a).items.append({b, c});
            break;
        case 'u': { // SETITEMS
            QList<int> items;
            if (!popMark(&items) || !top(&a))
                return false;
            if ((kindOf(a) != Kind::Dict && kindOf(a) != Kind::Opaque) || items.size() % 2 != 0)
                return malformed(Tr::tr("SETITEMS on something that is not a dict"));
            if (!appendItems(a, items))
                return false;
            break;
        }
        case 'c': { // GLOBAL
            QString module, name;
            if (!readLine(&module) || !readLine(&name) || !opGlobal(module, name))
                return false;
            break;
        }
        case 0x93: // STACK_GLOBAL
            if (!pop(&b) || !pop(&a))
                return false;
            if (kindOf(a) != Kind::String || kindOf(b) != Kind::String)
                return malformed(Tr::tr("STACK_GLOBAL needs two strings"));
            if (!opGlobal(node(a).text, node(b).text))
                return false;
            break;
        case 'R': // REDUCE
            if (!opReduce())
                return false;
            break;
        case 'b': // BUILD
            if (!opBuild())
                return false;
            break;
        case 0x81:   // NEWOBJ
        case 0x92: { // NEWOBJ_EX
            QList<int> items;
            if (op == 0x92 && !pop(&c))
                return false;
            if (!pop(&b) || !pop(&a))
                return false;
            items << b;
            if (op == 0x92)
                items << c;
            if (!opaque(a, items, &c) || !push(c))
                return false;
            break;
        }
        case 'Q': // BINPERSID
            if (!opPersistentId())
                return false;
            break;
        case 'h':   // BINGET
        case 'j': { // LONG_BINGET
            quint32 idx = 0;
            if (op == 'h') {
                quint8 v = 0;
                if (!readLe(&v))
                    return false;
                idx = v;
            } else if (!readLe(&idx)) {
                return false;
            }
            const auto it = m_memo.constFind(idx);
            if (it == m_memo.constEnd())
                return malformed(Tr::tr("memo entry %1 is read before it is written").arg(idx));
            if (!push(*it))
                return false;
            break;
        }
        case 'q':    // BINPUT
        case 'r':    // LONG_BINPUT
        case 0x94: { // MEMOIZE
            quint32 idx = quint32(m_memo.size());
            if (op == 'q') {
                quint8 v = 0;
                if (!readLe(&v))
                    return false;
                idx = v;
            } else if (op == 'r' && !readLe(&idx)) {
                return false;
            }
            if (!top(&a))
                return false;
            if (m_memo.size() >= m_options.maxNodes)
                return fail(ErrorCode::TooLarge, Tr::tr("the pickle's memo is too large"));
            // The memo holds node indices: a later GET shares the value, never copies it.
            if (!m_memo.contains(idx) && !charge(MemoEntryBytes))
                return false;
            m_memo.insert(idx, a);
            break;
        }
        default:
            return fail(ErrorCode::Unsupported,
                        Tr::tr("opcode 0x%1 is not one that torch.save writes for tensors; "
                               "Twinscope does not read it")
                            .arg(op, 2, 16, QLatin1Char('0')));
        }
    }
    return truncated();
}

bool PickleMachine::opGlobal(const QString &module, const QString &name)
{
    const GlobalKind kind = classifyGlobal(module, name);
    const QString full = module + u'.' + name;
    if (kind == GlobalKind::Unknown && !m_options.opaqueObjects)
        return fail(ErrorCode::Unsupported,
                    Tr::tr("the pickle refers to %1, which is not a tensor, storage or container; "
                           "Twinscope never runs code from a .pt file and does not read it")
                        .arg(full));
    const int g = make(Kind::Global);
    if (g >= 0) {
        if (!setText(g, full))
            return false;
        node(g).integer = qint64(kind);
    }
    return push(g);
}

bool PickleMachine::opReduce()
{
    int args = -1, callable = -1, result = -1;
    if (!pop(&args) || !pop(&callable))
        return false;
    return callGlobal(callable, args, &result) && push(result);
}

bool PickleMachine::callGlobal(int callable, int args, int *result, int nesting)
{
    if (kindOf(callable) != Kind::Global)
        return malformed(Tr::tr("REDUCE calls something that is not a global"));
    if (kindOf(args) != Kind::Tuple)
        return malformed(Tr::tr("REDUCE's arguments are not a tuple"));
    const QList<int> a = node(args).items;
    const auto kind = GlobalKind(node(callable).integer);
    const QString name = node(callable).text;
    auto badArgs = [&] {
        return malformed(Tr::tr("unexpected arguments for %1").arg(name));
    };
    switch (kind) {
    case GlobalKind::OrderedDict: {
        *result = make(Kind::Dict);
        if (*result < 0)
            return *result != -2; // the caller's push reports the node limit
        node(*result).ordered = true;
        if (a.size() == 1 && (kindOf(a[0]) == Kind::List || kindOf(a[0]) == Kind::Tuple)) {
            // OrderedDict([(key, value), ...]): the pairs are charged before they are copied, so
            // a memoized list passed again and again runs into the budget, not out of memory.
            const QList<int> pairs = node(a[0]).items;
            if (!chargeItems(2 * pairs.size()))
                return false;
            for (int pair : pairs) {
                if (kindOf(pair) != Kind::Tuple || node(pair).items.size() != 2)
                    return badArgs();
                node(*result).items.append(node(pair).items);
            }
        } else if (a.size() == 1 && kindOf(a[0]) == Kind::Dict) {
            // Shared (QList is copy-on-write) but charged in full: a later SETITEM copies it.
            if (!setItems(*result, node(a[0]).items))
                return false;
        } else if (!a.isEmpty()) {
            return badArgs();
        }
        return true;
    }
    case GlobalKind::RebuildTensor:
    case GlobalKind::RebuildTensorV2:
        return rebuildTensor(a, kind == GlobalKind::RebuildTensorV2, result);
    case GlobalKind::RebuildParameter:
    case GlobalKind::RebuildParameterWithState:
        return rebuildParameter(a, result);
    case GlobalKind::RebuildFromTypeV2: {
        // (func, type, args, state): plain tensors and parameters only; the state (Python
        // attributes of a tensor subclass) is ignored.
        if (a.size() != 4 || kindOf(a[0]) != Kind::Global || kindOf(a[1]) != Kind::Global ||
            nesting > 4)
            return badArgs();
        if (GlobalKind(node(a[1]).integer) != GlobalKind::TensorType && !m_options.opaqueObjects)
            return fail(ErrorCode::Unsupported,
                        Tr::tr("the pickle rebuilds a tensor of type %1, which Twinscope does "
                               "not read")
                            .arg(node(a[1]).text));
        return callGlobal(a[0], a[2], result, nesting + 1);
    }
    case GlobalKind::Size:
        if (a.size() != 1 || (kindOf(a[0]) != Kind::Tuple && kindOf(a[0]) != Kind::List))
            return badArgs();
        *result = make(Kind::Tuple);
        if (*result >= 0 && !setItems(*result, node(a[0]).items))
            return false;
        return *result != -2;
    case GlobalKind::Device: {
        QString text;
        for (int x : a) {
            if (kindOf(x) == Kind::String)
                text += text.isEmpty() ? node(x).text : u':' + node(x).text;
            else if (kindOf(x) == Kind::Int)
                text += u':' + QString::number(node(x).integer);
            else
                return badArgs();
            if (text.size() > 4096)
                return badArgs(); // "cuda:0"; a device name is never this long
        }
        *result = make(Kind::String);
        if (*result >= 0 && !setText(*result, text))
            return false;
        return *result != -2;
    }
    case GlobalKind::CodecsEncode: {
        // Protocol 2 pickles Python bytes as _codecs.encode(text, "latin1").
        if (a.isEmpty() || kindOf(a[0]) != Kind::String)
            return badArgs();
        const QString encoding =
            a.size() > 1 && kindOf(a[1]) == Kind::String ? node(a[1]).text.toLower() : u"utf-8"_s;
        const QString text = node(a[0]).text;
        *result = make(Kind::Bytes);
        if (*result < 0)
            return *result != -2;
        if (encoding == u"latin1"_s || encoding == u"latin-1"_s)
            return setBytes(*result, text.toLatin1());
        if (encoding == u"utf-8"_s || encoding == u"utf8"_s)
            return setBytes(*result, text.toUtf8());
        return badArgs();
    }
    case GlobalKind::StorageType:
    case GlobalKind::DTypeConstant:
    case GlobalKind::TensorType:
    case GlobalKind::Unknown:
        break;
    }
    return opaque(callable, {args}, result);
}

bool PickleMachine::opaque(int callable, const QList<int> &items, int *result)
{
    if (!m_options.opaqueObjects)
        return fail(ErrorCode::Unsupported,
                    Tr::tr("the pickle calls %1, which Twinscope does not read (nothing in a .pt "
                           "file is ever executed)")
                        .arg(kindOf(callable) == Kind::Global ? node(callable).text
                                                              : Tr::tr("a non-global")));
    *result = make(Kind::Opaque);
    if (*result >= 0) {
        node(*result).text = kindOf(callable) == Kind::Global ? node(callable).text : u"<object>"_s;
        if (!setItems(*result, items))
            return false;
    }
    return *result != -2;
}

bool PickleMachine::opBuild()
{
    int state = -1, target = -1;
    if (!pop(&state) || !top(&target))
        return false;
    // BUILD sets an object's attributes: an OrderedDict state dict carries _metadata this way.
    // Dicts keep them (PickleValue::attributes), opaque objects as their last item; tensors drop
    // them (Python attributes of a tensor subclass).
    switch (kindOf(target)) {
    case Kind::Tensor:
        return true;
    case Kind::Dict:
        if (kindOf(state) != Kind::None)
            node(target).attributes = state;
        return true;
    case Kind::Opaque:
        if (!chargeItems(1))
            return false;
        node(target).items.append(state);
        return true;
    default:
        break;
    }
    if (m_options.opaqueObjects)
        return true;
    return fail(ErrorCode::Unsupported,
                Tr::tr("BUILD on a value that is not an object torch.save writes"));
}

bool PickleMachine::opPersistentId()
{
    int pid = -1;
    if (!pop(&pid))
        return false;
    const QList<int> f = kindOf(pid) == Kind::Tuple ? node(pid).items : QList<int>{};
    if (f.size() != 5 || kindOf(f[0]) != Kind::String || node(f[0]).text != u"storage"_s ||
        kindOf(f[1]) != Kind::Global || GlobalKind(node(f[1]).integer) != GlobalKind::StorageType ||
        kindOf(f[2]) != Kind::String || kindOf(f[3]) != Kind::String || kindOf(f[4]) != Kind::Int ||
        node(f[4]).integer < 0)
        return fail(ErrorCode::Unsupported,
                    Tr::tr("a persistent id is not ('storage', torch.<type>Storage, key, "
                           "location, size), the only kind torch.save writes"));
    TorchStorageRef s;
    s.typeName = node(f[1]).text.section(u'.', -1);
    s.dtype = torchStorageDType(s.typeName);
    s.key = node(f[2]).text;
    s.location = node(f[3]).text;
    s.numel = node(f[4]).integer;
    int index = m_storageByKey.value(s.key, -1);
    if (index >= 0) {
        const TorchStorageRef &seen = m_doc->m_storages[index];
        if (seen.typeName != s.typeName || seen.numel != s.numel)
            return malformed(Tr::tr("storage %1 is described twice differently").arg(s.key));
    } else {
        index = int(m_doc->m_storages.size());
        if (!charge(qint64(sizeof(TorchStorageRef)) + 2 * (s.key.size() + s.location.size())))
            return false;
        m_doc->m_storages.append(s);
        m_storageByKey.insert(s.key, index);
    }
    const int n = make(Kind::Storage);
    if (n >= 0)
        node(n).ref = index;
    return push(n);
}

bool PickleMachine::intsOf(int tuple, QList<qint64> *out, const QString &what)
{
    if (kindOf(tuple) != Kind::Tuple && kindOf(tuple) != Kind::List)
        return malformed(Tr::tr("a tensor's %1 is not a tuple").arg(what));
    if (node(tuple).items.size() > 32)
        return fail(ErrorCode::Unsupported, Tr::tr("a tensor has more than 32 dimensions"));
    for (int x : node(tuple).items) {
        if (kindOf(x) != Kind::Int)
            return malformed(Tr::tr("a tensor's %1 holds a non-integer").arg(what));
        out->append(node(x).integer);
    }
    return true;
}

bool PickleMachine::rebuildTensor(const QList<int> &a, bool v2, int *result)
{
    // _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks
    // [, metadata]); the old _rebuild_tensor(storage, storage_offset, size, stride).
    if (a.size() < 4 || kindOf(a[0]) != Kind::Storage || kindOf(a[1]) != Kind::Int)
        return malformed(Tr::tr("unexpected arguments for torch._utils._rebuild_tensor"));
    TorchTensorRef t;
    t.storage = node(a[0]).ref;
    t.storageOffset = node(a[1]).integer;
    if (!intsOf(a[2], &t.shape, Tr::tr("size")) || !intsOf(a[3], &t.stride, Tr::tr("stride")))
        return false;
    if (t.shape.size() != t.stride.size())
        return malformed(Tr::tr("a tensor's size and stride have different lengths"));
    if (v2 && a.size() > 4)
        t.requiresGrad = kindOf(a[4]) == Kind::Bool && node(a[4]).integer != 0;
    // Where the view lies in its storage: every element must be inside it.
    const TorchStorageRef &s = m_doc->m_storages[t.storage];
    qint64 numel = 1, last = t.storageOffset;
    bool ok = t.storageOffset >= 0;
    for (qsizetype i = 0; ok && i < t.shape.size(); ++i) {
        const qint64 d = t.shape[i], st = t.stride[i];
        ok = d >= 0 && st >= 0 && d <= (qint64(1) << 40) && st <= (qint64(1) << 40) &&
             (d == 0 || numel <= (qint64(1) << 50) / d);
        if (ok && d > 0)
            last += (d - 1) * st;
        numel *= std::max<qint64>(d, 1);
        if (d == 0)
            numel = 0;
    }
    if (!ok)
        t.problem = Tr::tr("the tensor's size %1, stride %2 or offset %3 is invalid")
                        .arg(shapeText(t.shape), shapeText(t.stride))
                        .arg(t.storageOffset);
    else if (numel > 0 && last >= s.numel)
        t.problem = Tr::tr("the tensor reaches element %1 of storage %2, which has %3")
                        .arg(last)
                        .arg(s.key)
                        .arg(s.numel);
    else if (s.dtype == DType::Unknown)
        t.problem = Tr::tr("%1 tensors are not read").arg(s.typeName);
    *result = make(Kind::Tensor);
    if (*result >= 0) {
        if (!charge(qint64(sizeof(TorchTensorRef)) + 16 * t.shape.size() + 2 * t.problem.size()))
            return false;
        node(*result).ref = int(m_doc->m_tensors.size());
        m_doc->m_tensors.append(t);
    }
    return *result != -2;
}

bool PickleMachine::rebuildParameter(const QList<int> &a, int *result)
{
    // _rebuild_parameter(data, requires_grad, backward_hooks[, state])
    if (a.size() < 2 || kindOf(a[0]) != Kind::Tensor)
        return malformed(Tr::tr("unexpected arguments for torch._utils._rebuild_parameter"));
    TorchTensorRef t = m_doc->m_tensors[node(a[0]).ref];
    t.parameter = true;
    t.requiresGrad = kindOf(a[1]) == Kind::Bool && node(a[1]).integer != 0;
    *result = make(Kind::Tensor);
    if (*result >= 0) {
        if (!charge(qint64(sizeof(TorchTensorRef)) + 16 * t.shape.size() + 2 * t.problem.size()))
            return false;
        node(*result).ref = int(m_doc->m_tensors.size());
        m_doc->m_tensors.append(t);
    }
    return *result != -2;
}

// Depth of the value tree (children of containers and opaque objects, a Dict's attributes) by an
// iterative post-order walk: each node is visited once, a node met again while on the current path
// is a cycle. Consumers may then recurse up to maxDepth levels without a stack overflow.
bool PickleMachine::checkTree()
{
    const auto &nodes = m_doc->m_nodes;
    std::vector<int> depth(size_t(nodes.size()), -1); // -1 unvisited, -2 on the path
    auto children = [&](int n) {
        QList<int> c = nodes[n].items;
        if (nodes[n].attributes >= 0)
            c.append(nodes[n].attributes);
        return c;
    };
    struct Frame
    {
        int node;
        QList<int> children;
        qsizetype next = 0;
        int best = 0;
    };
    std::vector<Frame> path;
    path.push_back({m_doc->m_root, children(m_doc->m_root)});
    depth[size_t(m_doc->m_root)] = -2;
    while (!path.empty()) {
        Frame &f = path.back();
        if (f.next < f.children.size()) {
            const int child = f.children[f.next++];
            const int d = depth[size_t(child)];
            if (d == -2)
                return fail(ErrorCode::Unsupported,
                            Tr::tr("the pickle's values refer to themselves (a cycle), which "
                                   "torch.save does not write for tensors"));
            if (d >= 0) {
                f.best = std::max(f.best, d + 1);
                continue;
            }
            if (int(path.size()) >= m_options.maxDepth)
                return fail(ErrorCode::TooLarge,
                            Tr::tr("the pickle's values nest more than %1 levels deep")
                                .arg(m_options.maxDepth));
            depth[size_t(child)] = -2;
            path.push_back({child, children(child)});
            continue;
        }
        const int done = f.best;
        depth[size_t(f.node)] = done;
        path.pop_back();
        if (!path.empty())
            path.back().best = std::max(path.back().best, done + 1);
    }
    m_doc->m_depth = depth[size_t(m_doc->m_root)];
    return true;
}

std::shared_ptr<const PickleDocument> parseTorchPickle(std::string_view bytes,
                                                       const QString &name,
                                                       const PickleOptions &options,
                                                       Error *error)
{
    PickleMachine machine(bytes, name, options);
    return machine.run(error);
}

} // namespace Twinscope::Core
