// A small JSON reader (one document into a tree) and string escaper, enough for v2's JSON audit
// log and for `rampart log --json` output. Errors give the byte offset so a damaged entry can
// be pointed at.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rampart::logtool::json {

struct Member;

struct Value {
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };
  Type type = Type::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;        // kString; for kNumber the text as written
  std::vector<Value> items;  // kArray
  // kObject, in document order. Not a std::pair<std::string, Value>: a pair needs Value
  // complete, which it is not yet here (clang with libstdc++ refuses it).
  std::vector<Member> members;

  // The member's value, or a shared null value when absent or not an object.
  const Value& operator[](std::string_view key) const;
  bool is_null() const { return type == Type::kNull; }
  std::string_view str() const { return type == Type::kString ? string : std::string_view(); }
  long long integer() const;  // numbers and numeric strings; 0 otherwise
};

struct Member {
  std::string first;  // the name
  Value second;
};

struct ParseError {
  std::size_t offset = 0;
  std::string message;
};

// Parses one document; trailing whitespace is allowed, anything else after it is an error.
bool parse(std::string_view text, Value& out, ParseError& error);

// The value as indented JSON (two spaces a level), for reading by people.
std::string pretty(const Value& v);

// `s` as a JSON string literal, quotes included. Bytes that are not valid UTF-8 become \u00XX
// (as Latin-1), so the output is always valid JSON whatever the log held.
std::string quote(std::string_view s);

}  // namespace rampart::logtool::json
