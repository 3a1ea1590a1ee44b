#include <glob.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/config_impl.h"
#include "config/directive_handlers.h"
#include "config/directives.h"
#include "config/tokenizer.h"
#include "engine/collection.h"

namespace rampart {

std::string ConfigError::to_string() const {
  return where.file + ":" + std::to_string(where.line) + ": " + message;
}

bool Settings::response_mime_type_inspected(std::string_view content_type) const {
  std::string_view type = content_type.substr(0, content_type.find(';'));
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.remove_suffix(1);
  // ModSecurity v2's default list.
  static const std::vector<std::string> kDefault = {"text/plain", "text/html"};
  const auto& types = response_body_mime_types ? *response_body_mime_types : kDefault;
  for (const std::string& t : types)
    if (iequals(t, type)) return true;
  return false;
}

const ActionSet& Config::Impl::default_actions(int phase) const {
  static const ActionSet kDefault = [] {
    ActionSet a;
    a.log = true;
    a.auditlog = true;
    a.disruptive = Disruptive::kPass;
    return a;
  }();
  if (phase >= 1 && phase <= 5 && defaults[phase]) return *defaults[phase];
  return kDefault;
}

const PhasePlan& Config::Impl::phase_plan(int phase) const {
  build_plans();
  return plans_[phase >= 1 && phase <= 5 ? phase : 0];
}

size_t Config::Impl::transform_cache_slots() const {
  build_plans();
  return transform_cache_slots_;
}

bool Config::Impl::rules_read_upload_files() const {
  build_plans();
  return rules_read_upload_files_;
}

namespace {

bool reads_upload_files(const Rule& link) {
  if (link.script || link.actions.runs_lua || link.op_name == "inspectFile") return true;
  for (const Target& t : link.targets) {
    if (t.var != nullptr && (t.var->name == "FILES_TMPNAMES" || t.var->name == "FILES_TMP_CONTENT"))
      return true;
  }
  return false;
}

}  // namespace

void Config::Impl::build_plans() const {
  // Checked first: call_once costs thread-local stores and a pthread_once on every call, and
  // this runs several times per transaction.
  if (plans_ready_.load(std::memory_order_acquire)) return;
  std::call_once(plans_built_, [this] {
    // Room for a few values through each pipeline before the cache grows: a handful of rules
    // with transformations do not pay for clearing CRS's 512 slots in every transaction.
    size_t links = 0;
    for (const auto& r : rules) {
      for (const Rule* link = r.get(); link != nullptr; link = link->next.get()) {
        links += link->transforms.empty() ? 0 : 1;
        rules_read_upload_files_ |= reads_upload_files(*link);
      }
    }
    transform_cache_slots_ = std::bit_ceil(std::clamp<size_t>(4 * links, 16, 512));
    for (int p = 1; p <= 5; ++p) {
      PhasePlan& plan = plans_[p];
      for (const auto& r : rules)
        if (r->is_marker || r->phase == p) plan.push_back(PlannedRule{r.get(), 0});
      for (size_t i = 0; i < plan.size(); ++i) {
        const std::string& target = plan[i].rule->actions.skip_after;
        if (target.empty()) continue;
        size_t j = i + 1;
        while (j < plan.size() && plan[j].rule->id != target) ++j;
        plan[i].resume = static_cast<uint32_t>(j < plan.size() ? j + 1 : plan.size());
      }
    }
    plans_ready_.store(true, std::memory_order_release);
  });
}

Config::Config() : impl_(std::make_unique<Impl>()) {
  impl_->owner = this;
}
Config::~Config() = default;

void Config::use_compile_cache(std::shared_ptr<CompileCache> cache) {
  impl_->compile_cache = std::move(cache);
}

const Settings& Config::settings() const {
  return impl_->settings;
}
size_t Config::rule_count() const {
  return impl_->rules.size();
}
const std::vector<ConfigError>& Config::warnings() const {
  return impl_->warnings;
}

bool Config::is_directive(std::string_view name) {
  return config::find_directive(name) != nullptr;
}
std::span<const std::string_view> Config::directive_names() {
  return config::directive_names();
}

std::optional<ConfigError> Config::apply(std::string_view directive, std::string_view args,
                                         const SourceLocation& where) {
  const config::DirectiveDef* def = config::find_directive(directive);
  if (def == nullptr)
    return ConfigError{where, "unknown directive '" + std::string(directive) + "'"};
  std::vector<std::string> words = config::split_words(args);
  int n = static_cast<int>(words.size());
  if (n < def->min_args || (def->max_args >= 0 && n > def->max_args)) {
    std::string expected = def->min_args == def->max_args ? std::to_string(def->min_args)
                           : def->max_args < 0 ? "at least " + std::to_string(def->min_args)
                                               : std::to_string(def->min_args) + " to " +
                                                     std::to_string(def->max_args);
    return ConfigError{where, std::string(def->name) + " takes " + expected + " argument" +
                                  (expected == "1" ? "" : "s") + ", got " + std::to_string(n) +
                                  " (quote arguments that contain spaces)"};
  }
  config::DirectiveContext ctx{*impl_, where, args, words};
  if (auto err = def->handle(ctx)) {
    std::string msg = *err;
    // Setting directives report "takes …"; prefix the directive so the message stands alone.
    if (msg.rfind("takes ", 0) == 0) msg = std::string(def->name) + " " + msg;
    return ConfigError{where, std::move(msg)};
  }
  return std::nullopt;
}

namespace {

bool is_section_tag(std::string_view directive) {
  return !directive.empty() && directive[0] == '<';
}

std::vector<std::string> expand_include(const std::string& pattern, const std::string& from_file,
                                        bool& had_glob) {
  std::filesystem::path p(pattern);
  if (p.is_relative()) p = std::filesystem::path(from_file).parent_path() / p;
  had_glob = pattern.find_first_of("*?[") != std::string::npos;
  std::vector<std::string> out;
  glob_t g{};
  if (::glob(p.string().c_str(), 0, nullptr, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc; ++i) out.emplace_back(g.gl_pathv[i]);
  }
  globfree(&g);
  return out;
}

}  // namespace

std::optional<ConfigError> Config::load_string(std::string_view text, const std::string& name,
                                               bool ignore_unknown) {
  for (const config::ConfigLine& line : config::read_lines(text)) {
    SourceLocation where{name, line.line};
    if (iequals(line.directive, "Include") || iequals(line.directive, "IncludeOptional")) {
      auto words = config::split_words(line.args);
      if (words.size() != 1) return ConfigError{where, "Include takes one file name or pattern"};
      bool had_glob = false;
      auto files = expand_include(words[0], name, had_glob);
      if (files.empty() && !had_glob && !iequals(line.directive, "IncludeOptional"))
        return ConfigError{where, "Include: no such file '" + words[0] + "'"};
      for (const std::string& f : files)
        if (auto err = load_file(f, ignore_unknown)) return err;
      continue;
    }
    if (is_section_tag(line.directive)) continue;  // <IfModule> & co. are httpd's business
    if (!is_directive(line.directive)) {
      if (ignore_unknown) continue;
      return ConfigError{where, "unknown directive '" + line.directive + "'"};
    }
    if (auto err = apply(line.directive, line.args, where)) return err;
  }
  if (impl_->open_chain && impl_->open_chain->where.file == name) {
    return ConfigError{impl_->open_chain->where,
                       "the rule has 'chain' but is the last rule of its file: add the next link "
                       "or remove 'chain'"};
  }
  return std::nullopt;
}

std::optional<ConfigError> Config::load_file(const std::string& path, bool ignore_unknown) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ConfigError{{path, 0}, "cannot read the file"};
  std::stringstream ss;
  ss << in.rdbuf();
  return load_string(ss.str(), path, ignore_unknown);
}

std::optional<ConfigError> Config::finish() const {
  if (impl_->open_chain) {
    return ConfigError{impl_->open_chain->where,
                       "the rule has 'chain' but no rule follows it: add the next link or "
                       "remove 'chain'"};
  }
  return std::nullopt;
}

namespace {

template <typename T>
void inherit_field(std::optional<T>& child, const std::optional<T>& parent) {
  if (!child) child = parent;
}

}  // namespace

void Settings::inherit(const Settings& parent) {
  Settings& s = *this;
  inherit_field(s.engine, parent.engine);
  inherit_field(s.request_body_access, parent.request_body_access);
  inherit_field(s.response_body_access, parent.response_body_access);
  inherit_field(s.request_body_limit, parent.request_body_limit);
  inherit_field(s.request_body_no_files_limit, parent.request_body_no_files_limit);
  inherit_field(s.request_body_limit_action, parent.request_body_limit_action);
  inherit_field(s.request_body_in_memory_limit, parent.request_body_in_memory_limit);
  inherit_field(s.stream_in_body_inspection, parent.stream_in_body_inspection);
  inherit_field(s.argument_separator, parent.argument_separator);
  inherit_field(s.json_depth_limit, parent.json_depth_limit);
  inherit_field(s.arguments_limit, parent.arguments_limit);
  inherit_field(s.response_body_limit, parent.response_body_limit);
  inherit_field(s.response_body_limit_action, parent.response_body_limit_action);
  // A child's SecResponseBodyMimeType adds to the parent's list, as in v2.
  if (s.response_body_mime_types && parent.response_body_mime_types &&
      !s.response_body_mime_types_cleared) {
    auto types = *parent.response_body_mime_types;
    types.insert(types.end(), s.response_body_mime_types->begin(),
                 s.response_body_mime_types->end());
    s.response_body_mime_types = std::move(types);
  }
  if (!s.response_body_mime_types_cleared)
    inherit_field(s.response_body_mime_types, parent.response_body_mime_types);
  inherit_field(s.stream_out_body_inspection, parent.stream_out_body_inspection);
  inherit_field(s.content_injection, parent.content_injection);
  inherit_field(s.disable_backend_compression, parent.disable_backend_compression);
  inherit_field(s.tmp_dir, parent.tmp_dir);
  inherit_field(s.upload_dir, parent.upload_dir);
  inherit_field(s.upload_keep_files, parent.upload_keep_files);
  inherit_field(s.upload_file_mode, parent.upload_file_mode);
  inherit_field(s.upload_file_limit, parent.upload_file_limit);
  inherit_field(s.tmp_save_uploaded_files, parent.tmp_save_uploaded_files);
  inherit_field(s.data_dir, parent.data_dir);
  inherit_field(s.collection_timeout, parent.collection_timeout);
  inherit_field(s.web_app_id, parent.web_app_id);
  inherit_field(s.collection_map_size, parent.collection_map_size);
  // SecCollectionStore is per collection kind: a child's line replaces only that kind's store.
  if (s.collection_stores && parent.collection_stores) {
    for (const auto& entry : *parent.collection_stores) {
      bool overridden = false;
      for (const auto& mine : *s.collection_stores) overridden |= mine.first == entry.first;
      if (!overridden) s.collection_stores->push_back(entry);
    }
  }
  inherit_field(s.collection_stores, parent.collection_stores);
  inherit_field(s.collection_store_timeout_ms, parent.collection_store_timeout_ms);
  inherit_field(s.collection_store_fail_closed, parent.collection_store_fail_closed);
  inherit_field(s.collection_store_password, parent.collection_store_password);
  inherit_field(s.debug_log, parent.debug_log);
  inherit_field(s.debug_log_level, parent.debug_log_level);
  inherit_field(s.pcre_match_limit, parent.pcre_match_limit);
  inherit_field(s.pcre_match_limit_recursion, parent.pcre_match_limit_recursion);
  inherit_field(s.cookie_format, parent.cookie_format);
  inherit_field(s.cookie_separator, parent.cookie_separator);
  inherit_field(s.intercept_on_error, parent.intercept_on_error);
  inherit_field(s.rule_perf_time, parent.rule_perf_time);
  inherit_field(s.server_signature, parent.server_signature);
  inherit_field(s.sensor_id, parent.sensor_id);
  inherit_field(s.status_engine, parent.status_engine);
  inherit_field(s.alert_log_json, parent.alert_log_json);
  if (!s.unicode_map) s.unicode_map = parent.unicode_map;
  inherit_field(s.conn_engine, parent.conn_engine);
  if (!s.conn_read_limit) s.conn_read_limit = parent.conn_read_limit;
  if (!s.conn_write_limit) s.conn_write_limit = parent.conn_write_limit;
  inherit_field(s.hash_engine, parent.hash_engine);
  inherit_field(s.hash_enforcement, parent.hash_enforcement);
  inherit_field(s.hash_key, parent.hash_key);
  inherit_field(s.hash_key_mode, parent.hash_key_mode);
  inherit_field(s.hash_param, parent.hash_param);
  if (s.hash_methods.empty()) s.hash_methods = parent.hash_methods;
  if (!s.geo_db) s.geo_db = parent.geo_db;
  inherit_field(s.httpbl_key, parent.httpbl_key);
  if (!s.rbl_resolver) s.rbl_resolver = parent.rbl_resolver;
  s.component_signatures.insert(s.component_signatures.begin(), parent.component_signatures.begin(),
                                parent.component_signatures.end());
}

std::unique_ptr<Config> Config::merge(const Config& parent, const Config& child) {
  auto merged = std::make_unique<Config>();
  Impl& m = *merged->impl_;
  const Impl& p = *parent.impl_;
  const Impl& c = *child.impl_;
  m.settings = c.settings;
  m.settings.inherit(p.settings);
  for (int phase = 1; phase <= 5; ++phase)
    m.defaults[phase] = c.defaults[phase] ? c.defaults[phase] : p.defaults[phase];
  m.debug_log = c.debug_log ? c.debug_log : p.debug_log;
  m.audit = c.audit;
  m.audit.inherit(p.audit);
  m.rules.reserve(p.rules.size() + c.rules.size());
  // SecRuleInheritance Off in the child: it starts from its own rules alone, as in v2.
  m.rule_inheritance = c.rule_inheritance;
  if (c.rule_inheritance.value_or(true)) m.rules = p.rules;
  for (const IdRange& r : c.removed_ids) config::remove_rules_by_id(m.rules, r);
  for (const RuleMatcher& r : c.removed_matching) config::remove_rules_matching(m.rules, r);
  for (const auto& update : c.inherited_updates) update(m.rules);
  m.inherited_updates = p.inherited_updates;
  m.inherited_updates.insert(m.inherited_updates.end(), c.inherited_updates.begin(),
                             c.inherited_updates.end());
  m.rules.insert(m.rules.end(), c.rules.begin(), c.rules.end());
  m.removed_ids = p.removed_ids;
  m.removed_ids.insert(m.removed_ids.end(), c.removed_ids.begin(), c.removed_ids.end());
  m.removed_matching = p.removed_matching;
  m.removed_matching.insert(m.removed_matching.end(), c.removed_matching.begin(),
                            c.removed_matching.end());
  return merged;
}

}  // namespace rampart
