// The HTML names @detectXSS knows: tags that run or load script, event-handler attributes, and
// attributes whose value is a URL. Lookups ignore case.
#pragma once

#include <string_view>

namespace rampart::operators::xss {

// <script>, <iframe>, <object>, <svg>, ...: tags that are an attack wherever they appear. The
// name may carry a namespace prefix (x:script); only the part after the last ':' counts.
bool is_dangerous_tag(std::string_view name);

// onload, onerror, onmouseover, ...: the DOM's event-handler attributes. Inside a real tag any
// on* name counts (browsers add new events all the time); this list is for values that only
// might be inside a tag, where "onion=3" must stay text.
bool is_known_event_handler(std::string_view name);

// on + at least one more letter.
bool looks_like_event_handler(std::string_view name);

// href, src, action, formaction, background, ...: attributes a browser navigates to or loads,
// where a javascript: URL runs.
bool is_url_attribute(std::string_view name);

bool iequals(std::string_view a, std::string_view b);

}  // namespace rampart::operators::xss
