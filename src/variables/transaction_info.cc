// Variables about the transaction as a whole: FULL_REQUEST and FULL_REQUEST_LENGTH (request line,
// headers and the inspected body in one text), STATUS_LINE, OUTBOUND_DATA_ERROR, RULE (the
// current rule's metadata), MODSEC_BUILD, SDBM_DELETE_ERROR and WEBSERVER_ERROR_LOG.
// Example: SecRule FULL_REQUEST "@contains \r\n\r\n" … ; SecRule RULE:id "@streq 1000" …
#include "engine/rule.h"
#include "variables/families.h"

namespace rampart::variables {

namespace {
void scalar(std::vector<Field>& out, std::string_view v) {
  out.push_back(Field{{}, v});
}

// Request line, each header as "Name: value", each line ended by "\n", an empty line, then the
// request body as far as the engine kept it (from phase 2), as v2 builds it.
std::string full_request(const TransactionState& tx) {
  std::string s(tx.request_line);
  s += '\n';
  for (const Param& h : tx.request_headers) {
    s.append(h.name).append(": ").append(h.value);
    s += '\n';
  }
  s += '\n';
  if (tx.request_body_processed) s += tx.request_body;
  return s;
}
}  // namespace

void full_request(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.keep(full_request(tx)));
}
void full_request_length(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out, tx.keep(std::to_string(full_request(tx).size())));
}

// "404 Not Found" (from phase 3), as httpd sends it after the protocol.
void status_line(const TransactionState& tx, std::vector<Field>& out) {
  if (tx.phase < 3) return;
  if (!tx.status_line.empty()) {
    scalar(out, tx.status_line);
  } else if (tx.response_status != 0) {
    scalar(out, tx.keep(std::to_string(tx.response_status)));
  }
}

// 1 when the response body was longer than SecResponseBodyLimit and only its start was
// inspected (SecResponseBodyLimitAction ProcessPartial), as INBOUND_DATA_ERROR for requests.
void outbound_data_error(const TransactionState& tx, std::vector<Field>& out) {
  scalar(out,
         tx.response_body_limited && tx.response_body_length > tx.settings().max_response_body()
             ? "1"
             : "0");
}

// The rule being evaluated (its chain starter's metadata for a link): id, rev, severity, msg
// (unexpanded), logdata (unexpanded), phase, ver, maturity, accuracy.
void rule_collection(const TransactionState& tx, std::vector<Field>& out) {
  const Rule* r = tx.current_starter;
  if (r == nullptr) return;
  const ActionSet& a = r->actions;
  out.push_back(Field{"id", r->id});
  if (!a.rev.empty()) out.push_back(Field{"rev", a.rev});
  if (a.severity) out.push_back(Field{"severity", tx.keep(std::to_string(*a.severity))});
  if (a.msg) out.push_back(Field{"msg", a.msg->text()});
  if (a.logdata) out.push_back(Field{"logdata", a.logdata->text()});
  out.push_back(Field{"phase", tx.keep(std::to_string(r->phase))});
  if (!a.ver.empty()) out.push_back(Field{"ver", a.ver});
  if (a.maturity) out.push_back(Field{"maturity", tx.keep(std::to_string(*a.maturity))});
  if (a.accuracy) out.push_back(Field{"accuracy", tx.keep(std::to_string(*a.accuracy))});
}

// The ModSecurity version whose rule language Rampart speaks, in v2's form: major, minor and
// maintenance as two digits each, release type (9: stable) and release number: 2.9.7 stable.
// Rules use it as `SecRule MODSEC_BUILD "@lt 020900000" …` to skip what an older v2 lacks.
void modsec_build(const TransactionState&, std::vector<Field>& out) {
  scalar(out, "020907900");
}

// v2 sets it when deleting an expired SDBM record failed. Rampart's LMDB store removes expired
// records during write-back and never fails a transaction for it: always 0.
void sdbm_delete_error(const TransactionState&, std::vector<Field>& out) {
  scalar(out, "0");
}

// The error-log lines httpd wrote for this request so far, one field each.
void webserver_error_log(const TransactionState& tx, std::vector<Field>& out) {
  for (std::string_view line : tx.webserver_errors) out.push_back(Field{{}, line});
}

}  // namespace rampart::variables
