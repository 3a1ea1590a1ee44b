// Macro strings such as `HTTP Parameter Pollution (%{TX.1})`: parsed once at config time into
// literal and variable segments, expanded per transaction.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {

struct TransactionState;
namespace variables {
struct VariableDef;
}

class MacroString {
 public:
  MacroString() = default;
  // Splits `text` into segments. `%{NAME}` and `%{COLLECTION.key}` are variable references;
  // a `%{` without a closing `}` stays literal.
  explicit MacroString(std::string_view text);

  bool empty() const { return text_.empty(); }
  bool has_macros() const { return has_macros_; }
  const std::string& text() const { return text_; }

  // Appends the expansion to `out`. A reference to a variable that has no value expands to
  // nothing, as in ModSecurity v2.
  void expand(const TransactionState& tx, std::string& out) const;
  std::string expand(const TransactionState& tx) const {
    std::string out;
    expand(tx, out);
    return out;
  }
  // The text itself when it has no macros (no copy), else its expansion made in `buffer`.
  std::string_view view(const TransactionState& tx, std::string& buffer) const {
    if (!has_macros_) return text_;
    buffer.clear();
    expand(tx, buffer);
    return buffer;
  }

 private:
  struct Segment {
    std::string literal;     // used when collection is empty
    std::string collection;  // upper-case variable name, e.g. "TX", "MATCHED_VAR"
    std::string key;         // may be empty
    const variables::VariableDef* var = nullptr;  // found once here; null: unknown, expands to ""
    bool tx_key = false;   // %{TX.name}: read straight from TX, the commonest reference
    uint32_t tx_hash = 0;  // of the TX name, computed here once
  };
  std::string text_;
  std::vector<Segment> segments_;
  bool has_macros_ = false;
};

}  // namespace rampart
