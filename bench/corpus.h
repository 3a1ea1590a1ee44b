// The fixed request corpus of the engine benchmarks: the workloads of bench/workloads.py (the
// httpd benchmark) built in C++, so engine-only and httpd figures describe the same requests.
#pragma once

#include <string>
#include <vector>

#include "bench_request.h"

namespace rampart::bench {

inline const std::string kLorem =
    "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
    "incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud ";

inline std::string repeat(const std::string& s, size_t times) {
  std::string out;
  out.reserve(s.size() * times);
  for (size_t i = 0; i < times; ++i) out += s;
  return out;
}

inline Request get_args() {
  Request r;
  r.query = "id=1234&page=2&sort=price&q=blue+shoes&lang=en";
  return r;
}

inline Request get_browser_headers() {
  Request r;
  r.query = "id=1234";
  r.headers.insert(r.headers.end(), {
    {"User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"},
    {"Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"},
    {"Accept-Language", "en-US,en;q=0.5"},
    {"Accept-Encoding", "gzip, deflate, br"},
    {"Referer", "http://127.0.0.1/catalog/list.html?page=2"},
    {"Cookie", "session=6f1d2c3b4a5e6f708192a3b4c5d6e7f8; theme=dark; lang=en; cart=3; "
               "consent=analytics.marketing; last_visit=1733230000"},
    {"Connection", "keep-alive"}, {"Upgrade-Insecure-Requests", "1"},
    {"Sec-Fetch-Dest", "document"}, {"Sec-Fetch-Mode", "navigate"},
    {"Sec-Fetch-Site", "same-origin"}, {"Sec-Fetch-User", "?1"}, {"Priority", "u=0, i"},
    {"Cache-Control", "max-age=0"}, {"DNT", "1"}, {"Sec-GPC", "1"},
    {"If-None-Match", "\"5e-61a2b3c4d5e6f\""},
    {"If-Modified-Since", "Mon, 02 Dec 2024 10:00:00 GMT"},
    {"X-Requested-With", "XMLHttpRequest"}, {"Pragma", "no-cache"},
  });
  return r;
}

inline Request get_attack() {
  Request r;
  r.query = "id=1%27%20OR%20%271%27%3D%271&q=%3Cscript%3Ealert(1)%3C%2Fscript%3E";
  return r;
}

inline Request post(std::string body, std::string content_type) {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", std::move(content_type));
  r.body = std::move(body);
  return r;
}

inline Request post_form_1k() {
  std::string value = kLorem.substr(0, 80);
  for (char& c : value)
    if (c == ' ') c = '+';
  std::string body;
  for (int i = 0; body.size() < 1024; ++i) body += (i ? "&field" : "field") + std::to_string(i) + "=" + value;
  body.resize(1024);
  while (body.back() == '+' || body.back() == '&') body.pop_back();
  return post(body, "application/x-www-form-urlencoded");
}

inline std::string json_node(int depth, int i) {
  if (depth == 0)
    return "{\"id\": " + std::to_string(i) + ", \"label\": \"item " + std::to_string(i) +
           "\", \"active\": " + (i % 2 == 0 ? "true" : "false") + "}";
  std::string s = "{\"name\": \"group " + std::to_string(depth) + "-" + std::to_string(i) +
                  "\", \"children\": [";
  for (int j = 0; j < 3; ++j) s += (j ? ", " : "") + json_node(depth - 1, j);
  return s + "]}";
}

inline Request post_json_4k() {
  std::string notes;
  std::string body;
  for (;;) {
    body = "{\"customer\": {\"name\": \"Alice Example\", \"email\": \"alice@example.com\"}, "
           "\"order\": " + json_node(3, 0) + (notes.empty() ? "" : ", \"notes\": [" + notes + "]") + "}";
    if (body.size() >= 4096) break;
    notes += (notes.empty() ? "\"" : ", \"") + kLorem.substr(0, 60) + "\"";
  }
  return post(body, "application/json");
}

inline Request post_multipart_16k() {
  const std::string b = "----RampartBenchBoundary7MA4YWxkTrZu0gW";
  std::string file = repeat(kLorem, 200).substr(0, 15 * 1024);
  std::string body =
      "--" + b + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nquarterly report\r\n" +
      "--" + b + "\r\nContent-Disposition: form-data; name=\"author\"\r\n\r\nalice\r\n" + "--" + b +
      "\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"report.txt\"\r\n"
      "Content-Type: text/plain\r\n\r\n" + file + "\r\n--" + b + "--\r\n";
  return post(body, "multipart/form-data; boundary=" + b);
}

inline Request get_response_64k() {
  Request r;
  r.path = "/page.html";
  std::string para = "<p>" + kLorem + "</p>\n";
  r.response_body = "<html><head><title>catalog</title></head><body>\n" +
                    repeat(para, 64 * 1024 / para.size()) + "</body></html>\n";
  return r;
}

struct Named {
  const char* name;
  Request request;
};

inline std::vector<Named> corpus() {
  std::vector<Named> all = {
      {"get-args", get_args()},
      {"get-20-headers", get_browser_headers()},
      {"get-attack", get_attack()},
      {"post-form-1k", post_form_1k()},
      {"post-json-4k", post_json_4k()},
      {"post-multipart-16k", post_multipart_16k()},
      {"get-response-64k", get_response_64k()},
  };
  for (auto& n : all) n.request.finish();
  return all;
}

}  // namespace rampart::bench
