#pragma once

#include "diagnostics.h"
#include "error.h"

#include <memory>

namespace Twinscope::Core {

// The outcome of every loader and analysis (docs/DESIGN.md §3): Ok with an immutable value,
// Canceled with nothing, or Failed with an Error. Diagnostics travel with all three.
template<typename T>
class Result
{
public:
    enum class Status { Ok, Canceled, Failed };

    static Result ok(std::shared_ptr<const T> value, Diagnostics diagnostics = {})
    {
        Result r;
        r.m_status = Status::Ok;
        r.m_value = std::move(value);
        r.m_diagnostics = std::move(diagnostics);
        return r;
    }
    static Result canceled()
    {
        Result r;
        r.m_status = Status::Canceled;
        return r;
    }
    static Result failed(Error error, Diagnostics diagnostics = {})
    {
        Result r;
        r.m_status = Status::Failed;
        r.m_error = std::move(error);
        r.m_diagnostics = std::move(diagnostics);
        return r;
    }

    Status status() const { return m_status; }
    bool isOk() const { return m_status == Status::Ok; }
    bool isCanceled() const { return m_status == Status::Canceled; }
    bool isFailed() const { return m_status == Status::Failed; }
    const std::shared_ptr<const T> &value() const { return m_value; }
    const Error &error() const { return m_error; }
    const Diagnostics &diagnostics() const { return m_diagnostics; }

private:
    Status m_status = Status::Canceled;
    std::shared_ptr<const T> m_value;
    Error m_error;
    Diagnostics m_diagnostics;
};

} // namespace Twinscope::Core
