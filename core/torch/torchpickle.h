#pragma once

#include "core/common/error.h"
#include "core/common/progress.h"
#include "core/tensor/tensordump.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <string_view>

namespace Twinscope::Core {

// A restricted reader for the pickles inside PyTorch `.pt` files (torch.save, docs/FORMATS.md
// §5.5): only the opcodes and globals that torch.save writes for tensors, storages, containers and
// plain numbers are understood. Nothing is ever executed: a GLOBAL outside the allow-list below is
// refused with a message that names the file, the byte offset and the global (unless
// PickleOptions::opaqueObjects asks for an inert placeholder instead). Memory is bounded by the
// input and a budget (PickleOptions::maxBytes: every node, item and string is counted when it is
// made; lengths are checked against the bytes left before anything is allocated), time is linear
// in the opcodes (memo references share a value, never copy it), and the value tree's depth is
// bounded and checked, cycles refused. The value "tree" is a graph: a memoized value may appear
// under many parents, so consumers that walk it must visit shared containers once.
//
// Opcodes (protocols 2 to 5): PROTO, FRAME, STOP, MARK, POP, POP_MARK, DUP, NONE, NEWTRUE,
// NEWFALSE, BININT, BININT1, BININT2, LONG1, LONG4, BINFLOAT, BINUNICODE, SHORT_BINUNICODE,
// BINUNICODE8, BINSTRING, SHORT_BINSTRING, BINBYTES, SHORT_BINBYTES, BINBYTES8, BYTEARRAY8,
// EMPTY_LIST, EMPTY_DICT, EMPTY_TUPLE, LIST, DICT, TUPLE, TUPLE1-3, APPEND, APPENDS, SETITEM,
// SETITEMS, GLOBAL, STACK_GLOBAL, REDUCE, BUILD, BINPERSID, BINGET, LONG_BINGET, BINPUT,
// LONG_BINPUT, MEMOIZE; NEWOBJ and NEWOBJ_EX only with opaqueObjects. Text-protocol opcodes (0/1),
// sets, extension registries and out-of-band buffers are refused.
//
// Globals (everything else is refused):
//   collections.OrderedDict                     -> an ordered Dict
//   torch._utils._rebuild_tensor(_v2)           -> a Tensor (a view into one storage)
//   torch._utils._rebuild_parameter(_with_state) -> the same Tensor, marked as a parameter
//   torch._tensor._rebuild_from_type_v2         -> its inner rebuild, for Tensor/Parameter types
//   torch.<X>Storage, torch.UntypedStorage      -> storage types, only inside persistent ids
//   torch.Size                                  -> a Tuple
//   torch.<dtype> (torch.float32, ...)          -> a Global value naming the dtype
//   torch.device                                -> a String ("cuda:0")
//   _codecs.encode (protocol 2's bytes)         -> Bytes
//
// The result is a tree of values (PickleValue handles into a PickleDocument) plus the storages
// and tensors it names. Issue #13 (checkpoints) and the msprobe reader build on this API.

// One storage of a torch.save archive, from a persistent id
// ('storage', torch.<X>Storage, key, location, numel).
struct TorchStorageRef
{
    QString key;                  // the archive member "<archive>/data/<key>" holds its bytes
    QString typeName;             // "FloatStorage", "BFloat16Storage", "UntypedStorage", ...
    DType dtype = DType::Unknown; // Unknown for types Twinscope does not read (complex, quantised)
    QString location;             // "cpu", "cuda:0", "npu:0"
    qint64 numel = 0;             // elements of dtype (bytes for UntypedStorage)
};

// A tensor as torch._utils._rebuild_tensor_v2 describes it: a strided view into one storage.
struct TorchTensorRef
{
    int storage = -1;         // index into PickleDocument::storages()
    qint64 storageOffset = 0; // in elements
    QList<qint64> shape;
    QList<qint64> stride; // in elements, one per axis
    bool requiresGrad = false;
    bool parameter = false; // an nn.Parameter (torch._utils._rebuild_parameter)
    QString problem;        // why the view cannot be read (outside its storage, ...); empty if fine
    qint64 numel() const;
};

class PickleDocument;

// A read-only handle to one value of a PickleDocument; cheap to copy, valid while the document
// lives. A default-constructed (or failed lookup) handle is null: kind() is Kind::Missing.
class PickleValue
{
public:
    enum class Kind : quint8 {
        Missing, // no value (a failed lookup)
        None,
        Bool,
        Int,    // fits in int64
        BigInt, // longer integers: little-endian two's complement bytes in toBytes()
        Float,
        String,
        Bytes,
        List,
        Tuple,
        Dict,    // keys of any kind, insertion order; ordered() tells OrderedDict from dict
        Tensor,  // tensor(): shape, dtype (from its storage), strides, offset
        Storage, // a bare storage (a persistent id that is not inside a tensor)
        Global,  // an allowed global used as a value (e.g. torch.float32): globalName()
        Opaque,  // opaqueObjects only: globalName() called with items [args] or [args, state]
    };

    PickleValue() = default;
    PickleValue(const PickleDocument *document, int index)
        : m_doc(document)
        , m_index(index)
    {}

    Kind kind() const;
    bool isNull() const { return kind() == Kind::Missing; }
    bool isContainer() const; // List, Tuple, Dict

    bool toBool() const;                       // Bool, or an Int != 0
    qint64 toInt(bool *ok = nullptr) const;    // Int or Bool
    double toDouble(bool *ok = nullptr) const; // Float, Int or Bool
    QString toString() const;                  // String, Global name; empty otherwise
    QByteArray toBytes() const;                // Bytes, BigInt

    // List and Tuple: items; Dict: entries (key(i), value(i)); Opaque: its arguments and state.
    qsizetype size() const;
    PickleValue at(qsizetype i) const;
    PickleValue key(qsizetype i) const;   // Dict only
    PickleValue value(qsizetype i) const; // Dict only
    // Dict lookup by a String or Int key; the last of duplicate keys wins, as in Python.
    PickleValue get(const QString &key) const;
    PickleValue get(qint64 key) const;
    bool ordered() const; // Dict made by collections.OrderedDict
    // Dict: the attributes BUILD set, e.g. {'_metadata': OrderedDict(...)} of a module's
    // state_dict(); null when none.
    PickleValue attributes() const;

    const TorchTensorRef *tensor() const;   // Tensor only, else nullptr
    const TorchStorageRef *storage() const; // Tensor (its storage) or Storage, else nullptr
    QString globalName() const;             // Global and Opaque: "module.name"

    // A short, single-line description for messages and tooltips: 5, 0.1, 'text', b'..' (12
    // bytes), [3 items], {2 entries}, tensor bfloat16 [4, 8], torch.float32, <argparse.Namespace>.
    QString describe() const;
    int index() const { return m_index; }

private:
    const PickleDocument *m_doc = nullptr;
    int m_index = -1;
};

struct PickleOptions
{
    // Refuse pickles whose value tree is deeper than this (consumers may recurse this deep).
    int maxDepth = 256;
    // Refuse pickles with more nodes than this (state dicts of the largest models have < 1 M).
    qint64 maxNodes = qint64(1) << 25;
    // Refuse pickles whose values need more memory than this: nodes, their items, text and bytes,
    // the stack and the memo, counted as they are made (a torch.save state dict needs about 2 KB
    // per tensor, so 192 MiB holds ~100 k tensors). Memo references share values instead of
    // copying them, but a few opcodes can still ask for many items (OrderedDict(list) or
    // torch.Size(list) of a memoized list, again and again): the budget stops those "billion
    // laughs" pickles with a message instead of gigabytes (issue #30).
    qint64 maxBytes = qint64(192) << 20;
    // When true, REDUCE/NEWOBJ/BUILD of a global outside the allow-list build an inert Opaque
    // node (the global's name with its arguments and state) instead of failing, so a checkpoint
    // that also pickles, e.g., argparse.Namespace still yields its tensors. Still nothing runs.
    bool opaqueObjects = false;
    // Polled every PickleCancelPollOps opcodes: a pickle that takes seconds to run into the budget
    // (issue #31) stops within milliseconds of Cancel. A canceled parse fails with
    // ErrorCode::Internal "canceled"; callers that hold the token report it as canceled.
    CancelToken cancel;
};
constexpr int PickleCancelPollOps = 4096;

// The parsed pickle: an arena of values, the storages and tensors they name.
class PickleDocument
{
public:
    struct Node
    {
        PickleValue::Kind kind = PickleValue::Kind::None;
        bool ordered = false;
        qint64 integer = 0;
        double real = 0;
        QString text;
        QByteArray bytes;
        QList<int> items;    // List/Tuple/Opaque items; Dict: key, value, key, value, ...
        int ref = -1;        // Tensor: tensors() index; Storage: storages() index
        int attributes = -1; // Dict: the state BUILD gave it (a state dict's _metadata)
    };

    PickleValue root() const { return PickleValue(this, m_root); }
    const QList<TorchStorageRef> &storages() const { return m_storages; }
    const QList<TorchTensorRef> &tensors() const { return m_tensors; }
    const Node &node(int index) const { return m_nodes[index]; }
    qsizetype nodeCount() const { return m_nodes.size(); }
    int depth() const { return m_depth; } // of the value tree from the root
    int protocol() const { return m_protocol; }

private:
    friend class PickleMachine;
    QList<Node> m_nodes;
    QList<TorchStorageRef> m_storages;
    QList<TorchTensorRef> m_tensors;
    int m_root = -1;
    int m_depth = 0;
    int m_protocol = 0;
};

// Parses one pickle (a .pt archive's data.pkl). name is used in messages ("model.pt: data.pkl").
// Fails with Unsupported for a refused opcode or global, Malformed for damaged input, TooLarge
// beyond the options' limits; the error's offset is the opcode's byte offset.
std::shared_ptr<const PickleDocument> parseTorchPickle(std::string_view bytes,
                                                       const QString &name,
                                                       const PickleOptions &options,
                                                       Error *error);

// The element type of a torch storage type name ("FloatStorage" -> Float32); Unknown if unread.
DType torchStorageDType(const QString &typeName);
// torch's dtype spelling for messages and the compare CSV: "torch.float32".
QString torchDTypeName(DType type);

} // namespace Twinscope::Core
