// request_rec → rampart::Transaction. Every string is copied into the request pool first: httpd
// rewrites some fields in place later (r->uri is unescaped after phase 1, modules edit headers),
// and the transaction keeps its views until the request ends.
#include <cstring>

#include "apr_strings.h"
#include "apr_tables.h"
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"

namespace rampart::apache {

std::string_view pool_copy(apr_pool_t* p, const char* s, size_t n) {
  if (s == nullptr || n == 0) return {};
  return {static_cast<const char*>(apr_pmemdup(p, s, n)), n};
}

std::string_view pool_copy(apr_pool_t* p, const char* s) {
  return s ? pool_copy(p, s, std::strlen(s)) : std::string_view();
}

std::string_view view_of(const char* s) {
  return s ? std::string_view(s) : std::string_view();
}

namespace {

int port_of(const apr_sockaddr_t* a) {
  return a ? a->port : 0;
}

// Calls add(name, value) for every entry of t, in the order httpd holds them.
template <typename Add>
void each_entry(const apr_table_t* t, Add add) {
  if (t == nullptr) return;
  const apr_array_header_t* arr = apr_table_elts(t);
  const auto* e = reinterpret_cast<const apr_table_entry_t*>(arr->elts);
  for (int i = 0; i < arr->nelts; ++i) {
    if (e[i].key == nullptr) continue;
    add(view_of(e[i].key), view_of(e[i].val));
  }
}

}  // namespace

void describe_request(request_rec* r, Transaction& tx) {
  conn_rec* c = r->connection;
  tx.set_connection(view_of(r->useragent_ip), port_of(r->useragent_addr), view_of(c->local_ip),
                    port_of(c->local_addr));
  tx.set_request_line(view_of(r->the_request), view_of(r->method), view_of(r->unparsed_uri),
                      view_of(r->protocol));
  // The path is %-decoded and normalised in place after phase 1; phase 1 sees it as it came.
  tx.set_uri(pool_copy(r->pool, r->parsed_uri.path), view_of(r->args), pool_copy(r->pool, r->uri));
  tx.set_hostname(view_of(ap_get_server_name(r)));
  tx.set_useragent_ip(view_of(r->useragent_ip));
  if (const char* id = apr_table_get(r->subprocess_env, "UNIQUE_ID")) tx.set_unique_id(id);
  each_entry(r->headers_in,
             [&](std::string_view n, std::string_view v) { tx.add_request_header(n, v); });
}

void describe_server_path(request_rec* r, Transaction& tx) {
  // httpd has %-decoded and normalised r->parsed_uri.path in place since phase 1; v2 reads it
  // live, so CRS sees `/get/array_diff (` in REQUEST_FILENAME from phase 2 on.
  if (r->parsed_uri.path != nullptr)
    tx.set_server_path(pool_copy(r->pool, r->parsed_uri.path), pool_copy(r->pool, r->uri));
}

void describe_env(request_rec* r, Transaction& tx) {
  describe_server_path(r, tx);
  each_entry(r->subprocess_env, [&](std::string_view n, std::string_view v) { tx.add_env(n, v); });
  describe_server(r, tx);  // AUTH_TYPE, REMOTE_USER, SCRIPT_* … (server_vars.cc)
}

void describe_response(request_rec* r, Transaction& tx) {
  tx.set_response_status(r->status, view_of(r->protocol));
  tx.set_status_line(view_of(r->status_line ? r->status_line : ap_get_status_line(r->status)));
  auto add = [&](std::string_view n, std::string_view v) { tx.add_response_header(n, v); };
  each_entry(r->headers_out, add);
  each_entry(r->err_headers_out, add);
  // httpd keeps the type in r->content_type and writes the header only when it sends them.
  if (r->content_type && !apr_table_get(r->headers_out, "Content-Type") &&
      !apr_table_get(r->err_headers_out, "Content-Type")) {
    add("Content-Type", r->content_type);
  }
  // Likewise the encoding mod_mime gives a static .gz file (AddEncoding).
  if (r->content_encoding && !apr_table_get(r->headers_out, "Content-Encoding") &&
      !apr_table_get(r->err_headers_out, "Content-Encoding")) {
    add("Content-Encoding", r->content_encoding);
  }
}

}  // namespace rampart::apache
