// Directives that tune the engine itself rather than a body, a log or a collection.
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_pcre_match_limit(DirectiveContext& ctx);
std::optional<std::string> handle_pcre_match_limit_recursion(DirectiveContext& ctx);
std::optional<std::string> handle_cookie_format(DirectiveContext& ctx);
std::optional<std::string> handle_cookie_v0_separator(DirectiveContext& ctx);

}  // namespace rampart::config
