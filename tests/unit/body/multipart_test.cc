// The MULTIPART processor: fields into ARGS_POST, files into FILES* (content on disk), v2's
// strictness flags, chunking independence, and fatal errors as REQBODY_ERROR.
#include <sys/stat.h>

#include "body/multipart.h"
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

const std::string kRules =
    "SecRuleEngine On\nSecRequestBodyAccess On\n"
    "SecRule ARGS_POST:a \"@streq 1\" \"id:1,phase:2,pass,nolog,setvar:tx.a=ok\"\n"
    "SecRule FILES:f \"@streq x.txt\" \"id:2,phase:2,pass,nolog,setvar:tx.file=ok\"\n"
    "SecRule FILES_SIZES:f \"@eq 5\" \"id:3,phase:2,pass,nolog,setvar:tx.size=ok\"\n"
    "SecRule MULTIPART_STRICT_ERROR \"@eq 1\" \"id:4,phase:2,pass,nolog,setvar:tx.strict=1\"\n"
    "SecRule REQBODY_ERROR \"@eq 1\" "
    "\"id:5,phase:2,pass,nolog,setvar:tx.error=%{REQBODY_ERROR_MSG}\"\n"
    "SecRule MULTIPART_PART_HEADERS:f \"@rx text/plain\" "
    "\"id:6,phase:2,pass,nolog,setvar:tx.hdr=ok\"\n";

Request multipart(std::string body, std::string ct = "multipart/form-data; boundary=XyZ") {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", ct);
  r.body = std::move(body);
  return r;
}

const std::string kClean =
    "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
    "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\n"
    "Content-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n";

TEST(Multipart, FieldsAndFiles) {
  auto config = load_rules(kRules);
  Exchange ex(*config, multipart(kClean));
  ex.run();
  EXPECT_EQ(ex.tx_var("a"), "ok");
  EXPECT_EQ(ex.tx_var("file"), "ok");
  EXPECT_EQ(ex.tx_var("size"), "ok");
  EXPECT_EQ(ex.tx_var("hdr"), "ok");
  EXPECT_EQ(ex.tx_var("strict"), "<unset>");
  EXPECT_EQ(ex.tx_var("error"), "<unset>");
}

TEST(Multipart, TempFileRemovedWithTheTransaction) {
  auto config = load_rules("SecTmpDir /tmp\n" + kRules +
                           "SecRule FILES_TMPNAMES \"@rx .\" \"id:7,phase:2,pass,nolog,"
                           "setvar:tx.tmp=%{MATCHED_VAR}\"\n");
  std::string path;
  {
    Exchange ex(*config, multipart(kClean));
    ex.run();
    path = ex.tx_var("tmp");
    struct stat st {};
    ASSERT_EQ(stat(path.c_str(), &st), 0) << path;
    EXPECT_EQ(st.st_size, 5);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
  }
  struct stat st {};
  EXPECT_NE(stat(path.c_str(), &st), 0) << path;
}

TEST(Multipart, ChunkingDoesNotMatter) {
  auto config = load_rules(kRules);
  for (size_t step : {1u, 2u, 7u, 64u}) {
    Request r = multipart("");
    Exchange ex(*config, r);
    ex.tx().process_request_headers();
    for (size_t i = 0; i < kClean.size(); i += step)
      ex.tx().append_request_body(std::string_view(kClean).substr(i, step));
    ex.tx().process_request_body();
    EXPECT_EQ(ex.tx_var("a"), "ok") << step;
    EXPECT_EQ(ex.tx_var("size"), "ok") << step;
  }
}

// What a body parses to must not depend on its pieces (a client chooses them): each body here
// gives the same flags and parts fed at once and one byte at a time. The first is what
// fuzz_bodies found: a content line starting with `--` that is not our boundary is an unmatched
// boundary, also when the line arrives in pieces. The long lines (past the parser's 64 KiB line
// buffer) are read by their first 64 KiB however they arrive: a boundary further on in such a
// line is not one, and a header line that long is an error.
TEST(Multipart, LinesReadTheSameInPieces) {
  auto config = load_rules(kRules +
                           "SecRule MULTIPART_UNMATCHED_BOUNDARY \"@eq 1\" "
                           "\"id:8,phase:2,pass,nolog,setvar:tx.unmatched=1\"\n"
                           "SecRule MULTIPART_DATA_BEFORE \"@eq 1\" "
                           "\"id:9,phase:2,pass,nolog,setvar:tx.before=1\"\n"
                           "SecRule ARGS_POST:a \"@rx .\" "
                           "\"id:10,phase:2,pass,nolog,setvar:tx.a_size=%{MATCHED_VAR}\"\n");
  const std::string head = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n";
  const std::string long_text(70000, 'x');
  struct Case {
    std::string body;
    std::string unmatched, before, error;
  };
  const Case cases[] = {
      {head + "x\n--a'\x02\x01/{\"b>\" b c\r\n--XyZ--\r\n", "1", "<unset>", "<unset>"},
      {head + long_text + "--XyZ\r\n--XyZ--\r\n", "<unset>", "<unset>", "<unset>"},
      {long_text + "--XyZ\r\n" + head.substr(7) + "1\r\n--XyZ--\r\n", "<unset>", "1", "<unset>"},
      {"--XyZ\r\nContent-Disposition: form-data; name=\"a\"; x=\"" + long_text +
           "\"\r\n\r\n1\r\n--XyZ--\r\n",
       "<unset>", "<unset>", "Multipart parsing error: Multipart: Part header line too long."},
  };
  for (const Case& c : cases) {
    std::string whole_a, split_a;
    for (size_t step : {c.body.size(), size_t{1}}) {
      Exchange ex(*config, multipart(""));
      ex.tx().process_request_headers();
      for (size_t i = 0; i < c.body.size(); i += step)
        ex.tx().append_request_body(std::string_view(c.body).substr(i, step));
      ex.tx().process_request_body();
      std::string where = c.body.substr(0, 60) + " in pieces of " + std::to_string(step);
      EXPECT_EQ(ex.tx_var("unmatched"), c.unmatched) << where;
      EXPECT_EQ(ex.tx_var("before"), c.before) << where;
      EXPECT_EQ(ex.tx_var("error"), c.error) << where;
      (step == 1 ? split_a : whole_a) = ex.tx_var("a_size");
    }
    EXPECT_EQ(whole_a, split_a) << c.body.substr(0, 60);
  }
}

struct FlagCase {
  std::string variable, body, content_type;
};

TEST(Multipart, StrictnessFlags) {
  const std::string ct = "multipart/form-data; boundary=XyZ";
  const std::string part = "Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n";
  const std::vector<FlagCase> cases = {
      {"MULTIPART_LF_LINE", "--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n--XyZ--\n",
       ct},
      {"MULTIPART_DATA_BEFORE", "junk\r\n--XyZ\r\n" + part + "--XyZ--\r\n", ct},
      {"MULTIPART_DATA_AFTER", "--XyZ\r\n" + part + "--XyZ--\r\njunk\r\n", ct},
      {"MULTIPART_BOUNDARY_QUOTED", "--XyZ\r\n" + part + "--XyZ--\r\n",
       "multipart/form-data; boundary=\"XyZ\""},
      {"MULTIPART_BOUNDARY_WHITESPACE", "--XyZ\r\n" + part + "--XyZ--\r\n",
       "multipart/form-data; boundary= XyZ"},
      {"MULTIPART_HEADER_FOLDING",
       "--XyZ\r\nContent-Disposition: form-data;\r\n name=\"a\"\r\n\r\n1\r\n--XyZ--\r\n", ct},
      {"MULTIPART_MISSING_SEMICOLON", "--XyZ\r\n" + part + "--XyZ--\r\n",
       "multipart/form-data boundary=XyZ"},
      {"MULTIPART_INVALID_HEADER_FOLDING",
       "--XyZ\r\nContent-Disposition: form-data;\r\n\vname=\"a\"\r\n\r\n1\r\n--XyZ--\r\n", ct},
      {"MULTIPART_CRLF_LF_LINES",
       "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\n\r\n1\r\n--XyZ--\r\n", ct},
      {"MULTIPART_INVALID_QUOTING",
       "--XyZ\r\nContent-Disposition: form-data; name='a'\r\n\r\n1\r\n--XyZ--\r\n", ct},
      {"MULTIPART_INVALID_PART",
       "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n--XyZ--\r\n", ct},
      {"MULTIPART_UNMATCHED_BOUNDARY",
       "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--Xy\r\n--XyZ--\r\n", ct},
  };
  for (const FlagCase& c : cases) {
    auto config = load_rules("SecRuleEngine On\nSecRequestBodyAccess On\nSecRule " + c.variable +
                             " \"@eq 1\" \"id:1,phase:2,pass,nolog,setvar:tx.hit=1\"\n"
                             "SecRule MULTIPART_STRICT_ERROR \"@eq 1\" "
                             "\"id:2,phase:2,pass,nolog,setvar:tx.strict=1\"\n");
    Exchange bad(*config, multipart(c.body, c.content_type));
    bad.run();
    EXPECT_EQ(bad.tx_var("hit"), "1") << c.variable;
    if (c.variable != "MULTIPART_UNMATCHED_BOUNDARY" && c.variable != "MULTIPART_CRLF_LF_LINES") {
      EXPECT_EQ(bad.tx_var("strict"), "1") << c.variable;
    }
    Exchange clean(*config, multipart(kClean));
    clean.run();
    EXPECT_EQ(clean.tx_var("hit"), "<unset>") << c.variable;
  }
}

// MULTIPART_CRLF_LINE says a line ended in CRLF: informational, set by a well-formed body, never
// part of MULTIPART_STRICT_ERROR (v2).
// The ';' before `boundary` is looked for after the media type, whichever type a
// ctl:requestBodyProcessor=MULTIPART forced; `multipart/form-data` keeps v2's exact rule.
TEST(Multipart, BoundaryAfterAnyMediaType) {
  struct Case {
    std::string_view content_type;
    bool missing_semicolon;
    bool error;
  };
  const Case cases[] = {
      {"multipart/form-data; boundary=XyZ", false, false},
      {"multipart/form-data boundary=XyZ", true, false},
      {"multipart/form-datax; boundary=XyZ", false, true},  // v2: malformed
      {"multipart/mixed; boundary=XyZ", false, false},
      {"multipart/mixed boundary=XyZ", true, false},
      {"application/x-upload; boundary=XyZ", false, false},
      {"multipart/mixed;; boundary=XyZ", false, true},
  };
  for (const Case& c : cases) {
    body::MultipartFlags flags;
    std::string error;
    std::string boundary = body::multipart_boundary(c.content_type, flags, error);
    EXPECT_EQ(!error.empty(), c.error) << c.content_type << ": " << error;
    if (c.error) continue;
    EXPECT_EQ(boundary, "XyZ") << c.content_type;
    EXPECT_EQ(flags.missing_semicolon, c.missing_semicolon) << c.content_type;
  }
}

TEST(Multipart, CrlfLineIsInformational) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecRule MULTIPART_CRLF_LINE \"@eq 1\" \"id:1,phase:2,pass,nolog,setvar:tx.crlf=1\"\n"
      "SecRule MULTIPART_STRICT_ERROR \"@eq 1\" \"id:2,phase:2,pass,nolog,setvar:tx.strict=1\"\n");
  Exchange crlf(*config, multipart(kClean));
  crlf.run();
  EXPECT_EQ(crlf.tx_var("crlf"), "1");
  EXPECT_EQ(crlf.tx_var("strict"), "<unset>");
  Exchange lf(*config,
              multipart("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\n1\n--XyZ--\n"));
  lf.run();
  EXPECT_EQ(lf.tx_var("crlf"), "<unset>");
}

TEST(Multipart, FatalErrorsSetReqbodyError) {
  auto config = load_rules(kRules);
  Exchange no_final(*config,
                    multipart("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1"));
  no_final.run();
  EXPECT_EQ(no_final.tx_var("error"),
            "Multipart parsing error: Multipart: Final boundary missing.");
  Exchange no_boundary(*config, multipart(kClean, "multipart/form-data"));
  no_boundary.run();
  EXPECT_EQ(no_boundary.tx_var("error"), "Multipart: Boundary not found in C-T.");
  Exchange no_colon(*config, multipart("--XyZ\r\nbroken header\r\n\r\n1\r\n--XyZ--\r\n"));
  no_colon.run();
  EXPECT_EQ(no_colon.tx_var("error"),
            "Multipart parsing error: Multipart: Invalid part header (colon missing): "
            "broken header\\r\\n.");
}

// The bodies v2 2.9.7 refuses outright (REQBODY_ERROR, with MULTIPART_STRICT_ERROR), where a
// lenient parser would only raise a flag.
TEST(Multipart, WhatV2RefusesIsAnError) {
  auto config = load_rules(kRules);
  auto error_of = [&](const std::string& body, const std::string& ct) {
    Exchange ex(*config, multipart(body, ct));
    ex.run();
    EXPECT_EQ(ex.tx_var("strict"), "1") << body;
    return ex.tx_var("error");
  };
  const std::string ct = "multipart/form-data; boundary=XyZ";
  const std::string p = "Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n";
  EXPECT_EQ(error_of("--XyZ\r\n" + p + "--XyZx\r\n--XyZ--\r\n", ct),
            "Multipart parsing error: Multipart: Invalid boundary: --XyZx\\r\\n");
  EXPECT_EQ(
      error_of("--XyZ\r\n Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ--\r\n", ct),
      "Multipart parsing error: Multipart: Invalid part header (folding error).");
  EXPECT_EQ(
      error_of("--XyZ\r\nContent-Disposition: form-data name=\"a\"\r\n\r\n1\r\n--XyZ--\r\n", ct),
      "Multipart parsing error: Multipart: Invalid Content-Disposition header (-2): "
      "form-data name=\"a\".");
  EXPECT_EQ(
      error_of("--XyZ\r\nContent-Disposition: form-data; name=\"a\r\n\r\n1\r\n--XyZ--\r\n", ct),
      "Multipart parsing error: Multipart: Invalid Content-Disposition header (-10): "
      "form-data; name=\"a.");
  EXPECT_EQ(error_of("--XyZ\r\nContent-Disposition: form-data\r\n\r\n1\r\n--XyZ--\r\n", ct),
            "Multipart parsing error: Multipart: Content-Disposition header missing name field.");
  EXPECT_EQ(
      error_of("--XyZ\r\n" + p + "--XyZ--\r\n", "multipart/form-data; charset=utf-8; boundary=XyZ"),
      "Multipart: Invalid boundary in C-T (malformed).");
  EXPECT_EQ(error_of("--XyZ\r\n" + p + "--XyZ--\r\n", "multipart/form-data; Boundary=XyZ"),
            "Multipart: Invalid boundary in C-T (case sensitivity).");
  EXPECT_EQ(error_of("--XyZ\r\n" + p + "--XyZ--\r\n", "multipart/form-data; boundary=XyZ; a=b"),
            "Multipart: Invalid boundary in C-T (characters).");
}

// Anything outside the parts is data before or after, even a blank line; nothing after the
// final boundary is parsed.
TEST(Multipart, BlankLinesOutsideThePartsAreFlagged) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecRule MULTIPART_DATA_BEFORE \"@eq 1\" \"id:1,phase:2,pass,nolog,setvar:tx.before=1\"\n"
      "SecRule MULTIPART_DATA_AFTER \"@eq 1\" \"id:2,phase:2,pass,nolog,setvar:tx.after=1\"\n"
      "SecRule REQBODY_ERROR \"@eq 1\" \"id:3,phase:2,pass,nolog,setvar:tx.error=1\"\n");
  const std::string p = "Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n";
  Exchange before(*config, multipart("\r\n--XyZ\r\n" + p + "--XyZ--\r\n"));
  before.run();
  EXPECT_EQ(before.tx_var("before"), "1");
  Exchange after(*config, multipart("--XyZ\r\n" + p + "--XyZ--\r\n\r\n--XyZx\r\n"));
  after.run();
  EXPECT_EQ(after.tx_var("after"), "1");
  EXPECT_EQ(after.tx_var("error"), "<unset>");
  Exchange no_eol(*config, multipart("--XyZ\r\n" + p + "--XyZ--"));
  no_eol.run();
  EXPECT_EQ(no_eol.tx_var("after"), "<unset>");
  EXPECT_EQ(no_eol.tx_var("error"), "<unset>");
}

TEST(Multipart, LongFileLineStaysOutOfMemory) {
  auto config = load_rules(kRules);
  std::string big(1 << 20, 'z');
  Exchange ex(*config, multipart("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; "
                                 "filename=\"x.txt\"\r\n\r\n" +
                                 big + "\r\n--XyZ--\r\n"));
  ex.run();
  EXPECT_EQ(ex.tx_var("error"), "<unset>");
  const auto* mp = dynamic_cast<const body::MultipartProcessor*>(ex.state().body_processor.get());
  ASSERT_NE(mp, nullptr);
  ASSERT_EQ(mp->parts().size(), 1u);
  EXPECT_EQ(mp->parts()[0].size, big.size());
  EXPECT_TRUE(mp->parts()[0].value.empty());  // on disk, not here
}

TEST(Multipart, EndlessHeaderLineIsAnError) {
  auto config = load_rules(kRules);
  Exchange ex(*config, multipart("--XyZ\r\nX-Long: " + std::string(200000, 'h')));
  ex.run();
  EXPECT_EQ(ex.tx_var("error"), "Multipart parsing error: Multipart: Part header line too long.");
}

}  // namespace
}  // namespace rampart::testing
