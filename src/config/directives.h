// The directive table: every Sec* directive the engine knows, with its handler.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "config/config_impl.h"

namespace rampart::config {

struct DirectiveContext {
  Config::Impl& cfg;
  const SourceLocation& where;
  std::string_view raw_args;
  const std::vector<std::string>& words;
};

using DirectiveFn = std::optional<std::string> (*)(DirectiveContext& ctx);

struct DirectiveDef {
  std::string_view name;
  int min_args, max_args;  // -1: any number
  DirectiveFn handle;
};

const DirectiveDef* find_directive(std::string_view name);  // case-insensitive, as httpd
std::span<const std::string_view> directive_names();

}  // namespace rampart::config
