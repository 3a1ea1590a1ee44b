// Judges one attribute: is it an event handler, a script URL, a script-running style, srcdoc?
#pragma once

#include <string_view>

namespace rampart::operators::xss {

struct Attribute {
  std::string_view name;
  std::string_view value;  // without its quotes
  bool has_value = false;
};

// `in_real_tag`: the attribute follows a tag name the value wrote itself, so any on* name is an
// event handler; otherwise only the known handler names count. `in_meta`: the tag is <meta>,
// whose http-equiv (refresh, set-cookie) acts on the page.
bool judge_attribute(const Attribute& attr, bool in_real_tag, bool in_meta);

}  // namespace rampart::operators::xss
