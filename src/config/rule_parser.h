// Parses the three parts of a SecRule — targets, operator, actions — into a Rule.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/rule.h"

namespace rampart::config {

// `ARGS|!ARGS:foo|&TX:score|REQUEST_HEADERS:/^x-/`
std::optional<std::string> parse_targets(std::string_view text, Rule& rule);

// `@rx pattern`, `!@pm a b`, or a bare pattern (which means @rx). `cache` may be null.
std::optional<std::string> parse_operator(std::string_view text, std::string_view base_dir,
                                          Rule& rule, CompileCache* cache = nullptr);

// Parses `text` into `out`.
std::optional<std::string> parse_actions(std::string_view text, std::string_view base_dir,
                                         ActionSet& out);

// Fills the rule's effective actions: its own, then SecDefaultAction of its phase for whatever it
// leaves unset (ModSecurity v2 merges defaults into every rule, chain links included).
void apply_defaults(const ActionSet& defaults, Rule& rule);

}  // namespace rampart::config
