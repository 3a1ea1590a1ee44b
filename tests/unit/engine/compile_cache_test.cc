// CompileCache: a second load of the same rules reuses what the first compiled (httpd's second
// configuration read), a changed pattern or phrase file compiles anew, a bad pattern is still an
// error, and a finished load drops what it did not use.
#include "rampart/compile_cache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "engine_fixture.h"
#include "rampart/config.h"

namespace rampart {
namespace {

using testing::Exchange;
using testing::get;

std::unique_ptr<Config> load(const std::shared_ptr<CompileCache>& cache, const std::string& text) {
  auto config = std::make_unique<Config>();
  config->use_compile_cache(cache);
  auto err = config->load_string(text, "/rules/test.conf");
  EXPECT_FALSE(err.has_value()) << (err ? err->to_string() : "");
  return config;
}

bool blocks(const Config& config, const std::string& query) {
  Exchange ex(config, get(query));
  return ex.run().disruptive();
}

const std::string kRules =
    "SecRuleEngine On\n"
    "SecRule ARGS \"@rx ^ev[i]l$\" \"id:1,phase:1,deny\"\n"
    "SecRule ARGS \"@rx ^ev[i]l$\" \"id:2,phase:2,deny\"\n"  // the same pattern: one entry
    "SecRule ARGS \"@pm alpha beta\" \"id:3,phase:1,deny\"\n";

TEST(CompileCache, SecondLoadReusesWhatTheFirstCompiled) {
  auto cache = std::make_shared<CompileCache>();
  cache->begin_load();
  auto first = load(cache, kRules);
  cache->finish_load();
  EXPECT_EQ(cache->size(), 2u);    // one regex, one phrase list
  EXPECT_EQ(cache->reused(), 1u);  // rule 2 shares rule 1's regex within the load
  cache->begin_load();
  auto second = load(cache, kRules);
  cache->finish_load();
  EXPECT_EQ(cache->size(), 2u);
  EXPECT_EQ(cache->reused(), 4u);
  first.reset();  // the first load's Config goes (pconf cleared); the second still works
  EXPECT_TRUE(blocks(*second, "a=evil"));
  EXPECT_TRUE(blocks(*second, "a=BETA"));
  EXPECT_FALSE(blocks(*second, "a=evil2"));
}

TEST(CompileCache, ChangedRulesCompileAnewAndUnusedEntriesGo) {
  auto cache = std::make_shared<CompileCache>();
  cache->begin_load();
  load(cache, kRules);
  cache->finish_load();
  cache->begin_load();
  auto changed = load(cache,
                      "SecRuleEngine On\n"
                      "SecRule ARGS \"@rx ^good$\" \"id:1,phase:1,deny\"\n"
                      "SecRule ARGS \"@pm alpha gamma\" \"id:3,phase:1,deny\"\n");
  cache->finish_load();
  EXPECT_EQ(cache->size(), 2u);  // the old regex and phrase list are gone
  EXPECT_EQ(cache->reused(), 1u);
  EXPECT_TRUE(blocks(*changed, "a=good"));
  EXPECT_TRUE(blocks(*changed, "a=gamma"));
  EXPECT_FALSE(blocks(*changed, "a=evil"));
  EXPECT_FALSE(blocks(*changed, "a=beta"));
}

TEST(CompileCache, PhraseFileIsReadOnEveryLoad) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "rampart-compile-cache";
  std::filesystem::create_directories(dir);
  std::string data = (dir / "words.data").string();
  std::string rules =
      "SecRuleEngine On\nSecRule ARGS \"@pmFromFile " + data + "\" \"id:1,phase:1,deny\"\n";
  auto cache = std::make_shared<CompileCache>();
  std::ofstream(data) << "first\n";
  cache->begin_load();
  auto before = load(cache, rules);
  cache->finish_load();
  std::ofstream(data) << "second\n";
  cache->begin_load();
  auto after = load(cache, rules);
  cache->finish_load();
  EXPECT_TRUE(blocks(*before, "a=first"));
  EXPECT_TRUE(blocks(*after, "a=second"));
  EXPECT_FALSE(blocks(*after, "a=first"));
  std::filesystem::remove_all(dir);
}

TEST(CompileCache, BadPatternIsAnErrorOnEveryLoad) {
  auto cache = std::make_shared<CompileCache>();
  for (int load_no = 0; load_no < 2; ++load_no) {
    cache->begin_load();
    Config config;
    config.use_compile_cache(cache);
    auto err = config.load_string("SecRule ARGS \"@rx (unclosed\" \"id:1,deny\"\n", "/r.conf");
    ASSERT_TRUE(err.has_value());
    EXPECT_NE(err->to_string().find("/r.conf:1:"), std::string::npos) << err->to_string();
    cache->finish_load();
    EXPECT_EQ(cache->size(), 0u);
  }
}

}  // namespace
}  // namespace rampart
