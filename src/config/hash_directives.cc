// SecHashEngine, SecHashKey, SecHashParam, SecHashMethodRx, SecHashMethodPm: ModSecurity v2's
// signed links (src/hash/hash_engine.h). Example:
//   SecHashEngine On
//   SecHashKey rand KeyOnly
//   SecHashParam hmac
//   SecHashMethodRx HashHref "product_info|list_product"
//   SecRule REQUEST_URI "@validateHash product_info|list_product" "id:1000,phase:2,deny"
#include <random>

#include "config/server_directives.h"
#include "engine/collection.h"
#include "hash/hash_engine.h"

namespace rampart::config {

namespace {

std::optional<std::string> parse_kind(const std::string& v, HashMethod::Kind& kind) {
  if (iequals(v, "HashHref")) {
    kind = HashMethod::Kind::kHref;
  } else if (iequals(v, "HashFormAction")) {
    kind = HashMethod::Kind::kFormAction;
  } else if (iequals(v, "HashIframeSrc")) {
    kind = HashMethod::Kind::kIframeSrc;
  } else if (iequals(v, "HashFrameSrc")) {
    kind = HashMethod::Kind::kFrameSrc;
  } else if (iequals(v, "HashLocation")) {
    kind = HashMethod::Kind::kLocation;
  } else {
    return "takes HashHref, HashFormAction, HashIframeSrc, HashFrameSrc or HashLocation first, "
           "got '" + v + "'";
  }
  return std::nullopt;
}

// 32 random letters and digits, made once when the directive is read (before httpd forks, so
// every child signs with the same key; a restart makes a new one).
std::string random_key() {
  static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device rd;
  std::string key(32, 'A');
  for (char& c : key) c = kAlphabet[rd() % (sizeof kAlphabet - 1)];
  return key;
}

}  // namespace

std::optional<std::string> handle_hash_engine(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    ctx.cfg.settings.hash_engine = true;
  } else if (iequals(v, "Off")) {
    ctx.cfg.settings.hash_engine = false;
  } else {
    return "takes On or Off, got '" + v + "'";
  }
  return std::nullopt;
}

// SecHashKey rand|TEXT [KeyOnly|SessionID|RemoteIP]
std::optional<std::string> handle_hash_key(DirectiveContext& ctx) {
  const std::string& key = ctx.words[0];
  int mode = 0;
  if (ctx.words.size() == 2) {
    const std::string& m = ctx.words[1];
    if (iequals(m, "KeyOnly")) {
      mode = 0;
    } else if (iequals(m, "SessionID")) {
      mode = 1;
    } else if (iequals(m, "RemoteIP")) {
      mode = 2;
    } else {
      return "SecHashKey: the second argument is KeyOnly, SessionID or RemoteIP, got '" + m + "'";
    }
  }
  if (key.empty()) return "SecHashKey takes a key, or rand for a random one";
  ctx.cfg.settings.hash_key = iequals(key, "rand") ? random_key() : key;
  ctx.cfg.settings.hash_key_mode = mode;
  return std::nullopt;
}

std::optional<std::string> handle_hash_param(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (v.empty() || v.find_first_of("&=?# ") != std::string::npos)
    return "SecHashParam takes a query parameter name such as hmac, got '" + v + "'";
  ctx.cfg.settings.hash_param = v;
  return std::nullopt;
}

std::optional<std::string> handle_hash_method_rx(DirectiveContext& ctx) {
  auto method = std::make_shared<HashMethod>();
  if (auto err = parse_kind(ctx.words[0], method->kind)) return "SecHashMethodRx " + *err;
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile(ctx.words[1], 0, error);
  if (!re) return "SecHashMethodRx: invalid regular expression '" + ctx.words[1] + "': " + error;
  method->regex = std::move(re);
  ctx.cfg.settings.hash_methods.push_back(std::move(method));
  return std::nullopt;
}

// Phrases separated by spaces; a link containing any of them (case-insensitive) is signed.
std::optional<std::string> handle_hash_method_pm(DirectiveContext& ctx) {
  auto method = std::make_shared<HashMethod>();
  if (auto err = parse_kind(ctx.words[0], method->kind)) return "SecHashMethodPm " + *err;
  std::string_view list = ctx.words[1];
  size_t i = 0;
  while (i < list.size()) {
    size_t end = list.find(' ', i);
    if (end == std::string_view::npos) end = list.size();
    if (end > i) method->phrases.push_back(to_lower(list.substr(i, end - i)));
    i = end + 1;
  }
  if (method->phrases.empty()) return "SecHashMethodPm takes at least one phrase";
  ctx.cfg.settings.hash_methods.push_back(std::move(method));
  return std::nullopt;
}

}  // namespace rampart::config
