#pragma once

// CLI goldens (DESIGN.md §9): tests/cli/golden/*.json compared with sorted keys, a float tolerance
// and paths reduced to file names; TWINSCOPE_UPDATE_GOLDEN=1 rewrites them.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cmath>

// Paths depend on the checkout: compare file names only.
inline QJsonValue goldenNormalise(const QJsonValue &v)
{
    using namespace Qt::StringLiterals;
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if ((it.key() == u"path"_s || it.key() == u"file"_s) && it.value().isString())
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

// Equal up to 1e-9 relative on numbers; *why says where they differ.
inline bool
goldenEqual(const QJsonValue &a, const QJsonValue &b, const QString &where, QString *why)
{
    using namespace Qt::StringLiterals;
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble();
        const double y = b.toDouble();
        if (std::fabs(x - y) <= 1e-9 * std::max(1.0, std::fabs(y)))
            return true;
        *why =
            where + u": "_s + QString::number(x, 'g', 17) + u" != "_s + QString::number(y, 'g', 17);
        return false;
    }
    if (a.type() != b.type()) {
        *why = where + u": type differs"_s;
        return false;
    }
    if (a.isObject()) {
        const QJsonObject oa = a.toObject();
        const QJsonObject ob = b.toObject();
        if (oa.keys() != ob.keys()) {
            *why = where + u": keys "_s + oa.keys().join(u',') + u" vs "_s + ob.keys().join(u',');
            return false;
        }
        for (const QString &k : oa.keys()) {
            if (!goldenEqual(oa.value(k), ob.value(k), where + u"."_s + k, why))
                return false;
        }
        return true;
    }
    if (a.isArray()) {
        const QJsonArray aa = a.toArray();
        const QJsonArray ab = b.toArray();
        if (aa.size() != ab.size()) {
            *why = where + u": array sizes differ"_s;
            return false;
        }
        for (qsizetype i = 0; i < aa.size(); ++i) {
            if (!goldenEqual(aa.at(i), ab.at(i), where + u"["_s + QString::number(i) + u"]"_s, why))
                return false;
        }
        return true;
    }
    if (a != b) {
        *why = where + u": "_s + a.toVariant().toString() + u" != "_s + b.toVariant().toString();
        return false;
    }
    return true;
}

// Compares a command's JSON with tests/cli/golden/<name>, or rewrites the golden when
// TWINSCOPE_UPDATE_GOLDEN is set (then *rewritten is true). Returns what differs, empty if nothing.
inline QString goldenDifference(const QJsonObject &output, const QString &name, bool *rewritten)
{
    using namespace Qt::StringLiterals;
    const QJsonValue actual = goldenNormalise(output);
    const QString path = QStringLiteral(TWINSCOPE_SOURCE_DIR) + u"/tests/cli/golden/"_s + name;
    *rewritten = qEnvironmentVariableIsSet("TWINSCOPE_UPDATE_GOLDEN");
    if (*rewritten) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return u"cannot write "_s + path;
        f.write(QJsonDocument(actual.toObject()).toJson(QJsonDocument::Indented));
        return {};
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return u"cannot read "_s + path;
    QString why;
    goldenEqual(actual, QJsonDocument::fromJson(f.readAll()).object(), u"$"_s, &why);
    return why;
}
