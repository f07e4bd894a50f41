#include "pipeline.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

PartsProgress::PartsProgress(ProgressSink &parent, const QStringList &paths, int to)
    : m_parent(parent)
    , m_to(to)
    , m_done(size_t(paths.size()), 0)
{
    for (const QString &p : paths) {
        const qint64 size = std::max<qint64>(1, QFileInfo(p).size());
        m_weight.push_back(size);
        m_total += size;
    }
}

ProgressSink PartsProgress::part(qsizetype index)
{
    return ProgressSink(
        [this, index](int permille, const QString &stage) { report(index, permille, stage); });
}

void PartsProgress::report(qsizetype index, int permille, const QString &stage)
{
    const std::lock_guard<std::mutex> guard(m_lock);
    if (index < 0 || size_t(index) >= m_done.size())
        return;
    m_done[size_t(index)] = permille;
    double sum = 0;
    for (size_t i = 0; i < m_done.size(); ++i)
        sum += double(m_weight[i]) * m_done[i] / 1000.0;
    m_parent.report(int(m_to * sum / double(std::max<qint64>(1, m_total))), stage);
}

Error internalError(const QString &file, const std::exception_ptr &exception)
{
    const QString name = file.isEmpty() ? Tr::tr("the input") : QFileInfo(file).fileName();
    try {
        std::rethrow_exception(exception);
    } catch (const std::bad_alloc &) {
        return Error::make(
            ErrorCode::OutOfMemory,
            Tr::tr("There is not enough memory to finish reading %1; close other files or use a "
                   "machine with more memory.")
                .arg(name),
            file);
    } catch (const std::exception &e) {
        Error error = Error::make(ErrorCode::Internal,
                                  Tr::tr("An internal error stopped the work on %1. Please report "
                                         "it with this file if you can share it.")
                                      .arg(name),
                                  file);
        error.found = QString::fromUtf8(e.what());
        return error;
    } catch (...) {
        Error error = Error::make(ErrorCode::Internal,
                                  Tr::tr("An internal error stopped the work on %1. Please report "
                                         "it with this file if you can share it.")
                                      .arg(name),
                                  file);
        error.found = u"unknown exception"_s;
        return error;
    }
}

} // namespace Twinscope::Core
