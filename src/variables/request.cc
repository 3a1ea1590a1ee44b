// Request line, URI, connection and request-body status variables. Values are as ModSecurity v2
// gives them: REQUEST_FILENAME is the raw (still %-encoded) path in phase 1 and the server's
// decoded, normalised one from phase 2 on (Transaction::set_server_path), REQUEST_URI is that
// path + '?' + the raw query, REQUEST_URI_RAW is the request target exactly as sent.
#include <algorithm>

#include "variables/families.h"

namespace rampart::variables {

namespace {
void scalar(std::vector<Field>& out, std::string_view v) { out.push_back(Field{{}, v}); }
}  // namespace

void request_uri(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.query.empty() && tx.uri_raw.find('?') == std::string_view::npos) {
    scalar(out, tx.path);
    return;
  }
  std::string uri(tx.path);
  uri += '?';
  uri += tx.query;
  scalar(out, tx.keep(std::move(uri)));
}

void request_uri_raw(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.uri_raw); }
void request_line(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.request_line); }
void request_method(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.method); }
void request_protocol(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.protocol); }
void request_filename(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.path); }

// The part after the last '/' or '\' (both separate path segments on some back ends).
void request_basename(const TransactionState& tx, std::vector<Field>& out) {
  size_t slash = tx.path.find_last_of("/\\");
  scalar(out, slash == std::string_view::npos ? tx.path : tx.path.substr(slash + 1));
}

void query_string(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.query); }

// As in ModSecurity v2: the raw body for URLENCODED, and with ctl:forceRequestBodyVariable=On
// for a body no processor parsed (none applies, or it failed); never for a processor that
// succeeded (MULTIPART, JSON, XML), whose results are in ARGS, FILES and XML instead. It is the
// kept prefix: at most min(SecRequestBodyLimit, SecRequestBodyNoFilesLimit) bytes.
void request_body(const TransactionState& tx, std::vector<Field>& out) {
  bool parsed_elsewhere = tx.body_processor != nullptr && tx.reqbody_processor != "URLENCODED";
  if (tx.reqbody_processor == "URLENCODED" ||
      (tx.force_request_body_variable && (!parsed_elsewhere || tx.reqbody_error)))
    scalar(out, tx.request_body);
}

// Bytes the engine inspected (read within SecRequestBodyLimit), as v2: 0 without a body.
void request_body_length(const TransactionState& tx, std::vector<Field>& out) {
  size_t n = std::min(tx.request_body_length, tx.settings().max_request_body());
  scalar(out, tx.keep(std::to_string(n)));
}

// SecStreamInBodyInspection On: the whole body within SecRequestBodyLimit, as @rsub left it.
void stream_input_body(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.settings().inspect_stream_input() && tx.request_body_processed)
    scalar(out, tx.stream_input_body);
}

// 1 when the body was longer than SecRequestBodyLimit and only its start was inspected
// (ProcessPartial, DetectionOnly).
void inbound_data_error(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.request_body_limit_hit ? "1" : "0");
}

// 1 when the query string or a URLENCODED body had an invalid %-escape (kept as written).
void urlencoded_error(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.urlencoded_error ? "1" : "0");
}

void remote_addr(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.remote_addr); }
void remote_port(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.keep(std::to_string(tx.remote_port)));
}
void server_name(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.hostname); }
void server_addr(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.server_addr); }
void server_port(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.keep(std::to_string(tx.server_port)));
}
void unique_id(const TransactionState& tx, std::vector<Field>& out) { scalar(out, tx.unique_id); }

void reqbody_error(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.reqbody_error ? "1" : "0");
}
// Both always have a value, empty when nothing ran or failed: CRS 901340 relies on
// `!@rx (?:URLENCODED|MULTIPART|XML|JSON)` matching the empty value.
void reqbody_error_msg(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.reqbody_error_msg);
}
void reqbody_processor(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.reqbody_processor);
}

}  // namespace rampart::variables
