#pragma once

#include "tracedataset.h"

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// The args of many events in one pass, in file order: f(k, text) for every k whose event has
// args (text empty when it has none or the file changed). The file is read through a window of
// at most 64 MiB mapped at a time and released after use, so reading the "Task Type" of every
// task of a 1 GB trace keeps about 64 MiB of it resident rather than the whole file. *stale is set
// when the file changed since loading.
enum class ArgsOf { Slices, Instants };
void forEachArgs(const TraceDataset &dataset,
                 ArgsOf kind,
                 const std::vector<quint32> &events,
                 const std::function<void(size_t k, std::string_view text)> &f,
                 bool *stale = nullptr);

// The raw JSON text of a top-level member of an args object ("\"AI_CORE\"", "12345", "[[1, 2]]"),
// or nullopt when the object has no such key or is not an object. Tolerant like the loader:
// never throws, stops at the first malformed byte.
std::optional<std::string_view> argsMember(std::string_view object, std::string_view key);
// The member as a string (quotes removed, escapes decoded) or nullopt when absent or not a string.
std::optional<QString> argsString(std::string_view object, std::string_view key);
// The member as a number (a JSON number or a quoted one) or nullopt.
std::optional<double> argsNumber(std::string_view object, std::string_view key);
// Several numbers in one pass over the object: values[i] for keys[i] (nullopt when absent).
void argsNumbers(std::string_view object,
                 const std::vector<std::string_view> &keys,
                 std::vector<std::optional<double>> *values);

} // namespace Twinscope::Core
