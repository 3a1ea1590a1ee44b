// Handlers of the directives that choose where persistent collections live (docs/fleet.md):
// SecCollectionStore, SecCollectionStoreTimeout, SecCollectionStoreFailAction,
// SecCollectionStorePasswordFile.
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> collection_store(DirectiveContext& ctx);
std::optional<std::string> collection_store_timeout(DirectiveContext& ctx);
std::optional<std::string> collection_store_fail_action(DirectiveContext& ctx);
std::optional<std::string> collection_store_password_file(DirectiveContext& ctx);

}  // namespace rampart::config
