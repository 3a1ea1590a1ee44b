#include "replay/evaluate.h"

#include <chrono>

#include "engine/profile.h"
#include "engine/transaction_state.h"
#include "log/alert_message.h"
#include "log/verdict.h"
#include "rampart/transaction.h"

namespace rampart::replay {

namespace {

class CollectingSink : public LogSink {
 public:
  void alert(std::string_view line) override { lines.emplace_back(line); }
  std::vector<std::string> lines;
};

std::string verdict_of(const Intervention& i, int phase) {
  std::string in_phase = " (phase " + std::to_string(phase) + ")";
  switch (i.kind) {
    case Intervention::Kind::kDeny:
      return "denied " + std::to_string(i.status) + in_phase;
    case Intervention::Kind::kRedirect:
      return "redirect " + std::to_string(i.status) + " to " + i.url + in_phase;
    case Intervention::Kind::kDrop:
      return "connection dropped" + in_phase;
    case Intervention::Kind::kProxy:
      return "proxied to " + i.url + in_phase;
    default:
      return "passed";
  }
}

void feed_request(Transaction& tx, const Request& r, std::string& path, std::string& query,
                  std::string& decoded) {
  std::string authority;
  split_target(r.target, path, query, authority);
  decoded = server_path(path);
  std::string line = r.method + " " + r.target + (r.protocol.empty() ? "" : " " + r.protocol);
  tx.set_connection(r.client_ip, r.client_port, r.server_ip, r.server_port);
  tx.set_request_line(tx.state().keep(line), r.method, r.target, r.protocol);
  tx.set_uri(path, query, decoded);
  const std::string* host = r.header("Host");
  std::string_view hostname = host ? std::string_view(*host) : std::string_view(authority);
  hostname =
      hostname.substr(0, hostname.rfind(':') == std::string_view::npos || hostname.ends_with(']')
                             ? hostname.size()
                             : hostname.rfind(':'));
  tx.set_hostname(hostname);
  tx.set_useragent_ip(r.client_ip);
  for (const auto& [name, value] : r.headers) tx.add_request_header(name, value);
}

}  // namespace

Outcome evaluate(const Config& config, const Request& r, Profile* profile) {
  auto start = std::chrono::steady_clock::now();
  CollectingSink sink;
  Outcome out;
  {
    std::string path, query, decoded;  // declared first: they outlive the transaction's views
    Transaction tx(config, sink);
    tx.state().profile = profile;
    feed_request(tx, r, path, query, decoded);
    Intervention i = tx.process_request_headers();
    if (!i.disruptive()) {
      if (!r.body.empty() && tx.wants_request_body() &&
          tx.declare_request_body_length(r.body.size()) == BodyResult::kOk)
        tx.append_request_body(r.body);
      tx.set_server_path(decoded, decoded);
      i = tx.process_request_body();
    }
    const Response& res = r.response;
    if (!i.disruptive() && res.status > 0) {
      tx.set_response_status(res.status, res.protocol);
      tx.set_status_line(res.status_line);
      for (const auto& [name, value] : res.headers) tx.add_response_header(name, value);
      i = tx.process_response_headers();
      const std::string* type = res.header("Content-Type");
      if (!i.disruptive() && tx.wants_response_body(type ? *type : std::string()) &&
          !res.body.empty())
        tx.append_response_body(res.body);
      if (!i.disruptive()) i = tx.process_response_body();
    }
    tx.process_logging();

    const Intervention& final_i = tx.intervention();
    out.blocked = final_i.disruptive();
    out.status = out.blocked ? final_i.status : 0;
    out.phase = tx.state().audit.intercept_phase;
    out.verdict = verdict_of(final_i, out.phase);
    out.inbound_score = log::final_score(tx.state(), true);
    out.outbound_score = log::final_score(tx.state(), false);
  }
  out.micros =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& line : sink.lines) {
    std::string_view text = line;
    if (text.starts_with("ModSecurity: ")) text.remove_prefix(13);
    logtool::RuleMessage m = logtool::parse_alert_message(text);
    if (m.id.empty()) {
      out.notes.push_back(std::string(text.substr(0, text.find(" [hostname \""))));
      continue;
    }
    out.rules.push_back(FiredRule{m.id, m.msg, m.severity, m.data, m.rule_message, m.denies()});
  }
  return out;
}

}  // namespace rampart::replay
