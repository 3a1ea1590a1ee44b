// Sorted tables (checked by static_assert) searched by binary search on the lowercased name.
#include "operators/xss/names.h"

#include <algorithm>

#include "operators/text_util.h"

namespace rampart::operators::xss {

namespace {

constexpr std::string_view kDangerousTags[] = {
    "applet", "base",   "bgsound", "embed",   "frame",    "frameset", "handler",
    "iframe", "ilayer", "import",  "isindex", "layer",    "link",     "listener",
    "object", "script", "style",   "svg",     "vmlframe", "xml",
};

constexpr std::string_view kEventHandlers[] = {
    "onabort",
    "onactivate",
    "onafterprint",
    "onanimationcancel",
    "onanimationend",
    "onanimationiteration",
    "onanimationstart",
    "onauxclick",
    "onbeforeactivate",
    "onbeforecopy",
    "onbeforecut",
    "onbeforedeactivate",
    "onbeforeinput",
    "onbeforepaste",
    "onbeforeprint",
    "onbeforetoggle",
    "onbeforeunload",
    "onbegin",
    "onblur",
    "onbounce",
    "oncancel",
    "oncanplay",
    "oncanplaythrough",
    "onchange",
    "onclick",
    "onclose",
    "oncontextmenu",
    "oncopy",
    "oncuechange",
    "oncut",
    "ondblclick",
    "ondeactivate",
    "ondrag",
    "ondragend",
    "ondragenter",
    "ondragleave",
    "ondragover",
    "ondragstart",
    "ondrop",
    "ondurationchange",
    "onemptied",
    "onend",
    "onended",
    "onerror",
    "onerrorupdate",
    "onfilterchange",
    "onfinish",
    "onfocus",
    "onfocusin",
    "onfocusout",
    "onformdata",
    "onfullscreenchange",
    "ongotpointercapture",
    "onhashchange",
    "onhelp",
    "oninput",
    "oninvalid",
    "onkeydown",
    "onkeypress",
    "onkeyup",
    "onload",
    "onloadeddata",
    "onloadedmetadata",
    "onloadend",
    "onloadstart",
    "onlosecapture",
    "onlostpointercapture",
    "onmessage",
    "onmousedown",
    "onmouseenter",
    "onmouseleave",
    "onmousemove",
    "onmouseout",
    "onmouseover",
    "onmouseup",
    "onmousewheel",
    "onmove",
    "onmoveend",
    "onmovestart",
    "onoffline",
    "ononline",
    "onpagehide",
    "onpageshow",
    "onpaste",
    "onpause",
    "onplay",
    "onplaying",
    "onpointercancel",
    "onpointerdown",
    "onpointerenter",
    "onpointerleave",
    "onpointermove",
    "onpointerout",
    "onpointerover",
    "onpointerrawupdate",
    "onpointerup",
    "onpopstate",
    "onprogress",
    "onpropertychange",
    "onratechange",
    "onreadystatechange",
    "onrepeat",
    "onreset",
    "onresize",
    "onresizeend",
    "onresizestart",
    "onscroll",
    "onscrollend",
    "onsearch",
    "onseeked",
    "onseeking",
    "onselect",
    "onselectionchange",
    "onselectstart",
    "onshow",
    "onstalled",
    "onstart",
    "onstorage",
    "onsubmit",
    "onsuspend",
    "ontimeupdate",
    "ontoggle",
    "ontouchcancel",
    "ontouchend",
    "ontouchmove",
    "ontouchstart",
    "ontransitioncancel",
    "ontransitionend",
    "ontransitionrun",
    "ontransitionstart",
    "onunload",
    "onvolumechange",
    "onwaiting",
    "onwheel",
};

constexpr std::string_view kUrlAttributes[] = {
    "action",   "archive",  "background", "by",       "cite",       "classid", "code",
    "codebase", "data",     "dynsrc",     "folder",   "formaction", "from",    "href",
    "icon",     "longdesc", "lowsrc",     "manifest", "ping",       "poster",  "profile",
    "src",      "to",       "usemap",     "values",
};

static_assert(std::ranges::is_sorted(kDangerousTags));
static_assert(std::ranges::is_sorted(kEventHandlers));
static_assert(std::ranges::is_sorted(kUrlAttributes));

constexpr size_t kLongestName = 32;

template <size_t N>
bool contains(const std::string_view (&table)[N], std::string_view name) {
  if (name.size() > kLongestName) return false;
  char buf[kLongestName];
  for (size_t i = 0; i < name.size(); ++i) {
    buf[i] = static_cast<char>(ascii_lower(static_cast<unsigned char>(name[i])));
  }
  return std::ranges::binary_search(table, std::string_view(buf, name.size()));
}

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(static_cast<unsigned char>(a[i])) !=
        ascii_lower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

bool is_dangerous_tag(std::string_view name) {
  size_t colon = name.rfind(':');
  if (colon != std::string_view::npos) name.remove_prefix(colon + 1);
  return contains(kDangerousTags, name);
}

bool is_known_event_handler(std::string_view name) {
  return contains(kEventHandlers, name);
}

bool looks_like_event_handler(std::string_view name) {
  if (name.size() < 3 || !iequals(name.substr(0, 2), "on")) return false;
  unsigned char c = ascii_lower(static_cast<unsigned char>(name[2]));
  return c >= 'a' && c <= 'z';
}

bool is_url_attribute(std::string_view name) {
  // xlink:href, data-src and friends: what matters is the last part.
  return contains(kUrlAttributes, name) || ends_with_ci(name, "href") || ends_with_ci(name, "src");
}

}  // namespace rampart::operators::xss
