// Reading v2's native and JSON audit logs: the logs the real mod_security2 2.9.7 wrote
// (tests/unit/data/logtool/), and damaged ones: cut off, interleaved, invalid, compressed.
#include <zlib.h>

#include "logtool_helpers.h"

namespace rampart::logtool::testing {
namespace {

const char* kDeny =
    "Access denied with code 403 (phase 2). Pattern match \"x\" at ARGS:a. [id \"1000\"] "
    "[msg \"m\"] [severity \"CRITICAL\"] [tag \"attack-sqli\"]";

TEST(LogReader, ReadsV2SerialNative) {
  auto r = read_path(fixture("v2-serial-native.log"));
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.entries.size(), 4u);
  const Entry& denied = r.entries[2];
  EXPECT_EQ(denied.unique_id, "axEhafDiSSJZ22t_QffA_gAAAAQ");
  EXPECT_EQ(denied.client_ip, "127.0.0.1");
  EXPECT_EQ(denied.client_port, 41954);
  EXPECT_EQ(denied.method, "POST");
  EXPECT_EQ(denied.uri, "/index.html");
  EXPECT_EQ(denied.status, 403);
  EXPECT_TRUE(denied.intercepted);
  EXPECT_EQ(denied.intercepted_phase, 2);
  EXPECT_TRUE(denied.blocked());
  ASSERT_EQ(denied.messages.size(), 1u);
  EXPECT_EQ(denied.messages[0].id, "1000");
  EXPECT_EQ(denied.engine_mode, "ENABLED");
  EXPECT_EQ(denied.line, 65u);
  EXPECT_NE(denied.raw.find("surname=Smith%27;--"), std::string::npos);  // part C kept raw
  EXPECT_FALSE(r.entries[1].blocked());
  EXPECT_EQ(r.entries[1].messages[0].id, "1001");
  EXPECT_EQ(r.entries[3].status, 404);
}

TEST(LogReader, ReadsV2SerialJson) {
  auto r = read_path(fixture("v2-serial-json.log"));
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.entries.size(), 4u);
  const Entry& denied = r.entries[2];
  EXPECT_EQ(denied.format, Format::kJson);
  EXPECT_EQ(denied.unique_id, "axEhalhq06swHBBVLWLNuwAAAAU");
  EXPECT_EQ(denied.status, 403);
  EXPECT_EQ(denied.intercepted_phase, 2);
  EXPECT_EQ(denied.host, "127.0.0.1:33121");
  ASSERT_EQ(denied.messages.size(), 1u);
  EXPECT_EQ(denied.messages[0].msg, "Unexpected characters in surname");
  EXPECT_EQ(denied.line, 3u);
}

TEST(LogReader, TruncatedNativeEntryIsReportedAndReadingGoesOn) {
  std::string full = native_entry("aaaaaaaa", "ID1") + native_entry("bbbbbbbb", "ID2");
  std::string cut = full.substr(0, full.find("--aaaaaaaa-H--"));  // no Z: next entry starts
  auto r = read_text(cut + native_entry("cccccccc", "ID3"), "trunc.log");
  ASSERT_EQ(r.entries.size(), 1u);
  EXPECT_EQ(r.entries[0].unique_id, "ID3");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 1u);
  EXPECT_EQ(r.problems[0].offset, 0u);
  EXPECT_NE(r.problems[0].message.find("truncated native entry"), std::string::npos);
  EXPECT_EQ(r.stats.skipped, 1u);
}

TEST(LogReader, EntryCutByTheEndOfTheFile) {
  std::string one = native_entry("aaaaaaaa", "ID1");
  auto r = read_text(one + native_entry("bbbbbbbb", "ID2").substr(0, 60), "end.log");
  ASSERT_EQ(r.entries.size(), 1u);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].offset, one.size());
  EXPECT_NE(r.problems[0].to_string().find("end.log:"), std::string::npos);
  EXPECT_NE(r.problems[0].message.find("ends before its part Z"), std::string::npos);
}

TEST(LogReader, CorruptedPartAIsSkipped) {
  std::string bad = native_entry("aaaaaaaa", "ID1");
  bad.replace(bad.find("[03/Dec"), 4, "[xx/");
  auto r =
      read_text(bad + native_entry("bbbbbbbb", "ID2", "03/Dec/2026:08:00:00 +0000", kDeny, 403));
  ASSERT_EQ(r.entries.size(), 1u);
  EXPECT_EQ(r.entries[0].unique_id, "ID2");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].message.find("part A"), std::string::npos);
}

TEST(LogReader, GarbageBetweenEntriesIsReportedOnce) {
  auto r = read_text(native_entry("aaaaaaaa", "ID1") + "junk 1\njunk 2\njunk 3\n" +
                     native_entry("bbbbbbbb", "ID2"));
  EXPECT_EQ(r.entries.size(), 2u);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].message.find("not an audit-log entry"), std::string::npos);
}

// A Serial log on a disk that filled up: one write stopped part way through a line, and once
// there was room again the next entry was appended on that same line. The cut entry is
// reported; the next one is read whole from its glued first line.
TEST(LogReader, EntryCutInsideALineByAFullDisk) {
  std::string before = native_entry("00000000", "ID0");
  std::string a = native_entry("aaaaaaaa", "ID1");
  std::string cut = a.substr(0, a.find("User-Agent") + 6);  // "...User-A"
  auto r = read_text(before + cut + native_entry("bbbbbbbb", "ID2") +
                         native_entry("cccccccc", "ID3"),
                     "full.log");
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[0].unique_id, "ID0");
  EXPECT_EQ(r.entries[1].unique_id, "ID2");
  EXPECT_EQ(r.entries[1].offset, before.size() + cut.size());
  EXPECT_EQ(r.entries[1].uri, "/search?q=1");
  EXPECT_EQ(r.entries[2].unique_id, "ID3");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].offset, before.size());
  EXPECT_NE(r.problems[0].message.find("cut inside a line"), std::string::npos);
  EXPECT_EQ(r.stats.skipped, 1u);
}

// A header value that merely ends like a boundary does not start an entry: nothing follows it
// with that boundary.
TEST(LogReader, BoundaryLookingHeaderValueIsJustText) {
  std::string a = native_entry("aaaaaaaa", "ID1");
  a.insert(a.find("User-Agent"), "X-Trick: x--deadbeef-A--\n");
  auto r = read_text(a + native_entry("bbbbbbbb", "ID2"), "trick.log");
  ASSERT_EQ(r.entries.size(), 2u);
  EXPECT_TRUE(r.problems.empty());
}

TEST(LogReader, ForeignBoundaryInsideAnEntryDropsIt) {
  std::string a = native_entry("aaaaaaaa", "ID1");
  std::string mixed = a.substr(0, a.find("--aaaaaaaa-F--")) + "--bbbbbbbb-C--\nbody\n" +
                      a.substr(a.find("--aaaaaaaa-F--"));
  auto r = read_text(mixed + native_entry("cccccccc", "ID3"));
  ASSERT_EQ(r.entries.size(), 1u);
  EXPECT_EQ(r.entries[0].unique_id, "ID3");
  EXPECT_GE(r.problems.size(), 1u);
}

TEST(LogReader, DamagedJsonLinesAreSkipped) {
  std::string lines = slurp(fixture("v2-serial-json.log"));
  std::size_t second = lines.find('\n') + 1;
  std::string broken = lines.substr(0, second + 100) + "\n" + lines.substr(second) +
                       "{\"no\":\"transaction\"}\n" + lines.substr(0, 50);  // cut at the end
  auto r = read_text(broken, "broken.json");
  EXPECT_EQ(r.entries.size(), 4u);  // line 1, then lines 2-4 again whole
  ASSERT_EQ(r.problems.size(), 3u);
  EXPECT_EQ(r.problems[0].line, 2u);
  EXPECT_EQ(r.problems[0].offset, second + 100);  // where the JSON broke
  EXPECT_NE(r.problems[1].message.find("\"transaction\""), std::string::npos);
  EXPECT_NE(r.problems[2].message.find("truncated JSON"), std::string::npos);
}

TEST(LogReader, MixedFormatsInOneFile) {
  auto r = read_text(slurp(fixture("v2-serial-native.log")) + slurp(fixture("v2-serial-json.log")));
  EXPECT_EQ(r.entries.size(), 8u);
  EXPECT_TRUE(r.problems.empty());
}

TEST(LogReader, GzipAndDamagedGzip) {
  std::string text = slurp(fixture("v2-serial-native.log"));
  std::string path = ::testing::TempDir() + "rampart-log.gz";
  gzFile gz = gzopen(path.c_str(), "wb");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  auto r = read_path(path);
  EXPECT_EQ(r.entries.size(), 4u);
  EXPECT_TRUE(r.problems.empty());

  std::string packed = slurp(path);
  auto cut = read_text(packed.substr(0, packed.size() / 2), "half.gz");
  EXPECT_LT(cut.entries.size(), 4u);
  EXPECT_FALSE(cut.problems.empty());  // truncated entry and/or zlib's "unexpected end of file"
}

TEST(LogReader, ConcurrentIndexIsRecognised) {
  auto r = read_text(
      "127.0.0.1 127.0.0.1 - - [03/Dec/2026:07:59:39.604268 +0000] \"GET / HTTP/1.1\" 200 32 "
      "\"-\" \"-\" ID \"-\" /www-data/20261203/20261203-0759/x 0 1394 md5:b0b5\n");
  EXPECT_TRUE(r.entries.empty());
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].message.find("SecAuditLogStorageDir"), std::string::npos);
  EXPECT_EQ(r.stats.skipped, 0u);
}

TEST(LogReader, DirectoriesAreWalkedInNameOrder) {
  std::string dir = temp_path("rampart-concurrent");
  std::string cmd = "rm -rf " + dir + " && mkdir -p " + dir + "/20261203/20261203-0800 " + dir +
                    "/20261203/20261203-0759 && ln -s " + dir + " " + dir + "/20261203/loop";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  write_temp("rampart-concurrent/20261203/20261203-0800/b", native_entry("bbbbbbbb", "LATE"));
  write_temp("rampart-concurrent/20261203/20261203-0759/a", native_entry("aaaaaaaa", "EARLY"));
  auto r = read_path(dir);
  ASSERT_EQ(r.entries.size(), 2u);
  EXPECT_EQ(r.entries[0].unique_id, "EARLY");
  EXPECT_EQ(r.stats.files, 2u);
}

TEST(LogReader, MissingFileIsAProblemNotACrash) {
  auto r = read_path("/nonexistent/audit.log");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].message.find("No such file"), std::string::npos);
}

TEST(LogReader, HugeEntryKeepsBoundedRawText) {
  std::string e = native_entry("aaaaaaaa", "BIG");
  std::string body = "--aaaaaaaa-C--\n" + std::string(kMaxRawBytes * 2, 'x') + "\n";
  e.insert(e.find("--aaaaaaaa-F--"), body);
  auto r = read_text(e);
  ASSERT_EQ(r.entries.size(), 1u);
  EXPECT_EQ(r.entries[0].raw.size(), kMaxRawBytes);
  EXPECT_GT(r.entries[0].raw_dropped, kMaxRawBytes);
  EXPECT_EQ(r.entries[0].status, 200);  // parts after the big one are still parsed
}

}  // namespace
}  // namespace rampart::logtool::testing
