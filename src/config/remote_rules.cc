// SecRemoteRules [crypto] KEY URL: downloads a rule file at startup and applies it in place, as
// if it were included here. As in v2 the URL must be https:// (the rules decide what the server
// lets through), the key goes in the `ModSec-key` request header, and
// SecRemoteRulesFailAction (Abort, the default, or Warn) decides whether a failed download
// stops the configuration or only warns. The TLS peer is verified against the system's CA
// certificates, or the file named by the CURL_CA_BUNDLE environment variable (how the tests
// trust their throwaway certificate). Example:
//   SecRemoteRulesFailAction Warn
//   SecRemoteRules s3cret https://rules.example.com/site.conf
#include <curl/curl.h>

#include <cstdlib>
#include <memory>

#include "config/server_directives.h"
#include "engine/collection.h"
#include "rampart/config.h"

namespace rampart::config {

namespace {

constexpr size_t kMaxRulesBytes = size_t{16} << 20;  // a rules file, not a download service

size_t append_body(char* data, size_t size, size_t n, void* userdata) {
  auto* body = static_cast<std::string*>(userdata);
  if (body->size() + size * n > kMaxRulesBytes) return 0;  // curl then fails with an error
  body->append(data, size * n);
  return size * n;
}

// The body of URL, or an error message.
std::optional<std::string> download(const std::string& url, const std::string& key,
                                    std::string& body) {
  std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return std::string("cannot start libcurl");
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> headers(nullptr, curl_slist_free_all);
  std::string key_header = "ModSec-key: " + key;
  headers.reset(curl_slist_append(nullptr, key_header.c_str()));
  char error[CURL_ERROR_SIZE] = {0};
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_USERAGENT, "Rampart (SecRemoteRules)");
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, 60L);  // httpd waits for it at startup
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_FAILONERROR, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, append_body);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
  if (const char* ca = std::getenv("CURL_CA_BUNDLE"); ca != nullptr && *ca != '\0')
    curl_easy_setopt(c, CURLOPT_CAINFO, ca);
  CURLcode rc = curl_easy_perform(c);
  if (rc != CURLE_OK) return std::string(error[0] ? error : curl_easy_strerror(rc));
  return std::nullopt;
}

}  // namespace

std::optional<std::string> handle_remote_rules(DirectiveContext& ctx) {
  const auto& w = ctx.words;
  if (w.size() < 2 || w.size() > 3)
    return "SecRemoteRules takes a key and an https:// URL, like: SecRemoteRules KEY "
           "https://host/rules.conf";
  if (w.size() == 3) {
    if (!iequals(w[0], "crypto"))
      return "SecRemoteRules: the optional first argument is 'crypto', got '" + w[0] + "'";
    return "SecRemoteRules crypto (v2's encrypted download) is not supported: serve the rules "
           "over https:// without it";
  }
  const std::string& key = w[w.size() - 2];
  const std::string& url = w.back();
  if (url.rfind("https://", 0) != 0)
    return "SecRemoteRules: the URL must start with https:// (rules decide what the server lets "
           "through), got '" +
           url + "'";
  std::string body;
  if (auto err = download(url, key, body)) {
    std::string message = "SecRemoteRules: cannot download " + url + ": " + *err;
    if (ctx.cfg.remote_rules_warn_only) {
      warn(ctx, message + "; going on without these rules (SecRemoteRulesFailAction Warn)");
      return std::nullopt;
    }
    return message + " (SecRemoteRulesFailAction Warn starts without them)";
  }
  // Applied to this very context, as an Include would be; an error names the URL and its line.
  if (auto err = ctx.cfg.owner->load_string(body, url))
    return "SecRemoteRules: " + err->to_string();
  return std::nullopt;
}

std::optional<std::string> handle_remote_rules_fail_action(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "Abort")) {
    ctx.cfg.remote_rules_warn_only = false;
  } else if (iequals(v, "Warn")) {
    ctx.cfg.remote_rules_warn_only = true;
  } else {
    return "takes Abort or Warn, got '" + v + "'";
  }
  return std::nullopt;
}

}  // namespace rampart::config
