#include "reader_json.h"

#include <strings.h>

#include "alert_message.h"
#include "json.h"
#include "log_time.h"
#include "reader_native.h"

namespace rampart::logtool {
namespace {

std::string header(const json::Value& headers, std::string_view name) {
  for (const auto& [k, v] : headers.members)
    if (k.size() == name.size() && strncasecmp(k.data(), name.data(), name.size()) == 0)
      return std::string(v.str());
  return {};
}

}  // namespace

bool parse_json_entry(std::string_view text, Entry& e, std::string& error,
                      std::size_t& error_offset) {
  json::Value doc;
  json::ParseError perr;
  if (!json::parse(text, doc, perr)) {
    error = "invalid JSON: " + perr.message;
    error_offset = perr.offset;
    return false;
  }
  error_offset = 0;
  const json::Value& tx = doc["transaction"];
  if (tx.type != json::Value::Type::kObject) {
    error = "JSON object without \"transaction\": not a ModSecurity v2 JSON audit-log entry";
    return false;
  }
  auto t = parse_user_time(tx["time"].str());
  if (!t) {
    error = "transaction.time is missing or not a dd/Mon/yyyy:hh:mm:ss +zzzz time";
    return false;
  }
  std::size_t raw_limit = e.raw_limit;
  e = Entry();
  e.raw_limit = raw_limit;
  e.format = Format::kJson;
  e.time_text = std::string(tx["time"].str());
  e.time_us = t->utc_us;
  e.utc_offset_min = t->utc_offset_min;
  e.unique_id = std::string(tx["transaction_id"].str());
  e.client_ip = std::string(tx["remote_address"].str());
  e.client_port = static_cast<int>(tx["remote_port"].integer());
  e.server_ip = std::string(tx["local_address"].str());
  e.server_port = static_cast<int>(tx["local_port"].integer());
  if (e.unique_id.empty()) {
    error = "transaction.transaction_id is missing";
    return false;
  }

  const json::Value& request = doc["request"];
  e.request_line = std::string(request["request_line"].str());
  split_request_line(e);
  e.host = header(request["headers"], "Host");
  e.user_agent = header(request["headers"], "User-Agent");
  e.status = static_cast<int>(doc["response"]["status"].integer());

  const json::Value& audit = doc["audit_data"];
  for (const auto& m : audit["messages"].items)
    if (m.type == json::Value::Type::kString) e.messages.push_back(parse_alert_message(m.string));
  const json::Value& action = audit["action"];
  if (action["intercepted"].type == json::Value::Type::kBool && action["intercepted"].boolean) {
    e.intercepted = true;
    e.intercepted_phase = static_cast<int>(action["phase"].integer());
  }
  e.engine_mode = std::string(audit["engine_mode"].str());
  e.append_raw(text);
  return true;
}

}  // namespace rampart::logtool
