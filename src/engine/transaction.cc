#include <algorithm>
#include <random>

#include "body/processor.h"
#include "body/urlencoded.h"
#include "collections/write_back.h"
#include "config/config_impl.h"
#include "engine/collection.h"
#include "engine/evaluator.h"
#include "engine/transaction_state.h"
#include "rampart/transaction.h"

namespace rampart {

TransactionState::TransactionState(const Config& cfg, LogSink& sink) : config(&cfg), log(&sink) {}

std::string_view TransactionState::request_header(std::string_view name) const {
  for (const Param& h : request_headers)
    if (iequals(h.name, name)) return h.value;
  return {};
}

std::string_view TransactionState::response_header(std::string_view name) const {
  for (const Param& h : response_headers)
    if (iequals(h.name, name)) return h.value;
  return {};
}

bool TransactionState::debug_enabled(int level) const {
  const Config::Impl& c = config->impl();
  return c.debug_log != nullptr && level <= settings().debug_log_level.value_or(0);
}

void TransactionState::debug(int level, std::string_view message) const {
  if (!debug_enabled(level)) return;
  config->impl().debug_log->write(level, hostname, this, decoded_uri.empty() ? path : decoded_uri,
                                  message);
  log->debug(level, message);
}

namespace {

// A 27-character id like mod_unique_id's, for servers that do not load it.
std::string make_unique_id() {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@-";
  thread_local std::mt19937_64 rng{std::random_device{}()};
  std::string id(27, 'A');
  for (char& c : id) c = kAlphabet[rng() & 63];
  return id;
}

}  // namespace

Transaction::Transaction(const Config& config, LogSink& log)
    : state_(std::make_unique<State>(config, log)) {}
Transaction::~Transaction() = default;

void Transaction::set_config(const Config& config) {
  state_->config = &config;
  state_->effective_.reset();  // ctl: overrides now apply on top of the new context
}
const Settings& Transaction::settings() const {
  return state_->settings();
}

const Settings& TransactionState::settings() const {
  if (!has_overrides) return config->settings();
  if (!effective_) {
    effective_ = overrides;
    effective_->inherit(config->settings());
  }
  return *effective_;
}

void Transaction::set_connection(std::string_view remote_addr, int remote_port,
                                 std::string_view server_addr, int server_port) {
  state_->remote_addr = remote_addr;
  state_->remote_port = remote_port;
  state_->server_addr = server_addr;
  state_->server_port = server_port;
}

void Transaction::set_request_line(std::string_view request_line, std::string_view method,
                                   std::string_view uri_raw, std::string_view protocol) {
  state_->request_line = request_line;
  state_->method = method;
  state_->uri_raw = uri_raw;
  state_->protocol = protocol;
}

void Transaction::set_uri(std::string_view path, std::string_view query,
                          std::string_view decoded_uri) {
  state_->path = path;
  state_->query = query;
  state_->decoded_uri = decoded_uri;
}

void Transaction::set_hostname(std::string_view hostname) {
  state_->hostname = hostname;
}
void Transaction::set_unique_id(std::string_view id) {
  state_->unique_id = std::string(id);
}

void Transaction::add_request_header(std::string_view name, std::string_view value) {
  state_->request_headers.push_back(Param{name, value});
  if (iequals(name, "Cookie")) body::parse_cookies(value, state_->cookies);
}

void Transaction::add_env(std::string_view name, std::string_view value) {
  state_->env.push_back(Param{name, value});
}

namespace {
bool engine_off(const TransactionState& s) {
  return s.settings().engine_mode() == EngineMode::kOff;
}
// Phases 1-4 stop after a disruption or a full allow; phase 5 always runs.
bool skip_phase(const TransactionState& s, int phase) {
  if (engine_off(s) || s.intervention.disruptive()) return true;
  if (s.allow_all && phase < 5) return true;
  if (s.allow_request && phase <= 2) return true;
  return false;
}
}  // namespace

Intervention Transaction::process_request_headers() {
  State& s = *state_;
  if (s.unique_id.empty()) s.unique_id = make_unique_id();
  body::parse_urlencoded(s, s.query, '&', s.args_get);
  // Chosen before phase 1, as in v2, so phase-1 rules see it and ctl:requestBodyProcessor can
  // override it.
  s.reqbody_processor = body::processor_for_content_type(s.request_header("Content-Type"));
  if (!skip_phase(s, 1)) run_phase(s, 1);
  return s.intervention;
}

bool Transaction::wants_request_body() const {
  return !engine_off(*state_) && settings().inspect_request_body();
}

namespace {
// The processor for this body, made once with its first chunk; null when none applies.
body::Processor* body_processor(TransactionState& s) {
  if (!s.body_processor && !s.reqbody_processor.empty()) {
    if (const body::ProcessorDef* def = body::find_processor(s.reqbody_processor))
      s.body_processor = def->make(s);
  }
  return s.body_processor.get();
}
}  // namespace

BodyResult Transaction::append_request_body(std::string_view chunk) {
  State& s = *state_;
  s.request_body_length += chunk.size();
  body::Processor* processor = body_processor(s);
  // Without files (every body this engine parses so far) the stricter no-files limit applies.
  size_t limit = std::min(settings().max_request_body(), settings().max_request_body_no_files());
  BodyResult result = BodyResult::kOk;
  if (s.request_body.size() + chunk.size() > limit) {
    chunk = chunk.substr(0, limit - s.request_body.size());
    result = BodyResult::kLimitExceeded;
  }
  s.request_body.append(chunk);
  if (processor != nullptr && !chunk.empty()) processor->feed(chunk);
  return result;
}

Intervention Transaction::process_request_body() {
  State& s = *state_;
  if (!s.request_body_processed && settings().inspect_request_body()) {
    s.request_body_processed = true;
    if (s.body_processor) s.body_processor->finish(s.request_body.size() < s.request_body_length);
  }
  if (!skip_phase(s, 2)) run_phase(s, 2);
  return s.intervention;
}

void Transaction::set_response_status(int status, std::string_view protocol) {
  state_->response_status = status;
  state_->response_protocol = protocol;
}

void Transaction::add_response_header(std::string_view name, std::string_view value) {
  state_->response_headers.push_back(Param{name, value});
}

Intervention Transaction::process_response_headers() {
  if (!skip_phase(*state_, 3)) run_phase(*state_, 3);
  return state_->intervention;
}

bool Transaction::wants_response_body(std::string_view content_type) const {
  return !engine_off(*state_) && settings().inspect_response_body() &&
         settings().response_mime_type_inspected(content_type);
}

BodyResult Transaction::append_response_body(std::string_view chunk) {
  State& s = *state_;
  s.response_body_length += chunk.size();
  size_t limit = settings().max_response_body();
  if (s.response_body.size() + chunk.size() > limit) {
    s.response_body.append(chunk.substr(0, limit - s.response_body.size()));
    return BodyResult::kLimitExceeded;
  }
  s.response_body.append(chunk);
  return BodyResult::kOk;
}

Intervention Transaction::process_response_body() {
  if (!skip_phase(*state_, 4)) run_phase(*state_, 4);
  return state_->intervention;
}

void Transaction::process_logging() {
  if (!engine_off(*state_)) run_phase(*state_, 5);
  collections::write_back(*state_);  // after phase 5, as v2 stores collections
}

void Transaction::set_collection_store(CollectionStore* store) {
  state_->persistent.set_store(store ? &store->store() : nullptr);
}

const Intervention& Transaction::intervention() const {
  return state_->intervention;
}
std::string_view Transaction::unique_id() const {
  return state_->unique_id;
}

}  // namespace rampart
