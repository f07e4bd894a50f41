#include "monitortrenddb.h"

#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "monitorcsvreader.h"

#include <QHash>

#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// data2db's stat columns (Data2DBConst.OP_TRENDVIS_SUPPORTED): a fixed list, so that no name
// from the file goes into SQL text.
constexpr const char16_t *TrendStats[] = {u"norm",
                                          u"min",
                                          u"max",
                                          u"zeros",
                                          u"nans",
                                          u"mean",
                                          u"entropy",
                                          u"softmax_max",
                                          u"sr",
                                          u"kernel_norm",
                                          u"std_x",
                                          u"jacobian",
                                          u"proxy",
                                          u"token_similarity"};

} // namespace

bool isMonitorTrendDb(const QStringList &tables)
{
    return tables.contains(u"monitoring_targets"_s) && tables.contains(u"monitoring_metrics"_s) &&
           tables.contains(u"trend_data"_s);
}

std::optional<Error> readMonitorTrendDb(const QString &path,
                                        MonitorCubeBuilder &builder,
                                        std::vector<MonitorFileUse> &files,
                                        Diagnostics &diagnostics,
                                        const CancelToken &cancel)
{
    SqliteReadOnly db(path, cancel);
    if (!db.isOpen())
        return Error::make(ErrorCode::Unreadable, db.error(), path);
    // tables() lists real tables only: a trend_data view is refused here.
    if (!isMonitorTrendDb(db.tables()))
        return Error::make(ErrorCode::UnknownFormat,
                           Tr::tr("an SQLite file without the tables of msprobe's data2db "
                                  "(monitoring_targets, monitoring_metrics, trend_data)"),
                           path);
    for (const char *column : {"rank", "step", "target_id", "metric_id"}) {
        if (!db.hasColumn(u"trend_data"_s, QString::fromLatin1(column)))
            return Error::make(ErrorCode::Malformed,
                               Tr::tr("trend_data lacks its column %1").arg(QLatin1String(column)),
                               path);
    }
    QStringList stats;
    for (const char16_t *stat : TrendStats) {
        if (db.hasColumn(u"trend_data"_s, QString::fromUtf16(stat)))
            stats << QString::fromUtf16(stat);
    }
    if (stats.isEmpty())
        return Error::make(ErrorCode::Malformed,
                           Tr::tr("trend_data has none of data2db's stat columns (norm, max, …)"),
                           path);
    QHash<qint64, QString> targets;
    {
        SqliteStatement q;
        if (auto e = db.prepare(q,
                                QStringLiteral("SELECT target_id, target_name, vpp_stage, "
                                               "micro_step FROM monitoring_targets")))
            return e;
        while (q.next()) {
            const std::string_view name = q.text(1);
            targets.insert(q.integerOr(0, -1),
                           monitorModuleKey(QString::fromUtf8(name.data(), qsizetype(name.size())),
                                            q.integerOr(2),
                                            q.integerOr(3)));
        }
        if (!q.error().isEmpty())
            return Error::make(ErrorCode::Malformed, q.error(), path);
    }
    QHash<qint64, QString> metrics;
    {
        SqliteStatement q;
        if (auto e = db.prepare(
                q, QStringLiteral("SELECT metric_id, metric_name FROM monitoring_metrics")))
            return e;
        while (q.next()) {
            const std::string_view name = q.text(1);
            metrics.insert(q.integerOr(0, -1),
                           QString::fromUtf8(name.data(), qsizetype(name.size())));
        }
        if (!q.error().isEmpty())
            return Error::make(ErrorCode::Malformed, q.error(), path);
    }
    SqliteStatement q;
    if (auto e = db.prepare(q,
                            QStringLiteral("SELECT rank, step, target_id, metric_id, %1 "
                                           "FROM trend_data")
                                .arg(stats.join(u", "))))
        return e;
    // The metric keys of one metric id, made once: "grad_reduced.norm", ...
    QHash<qint64, QStringList> keys;
    qint64 rows = 0, skipped = 0;
    while (q.next()) {
        const auto rank = q.integer(0);
        const auto step = q.integer(1);
        const qint64 metricId = q.integerOr(3, -1);
        const QString module = targets.value(q.integerOr(2, -1));
        const QString metric = metrics.value(metricId);
        if (!step || !rank || *rank < 0 || *rank > (1 << 20) || module.isEmpty() ||
            metric.isEmpty()) {
            ++skipped;
            continue;
        }
        auto it = keys.find(metricId);
        if (it == keys.end()) {
            QStringList k;
            for (const QString &stat : stats)
                k << metric + u'.' + stat;
            it = keys.insert(metricId, k);
        }
        for (int i = 0; i < int(stats.size()); ++i) {
            // NULL: a stat the metric's CSVs did not have, or a NaN (SQLite stores NaN as NULL):
            // which one is unknown, so no cell rather than a guess.
            if (q.isNull(4 + i))
                continue;
            builder.add(int(*rank), (*it)[i], module, *step, q.real(4 + i));
        }
        ++rows;
    }
    if (cancel.isCanceled())
        return std::nullopt;
    if (!q.error().isEmpty())
        return Error::make(ErrorCode::Malformed, q.error(), path);
    files.push_back({path + u"#trend_data"_s,
                     Tr::tr("data2db's trend_data (%1), read").arg(stats.join(u", ")),
                     true,
                     rows});
    if (skipped > 0)
        diagnostics.add(QStringLiteral("monitor_db_bad_row"),
                        Tr::tr("rows with no rank or step, or a target_id or metric_id the "
                               "database does not name, were skipped"),
                        {},
                        Severity::Warning,
                        skipped);
    return std::nullopt;
}

} // namespace Twinscope::Core
