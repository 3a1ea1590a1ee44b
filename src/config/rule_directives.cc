// SecRule, SecAction, SecMarker, SecDefaultAction and SecRuleRemoveById: the directives that
// define and remove rules.
#include <charconv>
#include <filesystem>

#include "config/directive_handlers.h"
#include "config/rule_parser.h"
#include "engine/collection.h"
#include "log/alert.h"
#include "log/audit_log.h"
#include "lua/script.h"

namespace rampart::config {

namespace {

std::string base_dir_of(const SourceLocation& where) {
  return std::filesystem::path(where.file).parent_path().string();
}

bool has_id(const Config::Impl& cfg, std::string_view id) {
  for (const auto& r : cfg.rules)
    if (!r->is_marker && r->id == id) return true;
  return false;
}

// A chain link may not carry what belongs to the chain as a whole (ModSecurity v2 rejects these).
std::optional<std::string> check_link_actions(const ActionSet& a) {
  if (a.disruptive != Disruptive::kUnset)
    return "disruptive actions can only be specified by the chain starter";
  if (!a.id.empty() || a.phase || a.msg || a.logdata || a.severity || !a.tags.empty() ||
      !a.rev.empty() || !a.ver.empty() || a.maturity || a.accuracy)
    return "metadata actions (id, phase, msg, logdata, severity, tag, rev, ver, maturity, "
           "accuracy) can only be specified by the chain starter";
  if (a.skip || !a.skip_after.empty())
    return "skip and skipAfter can only be specified by the chain starter";
  return std::nullopt;
}

// Adds a parsed rule: as a new rule, or as the next link of the chain being defined.
std::optional<std::string> add_rule(Config::Impl& cfg, std::shared_ptr<Rule> rule) {
  if (cfg.open_chain) {
    if (auto err = check_link_actions(rule->actions)) return err;
    if (cfg.open_chain->where.file != rule->where.file)
      return "the chain started at " + cfg.open_chain->where.file + ":" +
             std::to_string(cfg.open_chain->where.line) + " is left open at the end of its file";
    rule->phase = cfg.open_chain->phase;
    rule->starter = cfg.open_chain.get();
    apply_defaults(cfg.default_actions(rule->phase), *rule);
    bool more = rule->actions.chain;
    auto link = std::make_shared<Rule>(std::move(*rule));
    link->starter = cfg.open_chain.get();
    Rule* raw = link.get();
    cfg.open_chain_last->next = std::move(link);
    cfg.open_chain_last = raw;
    if (!more) {
      cfg.rules.push_back(std::move(cfg.open_chain));
      cfg.open_chain.reset();
      cfg.open_chain_last = nullptr;
    }
    return std::nullopt;
  }
  if (rule->actions.id.empty())
    return "rule has no id: every SecRule and SecAction needs an id action, e.g. \"id:1000\"";
  if (has_id(cfg, rule->actions.id))
    return "duplicate rule id " + rule->actions.id + ": another rule in this context has it";
  rule->id = rule->actions.id;
  rule->phase = rule->actions.phase.value_or(2);
  rule->starter = rule.get();
  apply_defaults(cfg.default_actions(rule->phase), *rule);
  Disruptive d = rule->actions.disruptive;
  if (rule->phase == 5 &&
      (d == Disruptive::kDeny || d == Disruptive::kDrop || d == Disruptive::kRedirect))
    return "phase 5 (logging) runs after the response was sent: its rules cannot deny, drop or "
           "redirect; use pass";
  if (rule->actions.chain) {
    cfg.open_chain = std::move(rule);
    cfg.open_chain_last = cfg.open_chain.get();
    return std::nullopt;
  }
  cfg.rules.push_back(std::move(rule));
  return std::nullopt;
}

bool parse_long(std::string_view s, long& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// The rule as v2 prints it in audit part K: a chain starter's actions merged with the
// SecDefaultAction of its phase, a link's as written.
std::string unparsed(const Config::Impl& cfg, std::string_view directive,
                     const std::vector<std::string>& words, const Rule& rule) {
  if (cfg.open_chain) return log::rule_text(directive, words, nullptr);
  return log::rule_text(directive, words,
                        &cfg.default_actions(rule.actions.phase.value_or(2)).text);
}

}  // namespace

// SecRuleScript FILE ["ACTIONS"]: a rule whose match a Lua script decides (src/lua/script.h);
// FILE is relative to the including file. The actions are those of SecAction (id, phase …).
std::optional<std::string> handle_sec_rule_script(DirectiveContext& ctx) {
  auto rule = std::make_shared<Rule>();
  rule->where = ctx.where;
  std::string base = base_dir_of(ctx.where);
  std::filesystem::path path(ctx.words[0]);
  if (path.is_relative()) path = std::filesystem::path(base) / path;
  std::string error;
  std::shared_ptr<const lua::Script> script = lua::Script::load(path.string(), error);
  if (!script) return "SecRuleScript: " + error;
  rule->script = std::move(script);
  if (ctx.words.size() > 1) {
    if (auto err = parse_actions(ctx.words[1], base, rule->actions)) return err;
  }
  rule->unparsed = unparsed(ctx.cfg, "SecRuleScript", ctx.words, *rule);
  return add_rule(ctx.cfg, std::move(rule));
}

std::optional<std::string> handle_sec_rule(DirectiveContext& ctx) {
  auto rule = std::make_shared<Rule>();
  rule->where = ctx.where;
  std::string base = base_dir_of(ctx.where);
  if (auto err = parse_targets(ctx.words[0], *rule)) return err;
  if (auto err = parse_operator(ctx.words[1], base, *rule, ctx.cfg.compile_cache.get())) return err;
  if (ctx.words.size() > 2) {
    if (auto err = parse_actions(ctx.words[2], base, rule->actions)) return err;
  }
  rule->unparsed = unparsed(ctx.cfg, "SecRule", ctx.words, *rule);
  return add_rule(ctx.cfg, std::move(rule));
}

std::optional<std::string> handle_sec_action(DirectiveContext& ctx) {
  auto rule = std::make_shared<Rule>();
  rule->where = ctx.where;
  rule->is_action = true;
  rule->op_name = "unconditionalMatch";
  if (auto err = parse_actions(ctx.words[0], base_dir_of(ctx.where), rule->actions)) return err;
  rule->unparsed = unparsed(ctx.cfg, "SecAction", ctx.words, *rule);
  return add_rule(ctx.cfg, std::move(rule));
}

std::optional<std::string> handle_sec_marker(DirectiveContext& ctx) {
  if (ctx.cfg.open_chain) return "SecMarker inside an open chain: the previous rule has 'chain'";
  auto rule = std::make_shared<Rule>();
  rule->where = ctx.where;
  rule->is_marker = true;
  rule->id = ctx.words[0];
  rule->starter = rule.get();
  ctx.cfg.rules.push_back(std::move(rule));
  return std::nullopt;
}

std::optional<std::string> handle_sec_default_action(DirectiveContext& ctx) {
  auto set = std::make_shared<ActionSet>();
  if (auto err = parse_actions(ctx.words[0], base_dir_of(ctx.where), *set)) return err;
  if (!set->phase)
    return "SecDefaultAction needs a phase, e.g. SecDefaultAction \"phase:2,log,auditlog,pass\"";
  if (!set->id.empty() || set->msg || set->logdata || set->severity || !set->tags.empty() ||
      !set->rev.empty() || !set->ver.empty())
    return "SecDefaultAction may not contain metadata actions (id, msg, logdata, severity, tag, "
           "rev, ver)";
  if (set->chain || set->skip || !set->skip_after.empty())
    return "SecDefaultAction may not contain chain, skip or skipAfter";
  if (!set->actions.empty() || set->capture || set->multi_match || set->maturity || set->accuracy)
    return "SecDefaultAction may not contain setvar, capture, multiMatch, maturity or accuracy: "
           "put them on the rules";
  if (set->disruptive == Disruptive::kUnset)
    return "SecDefaultAction needs a disruptive action, e.g. \"phase:2,log,auditlog,pass\"";
  set->text = ctx.words[0];
  ctx.cfg.defaults[*set->phase] = std::move(set);
  return std::nullopt;
}

std::optional<std::string> handle_sec_rule_remove_by_id(DirectiveContext& ctx) {
  for (const std::string& w : ctx.words) {
    IdRange range;
    size_t dash = w.find('-', 1);
    bool ok = dash == std::string::npos
                  ? parse_long(w, range.first)
                  : parse_long(std::string_view(w).substr(0, dash), range.first) &&
                        parse_long(std::string_view(w).substr(dash + 1), range.last);
    if (dash == std::string::npos) range.last = range.first;
    if (!ok || range.first > range.last)
      return "SecRuleRemoveById takes rule ids and ranges such as 1000 or 1000-1999, got '" + w +
             "'";
    ctx.cfg.removed_ids.push_back(range);
    remove_rules_by_id(ctx.cfg.rules, range);
  }
  return std::nullopt;
}

void remove_rules_by_id(std::vector<std::shared_ptr<const Rule>>& rules, const IdRange& range) {
  std::erase_if(rules, [&](const std::shared_ptr<const Rule>& r) {
    long id = 0;
    return !r->is_marker && parse_long(r->id, id) && range.contains(id);
  });
}

}  // namespace rampart::config
