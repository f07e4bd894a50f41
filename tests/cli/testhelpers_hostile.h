#pragma once

// The hostile-input suite's harness (issue #16): runs twinscope-cli as a child with a time limit,
// and reports how it ended (exit code, or the signal that killed it), its peak RSS from wait4, and
// its output; watches canary files with inotify (any open is a read outside the inputs); and
// checks inputs byte-identical afterwards.

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

// Sanitizer builds run several times slower and use shadow memory: time limits stretch, and the
// memory bounds (stated for Release) are not checked there.
#if defined(__SANITIZE_ADDRESS__)
#define TWINSCOPE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TWINSCOPE_SANITIZED 1
#endif
#endif
#ifndef TWINSCOPE_SANITIZED
#define TWINSCOPE_SANITIZED 0
#endif

inline int hostileLimitMs(int releaseMs)
{
    return TWINSCOPE_SANITIZED ? releaseMs * 6 : releaseMs;
}

struct HostileRun
{
    bool started = false;
    bool timedOut = false;
    int exitCode = -1; // when it exited
    int signal = 0;    // when a signal ended it
    double seconds = 0;
    double cpuSeconds = 0; // user + system: what the work cost, however busy the machine is
    qint64 peakRssKb = 0;
    QByteArray out, err;

    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    // Exited by itself, in time, with this code.
    bool exited(int code) const { return started && !timedOut && signal == 0 && exitCode == code; }
    QByteArray describe() const
    {
        return "exit " + QByteArray::number(exitCode) + ", signal " + QByteArray::number(signal) +
               (timedOut ? ", timed out" : "") + ", " + QByteArray::number(seconds, 'f', 2) +
               " s (" + QByteArray::number(cpuSeconds, 'f', 2) + " s CPU), peak " +
               QByteArray::number(peakRssKb / 1024) + " MB; stderr: " + err.right(600);
    }
};

// Runs the CLI with args in workDir; kills it (SIGKILL) past limitMs. The peak RSS misses at most
// the last 2 ms of growth before the child exits.
inline HostileRun runHostile(const QStringList &args, int limitMs, const QString &workDir = {})
{
    HostileRun r;
    QTemporaryDir io;
    const QByteArray outPath = QFile::encodeName(io.filePath(QStringLiteral("out")));
    const QByteArray errPath = QFile::encodeName(io.filePath(QStringLiteral("err")));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(
        &actions, 1, outPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(
        &actions, 2, errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const QByteArray dir = QFile::encodeName(workDir);
    if (!workDir.isEmpty())
        posix_spawn_file_actions_addchdir_np(&actions, dir.constData());
    QList<QByteArray> argBytes{QByteArray(TWINSCOPE_CLI)};
    for (const QString &a : args)
        argBytes << a.toUtf8();
    std::vector<char *> argv;
    for (QByteArray &a : argBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    // English messages, whatever the machine's locale.
    QList<QByteArray> envBytes{"LANG=C.UTF-8", "LC_ALL=C.UTF-8"};
    for (char **e = environ; *e; ++e) {
        const QByteArray kv(*e);
        if (!kv.startsWith("LANG=") && !kv.startsWith("LC_ALL="))
            envBytes << kv;
    }
    std::vector<char *> envp;
    for (QByteArray &e : envBytes)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    QElapsedTimer timer;
    timer.start();
    pid_t pid = 0;
    r.started = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data()) == 0;
    posix_spawn_file_actions_destroy(&actions);
    if (!r.started)
        return r;
    int status = 0;
    rusage usage{};
    // Peak RSS from the child's own VmHWM, read while it runs: wait4's ru_maxrss keeps the
    // spawning process's high-water mark across exec, so it would report the test's memory.
    const QByteArray statusPath = "/proc/" + QByteArray::number(pid) + "/status";
    auto sampleHwm = [&] {
        QFile f(QString::fromLatin1(statusPath));
        if (!f.open(QIODevice::ReadOnly))
            return;
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                r.peakRssKb =
                    std::max(r.peakRssKb, line.mid(6).trimmed().split(' ').first().toLongLong());
    };
    for (;;) {
        sampleHwm();
        const pid_t done = wait4(pid, &status, WNOHANG, &usage);
        if (done == pid)
            break;
        if (timer.elapsed() > limitMs) {
            r.timedOut = true;
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            break;
        }
        usleep(2000);
    }
    r.seconds = double(timer.nsecsElapsed()) / 1e9;
    r.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                   double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status) && !r.timedOut)
        r.signal = WTERMSIG(status);
    QFile out(io.filePath(QStringLiteral("out"))), err(io.filePath(QStringLiteral("err")));
    if (out.open(QIODevice::ReadOnly))
        r.out = out.readAll();
    if (err.open(QIODevice::ReadOnly))
        r.err = err.readAll();
    return r;
}

// Reports whether any of the watched files was opened (inotify IN_OPEN/IN_ACCESS): stat and
// realpath, which containment checks use, open nothing.
class CanaryWatch
{
public:
    CanaryWatch() { m_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }
    ~CanaryWatch()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    CanaryWatch(const CanaryWatch &) = delete;
    CanaryWatch &operator=(const CanaryWatch &) = delete;

    bool watch(const QString &path)
    {
        return m_fd >= 0 &&
               inotify_add_watch(m_fd, QFile::encodeName(path).constData(), IN_OPEN | IN_ACCESS) >=
                   0;
    }
    // Events since the last call.
    int opened()
    {
        alignas(inotify_event) char buffer[4096];
        int events = 0;
        for (;;) {
            const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
            if (n <= 0)
                return events;
            for (ssize_t at = 0; at < n;) {
                const auto *e = reinterpret_cast<const inotify_event *>(buffer + at);
                events += (e->mask & (IN_OPEN | IN_ACCESS)) ? 1 : 0;
                at += ssize_t(sizeof(inotify_event) + e->len);
            }
        }
    }

private:
    int m_fd = -1;
};

// sha256 of every regular file under a folder (symlinks and FIFOs are not followed).
inline QMap<QString, QByteArray> fingerprints(const QString &folder)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(
        folder, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        struct stat st;
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        QFile f(path);
        QCryptographicHash h(QCryptographicHash::Sha256);
        if (f.open(QIODevice::ReadOnly))
            h.addData(&f);
        out.insert(path, h.result());
    }
    return out;
}

// One warning kind's total count in a --json answer.
inline qint64 warningCount(const QJsonObject &json, const QString &kind)
{
    qint64 n = 0;
    for (const QJsonValue &w : json.value(QStringLiteral("warnings")).toArray())
        if (w.toObject().value(QStringLiteral("kind")).toString() == kind)
            n += w.toObject().value(QStringLiteral("count")).toInteger();
    return n;
}
