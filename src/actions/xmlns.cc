// xmlns:prefix=URI: binds a namespace prefix for the XPath expressions of this rule's XML:/xpath
// targets (src/variables/xml.cc), as in v2. Repeat it for several prefixes.
#include "actions/builtin.h"

namespace rampart::actions {

std::optional<std::string> parse_xmlns(ParseContext& ctx, std::string_view v) {
  size_t eq = v.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == v.size())
    return "takes prefix=URI, e.g. xmlns:soap=http://schemas.xmlsoap.org/soap/envelope/";
  std::string_view uri = v.substr(eq + 1);
  // v2 allows the URI quoted; the quotes are not part of it.
  if (uri.size() >= 2 && (uri.front() == '\'' || uri.front() == '"') && uri.back() == uri.front())
    uri = uri.substr(1, uri.size() - 2);
  ctx.set.xml_namespaces.emplace_back(std::string(v.substr(0, eq)), std::string(uri));
  return std::nullopt;
}

}  // namespace rampart::actions
