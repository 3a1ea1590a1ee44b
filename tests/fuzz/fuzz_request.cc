// libFuzzer harness: one whole transaction through the engine. The input is split at the first
// two NUL bytes into query string, Cookie header and body; its first byte picks the body's
// Content-Type (urlencoded, multipart, JSON, XML, other). The rules exercise every body
// processor, the detectors, common CRS transformation pipelines, macros and collections.
//
// Each input runs twice, the second time with the debug log at level 9, which turns off the
// evaluator's memo of values already tested (engine/value_memo.h) so that every value is traced.
// Both runs must log the same alerts and end the same way: a shortcut that skipped a value the
// full evaluation matches would be an attack let through.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"

namespace {

constexpr std::string_view kRules = R"RULES(
SecRuleEngine On
SecRequestBodyAccess On
SecResponseBodyAccess On
SecRequestBodyLimit 1048576
SecArgumentsLimit 500
SecRequestBodyJsonDepthLimit 64
SecRule REQUEST_HEADERS:Content-Type "@rx ^application/json" "id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=JSON"
SecRule REQUEST_HEADERS:Content-Type "@rx ^text/xml" "id:2,phase:1,pass,nolog,ctl:requestBodyProcessor=XML"
SecRule REQBODY_ERROR "!@eq 0" "id:3,phase:2,pass,log,msg:'body error %{REQBODY_ERROR_MSG}'"
SecRule MULTIPART_STRICT_ERROR "!@eq 0" "id:4,phase:2,pass,log,msg:'multipart %{MULTIPART_STRICT_ERROR}'"
SecRule ARGS|ARGS_NAMES|REQUEST_COOKIES|REQUEST_COOKIES_NAMES|XML:/* "@detectSQLi" "id:10,phase:2,pass,log,capture,msg:'sqli %{TX.0} %{MATCHED_VAR_NAME}',t:none,t:urlDecodeUni"
SecRule ARGS|ARGS_NAMES|REQUEST_COOKIES|XML:/* "@detectXSS" "id:11,phase:2,pass,log,t:none,t:utf8toUnicode,t:urlDecodeUni,t:htmlEntityDecode,t:jsDecode,t:cssDecode,t:removeNulls"
SecRule ARGS|REQUEST_COOKIES "@rx (?i)(union\s+select|<script|\.\./)" "id:12,phase:2,pass,log,capture,t:none,t:urlDecodeUni,t:lowercase,t:cmdLine,t:compressWhitespace,t:removeComments,t:replaceComments,t:normalisePath,t:normalisePathWin,t:escapeSeqDecode,t:hexDecode,t:base64DecodeExt,t:sqlHexDecode,setvar:tx.score=+5"
SecRule ARGS "@pm select union script alert onerror" "id:13,phase:2,pass,log,t:lowercase,multiMatch"
SecRule ARGS|REQUEST_BODY "@validateUrlEncoding" "id:14,phase:2,pass,log"
SecRule ARGS "@validateUtf8Encoding" "id:15,phase:2,pass,log"
SecRule ARGS "@validateByteRange 1-255" "id:16,phase:2,pass,log"
SecRule FILES|FILES_NAMES|MULTIPART_PART_HEADERS "@rx \.php" "id:17,phase:2,pass,log"
SecRule ARGS_NAMES "@rx ^a" "id:18,phase:2,pass,nolog,setvar:'tx.%{MATCHED_VAR}=%{MATCHED_VAR_NAME}'"
SecRule &ARGS "@gt 3" "id:19,phase:2,pass,log,msg:'%{ARGS_COMBINED_SIZE} %{tx.score}'"
SecRule RESPONSE_BODY "@contains secret" "id:20,phase:4,pass,log"
)RULES";

const rampart::Config& config(bool traced) {
  static const std::unique_ptr<rampart::Config> plain = rampart::fuzz::load_rules(kRules);
  static const std::unique_ptr<rampart::Config> with_trace = rampart::fuzz::load_rules(
      std::string(kRules) + "SecDebugLog /dev/null\nSecDebugLogLevel 9\n");
  return traced ? *with_trace : *plain;
}

class AlertLog : public rampart::LogSink {
 public:
  void alert(std::string_view line) override { lines.emplace_back(line); }
  std::vector<std::string> lines;
};

struct Outcome {
  std::vector<std::string> alerts;
  int intervention_kind = 0, status = 0;
  bool operator==(const Outcome&) const = default;
};

constexpr std::string_view kTypes[] = {
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=XyZ",
    "application/json",
    "text/xml",
    "application/octet-stream",
};

Outcome run(const rampart::Config& rules, std::string_view type, std::string_view query,
            std::string_view cookie, std::string_view body) {
  std::string uri = "/fuzz?" + std::string(query);
  std::string line = "POST " + uri + " HTTP/1.1";
  std::string length = std::to_string(body.size());
  AlertLog log;
  rampart::Transaction tx(rules, log);
  tx.set_connection("192.0.2.1", 40000, "127.0.0.1", 80);
  tx.set_request_line(line, "POST", uri, "HTTP/1.1");
  tx.set_uri("/fuzz", query, "/fuzz");
  tx.set_unique_id("FUZZ");
  tx.add_request_header("Host", "fuzz.example");
  tx.add_request_header("Content-Type", type);
  tx.add_request_header("Content-Length", length);
  if (!cookie.empty()) tx.add_request_header("Cookie", cookie);
  if (!tx.process_request_headers().disruptive()) {
    if (tx.wants_request_body()) tx.append_request_body(body);
    tx.process_request_body();
  }
  tx.set_response_status(200, "HTTP/1.1");
  tx.add_response_header("Content-Type", "text/html");
  tx.process_response_headers();
  if (tx.wants_response_body("text/html")) tx.append_response_body(body.substr(0, 256));
  tx.process_response_body();
  tx.process_logging();
  Outcome out;
  out.alerts = std::move(log.lines);
  out.intervention_kind = static_cast<int>(tx.intervention().kind);
  out.status = tx.intervention().status;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string_view type = kTypes[data[0] % std::size(kTypes)];
  std::string_view query = rampart::fuzz::next_piece(in);
  std::string_view cookie = rampart::fuzz::next_piece(in);
  Outcome plain = run(config(false), type, query, cookie, in);
  Outcome traced = run(config(true), type, query, cookie, in);
  if (plain == traced) return 0;
  std::fprintf(stderr, "fuzz_request: the run with the debug log at level 9 differs\n");
  for (size_t i = 0; i < std::max(plain.alerts.size(), traced.alerts.size()); ++i) {
    const char* p = i < plain.alerts.size() ? plain.alerts[i].c_str() : "-";
    const char* t = i < traced.alerts.size() ? traced.alerts[i].c_str() : "-";
    if (std::string_view(p) != t) std::fprintf(stderr, "  plain:  %s\n  traced: %s\n", p, t);
  }
  std::fprintf(stderr, "  intervention %d/%d against %d/%d\n", plain.intervention_kind,
               plain.status, traced.intervention_kind, traced.status);
  __builtin_trap();
}
