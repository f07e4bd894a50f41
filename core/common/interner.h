#pragma once

#include <QSet>

namespace Twinscope::Core {

// Values that repeat across layers and steps (shapes, op types: "Functional.linear" 10^5 times)
// kept as one shared copy of each distinct value instead of one allocation per tensor (QList and
// QString are implicitly shared). Empty values allocate nothing and are not kept.
template<typename T>
struct Interner
{
    QSet<T> values;
    T intern(T value)
    {
        if (value.isEmpty())
            return value;
        const auto it = values.constFind(value);
        if (it != values.cend())
            return *it;
        values.insert(value);
        return value;
    }
};

} // namespace Twinscope::Core
