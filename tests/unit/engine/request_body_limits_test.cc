// Request body limits in the engine: SecRequestBodyLimit (every byte), SecRequestBodyNoFilesLimit
// (the processor's non-file bytes; without a processor only a forced REQUEST_BODY counts),
// SecRequestBodyLimitAction Reject|ProcessPartial, DetectionOnly, v2's log lines, what the engine
// keeps (REQUEST_BODY), REQUEST_BODY_LENGTH, INBOUND_DATA_ERROR and STREAM_INPUT_BODY.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

constexpr char kBodyLine[] = "ModSecurity: Request body is larger than the configured limit (100).";
constexpr char kDeclaredLine[] =
    "ModSecurity: Request body (Content-Length) is larger than the configured limit (100).";
constexpr char kNoFilesLine[] =
    "ModSecurity: Request body no files data length is larger than the configured limit (50).";

// Probe rules: what phase 2 saw, in TX variables.
const std::string kProbes =
    "SecRule REQUEST_BODY \"@contains HEAD\" \"id:10,phase:2,pass,nolog,setvar:tx.head=1\"\n"
    "SecRule REQUEST_BODY \"@contains TAIL\" \"id:11,phase:2,pass,nolog,setvar:tx.tail=1\"\n"
    "SecRule ARGS_POST:a \"@rx ^\" \"id:12,phase:2,pass,nolog,setvar:tx.a=%{MATCHED_VAR}\"\n"
    "SecAction \"id:13,phase:2,pass,nolog,setvar:tx.phase2=1,"
    "setvar:tx.length=%{REQUEST_BODY_LENGTH},setvar:tx.inbound=%{INBOUND_DATA_ERROR},"
    "setvar:tx.error=%{REQBODY_ERROR},setvar:'tx.msg=%{REQBODY_ERROR_MSG}'\"\n";

// Runs one POST, its body handed over in `chunks` as a connector would (stopping at
// kLimitExceeded), with the Content-Length declared first when `declared`.
struct BodyRun {
  std::unique_ptr<Config> config;
  std::unique_ptr<Exchange> ex;
  Intervention result;
  std::vector<BodyResult> results;

  BodyRun(const std::string& rules, const std::string& content_type,
          const std::vector<std::string>& chunks, bool declared = false) {
    config = load_rules(
        "SecRequestBodyAccess On\nSecRequestBodyLimit 100\n"
        "SecRequestBodyNoFilesLimit 50\n" +
        rules + kProbes);
    Request req;
    req.method = "POST";
    req.headers.emplace_back("Content-Type", content_type);
    ex = std::make_unique<Exchange>(*config, req);
    Transaction& tx = ex->tx();
    result = tx.process_request_headers();
    size_t total = 0;
    for (const std::string& c : chunks) total += c.size();
    bool stop = declared && tx.declare_request_body_length(total) == BodyResult::kLimitExceeded;
    for (size_t i = 0; !stop && i < chunks.size(); ++i) {
      results.push_back(tx.append_request_body(chunks[i]));
      stop = results.back() == BodyResult::kLimitExceeded;
    }
    if (!result.disruptive()) result = tx.process_request_body();
  }
  std::string tx(std::string_view name) { return ex->tx_var(name); }
  bool logged(std::string_view needle) { return ex->log().contains(needle); }
  size_t count(std::string_view needle) { return ex->log().count(needle); }
  TransactionState& state() { return ex->state(); }
};

std::string text(size_t n, char c = 'x') {
  return std::string(n, c);
}

TEST(RequestBodyLimit, RejectAnswers413WithV2Line) {
  BodyRun run("SecRuleEngine On\n", "application/octet-stream", {text(60), text(60), text(60)});
  EXPECT_EQ(run.result.kind, Intervention::Kind::kDeny);
  EXPECT_EQ(run.result.status, 413);
  EXPECT_EQ(run.results.size(), 2u) << "reading stops at the chunk that crosses the limit";
  EXPECT_EQ(run.count(kBodyLine), 1u);
  EXPECT_EQ(run.tx("phase2"), "<unset>") << "phase 2 does not run after a 413";
}

TEST(RequestBodyLimit, DeclaredLengthOverLimitIsRefusedBeforeReading) {
  BodyRun run("SecRuleEngine On\n", "application/octet-stream", {text(101)}, true);
  EXPECT_EQ(run.result.status, 413);
  EXPECT_TRUE(run.results.empty());
  EXPECT_EQ(run.count(kDeclaredLine), 1u);
}

TEST(RequestBodyLimit, BodyAtTheLimitPasses) {
  BodyRun run("SecRuleEngine On\n", "application/octet-stream", {text(50), text(50)}, true);
  EXPECT_FALSE(run.result.disruptive());
  EXPECT_EQ(run.tx("length"), "100");
  EXPECT_EQ(run.tx("inbound"), "0");
  EXPECT_TRUE(run.ex->log().lines.empty());
}

TEST(RequestBodyLimit, ProcessPartialInspectsThePrefixOnly) {
  std::string body = "HEAD" + text(150) + "TAIL";
  BodyRun run(
      "SecRuleEngine On\nSecRequestBodyLimitAction ProcessPartial\n"
      "SecRequestBodyNoFilesLimit 1000\n"
      "SecAction \"id:1,phase:1,pass,nolog,ctl:forceRequestBodyVariable=On\"\n",
      "application/octet-stream", {body.substr(0, 80), body.substr(80)}, true);
  EXPECT_FALSE(run.result.disruptive());
  EXPECT_EQ(run.tx("head"), "1");
  EXPECT_EQ(run.tx("tail"), "<unset>");
  EXPECT_EQ(run.tx("length"), "100");
  EXPECT_EQ(run.tx("inbound"), "1");
  EXPECT_EQ(run.tx("error"), "0") << "the body limit is not a parse error";
  EXPECT_EQ(run.state().request_body.size(), 100u);
  EXPECT_EQ(run.count(kDeclaredLine), 1u) << "logged once, as v2 does for a declared length";
  EXPECT_EQ(run.count(kBodyLine), 0u);
}

TEST(RequestBodyLimit, ProcessPartialChunkedLogsThePlainLine) {
  BodyRun run("SecRuleEngine On\nSecRequestBodyLimitAction ProcessPartial\n",
              "application/octet-stream", {text(70), text(70)});
  EXPECT_FALSE(run.result.disruptive());
  EXPECT_EQ(run.count(kBodyLine), 1u);
  EXPECT_EQ(run.tx("inbound"), "1");
}

TEST(RequestBodyLimit, DetectionOnlyNeverBlocks) {
  BodyRun run("SecRuleEngine DetectionOnly\n", "application/octet-stream", {text(101)}, true);
  EXPECT_FALSE(run.result.disruptive());
  EXPECT_EQ(run.count(kDeclaredLine), 1u);
  EXPECT_EQ(run.tx("phase2"), "1");
  EXPECT_EQ(run.tx("inbound"), "1");
}

TEST(RequestBodyNoFilesLimit, UrlencodedRejectAnswers413) {
  BodyRun run("SecRuleEngine On\n", "application/x-www-form-urlencoded", {"a=" + text(60)});
  EXPECT_EQ(run.result.status, 413);
  EXPECT_EQ(run.count(kNoFilesLine), 1u);
}

TEST(RequestBodyNoFilesLimit, ProcessPartialSetsReqbodyErrorAndParsesThePrefix) {
  BodyRun run("SecRuleEngine On\nSecRequestBodyLimitAction ProcessPartial\n",
              "application/x-www-form-urlencoded", {"a=HEAD" + text(30), text(30) + "&b=TAIL"});
  EXPECT_FALSE(run.result.disruptive());
  EXPECT_EQ(run.tx("error"), "1");
  EXPECT_EQ(run.tx("msg"),
            "Request body no files data length is larger than the configured limit (50).");
  EXPECT_EQ(run.tx("a"), "HEAD" + text(44)) << "the first 50 bytes are parsed";
  EXPECT_EQ(run.tx("tail"), "<unset>");
  EXPECT_EQ(run.tx("inbound"), "0");
  EXPECT_EQ(run.count(kNoFilesLine), 1u);
}

TEST(RequestBodyNoFilesLimit, DetectionOnlySetsReqbodyErrorWithoutBlocking) {
  BodyRun run("SecRuleEngine DetectionOnly\n", "application/x-www-form-urlencoded",
              {"a=" + text(60)});
  EXPECT_FALSE(run.result.disruptive());
  EXPECT_EQ(run.tx("error"), "1");
  EXPECT_EQ(run.count(kNoFilesLine), 1u);
}

// v2 counts a body no processor reads only when it is buffered for REQUEST_BODY.
TEST(RequestBodyNoFilesLimit, UnparsedBodyCountsOnlyWhenForced) {
  BodyRun plain("SecRuleEngine On\n", "application/octet-stream", {text(90)});
  EXPECT_FALSE(plain.result.disruptive());
  EXPECT_EQ(plain.tx("error"), "0");
  EXPECT_EQ(plain.state().request_body.size(), 50u)
      << "the engine keeps at most the no-files limit";

  BodyRun forced(
      "SecRuleEngine On\n"
      "SecAction \"id:1,phase:1,pass,nolog,ctl:forceRequestBodyVariable=On\"\n",
      "application/octet-stream", {text(90)});
  EXPECT_EQ(forced.result.status, 413);
  EXPECT_EQ(forced.count(kNoFilesLine), 1u);
}

TEST(RequestBodyKept, RequestBodyVariablePerProcessor) {
  BodyRun form("SecRuleEngine On\n", "application/x-www-form-urlencoded", {"a=HEAD"});
  EXPECT_EQ(form.tx("head"), "1");
  BodyRun octets("SecRuleEngine On\n", "application/octet-stream", {"HEAD"});
  EXPECT_EQ(octets.tx("head"), "<unset>") << "v2: no REQUEST_BODY without a processor";
  EXPECT_EQ(octets.tx("length"), "4") << "REQUEST_BODY_LENGTH is always set";
  BodyRun forced(
      "SecRuleEngine On\n"
      "SecAction \"id:1,phase:1,pass,nolog,ctl:forceRequestBodyVariable=On\"\n",
      "text/plain", {"HE", "AD"});
  EXPECT_EQ(forced.tx("head"), "1");
}

TEST(StreamInputBody, WholeBodyWithinTheLimitWhenEnabled) {
  BodyRun on(
      "SecRuleEngine On\nSecStreamInBodyInspection On\n"
      "SecRule STREAM_INPUT_BODY \"@contains TAIL\" \"id:20,phase:2,pass,nolog,"
      "setvar:tx.stream=1\"\n",
      "application/octet-stream", {text(40), text(40) + "TAIL"});
  EXPECT_EQ(on.tx("stream"), "1");
  EXPECT_EQ(on.state().stream_input_body.size(), 84u) << "not cut at the no-files limit";
  EXPECT_FALSE(on.ex->tx().request_body_replacement().has_value());

  BodyRun off(
      "SecRuleEngine On\n"
      "SecRule STREAM_INPUT_BODY \"@contains TAIL\" \"id:20,phase:2,pass,nolog,"
      "setvar:tx.stream=1\"\n",
      "application/octet-stream", {"TAIL"});
  EXPECT_EQ(off.tx("stream"), "<unset>");
  EXPECT_TRUE(off.state().stream_input_body.empty());
}

TEST(StreamInputBody, RsubRewriteIsTheReplacement) {
  BodyRun run(
      "SecRuleEngine On\nSecStreamInBodyInspection On\n"
      "SecRule STREAM_INPUT_BODY \"@rsub s/secret/XXXXXX/\" \"id:20,phase:2,pass,nolog\"\n",
      "application/x-www-form-urlencoded", {"a=secret&b=1"});
  std::optional<std::string_view> body = run.ex->tx().request_body_replacement();
  ASSERT_TRUE(body.has_value());
  EXPECT_EQ(*body, "a=XXXXXX&b=1");
  EXPECT_EQ(run.state().request_body, "a=secret&b=1") << "REQUEST_BODY keeps what was received";
}

TEST(RequestBodyDirectives, ParseAndDefaults) {
  Settings defaults;
  EXPECT_EQ(defaults.max_request_body_in_memory(), 131072u);
  EXPECT_FALSE(defaults.inspect_stream_input());
  EXPECT_EQ(defaults.args_separator(), '&');
  auto config = load_rules(
      "SecRequestBodyInMemoryLimit 4096\nSecStreamInBodyInspection On\nSecArgumentSeparator ;\n");
  EXPECT_EQ(config->settings().max_request_body_in_memory(), 4096u);
  EXPECT_TRUE(config->settings().inspect_stream_input());
  EXPECT_EQ(config->settings().args_separator(), ';');
  EXPECT_NE(load_error("SecArgumentSeparator &&\n").find("takes a single character"),
            std::string::npos);
  EXPECT_NE(load_error("SecRequestBodyInMemoryLimit 128KB\n").find("size in bytes"),
            std::string::npos);
  EXPECT_NE(load_error("SecStreamInBodyInspection Maybe\n").find("On or Off"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
