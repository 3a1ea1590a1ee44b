// One HTTP transaction as the engine sees it. The connector (apache/ or a test) fills in the
// request piece by piece and calls the phase functions in order; each returns what to do.
//
// Lifetime: every string_view handed to a Transaction must stay valid until the Transaction is
// destroyed (httpd's request pool satisfies this), so the engine never copies request data.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "rampart/collection_store.h"
#include "rampart/config.h"

namespace rampart {

struct TransactionState;  // the engine's side, src/engine/transaction_state.h

// What the connector must do after a phase.
struct Intervention {
  enum class Kind { kNone, kDeny, kRedirect, kDrop, kAllow };
  Kind kind = Kind::kNone;
  int status = 0;           // HTTP status for kDeny and kRedirect
  std::string url;          // for kRedirect
  bool disruptive() const { return kind == Kind::kDeny || kind == Kind::kRedirect || kind == Kind::kDrop; }
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

enum class BodyResult { kOk, kLimitExceeded };

// What only the connector knows once the response has gone, for the audit log entry.
struct FinalResponse {
  int status = 0;                 // as sent (an error page's status included)
  std::string_view status_line;   // "403 Forbidden"; empty: the number alone is logged
  std::string_view protocol;      // "HTTP/1.1"; empty for HTTP/0.9 (no part F then)
  std::string_view handler;       // Apache-Handler:
  std::string_view server;        // Server: (the server banner)
  std::string_view remote_user;   // identd name, for the index line ("-" when empty)
  std::string_view local_user;    // authenticated user, for the index line
  uint64_t bytes_sent = 0;
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
  void set_hostname(std::string_view hostname);  // for [hostname "…"]: Host unless canonical
  void set_unique_id(std::string_view id);       // a fresh one is made when never set
  void add_request_header(std::string_view name, std::string_view value);
  void add_env(std::string_view name, std::string_view value);  // ENV collection

  Intervention process_request_headers();  // phase 1

  // Request body, in chunks as they arrive. Counts every byte; keeps at most the configured limit.
  bool wants_request_body() const;
  BodyResult append_request_body(std::string_view chunk);
  Intervention process_request_body();  // phase 2

  // ---- response ----
  void set_response_status(int status, std::string_view protocol);
  void add_response_header(std::string_view name, std::string_view value);
  Intervention process_response_headers();  // phase 3
  bool wants_response_body(std::string_view content_type) const;
  BodyResult append_response_body(std::string_view chunk);
  Intervention process_response_body();  // phase 4

  void process_logging();  // phase 5; never disrupts

  // After phase 5: true when SecAuditEngine may log this transaction (then describe the final
  // response and call write_audit_log). Never blocks; write errors go to the LogSink, rate-limited.
  bool wants_audit_log() const;
  void write_audit_log(const FinalResponse& response);

  // The intervention already decided for this transaction, if any (kNone otherwise).
  const Intervention& intervention() const;
  std::string_view unique_id() const;

  TransactionState& state() { return *state_; }

 private:
  using State = TransactionState;
  std::unique_ptr<State> state_;
};

}  // namespace rampart
