#include "operators/xss/detect.h"

#include "operators/text_util.h"
#include "operators/xss/html_scanner.h"
#include "operators/xss/url_scheme.h"

namespace rampart::operators::xss {

bool detect(std::string_view value) {
  if (value.empty()) return false;
  // Text between tags: the value brings its own tags.
  if (has_dangerous_markup_start(value) || has_dangerous_tag(value)) return true;
  // Inside an attribute value that is a URL: the value is the URL. Without a tag around it,
  // "javascript: the good parts" is a title; script has a call, an assignment, a template or
  // (data:text/html) markup.
  std::string_view script;
  if (has_script_scheme(value, &script) && script.find_first_of("(=`<") != std::string_view::npos)
    return true;
  // Inside a quoted attribute value: after its own quote the value writes attributes.
  for (char quote : {'"', '\'', '`'}) {
    size_t q = value.find(quote);
    if (q != std::string_view::npos && has_dangerous_attribute(value, q + 1)) return true;
  }
  // Inside an unquoted attribute value: a space ends it, then attributes follow.
  for (size_t i = 0; i < value.size(); ++i) {
    if (is_space(static_cast<unsigned char>(value[i]))) return has_dangerous_attribute(value, i);
  }
  return false;
}

}  // namespace rampart::operators::xss
