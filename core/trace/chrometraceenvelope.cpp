#include "chrometraceparser.h"
#include "tracejsonreader.h"
#include "tracetime.h"

#include <climits>

// The top level of a chrome trace around its event array (object-form keys, junk after it).
namespace Twinscope::Core {

using namespace TraceJson;
using EventReader = TraceJson::Reader;

namespace {

// Reads one top-level member "key": value; returns false at '}' / end / error.
bool readTopMember(EventReader &r, std::string_view text, TraceEnvelope *env, bool *isEvents)
{
    *isEvents = false;
    r.skipWs();
    if (r.peek() != '"')
        return r.error("a quoted key");
    std::string_view keyView;
    if (!r.readString(&keyView))
        return false;
    const std::string key(keyView);
    r.skipWs();
    if (r.peek() != ':')
        return r.error("':'");
    ++r.pos;
    r.skipWs();
    if (key == "traceEvents" && r.peek() == '[') {
        *isEvents = true;
        return true;
    }
    if (key == "displayTimeUnit" && r.peek() == '"') {
        std::string_view v;
        if (!r.readString(&v))
            return false;
        env->displayTimeUnit = QString::fromUtf8(v.data(), qsizetype(v.size()));
        return true;
    }
    if (key == "baseTimeNanoseconds") {
        std::string_view v;
        const bool ok = r.peek() == '"' ? r.readString(&v) : r.readScalar(&v);
        if (!ok)
            return false;
        env->hasBaseTime = parseInt64(v, &env->baseTimeNs);
        return true;
    }
    if (key == "schemaVersion" || key == "deviceProperties")
        env->kineto = true;
    if (key == "distributedInfo" && r.peek() == '{') {
        const qint64 at = r.pos;
        if (!r.skipValue())
            return false;
        // small object: find "rank": <int>
        const std::string_view obj = text.substr(size_t(at), size_t(r.pos - at));
        const size_t k = obj.find("\"rank\"");
        if (k != std::string_view::npos) {
            size_t i = obj.find(':', k);
            if (i != std::string_view::npos) {
                ++i;
                while (i < obj.size() && s_class.ws[uchar(obj[i])])
                    ++i;
                size_t j = i;
                while (j < obj.size() && obj[j] >= '0' && obj[j] <= '9')
                    ++j;
                qint64 rank = -1;
                if (j > i && parseInt64(obj.substr(i, j - i), &rank) && rank < INT_MAX)
                    env->rank = int(rank);
            }
        }
        return true;
    }
    return r.skipValue();
}

} // namespace

TraceEnvelope scanTraceEnvelope(std::string_view text)
{
    TraceEnvelope env;
    EventReader r(text);
    if (text.size() >= 3 && uchar(text[0]) == 0xEF && uchar(text[1]) == 0xBB &&
        uchar(text[2]) == 0xBF)
        r.pos = 3;
    r.skipWs();
    auto fail = [&](const char *expected) {
        env.errorOffset = r.fail != Fail::None ? r.failAt : r.pos;
        env.expected = QString::fromLatin1(r.fail != Fail::None ? r.expected : expected);
        const std::string_view found =
            text.substr(size_t(std::min<qint64>(env.errorOffset, qint64(text.size()))), 12);
        env.found = QString::fromUtf8(found.data(), qsizetype(found.size()));
        return env;
    };
    if (r.peek() == '[') {
        env.arrayBegin = r.pos + 1;
        return env;
    }
    if (r.peek() != '{')
        return fail("'[' or '{'");
    env.objectForm = true;
    ++r.pos;
    for (;;) {
        bool isEvents = false;
        r.skipWs();
        if (r.peek() == '}')
            return fail("\"traceEvents\"");
        if (!readTopMember(r, text, &env, &isEvents))
            return fail("\"traceEvents\"");
        if (isEvents) {
            env.arrayBegin = r.pos + 1;
            return env;
        }
        r.skipWs();
        if (r.peek() == ',') {
            ++r.pos;
            continue;
        }
        return fail("','");
    }
}

bool scanTraceTail(std::string_view text, qint64 from, TraceEnvelope *envelope, qint64 *junkAt)
{
    EventReader r(text);
    r.pos = from;
    if (envelope->objectForm) {
        for (;;) {
            r.skipWs();
            const char c = r.peek();
            if (c == '}') {
                ++r.pos;
                break;
            }
            if (c == ',') {
                ++r.pos;
                r.skipWs();
                if (r.peek() == '}')
                    continue; // trailing comma
                bool isEvents = false;
                TraceEnvelope ignored = *envelope;
                const qint64 before = r.pos;
                if (!readTopMember(r, text, &ignored, &isEvents) || isEvents) {
                    *junkAt = isEvents ? before : (r.fail != Fail::None ? r.failAt : r.pos);
                    return false;
                }
                envelope->displayTimeUnit = ignored.displayTimeUnit;
                envelope->baseTimeNs = ignored.baseTimeNs;
                envelope->hasBaseTime = ignored.hasBaseTime;
                envelope->rank = ignored.rank;
                envelope->kineto = ignored.kineto;
                continue;
            }
            *junkAt = r.pos;
            return false;
        }
    }
    r.skipWs();
    if (!r.atEnd()) {
        *junkAt = r.pos;
        return false;
    }
    return true;
}

} // namespace Twinscope::Core
