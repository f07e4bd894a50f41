#include "profilefolder.h"

#include "core/common/bytesource.h"
#include "core/common/filesniffer.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "core/opinfo/mindsporeopinfo.h"
#include "core/tensor/dumpnames.h"
#include "npudb.h"
#include "profiledb.h"
#include "profiletable.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// Enough of a file for its header row or its first JSON keys: communication.json names
// "Communication Time Info" in its first op, a CSV header is a few hundred bytes.
constexpr qint64 HeadBytes = 8 * 1024;

// Profiler folders nest at most this deep under what a user opens (cluster/rank/PROF/device/out).
constexpr int MaxDepth = 6;

bool isCandidateName(const QString &name)
{
    static const QRegularExpression info(u"^info\\.json\\.\\d+$"_s);
    const QString lower = name.toLower();
    return lower.endsWith(u".csv"_s) || lower.endsWith(u".json"_s) || lower.endsWith(u".txt"_s) ||
           lower.endsWith(u".db"_s) || info.match(lower).hasMatch();
}

// Folders that hold a rank's outputs one level down: the rank is their parent.
bool isOutputFolder(const QString &name)
{
    static const QStringList names{
        u"ASCEND_PROFILER_OUTPUT"_s, u"mindstudio_profiler_output"_s, u"summary"_s, u"analyze"_s};
    return names.contains(name, Qt::CaseInsensitive);
}

QString sniffFormat(const QString &path, QString *why = nullptr)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(HeadBytes);
    // A database's tables are named in sqlite_master, wherever SQLite put it: sniffPath asks
    // SQLite.
    const SniffResult s =
        head.startsWith(QByteArrayView("SQLite format 3\0", 16))
            ? sniffPath(path)
            : sniffBytes(std::string_view(head.constData(), size_t(head.size())), path, f.size());
    if (s.kind == FileKind::Profile)
        return s.format;
    if (why) {
        // What the file is instead, for the Files view's "not read" row.
        if (s.kind != FileKind::Unknown)
            *why = Tr::tr("a %1 file (%2), not a profiler table")
                       .arg(fileKindDisplayName(s.kind), s.format);
        else
            *why = s.seen.isEmpty() ? Tr::tr("not a table Twinscope reads") : s.seen;
    }
    // framework_raw_*.csv belongs to op info, but it also names the op type of every MindSpore
    // kernel, which the per-op time tables lack.
    if (s.kind == FileKind::OpInfo && s.producer == u"mindspore"_s &&
        mindSporeTable(std::string_view(head.constData(), size_t(head.size()))) ==
            MindSporeTable::FrameworkRaw)
        return u"framework_raw_csv"_s;
    return {};
}

bool isClusterFormat(const QString &format)
{
    return format.startsWith(u"cluster_"_s);
}

int mindSporeDevice(const QString &fileName)
{
    // framework_raw_1.csv, aicore_intermediate_1_detail.csv, output_op_compute_time_1.txt,
    // step_trace_raw_1_detail_time.csv: the number is the device.
    static const QRegularExpression suffix(
        u"^(?:framework_raw|aicore_intermediate|output_op_compute_time|step_trace_raw)_(\\d+)"_s);
    const QRegularExpressionMatch m = suffix.match(fileName);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

struct Collector
{
    std::map<QString, ProfileUnit> byKey;
    // Files of a rank folder that are no table Twinscope reads, by the rank's root: listed in that
    // rank's files with the reason, never dropped in silence (issue #25).
    std::map<QString, std::vector<ProfileInput>> unread;

    static QString rootOf(const QString &file)
    {
        QString root = QFileInfo(file).absolutePath();
        if (isOutputFolder(QFileInfo(root).fileName()))
            root = QFileInfo(root).absolutePath();
        return root;
    }
    void skip(const QString &file, const QString &why)
    {
        unread[rootOf(file)].push_back({file, u"not_read:"_s + why});
    }

    void add(const QString &file, const QString &format)
    {
        const QFileInfo info(file);
        QString root = info.absolutePath();
        if (isOutputFolder(QFileInfo(root).fileName()))
            root = QFileInfo(root).absolutePath();
        const bool cluster = isClusterFormat(format);
        int device = -1;
        QString key = root;
        if (cluster) {
            key += u"#cluster"_s;
        } else if ((device = mindSporeDevice(info.fileName())) >= 0) {
            key += u"#device"_s + QString::number(device);
        }
        ProfileUnit &u = byKey[key];
        u.root = root;
        u.cluster = cluster;
        u.deviceHint = device;
        u.files.push_back({file, format});
    }
};

} // namespace

bool isProfileTableFormat(const QString &format)
{
    return !format.isEmpty() && format != u"profiler_info_json"_s &&
           format != u"profiler_metadata_json"_s && format != u"cann_info_json"_s &&
           format != u"framework_raw_csv"_s;
}

ProfileDiscovery findProfileUnits(const QStringList &paths, const CancelToken &cancel)
{
    ProfileDiscovery out;
    Collector c;
    for (const QString &p : paths) {
        const QFileInfo info(p);
        if (!info.exists() || !info.isReadable()) {
            out.unreadable << p;
            continue;
        }
        if (!info.isDir()) {
            const QString format = sniffFormat(p);
            if (format.isEmpty())
                out.notProfile << p;
            else
                c.add(info.absoluteFilePath(), format);
            continue;
        }
        // A folder opened whole: its rank folders' metadata (profiler_info_<rank>.json, ...)
        // come with the tables.
        const int baseDepth = QDir::cleanPath(info.absoluteFilePath()).count(u'/');
        QDirIterator it(info.absoluteFilePath(),
                        QDir::Files | QDir::Readable | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        // An output folder opened alone (ASCEND_PROFILER_OUTPUT): its rank's metadata
        // (profiler_info_<rank>.json) sits one level up.
        if (isOutputFolder(info.fileName())) {
            const QDir parent(info.absolutePath());
            for (const QString &name :
                 parent.entryList({u"profiler_info*.json"_s, u"profiler_metadata.json"_s},
                                  QDir::Files | QDir::Readable)) {
                const QString format = sniffFormat(parent.filePath(name));
                if (!format.isEmpty())
                    c.add(parent.filePath(name), format);
            }
        }
        qint64 seen = 0;
        while (it.hasNext()) {
            const QString file = it.next();
            if ((++seen & 1023) == 0 && cancel.isCanceled())
                return out;
            if (QDir::cleanPath(file).count(u'/') - baseDepth > MaxDepth ||
                !isCandidateName(it.fileName()))
                continue;
            QString why;
            const QString format = sniffFormat(file, &why);
            if (!format.isEmpty())
                c.add(file, format);
            else
                c.skip(file, why);
        }
    }
    for (auto &[key, unit] : c.byKey) {
        const bool tables = std::any_of(unit.files.begin(), unit.files.end(), [](const auto &f) {
            return isProfileTableFormat(f.format);
        });
        if (!tables)
            continue; // metadata or op signatures alone: nothing to tabulate
        if (!unit.cluster && unit.deviceHint < 0) {
            const auto skipped = c.unread.find(unit.root);
            if (skipped != c.unread.end())
                unit.files.insert(unit.files.end(), skipped->second.begin(), skipped->second.end());
        }
        std::sort(unit.files.begin(), unit.files.end(), [](const auto &a, const auto &b) {
            return a.path < b.path;
        });
        out.units.push_back(std::move(unit));
    }
    std::stable_sort(out.units.begin(), out.units.end(), [](const auto &a, const auto &b) {
        if (a.cluster != b.cluster)
            return !a.cluster; // rank folders first, cluster files last
        if (a.root != b.root)
            return naturalLess(a.root, b.root);
        return a.deviceHint < b.deviceHint;
    });
    return out;
}

namespace {

// The order files of a unit are read in: metadata and op types before the tables that need them,
// the step spans (kernel table) before the memory curves that are cut by them.
int readOrder(const QString &format)
{
    if (format == u"profiler_info_json"_s || format == u"cann_info_json"_s)
        return 0;
    if (format == u"profiler_metadata_json"_s)
        return 1;
    if (format == u"framework_raw_csv"_s)
        return 2;
    if (format == u"kernel_details_csv"_s || format == u"op_summary_csv"_s)
        return 3;
    return 4;
}

int rankFromPath(const QString &path)
{
    static const QRegularExpression rank(u"(?:^|[_/])(?:rank|device)[_-]?(\\d+)(?:$|[_/.])"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = rank.match(QDir::fromNativeSeparators(path));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

struct FileBytes
{
    std::unique_ptr<ByteSource> source;
    QByteArray inflated;
    std::string_view data;
};

std::optional<Error> openFile(const QString &path, FileBytes *bytes, Diagnostics &d)
{
    Error error;
    bytes->source = ByteSource::open(Source::fromPath(path), &error);
    if (!bytes->source)
        return error;
    bytes->data = bytes->source->data();
    if (isGzip(bytes->data)) {
        InflateResult r = inflateGzip(bytes->data, path, &d);
        if (r.error)
            return r.error;
        bytes->inflated = std::move(r.data);
        bytes->data = std::string_view(bytes->inflated.constData(), size_t(bytes->inflated.size()));
    }
    return std::nullopt;
}

} // namespace

RankProfile loadRankUnit(const ProfileUnit &unit, const CancelToken &cancel)
{
    RankProfile rank;
    rank.path = unit.root;
    std::vector<ProfileInput> files = unit.files;
    std::stable_sort(files.begin(), files.end(), [](const auto &a, const auto &b) {
        return readOrder(a.format) < readOrder(b.format);
    });
    GroupRanks groups;
    QHash<QString, QString> opTypes;
    for (const ProfileInput &in : files) {
        if (cancel.isCanceled())
            return rank;
        ProfileFile pf;
        pf.path = in.path;
        pf.format = in.format;
        const Result<int> guarded = runGuarded<int>(in.path, [&]() -> Result<int> {
            if (in.format.startsWith(u"not_read:"_s)) {
                pf.format = QString();
                pf.diagnostics.add(u"file_not_read"_s,
                                   Tr::tr("not read: %1").arg(in.format.mid(9)),
                                   {},
                                   Severity::Info);
                return Result<int>::ok(std::make_shared<const int>(0));
            }
            if (in.format == u"profiler_db"_s) {
                // msprof-analyze's analysis.db beside it has the steps and communication.
                NpuDbOptions o;
                o.stepsAndCommunicationElsewhere =
                    std::any_of(files.begin(), files.end(), [](const auto &x) {
                        return x.format == u"sqlite"_s;
                    });
                const TableRead r =
                    readNpuProfilerDatabase(in.path, rank, pf.diagnostics, cancel, o);
                pf.rows = r.rows;
                pf.error = r.error;
                return Result<int>::ok(std::make_shared<const int>(0));
            }
            if (in.format == u"sqlite"_s) {
                // SQLite reads the file itself.
                const TableRead r = readProfileDatabase(in.path, rank, pf.diagnostics, cancel);
                pf.rows = r.rows;
                pf.error = r.error;
                return Result<int>::ok(std::make_shared<const int>(0));
            }
            FileBytes bytes;
            if (auto e = openFile(in.path, &bytes, pf.diagnostics)) {
                pf.error = e;
                return Result<int>::ok(std::make_shared<const int>(0));
            }
            const std::string_view d = bytes.data;
            const QString &n = in.path;
            Diagnostics &g = pf.diagnostics;
            TableRead r;
            const QString &f = in.format;
            if (f == u"kernel_details_csv"_s || f == u"op_summary_csv"_s)
                r = readKernelDetails(d, n, rank, g, cancel);
            else if (f == u"op_statistic_csv"_s) {
                // kernel_details.csv holds the same kernels one by one: the statistics only
                // stand in where it is missing.
                const bool details = std::any_of(files.begin(), files.end(), [](const auto &x) {
                    return x.format == u"kernel_details_csv"_s || x.format == u"op_summary_csv"_s;
                });
                if (details) {
                    g.add(u"op_statistic_shadowed"_s,
                          Tr::tr("op statistics not used: the kernel table beside them has the "
                                 "same kernels with their shapes"),
                          {},
                          Severity::Info);
                } else {
                    r = readOpStatistic(d, n, rank, g, cancel);
                    rank.kernelsFromStatistics = true;
                }
            } else if (f == u"step_trace_time_csv"_s)
                r = readStepTraceTime(d, n, rank, g, cancel);
            else if (f == u"step_trace_csv"_s)
                r = readMsprofStepTrace(d, n, rank, g, cancel);
            else if (f == u"step_trace_raw_csv"_s)
                r = readMindSporeStepTrace(d, n, rank, g, cancel);
            else if (f == u"communication_json"_s)
                r = readCommunication(d, n, rank, g, cancel);
            else if (f == u"communication_matrix_json"_s)
                r = readCommunicationMatrix(d, n, groups, rank, g, cancel);
            else if (f == u"memory_record_csv"_s)
                r = readMemoryRecord(d, n, rank, g, cancel);
            else if (f == u"operator_memory_csv"_s)
                r = readOperatorMemory(d, n, rank, g, cancel);
            else if (f == u"npu_module_mem_csv"_s)
                r = readNpuModuleMem(d, n, rank, g, cancel);
            else if (f == u"profiler_info_json"_s)
                r = readProfilerInfo(d, n, rank);
            else if (f == u"profiler_metadata_json"_s)
                r = readProfilerMetadata(d, n, rank, groups);
            else if (f == u"cann_info_json"_s)
                r = readCannInfo(d, n, rank);
            else if (f == u"framework_raw_csv"_s) {
                const ProfilerParse p = parseMindSporeFrameworkRaw(d, n);
                for (const ProfilerCompile &pc : p.compiles) {
                    if (!pc.fullName.isEmpty())
                        opTypes.insert(pc.fullName, pc.signature.opType);
                }
                r.rows = p.lines;
                r.error = p.error;
            } else if (f == u"aicore_detail_csv"_s)
                r = readMindSporeAicoreDetail(d, n, opTypes, rank, g, cancel);
            else if (f == u"aicore_type_csv"_s) {
                const bool details = std::any_of(files.begin(), files.end(), [](const auto &x) {
                    return x.format == u"aicore_detail_csv"_s;
                });
                if (details)
                    g.add(u"aicore_type_shadowed"_s,
                          Tr::tr("AI Core type table not used: the AI Core detail table beside it "
                                 "has the same kernels one by one"),
                          {},
                          Severity::Info);
                else
                    r = readMindSporeAicoreType(d, n, rank, g, cancel);
            } else if (f == u"op_compute_time_text"_s) {
                const bool aicore = std::any_of(files.begin(), files.end(), [](const auto &x) {
                    return x.format == u"aicore_detail_csv"_s;
                });
                // Both tables time the same kernels; the AI Core table knows the core.
                if (aicore)
                    g.add(u"op_compute_time_shadowed"_s,
                          Tr::tr("op compute times not used: the AI Core detail table beside them "
                                 "times the same kernels and knows their core"),
                          {},
                          Severity::Info);
                else
                    r = readMindSporeOpComputeTime(d, n, opTypes, rank, g, cancel);
            } else if (f == u"api_statistic_csv"_s || f == u"operator_details_csv"_s ||
                       f == u"l2_cache_csv"_s)
                r = countTableRows(d, n); // shown as they are (Files view); nothing to aggregate
            pf.rows = r.rows;
            if (r.error)
                pf.error = r.error;
            return Result<int>::ok(std::make_shared<const int>(0));
        });
        if (guarded.isFailed())
            pf.error = guarded.error();
        if (pf.error && pf.error->file.isEmpty())
            pf.error->file = in.path;
        pf.diagnostics.setFile(in.path);
        rank.files.push_back(std::move(pf));
    }
    if (rank.rank < 0)
        rank.rank = unit.deviceHint >= 0 ? unit.deviceHint : rankFromPath(unit.root);
    for (RankLinkTraffic &l : rank.links)
        l.rank = rank.rank;
    computeStepMemoryPeaks(rank);
    return rank;
}

ClusterTables loadClusterUnit(const ProfileUnit &unit, const CancelToken &cancel)
{
    ClusterTables out;
    for (const ProfileInput &in : unit.files) {
        if (cancel.isCanceled())
            return out;
        ProfileFile pf;
        pf.path = in.path;
        pf.format = in.format;
        const Result<int> guarded = runGuarded<int>(in.path, [&]() -> Result<int> {
            if (in.format == u"cluster_sqlite"_s) {
                const TableRead r =
                    readClusterDatabase(in.path, out.ranks, out.matrix, pf.diagnostics, cancel);
                pf.rows = r.rows;
                pf.error = r.error;
                return Result<int>::ok(std::make_shared<const int>(0));
            }
            FileBytes bytes;
            if (auto e = openFile(in.path, &bytes, pf.diagnostics)) {
                pf.error = e;
                return Result<int>::ok(std::make_shared<const int>(0));
            }
            TableRead r;
            if (in.format == u"cluster_step_trace_time_csv"_s)
                r = readClusterStepTraceTime(
                    bytes.data, in.path, out.ranks, pf.diagnostics, cancel);
            else if (in.format == u"cluster_communication_json"_s)
                r = readClusterCommunication(
                    bytes.data, in.path, out.ranks, pf.diagnostics, cancel);
            else if (in.format == u"cluster_communication_matrix_json"_s)
                r = readClusterCommunicationMatrix(
                    bytes.data, in.path, out.matrix, pf.diagnostics, cancel);
            pf.rows = r.rows;
            pf.error = r.error;
            return Result<int>::ok(std::make_shared<const int>(0));
        });
        if (guarded.isFailed())
            pf.error = guarded.error();
        if (pf.error && pf.error->file.isEmpty())
            pf.error->file = in.path;
        pf.diagnostics.setFile(in.path);
        out.files.push_back(std::move(pf));
    }
    for (auto &[r, rank] : out.ranks)
        rank.path = unit.root;
    return out;
}

} // namespace Twinscope::Core
