#pragma once

// Runs twinscope-cli as its own child and measures that child alone: exit code or signal, wall
// and CPU time, peak RSS (wait4), for the hostile-input and race tests (issue #16). QProcess
// cannot say which signal ended a process nor how much memory it took.

#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QStringList>
#include <QTemporaryFile>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
constexpr bool SanitizedBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool SanitizedBuild = true;
#else
constexpr bool SanitizedBuild = false;
#endif
#else
constexpr bool SanitizedBuild = false;
#endif

struct MeasuredRun
{
    int exitCode = -1; // -1 when ended by a signal or the time limit
    int signal = 0;    // the signal that ended it, 0 if none
    bool timedOut = false;
    double wallSeconds = 0;
    double cpuSeconds = 0;
    qint64 maxRssMb = 0;
    QByteArray out, err;
    QString describe() const
    {
        return QStringLiteral("exit %1, signal %2%3, %4 s wall, %5 s CPU, %6 MB; stderr: %7")
            .arg(exitCode)
            .arg(signal)
            .arg(timedOut ? QStringLiteral(" (timed out)") : QString())
            .arg(wallSeconds, 0, 'f', 2)
            .arg(cpuSeconds, 0, 'f', 2)
            .arg(maxRssMb)
            .arg(QString::fromUtf8(err.left(600)));
    }
};

// The measuring middle process: "TEST --measure-child RESULT CLI ARGS..." forks the CLI, waits for
// it and writes its status and rusage to RESULT. Needed because a child spawned from the test
// itself would count the test's pages in its peak RSS (Linux records the old image's high-water
// mark at exec); this middle process has only a few MB when it forks. Call it first in main().
inline int measuredChildMain(int argc, char **argv)
{
    if (argc < 4 || std::strcmp(argv[1], "--measure-child") != 0)
        return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        execv(argv[3], argv + 3);
        _exit(127);
    }
    int status = 0;
    struct rusage ru = {};
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
        return 1;
    FILE *f = std::fopen(argv[2], "w");
    if (!f)
        return 1;
    std::fprintf(f,
                 "%d %ld %ld %ld %ld %ld\n",
                 status,
                 long(ru.ru_maxrss),
                 long(ru.ru_utime.tv_sec),
                 long(ru.ru_utime.tv_usec),
                 long(ru.ru_stime.tv_sec),
                 long(ru.ru_stime.tv_usec));
    std::fclose(f);
    return 0;
}

#define TWINSCOPE_MEASURED_MAIN(TestObject)                                                        \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        if (const int rc = measuredChildMain(argc, argv); rc >= 0)                                 \
            return rc;                                                                             \
        QCoreApplication app(argc, argv);                                                          \
        TestObject test;                                                                           \
        return QTest::qExec(&test, argc, argv);                                                    \
    }

// whileRunning, if given, is called once right after the child started (it may sleep and then
// change the input under the running command).
inline MeasuredRun
runMeasured(const QStringList &args, int timeoutMs, const std::function<void()> &whileRunning = {})
{
    MeasuredRun r;
    QTemporaryFile out, err, result;
    if (!out.open() || !err.open() || !result.open())
        return r;
    std::vector<QByteArray> argBytes{QFile::encodeName(QCoreApplication::applicationFilePath()),
                                     QByteArrayLiteral("--measure-child"),
                                     QFile::encodeName(result.fileName()),
                                     QByteArrayLiteral(TWINSCOPE_CLI)};
    for (const QString &a : args)
        argBytes.push_back(QFile::encodeName(a));
    std::vector<char *> argv;
    for (QByteArray &a : argBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    // English messages whatever the machine.
    std::vector<QByteArray> envBytes{"LANG=C.UTF-8", "LC_ALL=C.UTF-8"};
    for (char **e = environ; *e; ++e) {
        if (std::strncmp(*e, "LANG=", 5) != 0 && std::strncmp(*e, "LC_ALL=", 7) != 0)
            envBytes.emplace_back(*e);
    }
    std::vector<char *> envp;
    for (QByteArray &e : envBytes)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out.handle(), 1);
    posix_spawn_file_actions_adddup2(&actions, err.handle(), 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP); // its own group, killed whole
    posix_spawnattr_setpgroup(&attributes, 0);
    QElapsedTimer timer;
    timer.start();
    pid_t pid = -1;
    const int spawned = posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (spawned != 0)
        return r;
    if (whileRunning)
        whileRunning();
    int status = 0;
    for (;;) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            break;
        if (timer.elapsed() > timeoutMs) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            r.timedOut = true;
            break;
        }
        usleep(2000);
    }
    r.wallSeconds = double(timer.nsecsElapsed()) / 1e9;
    result.seek(0);
    const QList<QByteArray> f = result.readAll().simplified().split(' ');
    if (!r.timedOut && f.size() == 6) {
        const int cliStatus = f[0].toInt();
        r.maxRssMb = f[1].toLongLong() / 1024;
        r.cpuSeconds = double(f[2].toLongLong() + f[4].toLongLong()) +
                       double(f[3].toLongLong() + f[5].toLongLong()) / 1e6;
        if (WIFEXITED(cliStatus))
            r.exitCode = WEXITSTATUS(cliStatus);
        else if (WIFSIGNALED(cliStatus))
            r.signal = WTERMSIG(cliStatus);
    }
    out.seek(0);
    err.seek(0);
    r.out = out.readAll();
    r.err = err.readAll();
    return r;
}
