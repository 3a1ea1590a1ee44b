// Resolving targets: the fields a Target selects (after selectors, exclusions and counting).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rule.h"
#include "variables/variable.h"

namespace rampart::variables {

// One value a rule will test, with the name ModSecurity logs for it ("ARGS:foo", "REQUEST_URI").
struct Selected {
  const VariableDef* var;
  std::string_view key;
  std::string_view value;
  uint64_t value_hash = 0;  // Field::value_hash: SeededHash of value, or 0 when not known
  std::string name() const;
  // The same without an allocation: a view of the variable's name or key, or of `buf`.
  std::string_view name(std::string& buf) const;
};

// Every value the rule's targets select, in target order, exclusions applied.
void select(const TransactionState& tx, const std::vector<Target>& targets,
            std::vector<Selected>& out);

// The first value of VAR (or VAR:key) — what a macro %{VAR.key} expands to.
std::optional<std::string> first_value(const TransactionState& tx, std::string_view var,
                                       std::string_view key);
// The same for a variable resolved beforehand, appended to `out`; false when there is none.
bool append_first_value(const TransactionState& tx, const VariableDef& var, std::string_view key,
                        std::string& out);

}  // namespace rampart::variables
