// libFuzzer harness: what a body parses to must not depend on how it arrives. httpd hands the
// engine a request body in whatever pieces the client's packets and the input filters make, and
// each body processor (urlencoded, multipart, JSON, XML) parses as the pieces come; a parser that
// read a split body differently from a whole one would be a bypass: an attacker chooses the
// split. So each input is run twice, the body fed at once and fed in pieces, and the two
// transactions must select the same ARGS, FILES, XML nodes, body flags and errors. The response
// side does the same for a gzip-compressed page, inflated piece by piece for phase 4.
//
// Input: byte 0 picks the request's Content-Type, byte 1 the pieces (the largest piece, 1 to 64
// bytes, and the seed of their sizes); the rest is the body.
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config/rule_parser.h"
#include "engine/transaction_state.h"
#include "fuzz_support.h"
#include "variables/select.h"

namespace {

constexpr std::string_view kRules = R"RULES(
SecRuleEngine On
SecRequestBodyAccess On
SecResponseBodyAccess On
SecResponseBodyMimeType text/html
SecRequestBodyLimit 1048576
SecRequestBodyNoFilesLimit 1048576
SecResponseBodyLimit 1048576
SecArgumentsLimit 1000
SecRequestBodyJsonDepthLimit 64
SecRule REQUEST_HEADERS:Content-Type "@rx ^application/json" "id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=JSON"
SecRule REQUEST_HEADERS:Content-Type "@rx ^text/xml" "id:2,phase:1,pass,nolog,ctl:requestBodyProcessor=XML"
)RULES";

// Everything a body processor fills in. Not REQBODY_ERROR_MSG: a parser's message may quote the
// piece it was reading when it failed; REQBODY_ERROR says whether it failed.
constexpr std::string_view kRequestTargets =
    "ARGS|ARGS_NAMES|ARGS_POST|ARGS_COMBINED_SIZE|FILES|FILES_NAMES|FILES_SIZES|"
    "FILES_COMBINED_SIZE|MULTIPART_PART_HEADERS|MULTIPART_NAME|MULTIPART_FILENAME|"
    "MULTIPART_STRICT_ERROR|MULTIPART_UNMATCHED_BOUNDARY|MULTIPART_BOUNDARY_QUOTED|"
    "MULTIPART_BOUNDARY_WHITESPACE|MULTIPART_DATA_BEFORE|MULTIPART_DATA_AFTER|"
    "MULTIPART_HEADER_FOLDING|MULTIPART_LF_LINE|MULTIPART_CRLF_LF_LINES|MULTIPART_MISSING_"
    "SEMICOLON|"
    "MULTIPART_INVALID_QUOTING|MULTIPART_INVALID_PART|MULTIPART_INVALID_HEADER_FOLDING|"
    "MULTIPART_FILE_LIMIT_EXCEEDED|REQBODY_ERROR|REQBODY_PROCESSOR_ERROR|REQUEST_BODY|"
    "REQUEST_BODY_LENGTH|XML:/*";
constexpr std::string_view kResponseTargets = "RESPONSE_BODY";

const rampart::Config& config() {
  static const std::unique_ptr<rampart::Config> c = rampart::fuzz::load_rules(kRules);
  return *c;
}

// Target lists are parsed as a rule's; a harness whose targets do not parse is broken.
const rampart::Rule& targets(std::string_view text) {
  auto* rule = new rampart::Rule();  // kept for the process's life, as the Config is
  if (rampart::config::parse_targets(text, *rule)) __builtin_trap();
  return *rule;
}

constexpr std::string_view kTypes[] = {
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=XyZ",
    "multipart/form-data; boundary=\"a'b c\"",
    "application/json",
    "text/xml",
};

// Piece sizes from 1 to `largest`, pseudo-random from `seed` (xorshift), so that one input byte
// tries many splits and the fuzzer can keep the one that breaks a parser.
class Pieces {
 public:
  explicit Pieces(uint8_t byte) : largest_(1 + byte % 64), state_(0x9e3779b9u ^ byte) {}
  size_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return 1 + state_ % largest_;
  }

 private:
  size_t largest_;
  uint32_t state_;
};

std::string gzip(std::string_view text) {
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    __builtin_trap();
  std::string out(deflateBound(&z, text.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) __builtin_trap();
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// "NAME:key=value" for every value the targets select, in order.
std::vector<std::string> selected(rampart::Transaction& tx, const rampart::Rule& rule) {
  std::vector<rampart::variables::Selected> values;
  rampart::variables::select(tx.state(), rule.targets, values);
  std::vector<std::string> out;
  out.reserve(values.size());
  for (const auto& v : values) out.push_back(v.name() + "=" + std::string(v.value));
  return out;
}

struct Outcome {
  std::vector<std::string> request, response;
  bool request_disrupted = false;
};

// One transaction; `pieces` null feeds each body at once.
Outcome run(std::string_view type, std::string_view body, std::string_view page, Pieces* pieces) {
  static const rampart::Rule& request_targets = targets(kRequestTargets);
  static const rampart::Rule& response_targets = targets(kResponseTargets);
  auto feed = [&](std::string_view data, auto&& append) {
    while (!data.empty()) {
      size_t n = pieces != nullptr ? std::min(pieces->next(), data.size()) : data.size();
      append(data.substr(0, n));
      data.remove_prefix(n);
    }
  };
  std::string length = std::to_string(body.size());
  rampart::fuzz::QuietLog log;
  rampart::Transaction tx(config(), log);
  tx.set_connection("192.0.2.1", 40000, "127.0.0.1", 80);
  tx.set_request_line("POST /fuzz HTTP/1.1", "POST", "/fuzz", "HTTP/1.1");
  tx.set_uri("/fuzz", "", "/fuzz");
  tx.set_unique_id("FUZZ");
  tx.add_request_header("Host", "fuzz.example");
  tx.add_request_header("Content-Type", type);
  tx.add_request_header("Content-Length", length);
  Outcome out;
  if (tx.process_request_headers().disruptive()) return out;
  if (tx.wants_request_body()) feed(body, [&](std::string_view p) { tx.append_request_body(p); });
  out.request_disrupted = tx.process_request_body().disruptive();
  out.request = selected(tx, request_targets);
  tx.set_response_status(200, "HTTP/1.1");
  tx.add_response_header("Content-Type", "text/html");
  tx.add_response_header("Content-Encoding", "gzip");
  tx.process_response_headers();
  if (tx.wants_response_body("text/html"))
    feed(page, [&](std::string_view p) { tx.append_response_body(p); });
  tx.process_response_body();
  out.response = selected(tx, response_targets);
  return out;
}

void report(const char* what, const std::vector<std::string>& whole,
            const std::vector<std::string>& split) {
  std::fprintf(stderr, "fuzz_bodies: the %s differs when the body arrives in pieces\n", what);
  for (size_t i = 0; i < std::max(whole.size(), split.size()); ++i) {
    const char* w = i < whole.size() ? whole[i].c_str() : "-";
    const char* s = i < split.size() ? split[i].c_str() : "-";
    if (std::string_view(w) != s) std::fprintf(stderr, "  whole: %s\n  split: %s\n", w, s);
  }
  __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  std::string_view type = kTypes[data[0] % std::size(kTypes)];
  std::string_view body(reinterpret_cast<const char*>(data) + 2, size - 2);
  std::string page = gzip(body);
  Outcome whole = run(type, body, page, nullptr);
  Pieces pieces(data[1]);
  Outcome split = run(type, body, page, &pieces);
  if (whole.request != split.request) report("request", whole.request, split.request);
  if (whole.response != split.response) report("response", whole.response, split.response);
  if (whole.request_disrupted != split.request_disrupted)
    report("request's outcome", whole.request, split.request);
  return 0;
}
