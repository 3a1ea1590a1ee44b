// sanitiseArg, sanitiseMatched, sanitiseMatchedBytes, sanitiseRequestHeader and
// sanitiseResponseHeader, applied when the entry is written (the transaction itself is never
// changed, so later rules and the backend see the real values). As in v2, a sanitised value is
// replaced by '*' of the same length (the raw, still %-encoded bytes in the request line and
// body); sanitiseMatchedBytes masks only the matched text, optionally keeping its first N and
// last M bytes.
#include "engine/collection.h"
#include "engine/transaction_state.h"
#include "log/audit_log.h"
#include "transforms/all.h"

namespace rampart::log {

namespace {

bool listed(const std::vector<std::string>& names, std::string_view name) {
  for (const std::string& n : names)
    if (iequals(n, name)) return true;
  return false;
}

// Masks every occurrence of m.match inside `value`, except m.keep_first leading and m.keep_last
// trailing bytes of each occurrence.
void mask_match(std::string& value, const MaskedBytes& m) {
  if (m.match.empty()) return;
  size_t len = m.match.size();
  for (size_t at = value.find(m.match); at != std::string::npos;
       at = value.find(m.match, at + len)) {
    for (size_t k = 0; k < len; ++k) {
      if (static_cast<int>(k) >= m.keep_first && static_cast<int>(len - k) > m.keep_last)
        value[at + k] = '*';
    }
  }
}

std::string masked(const TransactionState& tx, MaskedBytes::Where where, bool whole,
                   std::string_view name, std::string_view value) {
  std::string out(value);
  if (whole) return std::string(value.size(), '*');
  for (const MaskedBytes& m : tx.audit.masked_bytes)
    if (m.where == where && iequals(m.name, name)) mask_match(out, m);
  return out;
}

bool has_masks(const TransactionState& tx) {
  return !tx.audit.args.empty() || !tx.audit.masked_bytes.empty();
}

// name=value pairs separated by '&': each value of a sanitised argument is masked in place.
std::string sanitise_pairs(const TransactionState& tx, std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('&', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view pair = text.substr(start, end - start);
    size_t eq = pair.find('=');
    if (eq == std::string_view::npos) {
      out.append(pair);
    } else {
      std::string raw_name(pair.substr(0, eq)), name;
      for (char& c : raw_name)
        if (c == '+') c = ' ';
      if (!transforms::url_decode(raw_name, name)) name = raw_name;
      std::string_view value = pair.substr(eq + 1);
      out.append(pair.substr(0, eq + 1));
      out += masked(tx, MaskedBytes::Where::kArg, listed(tx.audit.args, name), name, value);
    }
    if (end == text.size()) break;
    out += '&';
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string sanitise_query(const TransactionState& tx, std::string_view query) {
  return has_masks(tx) ? sanitise_pairs(tx, query) : std::string(query);
}

std::string sanitise_request_line(const TransactionState& tx) {
  std::string_view line = tx.request_line;
  size_t q = line.find('?');
  if (q == std::string_view::npos || !has_masks(tx)) return std::string(line);
  // The query ends where the protocol begins: "GET /p?a=1 HTTP/1.1".
  size_t space = line.find(' ', q);
  if (space == std::string_view::npos) space = line.size();
  return std::string(line.substr(0, q + 1)) +
         sanitise_pairs(tx, line.substr(q + 1, space - q - 1)) + std::string(line.substr(space));
}

std::string sanitise_body(const TransactionState& tx) {
  // Argument offsets exist only for URL-encoded bodies, as in v2 (which also handles JSON).
  if (!has_masks(tx) || tx.reqbody_processor != "URLENCODED") return tx.request_body;
  return sanitise_pairs(tx, tx.request_body);
}

std::string sanitise_request_header(const TransactionState& tx, std::string_view name,
                                    std::string_view value) {
  return masked(tx, MaskedBytes::Where::kRequestHeader, listed(tx.audit.request_headers, name),
                name, value);
}

std::string sanitise_response_header(const TransactionState& tx, std::string_view name,
                                     std::string_view value) {
  return masked(tx, MaskedBytes::Where::kResponseHeader, listed(tx.audit.response_headers, name),
                name, value);
}

}  // namespace rampart::log

namespace rampart::log {

std::string sanitise_matched_value(const TransactionState& tx, std::string_view var_name,
                                   std::string_view value) {
  size_t colon = var_name.find(':');
  if (colon == std::string_view::npos) return std::string(value);
  std::string_view collection = var_name.substr(0, colon), name = var_name.substr(colon + 1);
  if (iequals(collection, "ARGS") || iequals(collection, "ARGS_GET") ||
      iequals(collection, "ARGS_POST"))
    return masked(tx, MaskedBytes::Where::kArg, listed(tx.audit.args, name), name, value);
  if (iequals(collection, "REQUEST_HEADERS")) return sanitise_request_header(tx, name, value);
  if (iequals(collection, "RESPONSE_HEADERS")) return sanitise_response_header(tx, name, value);
  return std::string(value);
}

}  // namespace rampart::log
