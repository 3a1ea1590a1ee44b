// Request and response headers, header names, and request cookies (parsed from Cookie headers
// in the version 0 format: `a=1; b=2`).
#include "engine/collection.h"
#include "variables/families.h"

namespace rampart::variables {

namespace {
void all_of(const std::vector<Param>& headers, std::vector<Field>& out) {
  for (const Param& h : headers) out.push_back(Field{h.name, h.value});
}
void named(const std::vector<Param>& headers, std::string_view key, std::vector<Field>& out) {
  for (const Param& h : headers)
    if (iequals(h.name, key)) out.push_back(Field{h.name, h.value});
}
void names_of(const std::vector<Param>& headers, std::vector<Field>& out) {
  for (const Param& h : headers) out.push_back(Field{h.name, h.name});
}
}  // namespace

void request_headers(const TransactionState& tx, std::vector<Field>& out) {
  all_of(tx.request_headers, out);
}
void request_headers_lookup(const TransactionState& tx, std::string_view key,
                            std::vector<Field>& out) {
  named(tx.request_headers, key, out);
}
void request_headers_names(const TransactionState& tx, std::vector<Field>& out) {
  names_of(tx.request_headers, out);
}
void request_cookies(const TransactionState& tx, std::vector<Field>& out) { all_of(tx.cookies, out); }
void request_cookies_names(const TransactionState& tx, std::vector<Field>& out) {
  names_of(tx.cookies, out);
}
void response_headers(const TransactionState& tx, std::vector<Field>& out) {
  all_of(tx.response_headers, out);
}
void response_headers_lookup(const TransactionState& tx, std::string_view key,
                             std::vector<Field>& out) {
  named(tx.response_headers, key, out);
}
void response_headers_names(const TransactionState& tx, std::vector<Field>& out) {
  names_of(tx.response_headers, out);
}

}  // namespace rampart::variables
