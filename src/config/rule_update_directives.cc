// Directives that change rules already defined: SecRuleRemoveByTag/ByMsg,
// SecRuleUpdateTargetById/ByTag/ByMsg and SecRuleUpdateActionById. They act on the rules of the
// current context that precede them (inherited ones included); a rule shared with a parent
// context is copied first, so the parent keeps its own.
#include <array>
#include <charconv>
#include <functional>

#include "config/directive_handlers.h"
#include "config/rule_parser.h"
#include "engine/collection.h"

namespace rampart::config {

namespace {

// Runs `change` on every starter rule `m` selects, on a copy, so a rule that another context
// shares is never changed under it.
template <typename F>
std::optional<std::string> update_rules(std::vector<std::shared_ptr<const Rule>>& rules,
                                        const RuleMatcher& m, F&& change) {
  RegexScratch scratch;
  for (auto& ptr : rules) {
    if (ptr->is_marker || !m.matches(*ptr, scratch)) continue;
    std::shared_ptr<Rule> copy = std::make_shared<Rule>(*ptr);
    copy->starter = copy.get();
    if (auto err = change(*copy)) return err;
    ptr = std::move(copy);
  }
  return std::nullopt;
}

// Applies `change` to the rules of this context now and records it for the rules this context
// will inherit (see Config::Impl::inherited_updates). Errors only count for this context's rules.
template <typename F>
std::optional<std::string> update_everywhere(Config::Impl& cfg, std::vector<RuleMatcher> matchers,
                                             F change) {
  for (const RuleMatcher& m : matchers)
    if (auto err = update_rules(cfg.rules, m, change)) return err;
  cfg.inherited_updates.push_back(
      [matchers = std::move(matchers), change](std::vector<std::shared_ptr<const Rule>>& rules) {
        for (const RuleMatcher& m : matchers) update_rules(rules, m, change);
      });
  return std::nullopt;
}

// "942100", "942100-942199", or several of them separated by commas or spaces.
std::optional<std::string> id_matchers(std::string_view spec, std::vector<RuleMatcher>& out) {
  size_t i = 0;
  while (i < spec.size()) {
    size_t end = spec.find_first_of(", ", i);
    if (end == std::string_view::npos) end = spec.size();
    if (end > i) {
      std::string error;
      auto m = RuleMatcher::make(RuleMatcher::Kind::kId, spec.substr(i, end - i), error);
      if (!m) return error;
      out.push_back(*m);
    }
    i = end + 1;
  }
  if (out.empty()) return "expected a rule id or range";
  return std::nullopt;
}

std::optional<std::string> matchers_for(RuleMatcher::Kind kind, std::string_view spec,
                                        std::vector<RuleMatcher>& out) {
  if (kind == RuleMatcher::Kind::kId) return id_matchers(spec, out);
  std::string error;
  auto m = RuleMatcher::make(kind, spec, error);
  if (!m) return error;
  out.push_back(*m);
  return std::nullopt;
}

// Appends the targets in `text` to the rule, or puts them in place of the target written
// `replaced`.
std::optional<std::string> update_targets(Rule& rule, std::string_view text,
                                          const std::string* replaced) {
  Rule parsed;
  if (auto err = parse_targets(text, parsed)) return err;
  if (replaced == nullptr) {
    for (Target& t : parsed.targets) rule.targets.push_back(std::move(t));
    return std::nullopt;
  }
  for (size_t i = 0; i < rule.targets.size(); ++i) {
    if (rule.targets[i].text != *replaced) continue;
    rule.targets.erase(rule.targets.begin() + static_cast<long>(i));
    rule.targets.insert(rule.targets.begin() + static_cast<long>(i),
                        std::make_move_iterator(parsed.targets.begin()),
                        std::make_move_iterator(parsed.targets.end()));
    return std::nullopt;
  }
  return "rule " + rule.id + " has no target '" + *replaced + "' to replace";
}

std::optional<std::string> update_target_by(RuleMatcher::Kind kind, DirectiveContext& ctx) {
  std::vector<RuleMatcher> matchers;
  if (auto err = matchers_for(kind, ctx.words[0], matchers)) return err;
  std::optional<std::string> replaced;
  if (ctx.words.size() > 2) replaced = ctx.words[2];
  std::string targets = ctx.words[1];
  if (Rule probe; auto err = parse_targets(targets, probe)) return err;
  // Like v2, selecting no rule is not an error.
  return update_everywhere(ctx.cfg, std::move(matchers), [targets, replaced](Rule& r) {
    return update_targets(r, targets, replaced ? &*replaced : nullptr);
  });
}

std::optional<std::string> remove_by(RuleMatcher::Kind kind, DirectiveContext& ctx) {
  std::string error;
  auto m = RuleMatcher::make(kind, ctx.words[0], error);
  if (!m) return error;
  remove_rules_matching(ctx.cfg.rules, *m);
  ctx.cfg.removed_matching.push_back(*m);
  return std::nullopt;
}

// Puts the actions written in `u` over the rule's own: single-valued actions are replaced,
// tags, transformations and run-time actions (setvar, ctl …) are added, t:none clears first.
void overlay(ActionSet& a, const ActionSet& u) {
  if (u.msg) a.msg = u.msg;
  if (u.logdata) a.logdata = u.logdata;
  if (u.severity) a.severity = u.severity;
  if (!u.rev.empty()) a.rev = u.rev;
  if (!u.ver.empty()) a.ver = u.ver;
  if (u.maturity) a.maturity = u.maturity;
  if (u.accuracy) a.accuracy = u.accuracy;
  a.tags.insert(a.tags.end(), u.tags.begin(), u.tags.end());
  if (u.disruptive != Disruptive::kUnset) {
    a.disruptive = u.disruptive;
    a.allow_scope = u.allow_scope;
    a.redirect_url = u.redirect_url;
  }
  if (u.status) a.status = u.status;
  if (u.log) a.log = u.log;
  if (u.auditlog) a.auditlog = u.auditlog;
  a.capture = a.capture || u.capture;
  a.multi_match = a.multi_match || u.multi_match;
  if (u.skip) a.skip = u.skip;
  if (!u.skip_after.empty()) a.skip_after = u.skip_after;
  if (u.transforms_cleared) {
    a.transforms = u.transforms;
    a.transforms_cleared = true;
  } else {
    a.transforms.insert(a.transforms.end(), u.transforms.begin(), u.transforms.end());
  }
  a.actions.insert(a.actions.end(), u.actions.begin(), u.actions.end());
  a.runs_lua = a.runs_lua || u.runs_lua;
}

}  // namespace

void remove_rules_matching(std::vector<std::shared_ptr<const Rule>>& rules, const RuleMatcher& m) {
  RegexScratch scratch;
  std::erase_if(rules, [&](const std::shared_ptr<const Rule>& r) {
    return !r->is_marker && m.matches(*r, scratch);
  });
}

std::optional<std::string> handle_sec_rule_remove_by_tag(DirectiveContext& ctx) {
  return remove_by(RuleMatcher::Kind::kTag, ctx);
}
std::optional<std::string> handle_sec_rule_remove_by_msg(DirectiveContext& ctx) {
  return remove_by(RuleMatcher::Kind::kMsg, ctx);
}
std::optional<std::string> handle_sec_rule_update_target_by_id(DirectiveContext& ctx) {
  return update_target_by(RuleMatcher::Kind::kId, ctx);
}
std::optional<std::string> handle_sec_rule_update_target_by_tag(DirectiveContext& ctx) {
  return update_target_by(RuleMatcher::Kind::kTag, ctx);
}
std::optional<std::string> handle_sec_rule_update_target_by_msg(DirectiveContext& ctx) {
  return update_target_by(RuleMatcher::Kind::kMsg, ctx);
}

namespace {

// ID:N names the N-th link after the chain starter (ID:0 is the starter), as in v2. The chain is
// copied down to that link so that a parent context keeps its own.
std::optional<std::string> on_chain_link(Rule& starter, long offset,
                                         const std::function<void(Rule&)>& change) {
  Rule* at = &starter;
  for (long i = 0; i < offset; ++i) {
    if (!at->next)
      return "SecRuleUpdateActionById: rule " + starter.id + " has no chain link " +
             std::to_string(offset) + " (its chain has " + std::to_string(i) +
             " after the starter)";
    at->next = std::make_shared<Rule>(*at->next);
    at = at->next.get();
  }
  change(*at);
  return std::nullopt;
}

// Splits "ID:N" into the id part and N; N is 0 without a colon.
std::optional<std::string> split_offset(std::string_view& spec, long& offset) {
  size_t colon = spec.find(':');
  offset = 0;
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view n = spec.substr(colon + 1);
  auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), offset);
  if (ec != std::errc() || p != n.data() + n.size() || offset < 0)
    return "SecRuleUpdateActionById: '" + std::string(spec) +
           "': after the colon comes a chain offset (0 for the starter, 1 for the first link)";
  spec = spec.substr(0, colon);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> handle_sec_rule_update_action_by_id(DirectiveContext& ctx) {
  std::string_view spec = ctx.words[0];
  long offset = 0;
  if (auto err = split_offset(spec, offset)) return err;
  std::vector<RuleMatcher> matchers;
  if (auto err = id_matchers(spec, matchers)) return "SecRuleUpdateActionById: " + *err;
  ActionSet update;
  if (auto err = parse_actions(ctx.words[1], "", update)) return err;
  if (!update.id.empty() || update.phase)
    return "SecRuleUpdateActionById cannot change a rule's id or phase";
  if (update.chain) return "SecRuleUpdateActionById cannot add or remove chain";
  if (offset > 0 &&
      (update.disruptive != Disruptive::kUnset || update.skip || !update.skip_after.empty() ||
       update.msg || update.logdata || update.severity || !update.tags.empty()))
    return "SecRuleUpdateActionById " + std::string(ctx.words[0]) +
           ": a chain link takes no disruptive, skip or metadata actions; update the starter "
           "(offset 0) for those";
  // Defaults are those in effect here, for this context's rules and inherited ones alike.
  auto defaults = std::make_shared<std::array<ActionSet, 6>>();
  for (int phase = 1; phase <= 5; ++phase) (*defaults)[phase] = ctx.cfg.default_actions(phase);
  auto shared_update = std::make_shared<const ActionSet>(std::move(update));
  return update_everywhere(
      ctx.cfg, std::move(matchers),
      [shared_update, defaults, offset](Rule& r) -> std::optional<std::string> {
        return on_chain_link(r, offset, [&](Rule& target) {
          overlay(target.actions, *shared_update);
          apply_defaults((*defaults)[target.phase], target);
        });
      });
}

}  // namespace rampart::config
