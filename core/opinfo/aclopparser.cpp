#include "aclopparser.h"

#include <charconv>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

constexpr std::string_view OpTypeKey = "OpType: ";
constexpr std::string_view InputKey = "InputDesc[";
constexpr std::string_view OutputKey = "OutputDesc[";
constexpr std::string_view AttrKey = "Attr: ";

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() &&
           (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

QString toQString(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

bool parseInt(std::string_view s, qint64 *out)
{
    s = trim(s);
    if (s.empty())
        return false;
    const char *end = s.data() + s.size();
    const auto r = std::from_chars(s.data(), end, *out);
    return r.ec == std::errc() && r.ptr == end;
}

// The next descriptor or attribute marker at or after from; npos when none.
size_t nextMarker(std::string_view text, size_t from)
{
    size_t best = std::string_view::npos;
    for (std::string_view key : {InputKey, OutputKey, AttrKey}) {
        const size_t p = text.find(key, from);
        if (p < best)
            best = p;
    }
    return best;
}

// Reads "[...]" with nesting; returns the length including both brackets, or 0 when unclosed.
size_t bracketLength(std::string_view s)
{
    int depth = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '[')
            ++depth;
        else if (s[i] == ']' && --depth == 0)
            return i + 1;
    }
    return 0;
}

void parseDescFields(std::string_view s, TensorDesc *d)
{
    constexpr std::string_view Tag = "[TensorDesc]";
    s = trim(s);
    if (s.substr(0, Tag.size()) == Tag)
        s.remove_prefix(Tag.size());
    bool sawIsConst = false;
    bool broken = false;
    while (!s.empty()) {
        while (!s.empty() && (s.front() == ' ' || s.front() == ','))
            s.remove_prefix(1);
        if (s.empty())
            break;
        const size_t eq = s.find(" = ");
        if (eq == std::string_view::npos) {
            broken = true; // a key without its value: the text stops here
            break;
        }
        const std::string_view key = trim(s.substr(0, eq));
        s.remove_prefix(eq + 3);
        std::string_view value;
        if (key == "Const data") {
            value = trim(s);
            s = {};
            while (!value.empty() && value.back() == ',')
                value.remove_suffix(1);
            d->constData = toQString(value);
            continue;
        }
        if (!s.empty() && s.front() == '[') {
            const size_t n = bracketLength(s);
            if (n == 0) {
                broken = true;
                break;
            }
            value = s.substr(0, n);
            s.remove_prefix(n);
        } else {
            const size_t comma = s.find(',');
            value = trim(s.substr(0, comma));
            s = comma == std::string_view::npos ? std::string_view() : s.substr(comma);
        }
        if (value.empty()) {
            broken = true;
            break;
        }
        qint64 n = 0;
        if (key == "DataType") {
            broken |= !parseInt(value, &n);
            d->dataType = int(n);
        } else if (key == "Format") {
            broken |= !parseInt(value, &n);
            d->format = int(n);
        } else if (key == "StorageFormat") {
            broken |= !parseInt(value, &n);
            d->storageFormat = int(n);
        } else if (key == "Shape") {
            d->hasShape = parseShapeList(value, &d->shape);
            broken |= !d->hasShape;
        } else if (key == "StorageShape") {
            d->hasStorageShape = parseShapeList(value, &d->storageShape);
            broken |= !d->hasStorageShape;
        } else if (key == "shapeRange") {
            d->shapeRange = toQString(value);
        } else if (key == "memtype") {
            broken |= !parseInt(value, &n);
            d->memType = int(n);
        } else if (key == "isConst") {
            sawIsConst = true;
            d->isConst = value == "1" || value == "true";
        } else if (key == "Const Len") {
            broken |= !parseInt(value, &d->constLength);
        }
        // Unknown keys (newer CANN) are skipped: they do not change what we read.
    }
    d->complete = sawIsConst && !broken;
}

} // namespace

bool parseShapeList(std::string_view text, QList<qint64> *out)
{
    text = trim(text);
    out->clear();
    if (text.size() < 2 || text.front() != '[' || text.back() != ']')
        return false;
    std::string_view inner = trim(text.substr(1, text.size() - 2));
    while (!inner.empty()) {
        const size_t comma = inner.find(',');
        qint64 v = 0;
        if (!parseInt(inner.substr(0, comma), &v))
            return false;
        out->append(v);
        if (comma == std::string_view::npos)
            break;
        inner.remove_prefix(comma + 1);
    }
    return true;
}

OpSignature parseAclOpRecord(std::string_view body, bool attrBraceOptional)
{
    OpSignature sig;
    body = trim(body);
    sig.text = toQString(body);
    // "OpType:" without its space: the body was trimmed right after the key.
    if (body.substr(0, OpTypeKey.size() - 1) == OpTypeKey.substr(0, OpTypeKey.size() - 1))
        body.remove_prefix(OpTypeKey.size() - 1);
    const size_t comma = body.find(',');
    sig.opType = toQString(trim(body.substr(0, comma)));
    if (comma == std::string_view::npos || sig.opType.isEmpty()) {
        sig.truncated = true;
        return sig;
    }
    std::string_view rest = body.substr(comma + 1);
    size_t pos = nextMarker(rest, 0);
    if (pos == std::string_view::npos) {
        sig.truncated = true;
        return sig;
    }
    while (pos != std::string_view::npos) {
        if (rest.substr(pos, AttrKey.size()) == AttrKey) {
            std::string_view a = trim(rest.substr(pos + AttrKey.size()));
            sig.hasAttr = true;
            if (!a.empty() && a.front() == '{')
                a.remove_prefix(1);
            else
                sig.truncated = true;
            const size_t close = a.rfind('}');
            if (close != std::string_view::npos) {
                a = a.substr(0, close);
            } else if (!attrBraceOptional) {
                sig.truncated = true;
            }
            sig.attr = toQString(trim(a));
            break;
        }
        const bool input = rest.substr(pos, InputKey.size()) == InputKey;
        const size_t start = pos + (input ? InputKey.size() : OutputKey.size());
        const size_t next = nextMarker(rest, start);
        std::string_view seg = rest.substr(
            start, next == std::string_view::npos ? std::string_view::npos : next - start);
        const size_t close = seg.find("]:");
        TensorDesc d;
        qint64 index = -1;
        if (close == std::string_view::npos || !parseInt(seg.substr(0, close), &index)) {
            sig.truncated = true;
            break;
        }
        parseDescFields(seg.substr(close + 2), &d);
        QList<TensorDesc> &list = input ? sig.inputs : sig.outputs;
        // Indices count up from 0; a gap or a cut descriptor means text was lost, which we report
        // rather than fill in: only complete descriptors are kept.
        if (index != list.size() || !d.complete) {
            sig.truncated = true;
            break;
        }
        list.append(std::move(d));
        pos = next;
    }
    return sig;
}

} // namespace Twinscope::Core
