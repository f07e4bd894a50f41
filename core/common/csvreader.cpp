#include "csvreader.h"

#include "tr.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

CsvReader::CsvReader(std::string_view data, char separator)
    : m_data(data)
    , m_separator(separator)
{}

bool CsvReader::next(std::vector<std::string_view> &fields)
{
    fields.clear();
    if (m_pos >= m_data.size())
        return false;
    m_spans.clear();
    m_scratch.clear();
    m_unterminated = false;
    m_recordStart = m_pos;
    m_recordLine = m_line;
    const char *d = m_data.data();
    const size_t n = m_data.size();
    size_t i = m_pos;
    for (;;) {
        if (i < n && d[i] == '"') {
            // Quoted field: unescape into the scratch buffer; text after the closing quote up to
            // the separator is kept too (lenient, as Python's csv module is).
            const size_t begin = m_scratch.size();
            ++i;
            bool closed = false;
            while (i < n) {
                const char c = d[i];
                if (c == '"') {
                    if (i + 1 < n && d[i + 1] == '"') {
                        m_scratch.push_back('"');
                        i += 2;
                        continue;
                    }
                    ++i;
                    closed = true;
                    break;
                }
                if (c == '\n')
                    ++m_line;
                m_scratch.push_back(c);
                ++i;
            }
            if (!closed)
                m_unterminated = true;
            while (i < n && d[i] != m_separator && d[i] != '\n') {
                if (d[i] != '\r')
                    m_scratch.push_back(d[i]);
                ++i;
            }
            m_spans.push_back({begin, m_scratch.size() - begin, true});
        } else {
            const size_t begin = i;
            while (i < n && d[i] != m_separator && d[i] != '\n')
                ++i;
            size_t end = i;
            if (end > begin && d[end - 1] == '\r')
                --end;
            m_spans.push_back({begin, end - begin, false});
        }
        if (i < n && d[i] == m_separator) {
            ++i;
            continue;
        }
        break;
    }
    if (i < n && d[i] == '\n') {
        ++i;
        ++m_line;
    }
    m_pos = i;
    fields.reserve(m_spans.size());
    for (const Span &s : m_spans) {
        fields.push_back(s.scratch ? std::string_view(m_scratch).substr(s.begin, s.size)
                                   : m_data.substr(s.begin, s.size));
    }
    return true;
}

std::string_view csvValue(std::string_view field)
{
    auto isBlank = [](char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    };
    while (!field.empty() && isBlank(field.front()))
        field.remove_prefix(1);
    while (!field.empty() && isBlank(field.back()))
        field.remove_suffix(1);
    if (field.size() >= 2 && field.front() == '"' && field.back() == '"') {
        field.remove_prefix(1);
        field.remove_suffix(1);
    }
    return field;
}

bool isMissingValue(std::string_view value)
{
    value = csvValue(value);
    return value.empty() || value == "N/A" || value == "NA" || value == "-" || value == "null" ||
           value == "None" || value == "n/a";
}

std::optional<double> parseCsvDouble(std::string_view field)
{
    const std::string_view v = csvValue(field);
    if (isMissingValue(v))
        return std::nullopt;
    const char *begin = v.data();
    const char *end = v.data() + v.size();
    if (*begin == '+')
        ++begin;
    double out = 0;
    const auto r = std::from_chars(begin, end, out);
    if (r.ec != std::errc() || r.ptr != end || !std::isfinite(out))
        return std::nullopt;
    return out;
}

std::optional<qint64> parseCsvInt(std::string_view field)
{
    const std::string_view v = csvValue(field);
    if (isMissingValue(v))
        return std::nullopt;
    qint64 out = 0;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    if (r.ec != std::errc() || r.ptr != v.data() + v.size())
        return std::nullopt;
    return out;
}

namespace {

std::string headerKey(std::string_view name)
{
    if (name.substr(0, 3) == "\xEF\xBB\xBF")
        name.remove_prefix(3);
    name = csvValue(name);
    std::string key(name);
    std::transform(
        key.begin(), key.end(), key.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return key;
}

} // namespace

CsvColumns::CsvColumns(const std::vector<std::string_view> &header)
{
    m_keys.reserve(header.size());
    for (size_t i = 0; i < header.size(); ++i) {
        std::string_view name = header[i];
        if (i == 0 && name.substr(0, 3) == "\xEF\xBB\xBF")
            name.remove_prefix(3);
        name = csvValue(name);
        m_names.append(QString::fromUtf8(name.data(), qsizetype(name.size())));
        m_keys.push_back(headerKey(name));
    }
}

int CsvColumns::find(std::initializer_list<std::string_view> names) const
{
    for (std::string_view name : names) {
        const std::string key = headerKey(name);
        const auto it = std::find(m_keys.begin(), m_keys.end(), key);
        if (it != m_keys.end())
            return int(it - m_keys.begin());
    }
    return -1;
}

Error missingColumnError(const QString &file, const QString &column, const CsvColumns &header)
{
    Error e = Error::make(
        ErrorCode::Malformed, Tr::tr("The table has no \"%1\" column.").arg(column), file, 0);
    e.line = 1;
    e.expected = column;
    e.found = header.names().join(u","_s).left(400);
    return e;
}

} // namespace Twinscope::Core
