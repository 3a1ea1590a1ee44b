// ISO 3166-1 country codes: GEO:COUNTRY_CODE3 from GEO:COUNTRY_CODE.
#pragma once

#include <string_view>

namespace rampart::lookups {

// "DE" -> "DEU"; empty when the code is unknown. Upper case in, upper case out.
std::string_view country_code3(std::string_view code2);

}  // namespace rampart::lookups
