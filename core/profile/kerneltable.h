#pragma once

#include <QString>
#include <QStringList>

#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Twinscope::Core {

// Device kernels aggregated by signature: op type, accelerator core and input shapes, dtypes and
// formats. The readers of kernel_details.csv, CANN's op_summary, op_statistic.csv and MindSpore's
// per-op time tables all fill one of these; coarser views (by op type, by core) are regroupings,
// so a 5 000-row table costs a few hundred groups, not 5 000 rows.
struct KernelGroup
{
    QString type;
    QString core; // "AI_CORE", "AI_VECTOR_CORE", "MIX_AIC", "AI_CPU", "HCCL", ...
    QString inputShapes;
    QString inputTypes;
    QString inputFormats;
    qint64 count = 0;
    double totalUs = 0;
    double minUs = std::numeric_limits<double>::infinity();
    double maxUs = 0;
    double waitUs = 0;
    // Per-kernel PMU columns (aic_mac_ratio, aiv_vec_time(us), ...), parallel to
    // KernelTable::pmuColumns: sums and the number of kernels that had a value.
    std::vector<double> pmuSum;
    std::vector<qint64> pmuCount;
    // Set when the group is made from a signature, kept (any of them) when groups merge.
    bool unaligned16 = false;
    QString unalignedShapes; // the first offending input shapes, for the tool tip

    double meanUs() const { return count > 0 ? totalUs / double(count) : 0; }
    double pmuMean(int column) const;
    // AI CPU kernels: the guides ask to move them to AI Core where an implementation exists.
    bool isAiCpu() const;
    // A MatMul-class kernel on a cube core (AI_CORE, MIX_AIC) with a matrix operand whose last two
    // dimensions are not multiples of 16: the cube unit works on 16 × 16 fractal blocks, so such
    // shapes are padded (the Ascend tuning guides ask for 16-aligned matmul shapes). Other ops'
    // shapes follow layouts (BSH, NCHW) whose last dimensions are not the matrix's, so they are
    // not judged; nor are vectors (one dimension).
    bool isUnalignedOnAiCore() const { return unaligned16; }
};

enum class KernelGrouping { TypeAndCore, Core, Signature };

class KernelTable
{
public:
    QStringList pmuColumns;
    std::vector<KernelGroup> groups;
    double totalUs = 0; // every kernel, the denominator of shares ("share of device time")
    qint64 kernels = 0;

    // The group of a signature, created on first use.
    int group(std::string_view type,
              std::string_view core,
              std::string_view shapes = {},
              std::string_view dtypes = {},
              std::string_view formats = {});
    int pmuColumn(const QString &name);
    void add(int group, double durationUs, double waitUs = 0);
    // Adds an aggregate row (op_statistic.csv: count, total, min, max of one type).
    void addAggregate(int group, qint64 count, double totalUs, double minUs, double maxUs);
    void addPmu(int group, int column, double value);

    void merge(const KernelTable &other);
    KernelTable regrouped(KernelGrouping by) const;
    // Groups sorted by total time, largest first.
    std::vector<const KernelGroup *> byTotal() const;
    double share(const KernelGroup &g) const { return totalUs > 0 ? g.totalUs / totalUs : 0; }

private:
    int groupFor(const QString &type,
                 const QString &core,
                 const QString &shapes,
                 const QString &dtypes,
                 const QString &formats);
    std::unordered_map<std::string, int> m_index;
    std::string m_key;
};

// True when core names an AI CPU engine ("AI_CPU", "AICPU").
bool isAiCpuCore(const QString &core);
// Input shapes as torch_npu writes them ("81920,4096;8192,512"): does one of the first two tensors
// have two or more dimensions and a last or second-last one that is not a multiple of 16?
bool hasUnaligned16Shape(const QString &shapes);

} // namespace Twinscope::Core
