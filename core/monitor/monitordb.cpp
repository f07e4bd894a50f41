#include "monitordb.h"

#include "core/common/sqlitedb.h"
#include "core/common/tr.h"
#include "monitorcsvreader.h"

#include <QHash>
#include <QRegularExpression>

#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool isMonitorMetricsDb(const QStringList &tables)
{
    return tables.contains(u"monitoring_targets"_s) && tables.contains(u"monitoring_metrics"_s) &&
           tables.contains(u"metric_stats"_s);
}

std::optional<Error> readMonitorMetricsDb(const QString &path,
                                          MonitorCubeBuilder &builder,
                                          std::vector<MonitorFileUse> &files,
                                          Diagnostics &diagnostics,
                                          const CancelToken &cancel)
{
    SqliteReadOnly db(path, cancel);
    if (!db.isOpen())
        return Error::make(ErrorCode::Unreadable, db.error(), path);
    if (!isMonitorMetricsDb(db.tables()))
        return Error::make(ErrorCode::UnknownFormat,
                           Tr::tr("an SQLite file without msprobe's monitor tables "
                                  "(monitoring_targets, monitoring_metrics, metric_stats)"),
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
    QHash<qint64, QString> metricNames;
    QHash<qint64, QStringList> metricStats;
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]{0,63}$"));
    {
        SqliteStatement q;
        if (auto e = db.prepare(
                q, QStringLiteral("SELECT metric_id, metric_name FROM monitoring_metrics")))
            return e;
        while (q.next()) {
            const std::string_view name = q.text(1);
            metricNames.insert(q.integerOr(0, -1),
                               QString::fromUtf8(name.data(), qsizetype(name.size())));
        }
        SqliteStatement s;
        if (auto e = db.prepare(s, QStringLiteral("SELECT metric_id, stat_name FROM metric_stats")))
            return e;
        while (s.next()) {
            const std::string_view stat = s.text(1);
            const QString name = QString::fromUtf8(stat.data(), qsizetype(stat.size()));
            if (identifier.match(name).hasMatch())
                metricStats[s.integerOr(0, -1)] << name;
            else
                diagnostics.add(QStringLiteral("monitor_db_bad_stat"),
                                Tr::tr("a stat name that is no plain identifier was left out"),
                                {-1, -1, name.left(64)});
        }
    }
    // metric_{id}_step_{start}_{end}: one table per metric and step partition.
    static const QRegularExpression tableRe(QStringLiteral("^metric_(\\d+)_step_(\\d+)_(\\d+)$"));
    qint64 unknownTargets = 0;
    for (const QString &table : db.tables()) {
        const QRegularExpressionMatch m = tableRe.match(table);
        if (!m.hasMatch())
            continue;
        const qint64 metricId = m.captured(1).toLongLong();
        const QString metric = metricNames.value(metricId);
        if (metric.isEmpty()) {
            files.push_back(
                {path + u"#"_s + table,
                 Tr::tr("table of a metric id monitoring_metrics does not name; not read"),
                 false,
                 0});
            continue;
        }
        QStringList stats;
        for (const QString &stat : metricStats.value(metricId))
            if (db.hasColumn(table, stat))
                stats << stat;
        if (stats.isEmpty() || !db.hasColumn(table, u"rank"_s) || !db.hasColumn(table, u"step"_s) ||
            !db.hasColumn(table, u"target_id"_s)) {
            files.push_back({path + u"#"_s + table,
                             Tr::tr("lacks rank, step, target_id or every stat column; not read"),
                             false,
                             0});
            continue;
        }
        SqliteStatement q;
        if (auto e = db.prepare(q,
                                QStringLiteral("SELECT rank, step, target_id, %1 FROM \"%2\"")
                                    .arg(stats.join(u", "), table)))
            return e;
        QStringList metricKeys;
        for (const QString &stat : stats)
            metricKeys << metric + u'.' + stat.toLower();
        qint64 rows = 0;
        while (q.next()) {
            const auto step = q.integer(1);
            const auto rank = q.integer(0);
            const QString module = targets.value(q.integerOr(2, -1));
            if (!step || !rank || *rank < 0 || *rank > (1 << 20) || module.isEmpty()) {
                ++unknownTargets;
                continue;
            }
            for (int i = 0; i < int(stats.size()); ++i)
                builder.add(int(*rank),
                            metricKeys[i],
                            module,
                            *step,
                            q.isNull(3 + i) ? std::numeric_limits<double>::quiet_NaN()
                                            : q.real(3 + i));
            ++rows;
        }
        if (cancel.isCanceled())
            return std::nullopt;
        if (!q.error().isEmpty())
            return Error::make(ErrorCode::Malformed, q.error(), path);
        files.push_back({path + u"#"_s + table,
                         Tr::tr("%1 (%2), read").arg(metric, stats.join(u", ")),
                         true,
                         rows});
    }
    if (unknownTargets > 0)
        diagnostics.add(
            QStringLiteral("monitor_db_bad_row"),
            Tr::tr(
                "rows with no rank or step, or a target_id monitoring_targets lacks, were skipped"),
            {},
            Severity::Warning,
            unknownTargets);
    return std::nullopt;
}

} // namespace Twinscope::Core
