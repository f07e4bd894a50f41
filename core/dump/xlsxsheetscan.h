#pragma once

#include <QString>
#include <QStringView>

#include <string>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// What a worksheet reader acts on: start tags (with the cell attributes t, r and s, empty when
// absent), text and end tags, as QXmlStreamReader reports them.
class SheetTokenSink
{
public:
    virtual ~SheetTokenSink() = default;
    virtual void start(QStringView name, QStringView t, QStringView r, QStringView s) = 0;
    virtual void characters(QStringView text) = 0;
    virtual void end(QStringView name) = 0;
};

// A hand tokenizer for the plain subset of XML that worksheets are written in: ASCII, elements
// with attributes, text with the predefined and numeric character references, one optional
// UTF-8 XML declaration. Why: QXmlStreamReader reads about 25 MB of XML a CPU-second, and a 2 M-row
// msprobe compare result is 1 GB of sheet XML (42 CPU-s, issue #30); this reads it several times
// faster. It checks what it accepts as strictly as XML does (matching tags, attribute syntax and
// uniqueness, declared prefixes, valid references and characters); anything else it does not
// try to judge (comments, CDATA, DOCTYPE, processing instructions, non-ASCII bytes, a text run or
// tag over 1 MiB, a malformed construct) makes feed() return Fallback, and the caller reads the
// part again with QXmlStreamReader, which decides and words the refusal as before.
class XlsxSheetScanner
{
public:
    enum class Status { More, Fallback };
    explicit XlsxSheetScanner(SheetTokenSink *sink)
        : m_sink(sink)
    {}
    // The next bytes of the part.
    Status feed(std::string_view chunk);
    // After the last chunk: true when the document was complete and well-formed.
    bool finish();

private:
    enum class Step { Done, More, Fallback };
    Step parse();
    Step declaration(size_t *pos);
    Step tag(size_t *pos);
    bool text(std::string_view raw, bool atEnd);
    bool decode(std::string_view raw, QString *out, bool attribute);

    SheetTokenSink *m_sink;
    std::string m_buf;
    bool m_started = false; // the declaration (or its absence) is behind
    bool m_rootSeen = false;
    std::vector<std::string> m_stack;
    struct Prefix
    {
        std::string name;
        size_t depth; // of the element that declares it: in scope while that element is open
    };
    std::vector<Prefix> m_prefixes;
    bool declared(std::string_view prefix) const;
    void leave(size_t depth);
    QString m_name, m_t, m_r, m_s, m_text;
};

} // namespace Twinscope::Core
