// result.hpp: a value or a human-readable error, for anything that parses
// untrusted input (URL fields, CLI arguments, text boxes).
//
// Why not exceptions: the same parsers run in the browser on every keystroke
// and in libFuzzer; a plain value type keeps the failure path explicit and cheap.
#pragma once
#include <optional>
#include <string>
#include <utility>

namespace shufflelab {

template <typename T>
class Result {
 public:
  static Result ok(T value) { return Result(std::move(value), {}); }
  static Result fail(std::string message) { return Result(std::nullopt, std::move(message)); }

  bool has_value() const { return value_.has_value(); }
  explicit operator bool() const { return has_value(); }
  const T& value() const { return *value_; }
  T& value() { return *value_; }
  const T& operator*() const { return *value_; }
  const T* operator->() const { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  Result(std::optional<T> v, std::string e) : value_(std::move(v)), error_(std::move(e)) {}
  std::optional<T> value_;
  std::string error_;
};

}  // namespace shufflelab
