#pragma once

#include <QString>

namespace Twinscope::Core {

// Input text (an event, tensor or file name, a message quoting a file) for a place where Qt
// guesses rich text: tooltips and QLabel's AutoText render the text as HTML when
// Qt::mightBeRichText() says so, so a slice named <img src="/some/file.png"> would load and show
// that file (issue #31). Text without '<' or '&' comes back unchanged (Qt shows it as plain);
// otherwise it is HTML-escaped inside a paragraph that keeps its line breaks and spaces, so what
// shows is the text itself.
QString plainToolTip(const QString &text);

} // namespace Twinscope::Core
