#pragma once

#include "investigationfile.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <memory>

class QLockFile;

namespace Twinscope::Core {

// Crash recovery for an investigation (issue #15). Each running session owns one recovery file in
// recoveryDirectory(), guarded by a QLockFile: while the session lives its lock is held, so another
// Twinscope never offers it; after a crash or a kill the lock's process is gone, the lock is stale,
// and the file is offered back. Files are written through QSaveFile (temp file + rename): a kill
// during a write leaves the previous complete file.

// QStandardPaths' app-local data folder + "/recovery", or $TWINSCOPE_RECOVERY_DIR when set.
QString recoveryDirectory();

struct RecoveryCandidate
{
    QString recoveryPath;
    QString workspacePath; // the saved file it is the recovery of; empty for an untitled one
    QDateTime savedAt;
};

// Recovery files of sessions that ended without discarding them (their lock is stale or gone),
// newest first. Files that cannot be read are skipped.
QList<RecoveryCandidate> findRecoveryFiles(const QString &directory = recoveryDirectory());

// Reads a recovery file: the workspace as it was (paths absolute) and the file it belonged to.
Result<InvestigationFile> readRecoveryFile(const QString &path, QString *workspacePath = nullptr);
// Removes a recovery file and its lock once the user has restored or declined it.
void discardRecoveryFile(const QString &path);

// Writes the session's recovery file at most `interval` after the first change it is told of
// (never later, however often the notes change), so a crash loses at most that much typing.
class RecoveryAutosaver : public QObject
{
    Q_OBJECT

public:
    static constexpr int DefaultIntervalMs = 2000;

    explicit RecoveryAutosaver(const QString &directory = recoveryDirectory(),
                               QObject *parent = nullptr);
    ~RecoveryAutosaver() override;

    void setInterval(int ms) { m_timer.setInterval(ms); }
    // The saved file the session edits; empty while untitled.
    void setWorkspacePath(const QString &path) { m_workspacePath = path; }
    // Schedules a write of this state.
    void changed(const InvestigationFile &workspace);
    // Writes now (and cancels the scheduled write); false with *error when it could not.
    bool saveNow(QString *error = nullptr);
    // After a successful Save or a clean close: the recovery file is no longer needed.
    void discard();

    QString recoveryPath() const { return m_path; }
    bool isPending() const { return m_timer.isActive(); }

signals:
    void saveFailed(const QString &message);

private:
    QString m_path;
    QString m_workspacePath;
    InvestigationFile m_pending;
    bool m_hasPending = false;
    QTimer m_timer;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace Twinscope::Core
