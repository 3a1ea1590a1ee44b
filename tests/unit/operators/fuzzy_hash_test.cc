// @fuzzyHash: ssdeep hashes from a file, compared with the value's hash against a threshold.
#include <gtest/gtest.h>

#include "engine/rule_harness.h"
#include "lookups/temp_dir.h"

#if __has_include(<fuzzy.h>)
#include <fuzzy.h>
#define HAVE_FUZZY 1
#endif

namespace rampart::testing {
namespace {

#ifdef HAVE_FUZZY

// Some kilobytes of varied text (ssdeep needs enough input to say anything).
std::string sample(int seed) {
  std::string out;
  unsigned x = static_cast<unsigned>(seed) * 2654435761u + 1;
  for (int i = 0; i < 1500; ++i) {
    x = x * 1103515245u + 12345u;
    out += "word" + std::to_string((x >> 16) % 997) + (i % 13 == 0 ? "\n" : " ");
  }
  return out;
}

std::string hash_of(const std::string& s) {
  char out[FUZZY_MAX_RESULT];
  fuzzy_hash_buf(reinterpret_cast<const unsigned char*>(s.data()), s.size(), out);
  return out;
}

class FuzzyHash : public ::testing::Test {
 protected:
  void SetUp() override {
    original_ = sample(1);
    file_ = dir_.write("hashes.txt", "ssdeep,1.1--blocksize:hash:hash,filename\n" +
                                         hash_of(original_) + ",\"webshell.php\"\n# comment\n\n");
  }
  // REQUEST_BODY of a text/plain POST (v2 fills it only when forced for non-form bodies).
  Outcome check(const std::string& body, int threshold) {
    Request r;
    r.method = "POST";
    r.headers.emplace_back("Content-Type", "text/plain");
    r.body = body;
    return run_rules(
        "SecAction \"id:2,phase:1,pass,nolog,ctl:forceRequestBodyVariable=On\"\n"
        "SecRule REQUEST_BODY \"@fuzzyHash " +
            file_ + " " + std::to_string(threshold) + "\" \"id:1,phase:2,deny,log\"\n",
        r);
  }
  TempDir dir_{"fuzzy"};
  std::string original_, file_;
};

TEST_F(FuzzyHash, SameContentMatches) {
  Outcome o = check(original_, 100);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("Fuzzy hash of REQUEST_BODY matched with")) << o.line(0);
  EXPECT_TRUE(o.logged("Score: 100.")) << o.line(0);
}

TEST_F(FuzzyHash, SlightlyChangedContentMatchesBelowPerfect) {
  std::string changed = original_;
  changed.replace(changed.size() / 2, 40, std::string(40, 'X'));
  EXPECT_EQ(check(changed, 50).result.kind, Intervention::Kind::kDeny);
}

TEST_F(FuzzyHash, UnrelatedContentDoesNotMatch) {
  EXPECT_EQ(check(sample(2), 50).result.kind, Intervention::Kind::kNone);
  EXPECT_EQ(check("", 1).result.kind, Intervention::Kind::kNone);
}

TEST(FuzzyHashConfig, ParameterErrors) {
  TempDir dir("fuzzy-cfg");
  std::string ok = dir.write("h.txt", "3:abc:def\n");
  std::string bad = dir.write("bad.txt", "not a hash\n");
  EXPECT_EQ(load_error("SecRule ARGS \"@fuzzyHash " + ok + " 80\" \"id:1\"\n"), "");
  EXPECT_NE(load_error("SecRule ARGS \"@fuzzyHash " + ok + "\" \"id:1\"\n").find("threshold"),
            std::string::npos);
  EXPECT_NE(load_error("SecRule ARGS \"@fuzzyHash " + ok + " 101\" \"id:1\"\n").find("0-100"),
            std::string::npos);
  EXPECT_NE(
      load_error("SecRule ARGS \"@fuzzyHash /nonexistent 80\" \"id:1\"\n").find("cannot read"),
      std::string::npos);
  EXPECT_NE(load_error("SecRule ARGS \"@fuzzyHash " + bad + " 80\" \"id:1\"\n")
                .find("not an ssdeep hash"),
            std::string::npos);
}

#else

TEST(FuzzyHashConfig, WithoutLibfuzzyTheRuleIsALoadError) {
  EXPECT_NE(load_error("SecRule ARGS \"@fuzzyHash h.txt 80\" \"id:1\"\n").find("libfuzzy"),
            std::string::npos);
}

#endif

}  // namespace
}  // namespace rampart::testing
