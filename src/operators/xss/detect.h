// @detectXSS's decision: would this value run script if a page echoed it?
#pragma once

#include <string_view>

namespace rampart::operators::xss {

// Tries each place the value can land in a page: text between tags, an unquoted attribute
// value, and an attribute value in '...', "..." or `...` (where the value's own quote closes it).
bool detect(std::string_view value);

}  // namespace rampart::operators::xss
