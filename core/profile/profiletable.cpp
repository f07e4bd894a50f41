#include "profiletable.h"

#include "core/common/bytesource.h"
#include "core/common/constants.h"
#include "core/common/pipeline.h"
#include "core/common/tr.h"
#include "tablereading.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

// Cancel is also polled every this many bytes: one record of millions of fields (a CSV a million
// columns wide) would otherwise outrun it (issue #31).
constexpr qint64 PollBytes = 4 * 1024 * 1024;

TableRead countTableRows(std::string_view data, const QString &name)
{
    TableRead out;
    CsvReader reader(data);
    CsvColumns cols;
    if (!readCsvHeader(reader, &cols)) {
        out.error = Error::make(ErrorCode::EmptyFile, Tr::tr("The table is empty."), name);
        return out;
    }
    std::vector<std::string_view> row;
    while (reader.next(row)) {
        if (!isBlankRow(row))
            ++out.rows;
    }
    return out;
}

namespace {

bool readText(std::string_view data, qint64 maxRows, ProfileTable &t)
{
    // MindSpore's op compute time: a banner, a header of whitespace-separated names, a dashed
    // rule, then rows.
    const QString text = QString::fromUtf8(data.data(), qsizetype(data.size()));
    const QStringList lines = text.split(u'\n');
    qsizetype i = 0;
    while (i < lines.size() && !lines[i].contains(u"compute_time"_s))
        ++i;
    if (i == lines.size())
        return false;
    t.header = lines[i].simplified().split(u' ', Qt::SkipEmptyParts);
    for (++i; i < lines.size(); ++i) {
        const QStringList f = lines[i].simplified().split(u' ', Qt::SkipEmptyParts);
        if (f.isEmpty() || f.first().startsWith(u"---"_s))
            continue;
        ++t.totalRows;
        if (qint64(t.rows.size()) < maxRows)
            t.rows.push_back(f);
    }
    return true;
}

} // namespace

Result<ProfileTable> readProfileTable(const QString &path,
                                      qint64 maxRows,
                                      ProgressSink &progress,
                                      const CancelToken &cancel)
{
    return runGuarded<ProfileTable>(path, [&] {
        const QString lower = path.toLower();
        if (lower.endsWith(u".json"_s) || lower.endsWith(u".db"_s))
            return Result<ProfileTable>::failed(Error::make(
                ErrorCode::Unsupported,
                Tr::tr("This file is not a table; the Steps, Kernels, Communication and Memory "
                       "views show what it holds."),
                path));
        Error error;
        auto bytes = ByteSource::open(Source::fromPath(path), &error);
        if (!bytes)
            return Result<ProfileTable>::failed(error);
        auto table = std::make_shared<ProfileTable>();
        table->path = path;
        progress.report(0, Tr::tr("Reading %1").arg(path));
        const std::string_view data = bytes->data();
        if (lower.endsWith(u".txt"_s)) {
            if (!readText(data, maxRows, *table))
                return Result<ProfileTable>::failed(Error::make(
                    ErrorCode::Malformed, Tr::tr("The text table has no header line."), path, 0));
        } else {
            CsvReader reader(data);
            CsvColumns cols;
            if (!readCsvHeader(reader, &cols))
                return Result<ProfileTable>::failed(
                    Error::make(ErrorCode::EmptyFile, Tr::tr("The table is empty."), path));
            table->header = cols.names();
            std::vector<std::string_view> row;
            size_t polledAt = 0;
            while (reader.next(row)) {
                if (isBlankRow(row))
                    continue;
                if ((++table->totalRows % PollRecords) == 0 ||
                    reader.position() - polledAt >= size_t(PollBytes)) {
                    polledAt = reader.position();
                    if (cancel.isCanceled())
                        return Result<ProfileTable>::canceled();
                    progress.reportRange(qint64(reader.position()), qint64(data.size()), 0, 1000);
                }
                if (qint64(table->rows.size()) >= maxRows)
                    continue;
                QStringList cells;
                cells.reserve(qsizetype(row.size()));
                for (std::string_view f : row) {
                    const std::string_view v = csvValue(f);
                    cells << QString::fromUtf8(v.data(), qsizetype(v.size()));
                }
                table->rows.push_back(std::move(cells));
            }
        }
        table->truncated = table->totalRows > qint64(table->rows.size());
        progress.report(1000);
        return Result<ProfileTable>::ok(std::move(table));
    });
}

} // namespace Twinscope::Core
