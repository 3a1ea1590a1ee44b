// One HTTP transaction as the engine sees it. The connector (apache/ or a test) fills in the
// request piece by piece and calls the phase functions in order; each returns what to do.
//
// Lifetime: every string_view handed to a Transaction must stay valid until the Transaction is
// destroyed (httpd's request pool satisfies this), so the engine never copies request data.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rampart/collection_store.h"
#include "rampart/config.h"

namespace rampart {

struct TransactionState;  // the engine's side, src/engine/transaction_state.h

// What the connector must do after a phase.
struct Intervention {
  // kProxy: hand the request to mod_proxy for `url` (the proxy action, phases 1 and 2 only).
  enum class Kind { kNone, kDeny, kRedirect, kDrop, kAllow, kProxy };
  Kind kind = Kind::kNone;
  int status = 0;   // HTTP status for kDeny and kRedirect
  std::string url;  // for kRedirect and kProxy
  bool disruptive() const {
    return kind == Kind::kDeny || kind == Kind::kRedirect || kind == Kind::kDrop ||
           kind == Kind::kProxy;
  }
};

// Where the engine's messages go. The Apache connector writes to the error log at APLOG_ERR, as
// ModSecurity v2 does; tests collect the lines.
class LogSink {
 public:
  virtual ~LogSink() = default;
  // One ModSecurity v2-format line, e.g. `ModSecurity: Access denied with code 403 (phase 2). …`.
  virtual void alert(std::string_view line) = 0;
  // Debug log (SecDebugLog), level 1–9. Called only when the level is enabled.
  virtual void debug(int level, std::string_view message) {}
};

// setenv: a variable the rules set for httpd's subprocess environment (CGI, SSI, mod_log_config's
// %{NAME}e), or removed with `setenv:!NAME` (`unset`).
struct EnvChange {
  std::string name, value;
  bool unset = false;
};

enum class BodyResult { kOk, kLimitExceeded };

// What the rules want changed in the response body the client gets (after phase 4; after phase 3
// for a body that is not buffered, where only prepend and append can apply).
struct ResponseChanges {
  bool replace = false;  // send `body` instead of what the handler wrote
  // `body` is the decoded form of a compressed response: drop Content-Encoding.
  bool decoded = false;
  std::string_view body;             // STREAM_OUTPUT_BODY rewritten by @rsub, or the decoded body
  std::string_view prepend, append;  // SecContentInjection: before and after the body
  bool any() const { return replace || !prepend.empty() || !append.empty(); }
};

// What only the connector knows once the response has gone, for the audit log entry.
struct FinalResponse {
  int status = 0;                // as sent (an error page's status included)
  std::string_view status_line;  // "403 Forbidden"; empty: the number alone is logged
  std::string_view protocol;     // "HTTP/1.1"; empty for HTTP/0.9 (no part F then)
  std::string_view handler;      // Apache-Handler:
  std::string_view server;       // Server: (the server banner)
  std::string_view remote_user;  // identd name, for the index line ("-" when empty)
  std::string_view local_user;   // authenticated user, for the index line
  uint64_t bytes_sent = 0;
  // Part H `Apache-Error:` lines: what httpd's error log got for this request, each as
  // `[file "F"] [line N] [level L] message`.
  std::vector<std::string_view> apache_errors;
  // Part F's headers as httpd sent them (after the filters that add Content-Length and the
  // like); when empty, those phase 3 saw.
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  // Part E when the engine never saw the response body: the error page httpd sent after a deny.
  std::string_view error_page_body;
};

// What httpd knows once it has mapped and authenticated the request (phase 2 on): AUTH_TYPE,
// REMOTE_USER, REMOTE_HOST, PATH_INFO and the SCRIPT_* variables. An empty view: not known.
struct ServerVariables {
  std::string_view auth_type, remote_user, remote_host, path_info;
  std::string_view script_filename;  // the file the request maps to (httpd's r->filename)
  bool script_stat = false;          // the file exists: the fields below are set
  long long script_uid = 0, script_gid = 0;
  std::string_view script_username, script_groupname;
  unsigned script_mode = 0;  // permission bits, e.g. 0644
  // When the names above are empty: resolve the uid/gid only if a rule asks for SCRIPT_USERNAME
  // or SCRIPT_GROUPNAME (a passwd/group lookup reads files: too slow for every request).
  std::string (*user_name)(long long uid) = nullptr;
  std::string (*group_name)(long long gid) = nullptr;
};

class Transaction {
 public:
  // `config` decides phase 1 (httpd has not merged <Location> yet when headers arrive, exactly as
  // in ModSecurity v2); set_config() switches to the per-directory context before phase 2.
  Transaction(const Config& config, LogSink& log);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void set_config(const Config& config);
  // Where persistent collections (initcol) are kept; null (the default) keeps them for this
  // transaction only. The store must outlive the transaction (rampart/collection_store.h).
  void set_collection_store(CollectionStore* store);
  const Settings& settings() const;

  // ---- request ----
  void set_connection(std::string_view remote_addr, int remote_port, std::string_view server_addr,
                      int server_port);
  // request_line: the raw first line; uri_raw: as sent (may be absolute); protocol: "HTTP/1.1".
  void set_request_line(std::string_view request_line, std::string_view method,
                        std::string_view uri_raw, std::string_view protocol);
  // path: the raw (still %-encoded) path part; query: the part after '?' (no '?');
  // decoded_uri: the server's decoded, normalised path (httpd's r->uri), used for [uri "…"].
  void set_uri(std::string_view path, std::string_view query, std::string_view decoded_uri);
  // Before phase 2 (and 5): the path as the server holds it by then, %-decoded and normalised
  // (httpd decodes r->parsed_uri.path in place after phase 1). As in ModSecurity v2,
  // REQUEST_FILENAME, REQUEST_BASENAME and REQUEST_URI are raw in phase 1 and this path later.
  void set_server_path(std::string_view path, std::string_view decoded_uri);
  void set_hostname(std::string_view hostname);  // for [hostname "…"]: Host unless canonical
  void set_unique_id(std::string_view id);       // a fresh one is made when never set
  void add_request_header(std::string_view name, std::string_view value);
  void add_env(std::string_view name, std::string_view value);  // ENV collection
  void set_useragent_ip(std::string_view ip);                   // USERAGENT_IP (after mod_remoteip)
  void set_server_variables(const ServerVariables& vars);       // before phase 2
  // One error-log line of this request so far (WEBSERVER_ERROR_LOG); views as above.
  void add_webserver_error(std::string_view line);

  Intervention process_request_headers();  // phase 1

  // Request body, in chunks as they arrive. Counts every byte; keeps at most the configured limit.
  // Unlike the other views, a chunk need only be valid for the call: the engine copies what it
  // keeps.
  // kLimitExceeded: the engine has all it will inspect (SecRequestBodyLimit or
  // SecRequestBodyNoFilesLimit reached, the line logged); feed no more. With Reject and
  // SecRuleEngine On the intervention is then a deny with 413; otherwise pass the whole body on.
  bool wants_request_body() const;
  BodyResult append_request_body(std::string_view chunk);
  // The Content-Length, before any byte is read: over SecRequestBodyLimit it is refused at once
  // (kLimitExceeded and a 413 intervention) with Reject when enforcing, as in v2; otherwise the
  // line is logged and the part within the limit is inspected.
  BodyResult declare_request_body_length(uint64_t content_length);
  // After phase 2: the body the handler must get instead of the client's when @rsub rewrote
  // STREAM_INPUT_BODY (SecStreamInBodyInspection); nullopt when the body is unchanged.
  std::optional<std::string_view> request_body_replacement() const;
  Intervention process_request_body();  // phase 2

  // ---- response ----
  void set_response_status(int status, std::string_view protocol);
  void set_status_line(std::string_view line);  // STATUS_LINE: "404 Not Found"
  void add_response_header(std::string_view name, std::string_view value);
  Intervention process_response_headers();  // phase 3
  // After phase 3, with SecHashEngine On and a HashLocation method that selects the response's
  // Location header: the value to send instead (signed, src/hash/location.cc); else empty.
  std::string signed_location() const;
  bool wants_response_body(std::string_view content_type) const;
  BodyResult append_response_body(std::string_view chunk);
  Intervention process_response_body();  // phase 4
  ResponseChanges response_changes() const;

  // Writes `ModSecurity: <message> [hostname "…"] [uri "…"] [unique_id "…"]` to the LogSink, the
  // form of ModSecurity v2's engine messages that belong to no rule (body limits and the like).
  void alert(std::string_view message) const;

  void process_logging();  // phase 5; never disrupts

  // After phase 5: true when SecAuditEngine may log this transaction (then describe the final
  // response and call write_audit_log). Never blocks; write errors go to the LogSink, rate-limited.
  bool wants_audit_log() const;
  void write_audit_log(const FinalResponse& response);

  // setenv changes so far, in order; the connector applies them (again) after each phase.
  const std::vector<EnvChange>& env_changes() const;

  // The intervention already decided for this transaction, if any (kNone otherwise).
  const Intervention& intervention() const;
  std::string_view unique_id() const;

  TransactionState& state() { return *state_; }

 private:
  using State = TransactionState;
  std::unique_ptr<State> state_;
};

}  // namespace rampart
