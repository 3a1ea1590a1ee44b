// Does an attribute value start a URL that runs script (javascript:, vbscript:, data:text/html)?
// Read as a browser reads it: leading spaces and control characters dropped, tabs and line
// breaks inside the scheme ignored, and character references (&#106; &#x6A; &colon; &Tab;)
// decoded, so "  jav&#x09;ascript&colon;" still counts.
#pragma once

#include <string_view>

namespace rampart::operators::xss {

// `rest`, when given, receives the bytes after the scheme (or after data:'s media type).
bool has_script_scheme(std::string_view value, std::string_view* rest = nullptr);

}  // namespace rampart::operators::xss
