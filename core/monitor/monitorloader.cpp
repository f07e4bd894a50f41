#include "monitorloader.h"

#include "core/common/inputfile.h"
#include "core/common/pipeline.h"
#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "monitoranomalies.h"
#include "monitorcsvreader.h"
#include "monitordb.h"
#include "monitortrenddb.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <tuple>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// A monitor CSV holds a few hundred steps of every module; 1 GiB is far past any real one and
// keeps /dev/zero or a mistaken multi-GB file from being read whole.
constexpr qint64 MaxCsvBytes = qint64(1) << 30;
constexpr qint64 MaxJsonBytes = qint64(256) << 20;

struct Loader
{
    MonitorRun run;
    MonitorCubeBuilder builder;
    Diagnostics diagnostics;
    const CancelToken &cancel;
    int failed = 0;
    // A database that could not be read: when nothing else gave data, its own reason says more
    // than a count of failed files.
    std::optional<Error> dbFailure;

    void list(const QString &path, const QString &reason)
    {
        run.files.push_back({path, reason, false, 0});
    }

    void readCsv(const QString &path, const QString &prefix, int rank, const QString &reason)
    {
        Error error;
        const std::optional<QByteArray> bytes = readSmallInputFile(path, MaxCsvBytes, &error);
        Diagnostics d;
        qint64 rows = 0;
        std::optional<Error> failure;
        if (!bytes)
            failure = error;
        else
            failure = readMonitorCsv({path, prefix, rank}, *bytes, builder, d, &rows);
        d.setFile(path);
        diagnostics.merge(d);
        if (failure) {
            ++failed;
            diagnostics.add(u"monitor_file_failed"_s, failure->toString(), {}, Severity::Warning);
            diagnostics.setFile(path);
            list(path, Tr::tr("%1; not read: %2").arg(reason, failure->message));
            return;
        }
        run.files.push_back({path, reason, true, rows});
    }

    void readAnomalies(const QString &path, const QString &reason)
    {
        Error error;
        const std::optional<QByteArray> bytes = readSmallInputFile(path, MaxJsonBytes, &error);
        Diagnostics d;
        std::optional<Error> failure;
        const size_t before = run.anomalies.size();
        if (!bytes)
            failure = error;
        else
            failure = readMonitorAnomalies(path, *bytes, &run.anomalies, d);
        d.setFile(path);
        diagnostics.merge(d);
        if (failure) {
            diagnostics.add(u"monitor_file_failed"_s, failure->toString(), {}, Severity::Warning);
            diagnostics.setFile(path);
            list(path, Tr::tr("%1; not read: %2").arg(reason, failure->message));
            return;
        }
        run.files.push_back({path, reason, true, qint64(run.anomalies.size() - before)});
    }

    // A v1 or v2 rank folder: its CSVs by name.
    void readRankFolder(const QString &folder, int rank)
    {
        const QDir dir(folder);
        for (const QFileInfo &f :
             dir.entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name)) {
            if (cancel.isCanceled())
                return;
            const QString name = f.fileName();
            if (const QString prefix = monitorV1Prefix(name); !prefix.isEmpty()) {
                run.layout = u"v1"_s;
                readCsv(f.filePath(), prefix, rank, Tr::tr("v1 %1, rank %2").arg(prefix).arg(rank));
            } else if (const QString kind = monitorV2Kind(name); !kind.isEmpty()) {
                run.layout = u"v2"_s;
                readCsv(f.filePath(), kind, rank, Tr::tr("v2 %1, rank %2").arg(kind).arg(rank));
            } else {
                list(f.filePath(), Tr::tr("not a monitor CSV name (stack_info.csv, other files)"));
            }
        }
    }

    void readAnomalyFolder(const QString &folder)
    {
        const QDir dir(folder);
        bool perRank = false;
        for (const QFileInfo &f :
             dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString json = f.filePath() + u"/anomaly.json"_s;
            if (QFileInfo(json).isFile()) {
                perRank = true;
                readAnomalies(json, Tr::tr("anomalies of %1").arg(f.fileName()));
            } else {
                list(f.filePath(), Tr::tr("no anomaly.json inside"));
            }
        }
        const QString analyse = dir.filePath(u"anomaly_analyse.json"_s);
        if (QFileInfo(analyse).isFile()) {
            if (perRank)
                list(analyse,
                     Tr::tr("the top-k sorted copy of the per-rank anomaly.json files; not read"));
            else
                readAnomalies(analyse, Tr::tr("sorted anomalies (no per-rank anomaly.json)"));
        }
    }

    void readDb(const QString &path)
    {
        // data2db's .trend.db (one trend_data table) or csv2db's monitor_metrics.db.
        const bool trend = isMonitorTrendDb(sqliteTableNames(path));
        run.layout = trend ? u"trend.db"_s : u"monitor_metrics.db"_s;
        Diagnostics d;
        if (auto e = trend ? readMonitorTrendDb(path, builder, run.files, d, cancel)
                           : readMonitorMetricsDb(path, builder, run.files, d, cancel)) {
            ++failed;
            diagnostics.add(u"monitor_file_failed"_s, e->toString(), {}, Severity::Warning);
            list(path, Tr::tr("%1; not read: %2").arg(run.layout, e->message));
            dbFailure = *e;
            dbFailure->message = Tr::tr("%1: %2").arg(trend ? Tr::tr(".trend.db (data2db)")
                                                            : Tr::tr("monitor_metrics.db (csv2db)"),
                                                      e->message);
        } else {
            run.files.push_back(
                {path,
                 trend ? Tr::tr(".trend.db (data2db)") : Tr::tr("monitor_metrics.db (csv2db)"),
                 true,
                 0});
        }
        d.setFile(path);
        diagnostics.merge(d);
    }

    void readTop(const QString &path)
    {
        const QDir dir(path);
        QStringList dbs;
        bool csv = false;
        for (const QFileInfo &f :
             dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot, QDir::Name)) {
            if (cancel.isCanceled())
                return;
            const QString name = f.fileName();
            const int rank = monitorRankOfFolder(name);
            if (f.isDir() && name == u"anomaly_detected") {
                readAnomalyFolder(f.filePath());
            } else if (f.isDir() && rank >= 0) {
                csv = true;
                readRankFolder(f.filePath(), rank);
            } else if (f.isDir() && QFileInfo(f.filePath() + u"/monitor_metrics.db"_s).isFile()) {
                dbs << f.filePath() + u"/monitor_metrics.db"_s;
            } else if (f.isFile() &&
                       (name == u"monitor_metrics.db" || name.endsWith(u".trend.db"_s))) {
                dbs << f.filePath();
            } else if (f.isFile() &&
                       (!monitorV1Prefix(name).isEmpty() || !monitorV2Kind(name).isEmpty())) {
                // The folder given is itself one rank's folder.
                csv = true;
                const int own = monitorRankOfFolder(dir.dirName());
                readRankFolder(path, own >= 0 ? own : 0);
                return;
            } else {
                list(f.filePath(),
                     f.isDir() ? Tr::tr("not a rank folder") : Tr::tr("not a monitor file"));
            }
        }
        for (const QString &db : dbs) {
            if (csv)
                list(db, Tr::tr("csv2db's copy of the CSV folders read here; not read"));
            else
                readDb(db);
        }
    }
};

} // namespace

QString monitorV1Prefix(const QString &fileName)
{
    static const QRegularExpression re(u"^([a-z][a-z0-9_]*)_(\\d+)-(\\d+)\\.csv$"_s);
    const QRegularExpressionMatch m = re.match(fileName);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString monitorV2Kind(const QString &fileName)
{
    static const QRegularExpression re(
        u"^(module|weight_grad|optimizer|param|cc)_step[^/]*\\.csv$"_s);
    const QRegularExpressionMatch m = re.match(fileName);
    return m.hasMatch() ? m.captured(1) : QString();
}

int monitorRankOfFolder(const QString &folderName)
{
    static const QRegularExpression v1(u"^[\\w-]{0,20}-rank(\\d{1,5})-"_s);
    static const QRegularExpression v2(u"^rank_?(\\d{1,5})$"_s);
    QRegularExpressionMatch m = v1.match(folderName);
    if (!m.hasMatch())
        m = v2.match(folderName);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

Result<MonitorRun>
loadMonitorRun(const QString &path, ProgressSink &progress, const CancelToken &cancel)
{
    return runGuarded<MonitorRun>(path, [&]() -> Result<MonitorRun> {
        if (auto e = checkInputPath(path, InputKind::FileOrFolder))
            return Result<MonitorRun>::failed(*e);
        Loader loader{{}, {}, {}, cancel, 0, std::nullopt};
        loader.run.path = path;
        progress.report(0, Tr::tr("Reading monitor files"));
        const QFileInfo info(path);
        const QString v1 = monitorV1Prefix(info.fileName());
        const QString v2 = monitorV2Kind(info.fileName());
        if (info.isFile() && (!v1.isEmpty() || !v2.isEmpty())) {
            // One CSV opened alone: its rank from the folder it sits in.
            const int rank = std::max(0, monitorRankOfFolder(info.dir().dirName()));
            loader.run.layout = v1.isEmpty() ? u"v2"_s : u"v1"_s;
            loader.readCsv(
                path, v1.isEmpty() ? v2 : v1, rank, Tr::tr("the file given, rank %1").arg(rank));
        } else if (info.isFile()) {
            QString error;
            const QStringList tables = sqliteTableNames(path, &error);
            if (!isMonitorMetricsDb(tables) && !isMonitorTrendDb(tables))
                return Result<MonitorRun>::failed(
                    Error::make(ErrorCode::UnknownFormat,
                                Tr::tr("give a monitor output folder, a rank folder, a "
                                       "monitor_metrics.db or a .trend.db"),
                                path));
            loader.readDb(path);
        } else {
            loader.readTop(path);
        }
        if (cancel.isCanceled())
            return Result<MonitorRun>::canceled();
        // The anomaly files are JSON objects (no order a reader keeps): listed by step, rank and
        // msprobe's call order, the order its own anomaly_processor sorts by.
        std::stable_sort(loader.run.anomalies.begin(),
                         loader.run.anomalies.end(),
                         [](const MonitorAnomaly &x, const MonitorAnomaly &y) {
                             return std::tie(x.step, x.rank, x.microStep, x.callId) <
                                    std::tie(y.step, y.rank, y.microStep, y.callId);
                         });
        progress.report(700, Tr::tr("Building the step x module cube"));
        QString error;
        if (!loader.builder.build(&loader.run.ranks, &error, &loader.diagnostics))
            return Result<MonitorRun>::failed(Error::make(ErrorCode::TooLarge, error, path),
                                              loader.diagnostics);
        if (loader.run.ranks.empty() && loader.dbFailure)
            return Result<MonitorRun>::failed(*loader.dbFailure, loader.diagnostics);
        if (loader.run.ranks.empty())
            return Result<MonitorRun>::failed(
                Error::make(
                    ErrorCode::UnknownFormat,
                    loader.failed > 0
                        ? Tr::tr("no monitor file could be read (%n failed)", "", loader.failed)
                        : Tr::tr("no monitor data: no rank folder of msprobe CSVs and no "
                                 "monitor_metrics.db"),
                    path),
                loader.diagnostics);
        progress.report(1000, Tr::tr("Done"));
        return Result<MonitorRun>::ok(std::make_shared<const MonitorRun>(std::move(loader.run)),
                                      loader.diagnostics);
    });
}

} // namespace Twinscope::Core
