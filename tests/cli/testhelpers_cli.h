#pragma once

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <cmath>

// Runs twinscope-cli with args; the process environment forces English so messages are stable.
struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

inline CliRun runCli(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TWINSCOPE_CLI), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// A golden document without what depends on the checkout: file names stay, their folders go
// (warnings' files and details, profile ranks' paths).
inline QJsonValue normalized(const QJsonValue &v, const QString &key = {})
{
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            it.value() = normalized(it.value(), it.key());
        return o;
    }
    if (v.isArray()) {
        QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            a[i] = normalized(a[i], key);
        return a;
    }
    if (v.isString() && (key == QLatin1String("file") || key == QLatin1String("files") ||
                         key == QLatin1String("path") ||
                         (key == QLatin1String("detail") && QFileInfo(v.toString()).isAbsolute())))
        return QFileInfo(v.toString()).fileName();
    return v;
}

// Equal up to 1e-9 relative for numbers (docs/DESIGN.md §9: float tolerance); where says where not.
inline bool sameJson(const QJsonValue &a, const QJsonValue &b, const QString &path, QString *where)
{
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble();
        const double y = b.toDouble();
        if (std::abs(x - y) <= 1e-9 * std::max({1.0, std::abs(x), std::abs(y)}))
            return true;
    } else if (a.isObject() && b.isObject()) {
        const QJsonObject oa = a.toObject();
        const QJsonObject ob = b.toObject();
        if (oa.keys() == ob.keys()) {
            for (const QString &k : oa.keys()) {
                if (!sameJson(oa.value(k), ob.value(k), path + QLatin1Char('.') + k, where))
                    return false;
            }
            return true;
        }
    } else if (a.isArray() && b.isArray()) {
        const QJsonArray aa = a.toArray();
        const QJsonArray ab = b.toArray();
        if (aa.size() == ab.size()) {
            for (qsizetype i = 0; i < aa.size(); ++i) {
                if (!sameJson(aa[i],
                              ab[i],
                              path + QLatin1Char('[') + QString::number(i) + QLatin1Char(']'),
                              where))
                    return false;
            }
            return true;
        }
    } else if (a == b) {
        return true;
    }
    *where = path;
    return false;
}

// Compares a command's JSON with tests/cli/golden/<name>, after normalized(); with
// TWINSCOPE_UPDATE_GOLDEN=1 it rewrites the golden instead (review the diff). Returns an empty
// string when they agree, else where they differ.
inline QString compareGolden(const QJsonObject &json, const QString &name)
{
    const QJsonValue actual = normalized(json);
    const QString path = QStringLiteral(TWINSCOPE_SOURCE_DIR "/tests/cli/golden/") + name;
    QFile f(path);
    if (qEnvironmentVariableIntValue("TWINSCOPE_UPDATE_GOLDEN") == 1) {
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return path + QStringLiteral(": cannot write");
        f.write(QJsonDocument(actual.toObject()).toJson(QJsonDocument::Indented));
        return {};
    }
    if (!f.open(QIODevice::ReadOnly))
        return path + QStringLiteral(": missing");
    QString where;
    if (!sameJson(actual, QJsonDocument::fromJson(f.readAll()).object(), name, &where))
        return where;
    return {};
}
