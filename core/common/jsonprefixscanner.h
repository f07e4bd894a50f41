#pragma once

#include <QList>
#include <QString>

#include <string_view>

namespace Twinscope::Core {

// A tolerant look at the start of a JSON document, for sniffing only: it never needs the whole
// document, so a 64 KiB prefix of a 4 GB trace is enough. It records the top-level keys (for an
// object) with the first character of each value, and for a top-level array the keys of its first
// element.
struct JsonPrefixShape
{
    struct Member
    {
        QString key;
        char valueStart = 0;        // '{', '[', '"', 't', 'f', 'n' or a digit/'-'; 0 when cut off
        QString firstStringInValue; // for array/object values: the first string token inside
        QList<QString> childKeys;   // for object values: its own keys seen in the prefix
    };
    char top = 0;               // '{' or '[' or 0 when not JSON
    QList<Member> members;      // top-level object members, or the first array element's members
    char firstElementStart = 0; // for arrays: the first element's first character
    bool firstLineIsComplete = false; // the first line holds one whole JSON value (JSON lines)
    bool secondLineStartsValue = false;

    bool has(const QString &key) const;
    const Member *member(const QString &key) const;
};

JsonPrefixShape scanJsonPrefix(std::string_view text);

} // namespace Twinscope::Core
