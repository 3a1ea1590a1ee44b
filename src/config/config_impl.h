// The inside of rampart::Config: settings, default actions per phase, and the rules of this
// context (inherited ones included after a merge).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/rule.h"
#include "engine/rule_matcher.h"
#include "log/audit_config.h"
#include "log/debug_log.h"
#include "rampart/config.h"

namespace rampart {

struct IdRange {
  long first = 0, last = 0;
  bool contains(long id) const { return id >= first && id <= last; }
};

// What run_phase walks for one phase: the phase's rules and every marker, in definition order.
// `resume` is where the walk goes on when the rule's skipAfter fires: just past the first later
// entry with that id (a marker, or a rule of the phase), or the end when there is none.
struct PlannedRule {
  const Rule* rule;
  uint32_t resume;
};
using PhasePlan = std::vector<PlannedRule>;

struct Config::Impl {
  Settings settings;
  // SecDefaultAction per phase (index 1..5); the ModSecurity v2 default is "log,auditlog,pass".
  std::array<std::shared_ptr<const ActionSet>, 6> defaults;
  std::vector<std::shared_ptr<const Rule>> rules;  // in definition order, markers included
  std::vector<IdRange> removed_ids;                // SecRuleRemoveById made here, for children
  std::vector<RuleMatcher> removed_matching;       // SecRuleRemoveByTag/ByMsg made here
  // SecRuleUpdateTarget*/SecRuleUpdateActionById made here, replayed on inherited rules when
  // this context is merged under a parent (they change copies, never the parent's rules).
  using RuleUpdate = std::function<void(std::vector<std::shared_ptr<const Rule>>&)>;
  std::vector<RuleUpdate> inherited_updates;

  std::shared_ptr<const log::DebugLogFile> debug_log;  // SecDebugLog, inherited
  log::AuditConfig audit;  // SecAuditEngine, SecAuditLog* (src/log/audit_config.h), inherited

  // SecRuleInheritance (server_directives.cc): unset or On takes the parent's rules on merge.
  std::optional<bool> rule_inheritance;
  std::vector<ConfigError> warnings;            // Config::warnings()
  std::string unicode_map_file;                 // SecUnicodeMapFile, for SecUnicodeCodePage
  bool remote_rules_warn_only = false;          // SecRemoteRulesFailAction Warn
  std::shared_ptr<CompileCache> compile_cache;  // null: every rule compiles its own
  Config* owner = nullptr;  // the Config this is inside of (SecRemoteRules applies text to it)

  // A chain being defined: the starter and the last link (which still has `chain`).
  std::shared_ptr<Rule> open_chain;
  Rule* open_chain_last = nullptr;

  const ActionSet& default_actions(int phase) const;

  // The plan of a phase (1..5), built from `rules` on first use: a per-request walk then touches
  // only the phase's own rules and jumps over skipped ones. Rules must not change after that,
  // which holds once a Config is loaded (it is immutable and shared by threads from then on).
  const PhasePlan& phase_plan(int phase) const;
  // How many slots a transaction's transformation cache starts with (transform_cache.h).
  size_t transform_cache_slots() const;
  // Whether a rule reads uploaded files from disk: FILES_TMPNAMES, FILES_TMP_CONTENT,
  // @inspectFile, or a Lua script (which may read either). Without one, and without
  // SecUploadKeepFiles or SecTmpSaveUploadedFiles, multipart file parts are not written to disk.
  bool rules_read_upload_files() const;

 private:
  void build_plans() const;  // once; a no-op after the first call

  mutable std::once_flag plans_built_;
  mutable std::atomic<bool> plans_ready_{false};
  mutable std::array<PhasePlan, 6> plans_;
  mutable size_t transform_cache_slots_ = 0;
  mutable bool rules_read_upload_files_ = false;
};

}  // namespace rampart
