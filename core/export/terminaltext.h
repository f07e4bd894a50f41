#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QIODevice>

#include <cstdio>

namespace Twinscope::Core {

// Text that reaches a terminal must not steer it: an event name holding ESC [ 2 J or BEL would
// clear the screen or ring when the CLI prints it (issue #16). Control characters other than
// newline and tab (C0, DEL, and C1 U+0080..U+009F, which some terminals obey as 8-bit controls)
// are written as \u00XX, and the bidirectional embeddings, overrides and isolates (U+202A..U+202E,
// U+2066..U+2069), which make a terminal show a name reversed (issue #31), as \u202E and the like.
// That is also a valid JSON escape of the same character, so JSON output means the same after it;
// other printable text, UTF-8 included, passes unchanged.

// Appends utf8 with its control characters escaped to *out. Returns how many trailing bytes were
// held back because they may start a C1 or bidi character split across two calls (0 to 2).
qsizetype escapeControls(QByteArrayView utf8, QByteArray *out);

// A write-only device over a stdio stream that escapes as above; the CLI's stdout and stderr.
class ControlEscapingDevice : public QIODevice
{
public:
    explicit ControlEscapingDevice(FILE *stream);
    ~ControlEscapingDevice() override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    FILE *m_stream;
    QByteArray m_held; // a byte that may begin a C1 character
};

} // namespace Twinscope::Core
