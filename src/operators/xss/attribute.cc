#include "operators/xss/attribute.h"

#include "operators/text_util.h"
#include "operators/xss/names.h"
#include "operators/xss/url_scheme.h"

namespace rampart::operators::xss {

namespace {

// `needle` is lowercase.
bool contains_ci(std::string_view haystack, std::string_view needle) {
  if (needle.size() > haystack.size()) return false;
  for (size_t i = 0; i + needle.size() <= haystack.size(); ++i) {
    if (ascii_lower(static_cast<unsigned char>(haystack[i])) !=
        static_cast<unsigned char>(needle[0]))
      continue;
    if (iequals(haystack.substr(i, needle.size()), needle)) return true;
  }
  return false;
}

// CSS that runs script: IE's expression() and behaviors, Firefox's -moz-binding, script URLs,
// and @import of another style sheet.
bool is_script_style(std::string_view css) {
  constexpr std::string_view kNeedles[] = {"expression", "javascript",   "vbscript", "behavior",
                                           "behaviour",  "-moz-binding", "@import"};
  for (std::string_view needle : kNeedles) {
    if (contains_ci(css, needle)) return true;
  }
  return false;
}

}  // namespace

bool judge_attribute(const Attribute& attr, bool in_real_tag, bool in_meta) {
  std::string_view name = attr.name;
  // In a tag the value wrote, any on* name with a value is an event handler (browsers keep adding
  // events); without a value only a known handler name counts.
  if (in_real_tag && looks_like_event_handler(name) &&
      (attr.has_value || is_known_event_handler(name)))
    return true;
  if (!attr.has_value) return false;
  if (!in_real_tag && is_known_event_handler(name)) return true;
  if (iequals(name, "style")) return is_script_style(attr.value);
  if (iequals(name, "srcdoc")) return true;  // its value is a whole HTML document
  // <meta http-equiv=refresh> navigates (to a javascript: URL in old browsers), set-cookie
  // plants a cookie; other http-equiv values (X-UA-Compatible, Content-Type) are harmless.
  if (in_meta && iequals(name, "http-equiv")) {
    std::string_view v = trim(attr.value);
    return iequals(v, "refresh") || iequals(v, "set-cookie");
  }
  if (is_url_attribute(name) || (in_meta && iequals(name, "content"))) {
    if (has_script_scheme(attr.value)) return true;
    // <meta content="0;url=javascript:..."> puts the URL after "url=".
    if (in_meta) {
      for (size_t i = attr.value.find('='); i != std::string_view::npos;
           i = attr.value.find('=', i + 1)) {
        if (has_script_scheme(attr.value.substr(i + 1))) return true;
      }
    }
  }
  return false;
}

}  // namespace rampart::operators::xss
