#include <algorithm>
#include <random>

#include "body/cookies.h"
#include "body/processor.h"
#include "body/urlencoded.h"
#include "collections/write_back.h"
#include "config/config_impl.h"
#include "engine/collection.h"
#include "engine/evaluator.h"
#include "engine/transaction_state.h"
#include "hash/hash_engine.h"
#include "log/verdict.h"
#include "rampart/transaction.h"

namespace rampart {

// The PCRE limits are read once, from the server/vhost context (v2 sets them server-wide).
TransactionState::TransactionState(const Config& cfg, LogSink& sink)
    : config(&cfg),
      log(&sink),
      scratch(cfg.settings().regex_match_limit(), cfg.settings().regex_depth_limit()),
      transform_cache(cfg.impl().transform_cache_slots()) {
  use_config(cfg);
}

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

void TransactionState::debug(int level, std::string_view message) const {
  if (!debug_enabled(level)) return;
  config->impl().debug_log->write(level, hostname, this, decoded_uri.empty() ? path : decoded_uri,
                                  message);
  log->debug(level, message);
}

namespace {

// A 27-character id like mod_unique_id's, for servers that do not load it: 6 random bits per
// character, ten characters from each 64-bit draw (each use of a thread_local in the module is a
// call to __tls_get_addr, so three draws rather than one per character).
std::string make_unique_id() {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@-";
  thread_local std::mt19937_64 rng{std::random_device{}()};
  const uint64_t bits[3] = {rng(), rng(), rng()};
  std::string id(27, 'A');
  for (size_t i = 0; i < id.size(); ++i) id[i] = kAlphabet[(bits[i / 10] >> (6 * (i % 10))) & 63];
  return id;
}

}  // namespace

Transaction::Transaction(const Config& config, LogSink& log)
    : state_(std::make_unique<State>(config, log)) {}
Transaction::~Transaction() = default;

void Transaction::set_config(const Config& config) {
  state_->use_config(config);
}

void TransactionState::use_config(const Config& cfg) {
  config = &cfg;
  base_settings_ = &cfg.settings();
  has_debug_log_ = cfg.impl().debug_log != nullptr;
  effective_.reset();  // ctl: overrides now apply on top of the new context
}
const Settings& Transaction::settings() const {
  return state_->settings();
}

const Settings& TransactionState::effective_settings() const {
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

void Transaction::set_server_path(std::string_view path, std::string_view decoded_uri) {
  state_->path = path;
  state_->decoded_uri = decoded_uri;
}

void Transaction::set_hostname(std::string_view hostname) {
  state_->hostname = hostname;
}
void Transaction::set_unique_id(std::string_view id) {
  state_->unique_id = std::string(id);
}

namespace {
// Room for a browser's headers at the first one, instead of regrowing at 1, 2, 4, 8 and 16.
constexpr size_t kTypicalHeaderCount = 24;

void add_header(std::vector<Param>& headers, std::string_view name, std::string_view value) {
  if (headers.empty()) headers.reserve(kTypicalHeaderCount);
  headers.push_back(Param{name, value});
}
}  // namespace

void Transaction::add_request_header(std::string_view name, std::string_view value) {
  add_header(state_->request_headers, name, value);
  if (iequals(name, "Cookie")) {
    const Settings& s = state_->settings();
    if (s.cookie_version() == 1)
      body::parse_cookies_v1(*state_, value, state_->cookies);
    else
      body::parse_cookies_v0(value, s.cookie_v0_separator(), state_->cookies);
  }
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
  std::vector<Param> query_args;
  if (!body::parse_urlencoded(s, s.query, settings().args_separator(), query_args))
    s.urlencoded_error = true;
  body::add_within_arguments_limit(s, query_args, s.args_get);  // SecArgumentsLimit
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

namespace {

// What SecRequestBodyNoFilesLimit counts so far: the processor's non-file bytes. A body no
// processor reads counts only when ctl:forceRequestBodyVariable keeps it for REQUEST_BODY, as in
// v2 (which buffers it only then).
size_t no_files_bytes(const TransactionState& s, size_t inspected) {
  if (s.body_processor) return s.body_processor->non_file_bytes();
  return s.force_request_body_variable ? inspected : 0;
}

enum class BodyLimit { kDeclared, kBody, kNoFiles };

// One limit was reached: log v2's line (once), then deny with 413 (Reject, SecRuleEngine On) or
// go on with the part within the limit (ProcessPartial, DetectionOnly). Over the no-files limit
// REQBODY_ERROR is set as well, as v2 does even with ProcessPartial.
void request_body_limit(const Transaction& t, TransactionState& s, BodyLimit which) {
  const Settings& cfg = s.settings();
  std::string message;
  if (which == BodyLimit::kNoFiles) {
    s.request_body_no_files_hit = true;
    message = "Request body no files data length is larger than the configured limit (" +
              std::to_string(cfg.max_request_body_no_files()) + ").";
  } else {
    if (which == BodyLimit::kBody) s.request_body_limit_hit = true;
    message =
        std::string("Request body ") + (which == BodyLimit::kDeclared ? "(Content-Length) " : "") +
        "is larger than the configured limit (" + std::to_string(cfg.max_request_body()) + ").";
  }
  if (!s.request_body_limit_logged || which == BodyLimit::kNoFiles) t.alert(message);
  s.request_body_limit_logged = true;
  if (cfg.on_request_body_limit() == BodyLimitAction::kReject &&
      cfg.engine_mode() == EngineMode::kOn) {
    s.intervention.kind = Intervention::Kind::kDeny;
    s.intervention.status = 413;
    return;
  }
  if (which == BodyLimit::kNoFiles) {
    s.reqbody_error = true;
    s.reqbody_error_msg = message;
  }
}

}  // namespace

BodyResult Transaction::declare_request_body_length(uint64_t content_length) {
  State& s = *state_;
  const Settings& cfg = settings();
  if (content_length <= cfg.max_request_body()) {
    // One buffer of the size that will be kept, instead of doubling it chunk after chunk: each
    // doubling copies what came so far into fresh pages (large buffers are their own mappings
    // in httpd, apache/memory.cc), which cost more than the copy itself.
    size_t keep = std::min(cfg.max_request_body(), cfg.max_request_body_no_files());
    s.request_body.reserve(std::min<uint64_t>(content_length, keep));
    return BodyResult::kOk;
  }
  request_body_limit(*this, s, BodyLimit::kDeclared);
  return s.intervention.disruptive() ? BodyResult::kLimitExceeded : BodyResult::kOk;
}

BodyResult Transaction::append_request_body(std::string_view chunk) {
  State& s = *state_;
  const Settings& cfg = settings();
  size_t before = s.request_body_length;
  s.request_body_length += chunk.size();
  if (s.request_body_limit_hit || s.request_body_no_files_hit || s.intervention.disruptive())
    return BodyResult::kLimitExceeded;
  // The part within SecRequestBodyLimit is inspected; the connector passes the rest on unread.
  size_t limit = cfg.max_request_body();
  bool over = s.request_body_length > limit;
  if (over) chunk = chunk.substr(0, limit - before);
  size_t keep = std::min(limit, cfg.max_request_body_no_files());
  if (s.request_body.size() < keep)
    s.request_body.append(chunk.substr(0, keep - s.request_body.size()));
  // STREAM_INPUT_BODY is the whole body within SecRequestBodyLimit: @rsub may rewrite any of it.
  if (cfg.inspect_stream_input()) s.stream_input_body.append(chunk);
  body::Processor* processor = body_processor(s);
  if (processor != nullptr && !chunk.empty()) processor->feed(chunk);
  // Checked after each chunk, as v2 does: a processor may have seen one chunk past the limit.
  if (no_files_bytes(s, std::min(s.request_body_length, limit)) > cfg.max_request_body_no_files()) {
    request_body_limit(*this, s, BodyLimit::kNoFiles);
    return BodyResult::kLimitExceeded;
  }
  if (over) {
    request_body_limit(*this, s, BodyLimit::kBody);
    return BodyResult::kLimitExceeded;
  }
  return BodyResult::kOk;
}

Intervention Transaction::process_request_body() {
  State& s = *state_;
  if (!s.request_body_processed && settings().inspect_request_body()) {
    s.request_body_processed = true;
    if (s.body_processor)
      s.body_processor->finish(s.request_body_limit_hit || s.request_body_no_files_hit);
  }
  if (!skip_phase(s, 2)) run_phase(s, 2);
  return s.intervention;
}

std::optional<std::string_view> Transaction::request_body_replacement() const {
  const State& s = *state_;
  if (!s.stream_input_modified) return std::nullopt;
  return std::string_view(s.stream_input_body);
}

void Transaction::set_response_status(int status, std::string_view protocol) {
  state_->response_status = status;
  state_->response_protocol = protocol;
}

void Transaction::add_response_header(std::string_view name, std::string_view value) {
  add_header(state_->response_headers, name, value);
}

Intervention Transaction::process_response_headers() {
  if (!skip_phase(*state_, 3)) run_phase(*state_, 3);
  return state_->intervention;
}

bool Transaction::wants_response_body(std::string_view content_type) const {
  return !engine_off(*state_) &&
         (settings().inspect_response_body() || settings().inspect_stream_output()) &&
         settings().response_mime_type_inspected(content_type);
}

BodyResult Transaction::append_response_body(std::string_view chunk) {
  State& s = *state_;
  s.response_body_length += chunk.size();
  size_t limit = settings().max_response_body();
  if (!s.response_coding_checked) {
    s.response_coding_checked = true;
    body::ContentCoding coding = body::parse_content_coding(s.response_header("Content-Encoding"));
    if (coding == body::ContentCoding::kGzip || coding == body::ContentCoding::kDeflate)
      s.response_inflater = std::make_unique<body::Inflater>(coding, limit);
  }
  if (s.response_inflater) {
    // Rules see the decoded copy; the compressed bytes count against the limit as well, because
    // the connector holds them back meanwhile.
    body::Inflater& inflater = *s.response_inflater;
    body::Inflater::Status st = inflater.feed(chunk, s.response_body);
    if (st == body::Inflater::Status::kError && !s.response_body_limited) {
      s.response_body_limited = true;  // what follows the damage is not inspected
      alert("Output filter: Failed to decode the compressed response body (" + inflater.error() +
            "); inspecting the " + std::to_string(s.response_body.size()) +
            " bytes decoded before the damage.");
    }
    if (st == body::Inflater::Status::kLimit || s.response_body_length > limit) {
      s.response_body_limited = true;
      return BodyResult::kLimitExceeded;
    }
    return BodyResult::kOk;
  }
  if (s.response_body.size() + chunk.size() > limit) {
    s.response_body.append(chunk.substr(0, limit - s.response_body.size()));
    s.response_body_limited = true;
    return BodyResult::kLimitExceeded;
  }
  s.response_body.append(chunk);
  return BodyResult::kOk;
}

Intervention Transaction::process_response_body() {
  State& s = *state_;
  // STREAM_OUTPUT_BODY is a copy that @rsub may rewrite; RESPONSE_BODY stays what was received.
  if (settings().inspect_stream_output()) s.stream_output_body = s.response_body;
  if (!skip_phase(s, 4)) run_phase(s, 4);
  if (settings().hash_links() && !engine_off(s) && !s.intervention.disruptive())
    hash::sign_response(s);  // SecHashEngine (src/hash/)
  return s.intervention;
}

void Transaction::process_logging() {
  if (!engine_off(*state_)) run_phase(*state_, 5);
  // SecAlertLogFormat JSON: the rules' alerts as one record, now that every phase has run.
  if (state_->settings().alert_log_json.value_or(false) && !state_->audit.matches.empty())
    state_->log->alert("Rampart: " + log::verdict_json(*state_, /*ascii_only=*/true));
  if (state_->body_processor) state_->body_processor->transaction_done();
  collections::write_back(*state_);  // after phase 5, as v2 stores collections
}

void Transaction::set_collection_store(CollectionStore* store) {
  collections::TransactionCollections::Stores stores{};
  if (store)
    for (size_t kind = 0; kind < stores.size(); ++kind) stores[kind] = store->store_for(kind);
  state_->persistent.set_stores(stores);  // each kind where SecCollectionStore put it
}

const Intervention& Transaction::intervention() const {
  return state_->intervention;
}
std::string_view Transaction::unique_id() const {
  return state_->unique_id;
}

}  // namespace rampart
