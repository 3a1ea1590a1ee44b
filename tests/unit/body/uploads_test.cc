// Multipart file uploads and their directives, with the results v2 2.9.7 gives on the same
// requests: files live in SecTmpDir for the transaction, SecUploadKeepFiles moves them to
// SecUploadDir (always, or only when the transaction was relevant), SecUploadFileMode sets their
// mode, SecUploadFileLimit caps how many are stored (MULTIPART_FILE_LIMIT_EXCEEDED past it), and
// FILES_TMP_CONTENT shows their content only when files are kept or SecTmpSaveUploadedFiles is On.
#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

namespace fs = std::filesystem;

// A private directory per test (ctest runs tests in parallel processes), removed afterwards.
class Uploads : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/rampart-uploads-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    root_ = tmpl;
    fs::create_directory(root_ / "tmp");
    fs::create_directory(root_ / "up");
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string rules(const std::string& extra) {
    return "SecRuleEngine On\nSecRequestBodyAccess On\nSecTmpDir " + (root_ / "tmp").string() +
           "\nSecUploadDir " + (root_ / "up").string() + "\n" + extra +
           "SecRule FILES_TMP_CONTENT:f1 \"@rx .\" "
           "\"id:1,phase:2,pass,nolog,setvar:'tx.content=%{MATCHED_VAR}'\"\n"
           "SecRule &FILES_TMP_CONTENT \"@ge 0\" "
           "\"id:2,phase:2,pass,nolog,setvar:tx.count=%{MATCHED_VAR}\"\n"
           "SecRule FILES_TMPNAMES:f1 \"@rx .\" "
           "\"id:3,phase:2,pass,nolog,setvar:'tx.tmp=%{MATCHED_VAR}'\"\n"
           "SecRule ARGS:rel \"@streq yes\" \"id:4,phase:2,pass,log\"\n";
  }

  static Request upload(const std::string& rel) {
    Request r;
    r.method = "POST";
    r.headers.emplace_back("Content-Type", "multipart/form-data; boundary=b");
    r.body = "--b\r\nContent-Disposition: form-data; name=\"rel\"\r\n\r\n" + rel +
             "\r\n--b\r\nContent-Disposition: form-data; name=\"f1\"; filename=\"a.txt\"\r\n\r\n"
             "HELLO\r\n--b\r\nContent-Disposition: form-data; name=\"f2\"; filename=\"b.txt\""
             "\r\n\r\nSECOND\r\n--b--\r\n";
    return r;
  }

  size_t files_in(const char* dir) const {
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(root_ / dir)) ++n;
    return n;
  }
  std::string kept_content(const std::string& name_part) const {
    for (const auto& e : fs::directory_iterator(root_ / "up")) {
      std::ifstream in(e.path());
      std::stringstream ss;
      ss << in.rdbuf();
      if (ss.str().find(name_part) != std::string::npos) return ss.str();
    }
    return "";
  }

  fs::path root_;
};

TEST_F(Uploads, DefaultFilesAreRemovedAndContentHidden) {
  auto config = load_rules(rules(""));
  {
    Exchange ex(*config, upload("yes"));
    ex.run();
    EXPECT_EQ(ex.tx_var("count"), "0");
    EXPECT_EQ(ex.tx_var("content"), "<unset>");
    EXPECT_EQ(files_in("tmp"), 2u);  // stored for the transaction's rules (@inspectFile)
  }
  EXPECT_EQ(files_in("tmp"), 0u);
  EXPECT_EQ(files_in("up"), 0u);
}

TEST_F(Uploads, TmpSaveUploadedFilesShowsContentButKeepsNothing) {
  auto config = load_rules(rules("SecTmpSaveUploadedFiles On\n"));
  {
    Exchange ex(*config, upload("no"));
    ex.run();
    EXPECT_EQ(ex.tx_var("content"), "HELLO");
    EXPECT_EQ(ex.tx_var("count"), "2");
  }
  EXPECT_EQ(files_in("tmp"), 0u);
  EXPECT_EQ(files_in("up"), 0u);
}

TEST_F(Uploads, KeepFilesOnMovesThemToUploadDir) {
  auto config = load_rules(rules("SecUploadKeepFiles On\n"));
  std::string tmp;
  {
    Exchange ex(*config, upload("no"));
    ex.run();
    EXPECT_EQ(ex.tx_var("content"), "HELLO");
    tmp = ex.tx_var("tmp");
    EXPECT_EQ(fs::path(tmp).parent_path(), root_ / "tmp");  // FILES_TMPNAMES: where it was
  }
  EXPECT_EQ(files_in("tmp"), 0u);
  EXPECT_EQ(files_in("up"), 2u);
  EXPECT_TRUE(fs::exists(root_ / "up" / fs::path(tmp).filename()));
  EXPECT_EQ(kept_content("HELLO"), "HELLO");
  EXPECT_EQ(kept_content("SECOND"), "SECOND");
}

TEST_F(Uploads, RelevantOnlyKeepsFilesOfLoggedTransactions) {
  auto config = load_rules(rules("SecUploadKeepFiles RelevantOnly\n"));
  {
    Exchange quiet(*config, upload("no"));
    quiet.run();
    EXPECT_EQ(quiet.tx_var("content"), "HELLO");
  }
  EXPECT_EQ(files_in("up"), 0u);
  EXPECT_EQ(files_in("tmp"), 0u);
  {
    Exchange logged(*config, upload("yes"));  // rule 4 logs
    logged.run();
  }
  EXPECT_EQ(files_in("up"), 2u);
}

TEST_F(Uploads, FileModeAppliesToTheStoredFiles) {
  auto config = load_rules(rules("SecUploadKeepFiles On\nSecUploadFileMode 0640\n"));
  {
    Exchange ex(*config, upload("no"));
    Transaction& tx = ex.tx();
    tx.process_request_headers();
    tx.append_request_body(upload("no").body);
    tx.process_request_body();
    struct stat st {};  // while the transaction runs, in SecTmpDir
    ASSERT_EQ(stat(ex.tx_var("tmp").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
    tx.process_logging();
  }
  ASSERT_EQ(files_in("up"), 2u);
  for (const auto& e : fs::directory_iterator(root_ / "up"))
    EXPECT_EQ(static_cast<unsigned>(fs::status(e.path()).permissions()), 0640u);
}

TEST_F(Uploads, FileLimitStoresTheFirstAndFlagsTheRest) {
  auto config =
      load_rules(rules("SecTmpSaveUploadedFiles On\nSecUploadFileLimit 1\n"
                       "SecRule MULTIPART_FILE_LIMIT_EXCEEDED \"@eq 1\" "
                       "\"id:5,phase:2,pass,nolog,setvar:tx.limit=1\"\n"
                       "SecRule &FILES \"@eq 2\" \"id:6,phase:2,pass,nolog,"
                       "setvar:tx.listed=1\"\n"));
  Exchange ex(*config, upload("no"));
  ex.run();
  EXPECT_EQ(ex.tx_var("limit"), "1");
  EXPECT_EQ(ex.tx_var("listed"), "1");  // both parts are still in FILES
  EXPECT_EQ(ex.tx_var("count"), "1");   // only the first is stored
  EXPECT_EQ(ex.tx_var("content"), "HELLO");
  auto within =
      load_rules(rules("SecUploadFileLimit 2\nSecRule MULTIPART_FILE_LIMIT_EXCEEDED "
                       "\"@eq 1\" \"id:5,phase:2,pass,nolog,setvar:tx.limit=1\"\n"));
  Exchange ok(*within, upload("no"));
  ok.run();
  EXPECT_EQ(ok.tx_var("limit"), "<unset>");
}

TEST_F(Uploads, KeepFilesNeedsUploadDirAndSkipsEmptyFiles) {
  auto no_dir = load_rules("SecRuleEngine On\nSecRequestBodyAccess On\nSecTmpDir " +
                           (root_ / "tmp").string() + "\nSecUploadKeepFiles On\n");
  {
    Exchange ex(*no_dir, upload("no"));
    ex.run();
  }
  EXPECT_EQ(files_in("tmp"), 0u);  // v2: SecUploadDir is undefined, the files are removed
  auto config = load_rules(rules("SecUploadKeepFiles On\n"));
  Request r = upload("no");
  r.body.replace(r.body.find("HELLO"), 5, "");  // f1 is empty now
  {
    Exchange ex(*config, r);
    ex.run();
  }
  EXPECT_EQ(files_in("tmp"), 0u);
  EXPECT_EQ(files_in("up"), 1u);
  EXPECT_EQ(kept_content("SECOND"), "SECOND");
}

// A file part that cannot be stored (SecTmpDir names a path under a regular file) is v2's body
// error "Multipart: Failed to create file", not an upload whose file nobody could inspect.
TEST_F(Uploads, FileThatCannotBeStoredIsABodyError) {
  std::ofstream((root_ / "plain").string()) << "x";
  auto config = load_rules("SecRuleEngine On\nSecRequestBodyAccess On\nSecTmpDir " +
                           (root_ / "plain" / "tmp").string() +
                           "\nSecRule REQBODY_ERROR \"!@eq 0\" "
                           "\"id:9,phase:2,deny,status:400,logdata:'%{REQBODY_ERROR_MSG}'\"\n"
                           "SecRule FILES_TMPNAMES \"@rx .\" \"id:10,phase:2,pass,nolog\"\n");
  Exchange ex(*config, upload("no"));
  EXPECT_EQ(ex.run().status, 400);
  EXPECT_TRUE(ex.log().contains(
      "Multipart: Failed to create file: " + (root_ / "plain" / "tmp").string() + "/"));
  EXPECT_TRUE(ex.log().contains("(Not a directory)"));
}

// No rule reads the files from disk and none are kept: they are not written (as in v2), so an
// unwritable SecTmpDir is no error; FILES and FILES_SIZES are there all the same.
TEST_F(Uploads, FilesNobodyReadsAreNotWritten) {
  std::ofstream((root_ / "plain").string()) << "x";
  auto config = load_rules("SecRuleEngine On\nSecRequestBodyAccess On\nSecTmpDir " +
                           (root_ / "plain" / "tmp").string() +
                           "\nSecRule REQBODY_ERROR \"!@eq 0\" \"id:9,phase:2,deny,status:400\"\n"
                           "SecRule FILES_SIZES:f1 \"@eq 5\" "
                           "\"id:10,phase:2,pass,nolog,setvar:tx.size=%{MATCHED_VAR}\"\n"
                           "SecRule FILES:f2 \"@streq b.txt\" "
                           "\"id:11,phase:2,pass,nolog,setvar:tx.name=%{MATCHED_VAR}\"\n");
  Exchange ex(*config, upload("no"));
  EXPECT_EQ(ex.run().status, 0);  // no interception: no body error
  EXPECT_EQ(ex.tx_var("size"), "5");
  EXPECT_EQ(ex.tx_var("name"), "b.txt");
}

// What makes them written: a rule (or chain link) naming FILES_TMPNAMES or FILES_TMP_CONTENT,
// @inspectFile, a Lua script; SecUploadKeepFiles or SecTmpSaveUploadedFiles.
TEST_F(Uploads, FilesAreWrittenWhenARuleReadsThem) {
  auto seen = [&](const std::string& extra) {
    auto config = load_rules("SecRuleEngine On\nSecRequestBodyAccess On\nSecTmpDir " +
                             (root_ / "tmp").string() + "\n" + extra);
    Exchange ex(*config, upload("no"));
    ex.run();
    return ex.tx_var("seen");
  };
  EXPECT_EQ(
      seen("SecRule FILES_TMPNAMES:f1 \"@rx .\" \"id:1,phase:2,pass,nolog,setvar:tx.seen=1\"\n"),
      "1");
  EXPECT_EQ(seen("SecRule FILES_SIZES:f1 \"@eq 5\" \"id:1,phase:2,pass,nolog,chain\"\n"
                 "SecRule FILES_TMPNAMES:f1 \"@rx .\" \"setvar:tx.seen=1\"\n"),
            "1");
  EXPECT_EQ(seen("SecTmpSaveUploadedFiles On\nSecRule FILES_TMP_CONTENT:f1 \"@streq HELLO\" "
                 "\"id:1,phase:2,pass,nolog,setvar:tx.seen=1\"\n"),
            "1");
  // A Lua script may read FILES_TMPNAMES: it makes them written, also when SecRuleUpdateActionById
  // gives a rule the script.
  std::string lua = (root_ / "seen.lua").string();
  std::ofstream(lua) << "function main()\n"
                        "  local f = m.getvar(\"FILES_TMPNAMES.f1\")\n"
                        "  if f ~= nil and f ~= \"\" then m.setvar(\"tx.seen\", \"1\") end\n"
                        "  return nil\nend\n";
  EXPECT_EQ(seen("SecAction \"id:1,phase:2,pass,nolog,exec:" + lua + "\"\n"), "1");
  EXPECT_EQ(seen("SecAction \"id:1,phase:2,pass,nolog\"\n"
                 "SecRuleUpdateActionById 1 \"exec:" +
                 lua + "\"\n"),
            "1");
  EXPECT_EQ(files_in("tmp"), 0u);  // removed with each transaction
}

TEST(UploadDirectives, BadValuesAreConfigErrors) {
  EXPECT_NE(load_error("SecUploadKeepFiles Maybe\n").find("test.conf:1: "), std::string::npos);
  EXPECT_NE(load_error("SecUploadKeepFiles Maybe\n").find("On, Off or RelevantOnly"),
            std::string::npos);
  EXPECT_NE(load_error("SecUploadFileMode 0999\n"), "");
  EXPECT_NE(load_error("SecUploadFileMode rw\n"), "");
  EXPECT_EQ(load_error("SecUploadFileMode default\n"), "");
  EXPECT_NE(load_error("SecUploadFileLimit many\n"), "");
  EXPECT_EQ(load_error("SecUploadFileLimit 0\n"), "");
  EXPECT_NE(load_error("SecUploadDir /nonexistent/rampart-uploads\n").find("not a directory"),
            std::string::npos);
  EXPECT_NE(load_error("SecTmpSaveUploadedFiles Yes\n"), "");
}

}  // namespace
}  // namespace rampart::testing
