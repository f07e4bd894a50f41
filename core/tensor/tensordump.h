#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <cmath>
#include <memory>
#include <optional>

namespace Twinscope::Core {

struct TensorEntry;
class NamePool;

// Element types a dump can hold. bf16 and fp16 are widened exactly to double before any arithmetic.
enum class DType : quint8 {
    Unknown,
    Bool,
    UInt8,
    Int8,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Float16,
    BFloat16,
    Float32,
    Float64,
};

QString dtypeId(DType type); // "float32", "bfloat16", ...: stable ids for the CLI
int dtypeSize(DType type);   // bytes per element, 0 for Unknown
bool dtypeIsFloat(DType type);
// Accepts numpy ("float32", "<f4" without the order), torch ("torch.bfloat16") and MindSpore
// ("BFloat16", "Float32") spellings.
DType dtypeFromName(const QString &name);

// The rarely set parts of a tensor's storage: an HDF5 dataset path, a storage order other than
// row-major, a tensor split over several byte ranges, a difference of two tensors, why the
// elements cannot be read, an Ascend dump's timestamp. Kept behind one pointer so that the common
// entry (a plain npy file, a statistics-only record) does not carry them: 10^6 ptdbg records would
// otherwise hold ~130 unused bytes each (issue #16's memory bound).
struct TensorLayout
{
    QString unreadable;    // why the elements cannot be read (e.g. a .pt file), empty when fine
    qint64 timestamp = -1; // Ascend/MindSpore dump timestamp (µs), -1 when none
    QString dataset;       // Hdf5: dataset path
    // Storage order as an axis permutation, outermost first: empty = row-major (C order).
    QList<int> axisOrder;
    // RawFile: the elements lie in several byte ranges (file offset, bytes), in order; empty = one
    // range at offset. MindSpore writes a parameter over 512 MiB as consecutive slices.
    QList<QPair<qint64, qint64>> segments;
    // Difference: two tensors of the same shape and storage order.
    std::shared_ptr<const TensorEntry> minuend, subtrahend;
};

// Where and how a tensor's elements lie on disk; a tensor is streamed from here chunk by chunk.
struct TensorStorage
{
    enum class Kind : quint8 {
        None,       // statistics only (msprobe statistics mode) or unreadable
        RawFile,    // contiguous bytes at offset (npy, contiguous uncompressed HDF5): read through
                    // mmap windows
        Hdf5,       // chunked/compressed HDF5: hyperslab reads under the process-wide HDF5 lock
        Difference, // minuend − subtrahend element by element (checkpoint updates: after − before)
    };
    QString file;
    qint64 offset = 0; // RawFile: byte offset of element 0
    Kind kind = Kind::None;
    DType stored =
        DType::Unknown; // element type as stored (fp16 dumper tensors are stored as float32)
    bool bigEndian = false;

    // The rare parts; an empty layout when none was set.
    const TensorLayout &layout() const;
    // Sets a rare part: copies the layout first when another entry shares it.
    TensorLayout &editLayout();

private:
    std::shared_ptr<TensorLayout> m_layout;
};

// msprobe / ptdbg statistics of one tensor; NaN where absent.
struct TensorStats
{
    double max = std::nan("");
    double min = std::nan("");
    double mean = std::nan("");
    double norm = std::nan("");
};

struct TensorEntry
{
    QString name;   // path or file name the user sees (dataset path, npy file name, data_name)
    QString key;    // exact pairing key (same tensor on both sides has the same key)
    QString op;     // the op/call this tensor belongs to; inputs and outputs of one call share it
    QString opType; // e.g. "softmax_int", "Softmax", "Functional.softmax"
    QList<qint64> shape;
    TensorStorage storage;
    std::optional<TensorStats> stats; // from the dump's metadata (msprobe dump.json), if any
    // The one-byte fields last, together: a dump holds millions of entries (issue #16).
    DType dtype = DType::Unknown; // the tensor's own dtype (what the producer computed in)
    bool isOutput = false;
    // msprobe's "requires_grad": -1 unknown, 0 false, 1 true (the Requires_grad columns).
    qint8 requiresGrad = -1;

    qint64 numel() const;
    // Why the elements cannot be read (e.g. a .pt file), empty when fine.
    const QString &unreadable() const { return storage.layout().unreadable; }
    void setUnreadable(QString why) { storage.editLayout().unreadable = std::move(why); }
    // Ascend/MindSpore dump timestamp (µs), -1 when none.
    qint64 timestamp() const { return storage.layout().timestamp; }
    void setTimestamp(qint64 us) { storage.editLayout().timestamp = us; }
};

// Limits on what a dump can make Twinscope read (issue #16, docs/RELIABILITY.md).
struct DumpReadOptions
{
    // Tensors with more elements are listed but never read; their row says why and how to raise
    // the cap (--max-elements, the Dumps tab's Limits menu). 2^32 elements is 16 GiB of float32
    // per side: above the largest tensors training steps dump (a 152k x 8k embedding is 1.2 G),
    // below what a lying header, unwritten HDF5 chunks or a sparse file declare at no cost.
    static constexpr qint64 DefaultMaxElements = qint64(1) << 32;
    qint64 maxElements = DefaultMaxElements;
    // Files a dump names (msprobe data_name, the .npy files of a dump folder) are read only when
    // they lie inside the dump's folder, symlinks resolved; true lifts that
    // (--allow-outside-dump).
    bool allowOutsideFolder = false;
    // Rows kept from an imported compare result (msprobe/ptdbg CSV or .xlsx). 0: as many as fit
    // in max(4 x the file's bytes, 512 MiB) (compareResultRowBudget); the rows past the cap are
    // counted (rows_capped), not kept. A 59 MB .xlsx inflates to 2 M rows, 1.7 GB of rows
    // (issue #30). --max-rows sets it.
    qint64 maxResultRows = 0;
    // Set by the pair pipeline when the other side is loaded: readers of named records (msprobe,
    // ptdbg) share its equal strings instead of storing them again (namepool.h).
    std::shared_ptr<const NamePool> names;
};

// A non-tensor argument of a call (an int, float, bool, string, shape or slice): msprobe's
// {"type": "float", "value": 0.0}, a torch.utils.dumper dataset with only a Type attribute.
// Compared by value between the two sides (METRICS.md §4.5).
struct ArgumentEntry
{
    QString key;   // pairing key, as for tensors: "{call}.input.1"
    QString op;    // the call it belongs to
    QString type;  // "int", "float", "bool", "str", "slice", "torch.Size", "double", ...
    QString value; // its value as text (JSON-like: 0.0, -inf, true, "SBH", [1, 2])
    double number = std::nan(""); // numeric value when there is one (bool as 0/1)
    bool isOutput = false;
};

// One side of a comparison: every tensor in execution order.
struct TensorDump
{
    QString path;
    QString format; // "torch_dumper_h5", "hdf5", "npy", "npy_folder", "msprobe", "ptdbg_pkl"
    bool statisticsOnly = false;
    QList<TensorEntry> tensors;
    QList<ArgumentEntry> arguments; // non-tensor arguments, in dump order
    qint64 dataBytes = 0;           // bytes of tensor data on disk (throughput accounting)
    QList<QPair<QString, QString>> moduleParent; // msprobe construct.json: module -> parent module
    QHash<QString, QStringList> callStacks;      // msprobe stack.json: call key -> stack frames
};

QString shapeText(const QList<qint64> &shape); // "[3, 2]"

// The axis permutation a stride (in elements) describes, outermost first: empty for row-major
// (C order); nullopt when the stride is no permutation of a contiguous layout (broadcast, sliced
// or overlapping views cannot be reordered). Used for the dumper's Stride and torch tensors.
std::optional<QList<int>> axisOrderFromStride(const QList<qint64> &shape,
                                              const QList<qint64> &stride);

} // namespace Twinscope::Core
