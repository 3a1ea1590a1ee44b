// Request line, URI, connection and request-body status variables. Values are as ModSecurity v2
// gives them: REQUEST_FILENAME is the raw (still %-encoded) path, REQUEST_URI is path?query raw,
// REQUEST_URI_RAW is the request target exactly as sent (possibly absolute).
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

// As in ModSecurity v2: only for URLENCODED bodies or with ctl:forceRequestBodyVariable=On.
void request_body(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.reqbody_processor == "URLENCODED" || tx.force_request_body_variable)
    scalar(out, tx.request_body);
}

void request_body_length(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.keep(std::to_string(tx.request_body_length)));  // bytes read, as v2
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
