#include "config/rule_parser.h"

#include "actions/action_def.h"
#include "engine/collection.h"

namespace rampart::config {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Reads one target starting at `i` up to the next top-level '|'. A `/regex/` selector may contain
// '|', so it is scanned to its closing slash; XML's selector is an XPath (`XML:/*|XML://@*` is
// two targets), never a regex.
std::string_view next_target(std::string_view text, size_t& i) {
  size_t start = i;
  bool in_regex = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (in_regex) {
      if (c == '\\') {
        ++i;
      } else if (c == '/') {
        in_regex = false;
      }
      continue;
    }
    if (c == '|') break;
    if (c == '/' && i > 0 && text[i - 1] == ':') {
      std::string_view var = text.substr(start, i - 1 - start);
      while (!var.empty() && (is_space(var.front()) || var.front() == '!' || var.front() == '&'))
        var.remove_prefix(1);
      in_regex = !iequals(var, "XML");
    }
  }
  std::string_view t = text.substr(start, i - start);
  if (i < text.size()) ++i;  // the '|'
  while (!t.empty() && is_space(t.front())) t.remove_prefix(1);
  while (!t.empty() && is_space(t.back())) t.remove_suffix(1);
  return t;
}

}  // namespace

std::optional<std::string> parse_targets(std::string_view text, Rule& rule) {
  size_t i = 0;
  while (i < text.size()) {
    std::string_view t = next_target(text, i);
    if (t.empty()) return "empty target in '" + std::string(text) + "'";
    Target target;
    target.text = std::string(t);
    if (t[0] == '!') {
      target.exclude = true;
      t.remove_prefix(1);
    } else if (t[0] == '&') {
      target.count = true;
      t.remove_prefix(1);
    }
    std::string_view name = t, selector;
    bool has_selector = false;
    if (size_t colon = t.find(':'); colon != std::string_view::npos) {
      name = t.substr(0, colon);
      selector = t.substr(colon + 1);
      has_selector = true;
    }
    target.var = variables::find(name);
    if (target.var == nullptr) {
      return "unknown variable '" + std::string(name) +
             "' (see docs/reference/variables.md for the supported ones)";
    }
    // ENV is looked up by name in the environment, as in v2: it needs a literal name.
    if (target.var->name == "ENV" &&
        (!has_selector || (selector.size() >= 2 && selector[0] == '/')))
      return has_selector ? "ENV takes a variable name, not a regular expression (ENV:NAME)"
                          : "ENV needs a variable name, e.g. ENV:HTTP_PROXY";
    if (has_selector) {
      if (!target.var->collection)
        return "variable " + std::string(target.var->name) +
               " is not a collection and takes no ':" + std::string(selector) + "' selector";
      if (selector.size() >= 2 && selector.front() == '\'' && selector.back() == '\'')
        selector = selector.substr(1, selector.size() - 2);
      if (selector.size() >= 2 && selector.front() == '/' && selector.back() == '/') {
        std::string error;
        target.key_regex =
            Regex::compile(selector.substr(1, selector.size() - 2), Regex::kCaseless, error);
        if (!target.key_regex)
          return "bad regular expression in selector '" + std::string(selector) + "': " + error;
      } else if (selector.empty()) {
        return "empty selector after '" + std::string(name) + ":'";
      } else {
        target.key = std::string(selector);
        if (target.var->compile_key != nullptr) {  // compiled once here, not per request
          std::string error;
          target.compiled_key = target.var->compile_key(target.key, error);
          if (!target.compiled_key)
            return "bad selector '" + std::string(selector) + "' of " +
                   std::string(target.var->name) + ": " + error;
        }
      }
    } else if (target.exclude) {
      return "exclusion '!" + std::string(name) + "' needs a selector, e.g. !" + std::string(name) +
             ":name";
    }
    rule.targets.push_back(std::move(target));
  }
  if (rule.targets.empty()) return "a rule needs at least one target";
  return std::nullopt;
}

std::optional<std::string> parse_operator(std::string_view text, std::string_view base_dir,
                                          Rule& rule, CompileCache* cache) {
  std::string_view s = text;
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  if (!s.empty() && s[0] == '!') {
    rule.op_negated = true;
    s.remove_prefix(1);
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  }
  std::string_view name = "rx", param = s;
  if (!s.empty() && s[0] == '@') {
    size_t end = 1;
    while (end < s.size() && !is_space(s[end])) ++end;
    name = s.substr(1, end - 1);
    param = s.substr(end);
    while (!param.empty() && is_space(param.front())) param.remove_prefix(1);
  }
  const operators::OperatorDef* def = operators::find(name);
  if (def == nullptr) {
    return "unknown operator '@" + std::string(name) +
           "' (see docs/reference/operators.md for the supported ones)";
  }
  rule.op_name = std::string(def->name);
  rule.op_param_text = std::string(param);
  rule.op_param = MacroString(param);
  operators::OperatorArgs args;
  args.param = param;
  args.param_has_macros = rule.op_param.has_macros();
  args.base_dir = base_dir;
  args.cache = cache;
  std::string error;
  rule.op = def->make(args, error);
  if (!rule.op) return "@" + std::string(def->name) + ": " + error;
  rule.op_value_only = def->value_only && !args.param_has_macros;
  return std::nullopt;
}

std::optional<std::string> parse_actions(std::string_view text, std::string_view base_dir,
                                         ActionSet& out) {
  actions::ParseContext ctx{out, base_dir};
  return actions::parse_action_list(text, ctx);
}

void apply_defaults(const ActionSet& d, Rule& rule) {
  ActionSet& a = rule.actions;
  if (a.disruptive == Disruptive::kUnset) {
    a.disruptive = d.disruptive;
    a.allow_scope = d.allow_scope;
    if (!a.redirect_url) a.redirect_url = d.redirect_url;
  }
  if (a.disruptive == Disruptive::kBlock) {
    // block means "whatever SecDefaultAction of this phase says"; pass when it says block too.
    a.disruptive = d.disruptive == Disruptive::kBlock || d.disruptive == Disruptive::kUnset
                       ? Disruptive::kPass
                       : d.disruptive;
    a.allow_scope = d.allow_scope;
    if (!a.redirect_url) a.redirect_url = d.redirect_url;
    if (!a.status) a.status = d.status;
  }
  if (a.disruptive == Disruptive::kUnset) a.disruptive = Disruptive::kPass;
  if (!a.status) a.status = d.status;
  if (!a.pause_ms) a.pause_ms = d.pause_ms;
  rule.log = a.log.value_or(d.log.value_or(true));
  rule.auditlog = a.auditlog.value_or(d.auditlog.value_or(true));
  rule.transforms.clear();
  if (!a.transforms_cleared) rule.transforms = d.transforms;
  rule.transforms.insert(rule.transforms.end(), a.transforms.begin(), a.transforms.end());
  rule.pipeline_key.clear();
  rule.pipeline_triggers = ByteMask();
  for (const auto* t : rule.transforms) {
    rule.pipeline_key += t->name;
    rule.pipeline_key += ',';
    if (!t->triggers) rule.pipeline_triggers.reset();
    if (rule.pipeline_triggers) rule.pipeline_triggers = *rule.pipeline_triggers | *t->triggers;
  }
  rule.pipeline_hash = std::hash<std::string_view>()(rule.pipeline_key);
}

}  // namespace rampart::config
