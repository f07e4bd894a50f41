#pragma once

// Golden-file helpers the CLI tests share (docs/DESIGN.md §9: sorted keys, float tolerance, paths
// compared by file name).

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <algorithm>
#include <cmath>

// Paths depend on the checkout: "path" and "file" members keep their file names only.
inline QJsonValue goldenNormalise(const QJsonValue &v)
{
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if ((it.key() == QLatin1String("path") || it.key() == QLatin1String("file")) &&
                it.value().isString())
                it.value() = QFileInfo(it.value().toString()).fileName();
            else
                it.value() = goldenNormalise(it.value());
        }
        return o;
    }
    if (v.isArray()) {
        QJsonArray a;
        for (const QJsonValue &e : v.toArray())
            a.append(goldenNormalise(e));
        return a;
    }
    return v;
}

// Equal, numbers within relative tolerance; *why names the first place that differs.
inline bool goldenSame(const QJsonValue &a,
                       const QJsonValue &b,
                       const QString &where,
                       QString *why,
                       double tolerance = 1e-9)
{
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble(), y = b.toDouble();
        if (std::fabs(x - y) <= tolerance * std::max(1.0, std::fabs(y)))
            return true;
        *why = where + QStringLiteral(": ") + QString::number(x, 'g', 17) + QStringLiteral(" != ") +
               QString::number(y, 'g', 17);
        return false;
    }
    if (a.type() != b.type()) {
        *why = where + QStringLiteral(": type differs");
        return false;
    }
    if (a.isObject()) {
        const QJsonObject oa = a.toObject(), ob = b.toObject();
        if (oa.keys() != ob.keys()) {
            *why = where + QStringLiteral(": keys ") + oa.keys().join(u',') +
                   QStringLiteral(" vs ") + ob.keys().join(u',');
            return false;
        }
        for (const QString &k : oa.keys()) {
            if (!goldenSame(oa.value(k), ob.value(k), where + u'.' + k, why, tolerance))
                return false;
        }
        return true;
    }
    if (a.isArray()) {
        const QJsonArray aa = a.toArray(), ab = b.toArray();
        if (aa.size() != ab.size()) {
            *why = where + QStringLiteral(": array sizes differ");
            return false;
        }
        for (qsizetype i = 0; i < aa.size(); ++i) {
            if (!goldenSame(
                    aa.at(i), ab.at(i), where + u'[' + QString::number(i) + u']', why, tolerance))
                return false;
        }
        return true;
    }
    if (a != b) {
        *why = where + QStringLiteral(": ") + a.toVariant().toString() + QStringLiteral(" != ") +
               b.toVariant().toString();
        return false;
    }
    return true;
}

enum class GoldenOutcome { Same, Differs, Rewritten };

// Compares a normalised result with its golden file, or, with TWINSCOPE_UPDATE_GOLDEN set,
// rewrites the file (the caller then skips). *why says what differs or that the file is missing.
inline GoldenOutcome
compareGolden(const QJsonValue &actual, const QString &path, QString *why, double tolerance = 1e-9)
{
    QFile f(path);
    if (qEnvironmentVariableIsSet("TWINSCOPE_UPDATE_GOLDEN")) {
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *why = path + QStringLiteral(": cannot write");
            return GoldenOutcome::Differs;
        }
        f.write(QJsonDocument(actual.toObject()).toJson(QJsonDocument::Indented));
        return GoldenOutcome::Rewritten;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        *why = path + QStringLiteral(": missing");
        return GoldenOutcome::Differs;
    }
    return goldenSame(actual,
                      QJsonDocument::fromJson(f.readAll()).object(),
                      QStringLiteral("$"),
                      why,
                      tolerance)
               ? GoldenOutcome::Same
               : GoldenOutcome::Differs;
}

// compareGolden on tests/cli/golden/<name>: what differs (empty if nothing); *rewritten when
// TWINSCOPE_UPDATE_GOLDEN rewrote it.
inline QString goldenDifference(const QJsonObject &output, const QString &name, bool *rewritten)
{
    QString why;
    const GoldenOutcome g =
        compareGolden(goldenNormalise(output),
                      QStringLiteral(TWINSCOPE_SOURCE_DIR "/tests/cli/golden/") + name,
                      &why);
    *rewritten = g == GoldenOutcome::Rewritten;
    return g == GoldenOutcome::Differs && why.isEmpty() ? QStringLiteral("differs") : why;
}
