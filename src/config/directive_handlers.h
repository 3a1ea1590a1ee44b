// Handlers of the directives in directives.cc's table.
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_sec_rule(DirectiveContext& ctx);
std::optional<std::string> handle_sec_action(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_script(DirectiveContext& ctx);  // Lua
std::optional<std::string> handle_sec_marker(DirectiveContext& ctx);
std::optional<std::string> handle_sec_default_action(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_remove_by_id(DirectiveContext& ctx);

void remove_rules_by_id(std::vector<std::shared_ptr<const Rule>>& rules, const IdRange& range);
void remove_rules_matching(std::vector<std::shared_ptr<const Rule>>& rules, const RuleMatcher& m);

// rule_update_directives.cc
std::optional<std::string> handle_sec_rule_remove_by_tag(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_remove_by_msg(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_update_target_by_id(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_update_target_by_tag(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_update_target_by_msg(DirectiveContext& ctx);
std::optional<std::string> handle_sec_rule_update_action_by_id(DirectiveContext& ctx);

}  // namespace rampart::config
