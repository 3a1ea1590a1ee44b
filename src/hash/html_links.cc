// Signs the links of an HTML response for SecHashEngine: href of <a>, action of <form>, src of
// <iframe> and <frame>, each when a SecHashMethodRx/Pm of that kind selects it. A tolerant scan
// of tags and attributes (quoted or not, any case), not a full HTML parser: text outside tags,
// comments and scripts are copied unchanged. Example, with SecHashMethodRx HashHref "item":
//   <a href="item.php?id=3">  ->  <a href="item.php?id=3&hmac=5f0c…">
#include <cctype>

#include "engine/collection.h"
#include "engine/transaction_state.h"
#include "hash/hash_engine.h"

namespace rampart::hash {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// The attribute of this tag that holds a link, and its kind; empty when the tag has none.
std::string_view link_attribute(std::string_view tag, HashMethod::Kind& kind) {
  if (iequals(tag, "a")) {
    kind = HashMethod::Kind::kHref;
    return "href";
  }
  if (iequals(tag, "form")) {
    kind = HashMethod::Kind::kFormAction;
    return "action";
  }
  if (iequals(tag, "iframe")) {
    kind = HashMethod::Kind::kIframeSrc;
    return "src";
  }
  if (iequals(tag, "frame")) {
    kind = HashMethod::Kind::kFrameSrc;
    return "src";
  }
  return {};
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

}  // namespace

std::string signed_link(const TransactionState& tx, HashMethod::Kind kind, std::string_view link) {
  const Settings& cfg = tx.settings();
  bool selected = false;
  for (const auto& m : cfg.hash_methods)
    if (m->kind == kind && m->selects(link, tx.scratch)) selected = true;
  if (!selected) return {};
  bool entity_amp = link.find("&amp;") != std::string_view::npos;
  std::string decoded = replace_all(std::string(link), "&amp;", "&");
  std::string path = absolute_path(tx, decoded);
  if (path.empty()) return {};
  std::string_view raw = link.substr(0, link.find('#'));
  std::string_view fragment = link.substr(raw.size());
  std::string out(raw);
  out += raw.find('?') == std::string_view::npos ? "?" : (entity_amp ? "&amp;" : "&");
  out.append(cfg.hash_parameter()).append("=").append(sign(tx, path));
  out.append(fragment);
  return out;
}

bool sign_links(const TransactionState& tx, std::string_view html, std::string& out) {
  bool changed = false;
  size_t copied = 0;  // html[0, copied) is already in out
  size_t i = 0;
  while ((i = html.find('<', i)) != std::string_view::npos) {
    size_t name_at = i + 1;
    size_t name_end = name_at;
    while (name_end < html.size() && std::isalnum(static_cast<unsigned char>(html[name_end])))
      ++name_end;
    HashMethod::Kind kind;
    std::string_view wanted = link_attribute(html.substr(name_at, name_end - name_at), kind);
    i = name_end;
    if (wanted.empty()) continue;
    // Attributes up to the closing '>'.
    while (i < html.size() && html[i] != '>') {
      while (i < html.size() && (is_space(html[i]) || html[i] == '/')) ++i;
      size_t attr_at = i;
      while (i < html.size() && !is_space(html[i]) && html[i] != '=' && html[i] != '>') ++i;
      std::string_view attr = html.substr(attr_at, i - attr_at);
      while (i < html.size() && is_space(html[i])) ++i;
      if (i >= html.size() || html[i] != '=') {
        if (attr.empty() && i < html.size() && html[i] != '>') ++i;  // stray character
        continue;
      }
      ++i;
      while (i < html.size() && is_space(html[i])) ++i;
      size_t value_at = i, value_end = i;
      if (i < html.size() && (html[i] == '"' || html[i] == '\'')) {
        char quote = html[i];
        value_at = i + 1;
        value_end = html.find(quote, value_at);
        if (value_end == std::string_view::npos) return changed;  // unterminated: stop here
        i = value_end + 1;
      } else {
        while (i < html.size() && !is_space(html[i]) && html[i] != '>') ++i;
        value_end = i;
      }
      if (!iequals(attr, wanted)) continue;
      std::string link = signed_link(tx, kind, html.substr(value_at, value_end - value_at));
      if (link.empty()) continue;
      if (!changed) out.clear();
      out.append(html.substr(copied, value_at - copied));
      out.append(link);
      copied = value_end;
      changed = true;
    }
  }
  if (changed) out.append(html.substr(copied));
  return changed;
}

}  // namespace rampart::hash
