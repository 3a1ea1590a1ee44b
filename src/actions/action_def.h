// Actions as written in a rule's action list (`id:1,deny,setvar:tx.a=+1`). Parsing an action
// fills the rule's ActionSet; actions with a run-time effect add an Action object to it. Each
// family has its own file; every name has one row in registry.cc.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/rule.h"

namespace rampart::actions {

enum class Kind { kMetadata, kDisruptive, kFlow, kData, kNonDisruptive };

struct ParseContext {
  ActionSet& set;
  std::string_view base_dir;  // directory of the rule's file
};

// Returns an error message (without file:line) or nothing.
using ParseFn = std::optional<std::string> (*)(ParseContext& ctx, std::string_view value);

enum class Value { kNone, kRequired, kOptional };

struct ActionDef {
  std::string_view name;
  Kind kind;
  Value value;
  ParseFn parse;
};

const ActionDef* find(std::string_view name);  // case-insensitive
std::span<const ActionDef> all();

// Parses a whole action list. Errors name the action and say what is expected.
std::optional<std::string> parse_action_list(std::string_view text, ParseContext& ctx);

}  // namespace rampart::actions
