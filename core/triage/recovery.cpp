#include "recovery.h"

#include "core/common/tr.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr char16_t Suffix[] = u".twinscope-recovery";

// The workspace document plus where it belongs. Paths stay absolute: the recovery folder is not the
// workspace's folder.
QByteArray recoveryBytes(const InvestigationFile &ws, const QString &workspacePath)
{
    QByteArray bytes = investigationBytes(ws, QString());
    const QJsonObject about{
        {u"of"_s, workspacePath},
        {u"saved_at"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}};
    // Inserted after the marker line, which stays first.
    const qsizetype firstLineEnd = bytes.indexOf('\n') + 1;
    const qsizetype secondLineEnd = bytes.indexOf('\n', firstLineEnd) + 1;
    bytes.insert(secondLineEnd,
                 "    \"recovery\": " + QJsonDocument(about).toJson(QJsonDocument::Compact) +
                     ",\n");
    return bytes;
}

} // namespace

QString recoveryDirectory()
{
    const QString env = qEnvironmentVariable("TWINSCOPE_RECOVERY_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + u"/recovery"_s;
}

Result<InvestigationFile> readRecoveryFile(const QString &path, QString *workspacePath)
{
    Result<InvestigationFile> r = readInvestigationFile(path);
    if (r.isOk() && workspacePath) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
            *workspacePath = root.value(u"recovery"_s).toObject().value(u"of"_s).toString();
        }
    }
    return r;
}

QList<RecoveryCandidate> findRecoveryFiles(const QString &directory)
{
    QList<RecoveryCandidate> found;
    const QDir dir(directory);
    const QStringList names =
        dir.entryList({u"*"_s + QString::fromUtf16(Suffix)}, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        const QString path = dir.filePath(name);
        QLockFile lock(path + u".lock"_s);
        lock.setStaleLockTime(0); // only a dead owner makes a lock stale, never its age
        if (!lock.tryLock(0))
            continue; // a running session owns it
        lock.unlock();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        if (!root.contains(u"twinscopeWorkspace"_s))
            continue;
        const QJsonObject about = root.value(u"recovery"_s).toObject();
        RecoveryCandidate c;
        c.recoveryPath = path;
        c.workspacePath = about.value(u"of"_s).toString();
        c.savedAt = QDateTime::fromString(about.value(u"saved_at"_s).toString(), Qt::ISODateWithMs);
        found << c;
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) {
        return a.savedAt > b.savedAt;
    });
    return found;
}

void discardRecoveryFile(const QString &path)
{
    QFile::remove(path);
    QFile::remove(path + u".lock"_s);
}

RecoveryAutosaver::RecoveryAutosaver(const QString &directory, QObject *parent)
    : QObject(parent)
{
    QDir().mkpath(directory);
    m_path = QDir(directory).filePath(u"session-%1-%2%3"_s.arg(QCoreApplication::applicationPid())
                                          .arg(QDateTime::currentMSecsSinceEpoch())
                                          .arg(QString::fromUtf16(Suffix)));
    m_lock = std::make_unique<QLockFile>(m_path + u".lock"_s);
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
    m_timer.setSingleShot(true);
    m_timer.setInterval(DefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        QString error;
        if (!saveNow(&error))
            emit saveFailed(error);
    });
}

RecoveryAutosaver::~RecoveryAutosaver() = default;

void RecoveryAutosaver::changed(const InvestigationFile &workspace)
{
    m_pending = workspace;
    m_hasPending = true;
    // Not restarted on every change: a user typing without pause is still saved each interval.
    if (!m_timer.isActive())
        m_timer.start();
}

bool RecoveryAutosaver::saveNow(QString *error)
{
    m_timer.stop();
    if (!m_hasPending)
        return true;
    QSaveFile file(m_path);
    const QByteArray bytes = recoveryBytes(m_pending, m_workspacePath);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = Tr::tr("The recovery file %1 could not be written: %2")
                         .arg(m_path, file.errorString());
        return false;
    }
    m_hasPending = false;
    return true;
}

void RecoveryAutosaver::discard()
{
    m_timer.stop();
    m_hasPending = false;
    QFile::remove(m_path);
}

} // namespace Twinscope::Core
