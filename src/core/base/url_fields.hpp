// url_fields.hpp: reading and writing the key=value fields of a link, shared
// by every lab's codec (see url_state.hpp). A bad value never throws: the
// reader records a notice naming the field and leaves the target untouched,
// so that field keeps its current (default) value.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shufflelab {

using FragmentPairs = std::vector<std::pair<std::string, std::string>>;
// Splits "a=1&b=2" (leading '#' optional) into pairs; no percent-decoding is
// needed because every value we write is [0-9A-Za-z_.,+-].
FragmentPairs split_fragment(std::string_view fragment);

class FieldReader {
 public:
  FieldReader(const FragmentPairs& pairs, std::vector<std::string>& notices) : pairs_(pairs), notices_(notices) {}

  // Each returns true when `key` is present and valid (and then writes `out`).
  bool hex(std::string_view key, int max_digits, std::uint64_t& out);
  bool decimal(std::string_view key, std::uint64_t min, std::uint64_t max, std::uint64_t& out);
  bool decimal(std::string_view key, int min, int max, int& out);
  bool word(std::string_view key, std::initializer_list<std::string_view> allowed, std::string& out);
  // Free text limited to [0-9A-Za-z_.,+-] (and the characters of `also`) and max_length characters.
  bool token(std::string_view key, std::size_t max_length, std::string& out, std::string_view also = {});
  bool flag(std::string_view key, bool& out);  // "1" or "0"

  const std::string* raw(std::string_view key) const;  // last occurrence, or null
  void notice(std::string message) { notices_.push_back(std::move(message)); }

 private:
  const FragmentPairs& pairs_;
  std::vector<std::string>& notices_;
};

class FieldWriter {
 public:
  void add(std::string_view key, std::string_view value);
  void add(std::string_view key, std::uint64_t value) { add(key, std::to_string(value)); }
  void add_hex(std::string_view key, std::uint64_t value, int digits);
  const std::string& text() const { return out_; }

 private:
  std::string out_;
};

// The links' format version, and a link to one lab from its fields in link
// order ("#v=1&lab=dice&sides=20..."): what core/url_state writes for a state
// without note, lesson or embed, so a lab can link to another lab without
// the cross-lab layer.
constexpr int kUrlFormatVersion = 1;
std::string lab_link(std::string_view lab_name, const FieldWriter& fields, bool embed = false);

// Shortened, printable copy of untrusted text for messages.
std::string printable_excerpt(std::string_view text);

}  // namespace shufflelab
