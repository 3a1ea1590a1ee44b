#include "replay/har.h"

#include <strings.h>

#include "log/json.h"
#include "transforms/all.h"

namespace rampart::replay {

namespace json = logtool::json;

namespace {

std::string_view skip_space(std::string_view s) {
  while (!s.empty() && (s[0] == ' ' || s[0] == '\t' || s[0] == '\r' || s[0] == '\n' ||
                        s[0] == '\xef' || s[0] == '\xbb' || s[0] == '\xbf'))  // a UTF-8 BOM too
    s.remove_prefix(1);
  return s;
}

Headers headers_of(const json::Value& list) {
  Headers out;
  for (const json::Value& h : list.items) out.emplace_back(h["name"].str(), h["value"].str());
  return out;
}

// HAR's httpVersion as a request line's protocol: "h2" and "http/2.0" become "HTTP/2.0".
std::string protocol_of(std::string_view v) {
  if (v.empty()) return "HTTP/1.1";
  if (v == "h2" || v == "h2c") return "HTTP/2.0";
  if (v == "h3") return "HTTP/3.0";
  std::string out(v);
  if (strncasecmp(out.c_str(), "http/", 5) == 0) out.replace(0, 5, "HTTP/");
  return out;
}

// postData.params when there is no text (some tools export forms that way): urlencoded again.
std::string form_of(const json::Value& params) {
  std::string out;
  for (const json::Value& p : params.items) {
    if (!out.empty()) out += '&';
    out += p["name"].str();
    out += '=';
    out += p["value"].str();
  }
  return out;
}

std::string from_base64(std::string_view text) {
  std::string out;
  return transforms::base64_decode(text, out) ? out : std::string(text);
}

}  // namespace

bool looks_like_har(std::string_view text) {
  text = skip_space(text);
  if (!text.starts_with('{')) return false;
  text = skip_space(text.substr(1));
  return text.starts_with("\"log\"");
}

std::string parse_har(std::string_view text, const std::string& source, std::vector<Request>& out) {
  json::Value doc;
  json::ParseError error;
  if (!json::parse(skip_space(text), doc, error))
    return "not valid JSON at byte " + std::to_string(error.offset) + ": " + error.message;
  const json::Value& entries = doc["log"]["entries"];
  if (entries.type != json::Value::Type::kArray) return "log.entries is missing: not a HAR file";
  uint64_t index = 0;
  for (const json::Value& e : entries.items) {
    ++index;
    const json::Value& req = e["request"];
    Request r;
    r.source = source;
    r.line = index;
    r.method = std::string(req["method"].str());
    std::string url(req["url"].str());
    if (r.method.empty() || url.empty())
      return "entry " + std::to_string(index) + ": request.method or request.url is missing";
    std::string path, query, authority;
    split_target(url, path, query, authority);
    r.target = query.empty() ? path : path + "?" + query;
    r.protocol = protocol_of(req["httpVersion"].str());
    std::string pseudo_authority;
    for (auto& [name, value] : headers_of(req["headers"])) {
      if (name.starts_with(':')) {
        if (name == ":authority") pseudo_authority = value;
        continue;
      }
      r.headers.emplace_back(std::move(name), std::move(value));
    }
    if (!r.header("Host")) {
      std::string host = !pseudo_authority.empty() ? pseudo_authority : authority;
      if (!host.empty()) r.headers.emplace(r.headers.begin(), "Host", host);
    }
    const json::Value& post = req["postData"];
    r.body = post["text"].is_null() ? form_of(post["params"]) : std::string(post["text"].str());
    if (!r.body.empty() && !r.header("Content-Length") && !r.header("Transfer-Encoding"))
      r.headers.emplace_back("Content-Length", std::to_string(r.body.size()));
    if (std::string_view ip = e["serverIPAddress"].str(); !ip.empty())
      r.server_ip = std::string(ip.front() == '[' ? ip.substr(1, ip.size() - 2) : ip);

    const json::Value& res = e["response"];
    if (long long status = res["status"].integer(); status > 0) {
      r.response.status = static_cast<int>(status);
      r.response.protocol = protocol_of(res["httpVersion"].str());
      r.response.status_line = std::to_string(status) + " " + std::string(res["statusText"].str());
      for (auto& h : headers_of(res["headers"]))
        if (!h.first.starts_with(':')) r.response.headers.push_back(std::move(h));
      const json::Value& content = res["content"];
      std::string_view body = content["text"].str();
      r.response.body =
          content["encoding"].str() == "base64" ? from_base64(body) : std::string(body);
      std::string_view type = content["mimeType"].str();
      if (!type.empty() && !r.response.header("Content-Type"))
        r.response.headers.emplace_back("Content-Type", type);
    }
    out.push_back(std::move(r));
  }
  return {};
}

}  // namespace rampart::replay
