// When a transaction is logged (SecAuditEngine, relevance, ctl:), the index line of Concurrent
// mode, part list changes, the directives' checks and the writer.
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "audit_test_util.h"
#include "log/audit_config.h"
#include "log/audit_writer.h"

namespace rampart::testing {
namespace {

std::string temp_path(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("rampart-audit-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(AuditRelevance, AuditlogRulesMakeATransactionRelevant) {
  auto cfg = load_rules(
      "SecRuleEngine On\n"
      "SecRule ARGS:a \"@streq log\" \"id:1,pass,log\"\n"
      "SecRule ARGS:a \"@streq quiet\" \"id:2,pass,log,noauditlog\"\n"
      "SecRule ARGS:a \"@streq nolog\" \"id:3,pass,nolog\"\n"
      "SecRule ARGS:a \"@streq both\" \"id:4,pass,nolog,auditlog\"\n");
  for (auto [query, relevant] : {std::pair{"a=log", true},
                                 {"a=quiet", false},
                                 {"a=nolog", false},
                                 {"a=both", true},
                                 {"a=none", false}}) {
    Exchange ex(*cfg, get(query));
    ex.run();
    EXPECT_EQ(log::audit_relevant(ex.state(), 200), relevant) << query;
  }
}

TEST(AuditRelevance, StatusMatchingRelevantStatus) {
  auto cfg = load_rules("SecRuleEngine On\nSecAuditLogRelevantStatus \"^(?:5|4(?!04))\"\n");
  Exchange ex(*cfg, get(""));
  ex.run();
  EXPECT_TRUE(log::audit_relevant(ex.state(), 500));
  EXPECT_TRUE(log::audit_relevant(ex.state(), 403));
  EXPECT_FALSE(log::audit_relevant(ex.state(), 404));
  EXPECT_FALSE(log::audit_relevant(ex.state(), 200));
}

std::string config_with_log(const std::string& path, const std::string& more) {
  return "SecRuleEngine On\nSecAuditLog " + path + "\n" + more;
}

TEST(AuditDecision, RelevantOnlyWritesOnlyRelevantEntries) {
  std::string path = temp_path("relevant.log");
  std::filesystem::remove(path);
  auto cfg = load_rules(config_with_log(
      path, "SecAuditEngine RelevantOnly\nSecRule ARGS:a \"@streq x\" \"id:1,deny\"\n"));
  for (const char* q : {"a=x", "a=ok", "a=x"}) {
    Exchange ex(*cfg, get(q));
    ex.run();
    ASSERT_TRUE(ex.tx().wants_audit_log());
    ex.tx().write_audit_log(final_response());
  }
  std::string text = read(path);
  EXPECT_EQ(std::count(text.begin(), text.end(), 'Z'), 2) << text;  // one Z marker per entry
  EXPECT_EQ(text.substr(text.size() - 2), "\n\n");                  // Serial: a blank line after Z
}

TEST(AuditDecision, CtlAuditEngineAndParts) {
  std::string path = temp_path("ctl.log");
  std::filesystem::remove(path);
  auto cfg = load_rules(config_with_log(
      path,
      "SecAuditEngine On\nSecAuditLogParts ABHZ\n"
      "SecRule ARGS:off \"@streq 1\" \"id:1,phase:1,pass,nolog,ctl:auditEngine=Off\"\n"
      "SecRule ARGS:k \"@streq 1\" \"id:2,phase:1,pass,nolog,ctl:auditLogParts=+K,"
      "ctl:auditLogParts=-B\"\n"));
  Exchange off(*cfg, get("off=1"));
  off.run();
  EXPECT_FALSE(off.tx().wants_audit_log());
  Exchange k(*cfg, get("k=1"));
  k.run();
  ASSERT_TRUE(k.tx().wants_audit_log());
  k.tx().write_audit_log(final_response(200, "200 OK"));
  std::string text = read(path);
  EXPECT_TRUE(has(text, "-K--\nSecRule \"ARGS:k\"")) << text;
  EXPECT_FALSE(has(text, "-B--")) << text;
  EXPECT_NE(load_error("SecAction \"id:1,ctl:auditLogParts=+Q\""), "");
  EXPECT_NE(load_error("SecAction \"id:1,ctl:auditEngine=Maybe\""), "");
}

TEST(AuditDecision, EngineOffOrNoLogMeansNoEntry) {
  auto off = load_rules("SecRuleEngine Off\nSecAuditEngine On\nSecAuditLog " +
                        temp_path("off.log") + "\n");
  Exchange a(*off, get(""));
  a.run();
  EXPECT_FALSE(a.tx().wants_audit_log());
  auto nolog = load_rules("SecRuleEngine On\nSecAuditEngine On\n");
  Exchange b(*nolog, get(""));
  b.run();
  EXPECT_FALSE(b.tx().wants_audit_log());
}

TEST(AuditDecision, ConcurrentWritesAFileAndAnIndexLine) {
  std::string dir = temp_path("store");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string index = temp_path("index.log"), index2 = temp_path("index2.log");
  std::filesystem::remove(index);
  std::filesystem::remove(index2);
  auto cfg = load_rules(config_with_log(
      index, "SecAuditLog2 " + index2 +
                 "\nSecAuditEngine On\nSecAuditLogType Concurrent\nSecAuditLogStorageDir " + dir +
                 "\nSecAuditLogFileMode 0600\nSecAuditLogDirMode 0700\n"));
  Exchange ex(*cfg, get("a=1"));
  ex.run();
  ex.tx().write_audit_log(final_response(200, "200 OK"));
  std::string line = read(index);
  EXPECT_EQ(line, read(index2));
  std::smatch m;
  ASSERT_TRUE(std::regex_match(
      line, m,
      std::regex("www\\.example\\.com 192\\.0\\.2\\.10 - - \\[[^\\]]+\\] \"GET /index\\.html\\?a=1 "
                 "HTTP/1\\.1\" 200 199 \"-\" \"-\" TESTID \"-\" (/\\d{8}/\\d{8}-\\d{4}/"
                 "\\d{8}-\\d{6}-TESTID) 0 (\\d+) md5:([0-9a-f]{32}) \n")))
      << line;
  std::string entry = read(dir + m[1].str());
  EXPECT_EQ(std::to_string(entry.size()), m[2].str());
  EXPECT_EQ(entry.substr(entry.size() - 4), "Z--\n");  // no blank line in a file of its own
  EXPECT_EQ(std::filesystem::status(dir + m[1].str()).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
}

TEST(AuditIndex, LongRequestLinesAreCutAndMarked) {
  auto cfg = load_rules("SecRuleEngine On\n");
  Exchange ex(*cfg, get("q=" + std::string(5000, 'x')));
  ex.run();
  log::AuditInput in{ex.state(), final_response(), "AZ", log::Clock::now()};
  std::string line = log::index_line(in, "/f", "entry");
  EXPECT_LE(line.size(), 3980u);
  EXPECT_EQ(line.substr(line.size() - 3), " L\n");
}

TEST(AuditIndex, FileNameAndTime) {
  std::tm tm{};
  tm.tm_year = 124, tm.tm_mon = 9, tm.tm_mday = 2, tm.tm_hour = 12, tm.tm_min = 34, tm.tm_sec = 56;
  tm.tm_isdst = -1;
  auto t = log::Clock::from_time_t(std::mktime(&tm)) + std::chrono::microseconds(42);
  EXPECT_EQ(log::entry_file_name(t, "ID"), "/20241002/20241002-1234/20241002-123456-ID");
  EXPECT_TRUE(
      std::regex_match(log::log_time(t), std::regex("02/Oct/2024:12:34:56\\.000042 [+-]\\d{4}")))
      << log::log_time(t);
}

TEST(AuditParts, ChangesAndChecks) {
  EXPECT_EQ(log::apply_parts_change("ABCFHZ", "+E"), "ABCFHZE");
  EXPECT_EQ(log::apply_parts_change("ABCFHZ", "+B"), "ABCFHZ");
  EXPECT_EQ(log::apply_parts_change("ABCFHZ", "-CF"), "ABHZ");
  EXPECT_EQ(log::apply_parts_change("ABCFHZ", "AZ"), "AZ");
  EXPECT_EQ(log::check_parts("ABCDEFGHIJKZ"), "");
  EXPECT_NE(log::check_parts("ABX"), "");
}

TEST(AuditDirectives, BadValuesSayWhatIsExpected) {
  EXPECT_NE(load_error("SecAuditEngine Sometimes").find("On, Off or RelevantOnly"),
            std::string::npos);
  EXPECT_NE(load_error("SecAuditLogParts ABQ").find("A to K and Z"), std::string::npos);
  EXPECT_NE(load_error("SecAuditLogType Parallel").find("Serial or Concurrent"), std::string::npos);
  EXPECT_NE(load_error("SecAuditLogFormat XML").find("Native or JSON"), std::string::npos);
  EXPECT_NE(load_error("SecAuditLogFileMode 0999").find("octal"), std::string::npos);
  EXPECT_NE(load_error("SecAuditLogRelevantStatus \"(\"").find("bad regular expression"),
            std::string::npos);
  EXPECT_NE(load_error("SecAuditLog /nonexistent-dir/audit.log").find("/rules/test.conf:1: "),
            std::string::npos);
  EXPECT_NE(load_error("SecAuditLogStorageDir /nonexistent-dir").find("not a directory"),
            std::string::npos);
  EXPECT_EQ(load_error("SecAuditLogDirMode default"), "");
}

TEST(AuditWriter, PipeFeedsTheProgram) {
  std::string out = temp_path("pipe.out");
  std::filesystem::remove(out);
  std::string error;
  {
    auto pipe = log::AuditLogFile::open("|cat > " + out, error);
    ASSERT_TRUE(pipe) << error;
    std::string big(100000, 'x');  // far above PIPE_BUF
    ASSERT_TRUE(pipe->append(big + "\n", error)) << error;
    ASSERT_TRUE(pipe->append("end\n", error)) << error;
  }  // closing the pipe ends the program
  for (int i = 0; i < 100 && read(out).size() < 100005; ++i) usleep(20000);
  EXPECT_EQ(read(out), std::string(100000, 'x') + "\nend\n");
}

TEST(AuditWriter, FailuresAreReportedOncePerMinute) {
  std::string error;
  auto file = log::AuditLogFile::open(temp_path("rate.log"), error);
  ASSERT_TRUE(file) << error;
  EXPECT_TRUE(file->should_report());
  EXPECT_FALSE(file->should_report());
  EXPECT_FALSE(log::write_entry_file("/proc/nope/x", "e", 0750, 0640, error));
  EXPECT_NE(error.find("cannot"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
