// Handlers of the persistent-collection directives: SecCollectionTimeout, SecWebAppId,
// SecCollectionMapSize (SecDataDir only stores a path and lives in directives.cc).
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> collection_timeout(DirectiveContext& ctx);
std::optional<std::string> web_app_id(DirectiveContext& ctx);
std::optional<std::string> collection_map_size(DirectiveContext& ctx);

}  // namespace rampart::config
