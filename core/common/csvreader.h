#pragma once

#include "error.h"

#include <QStringList>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// The project's one CSV reader (RFC 4180: quoted fields, "" for a quote, line breaks inside
// quotes), over bytes already in memory. Unquoted fields are views into the data, so a 5 000-row
// kernel table costs no allocation per cell; quoted fields are unescaped into a scratch buffer.
// The MindSpore op-info tables and every profiler table read through it.
class CsvReader
{
public:
    explicit CsvReader(std::string_view data, char separator = ',');

    // The next record into fields; the views stay valid until the next call. A blank line is one
    // empty field. Returns false when the data is used up.
    bool next(std::vector<std::string_view> &fields);

    qint64 line() const { return m_recordLine; }            // 1-based line the record starts on
    qint64 offset() const { return qint64(m_recordStart); } // byte offset of the record
    size_t position() const { return m_pos; }
    bool atEnd() const { return m_pos >= m_data.size(); }
    // The last record opened a quote that the data never closed (a cut file).
    bool unterminatedQuote() const { return m_unterminated; }

private:
    struct Span
    {
        size_t begin;
        size_t size;
        bool scratch;
    };
    std::string_view m_data;
    size_t m_pos = 0;
    size_t m_recordStart = 0;
    qint64 m_line = 1;
    qint64 m_recordLine = 0;
    char m_separator;
    bool m_unterminated = false;
    std::string m_scratch;
    std::vector<Span> m_spans;
};

// A field's value: spaces, tabs and CRs trimmed (torch_npu once wrote a tab inside a quoted start
// time), then one layer of quotes left from triple quoting (shapes are written """8,512""", which
// RFC 4180 reads as "8,512").
std::string_view csvValue(std::string_view field);

// "", "N/A", "NA", "-", "null", "None": the profilers' ways of saying "no value".
bool isMissingValue(std::string_view value);

// Numbers from a cell (after csvValue); nullopt for missing values and junk.
std::optional<double> parseCsvDouble(std::string_view field);
std::optional<qint64> parseCsvInt(std::string_view field);

// A header row looked up by column name, so that readers follow the columns a file has rather
// than their positions (CANN and torch_npu versions add, drop and reorder columns). Names match
// after trimming and without case; a UTF-8 BOM on the first name is ignored.
class CsvColumns
{
public:
    CsvColumns() = default;
    explicit CsvColumns(const std::vector<std::string_view> &header);

    // The index of the first of names that the header has, or -1.
    int find(std::initializer_list<std::string_view> names) const;
    const QStringList &names() const { return m_names; }
    int size() const { return int(m_names.size()); }

private:
    QStringList m_names;
    std::vector<std::string> m_keys; // lower-case, trimmed
};

// The error for a table that lacks a column the reader needs: it names the file and the column.
Error missingColumnError(const QString &file, const QString &column, const CsvColumns &header);

} // namespace Twinscope::Core
