// Directives of the lookup operators: SecGeoLookupDb (@geoLookup), SecHttpBlKey and
// SecRblResolver (@rbl), and SecGsbLookupDb, which Rampart refuses because the service is gone.
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_geo_lookup_db(DirectiveContext& ctx);
std::optional<std::string> handle_gsb_lookup_db(DirectiveContext& ctx);
std::optional<std::string> handle_httpbl_key(DirectiveContext& ctx);
std::optional<std::string> handle_rbl_resolver(DirectiveContext& ctx);

}  // namespace rampart::config
