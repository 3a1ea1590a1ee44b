// SecCollectionTimeout, SecWebAppId, SecCollectionMapSize: values, defaults, inheritance, errors.
#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(CollectionDirectives, Defaults) {
  Config c;
  EXPECT_EQ(c.settings().collection_timeout_seconds(), 3600);
  EXPECT_EQ(c.settings().webappid(), "default");
  EXPECT_EQ(c.settings().collection_map_bytes(), size_t{64} << 20);
}

TEST(CollectionDirectives, Values) {
  auto c = load_rules(
      "SecCollectionTimeout 600\nSecWebAppId shop\nSecCollectionMapSize 256M\nSecDataDir /tmp\n");
  EXPECT_EQ(c->settings().collection_timeout_seconds(), 600);
  EXPECT_EQ(c->settings().webappid(), "shop");
  EXPECT_EQ(c->settings().collection_map_bytes(), size_t{256} << 20);
  EXPECT_EQ(load_rules("SecCollectionMapSize 2G\n")->settings().collection_map_bytes(),
            size_t{2} << 30);
  EXPECT_EQ(load_rules("SecCollectionMapSize 2048K\n")->settings().collection_map_bytes(),
            size_t{2} << 20);
  EXPECT_EQ(load_rules("SecCollectionMapSize 1048576\n")->settings().collection_map_bytes(),
            size_t{1} << 20);
}

TEST(CollectionDirectives, ChildInheritsAndOverrides) {
  auto parent = load_rules("SecCollectionTimeout 600\nSecWebAppId shop\n");
  auto child = load_rules("SecWebAppId blog\n");
  auto merged = Config::merge(*parent, *child);
  EXPECT_EQ(merged->settings().collection_timeout_seconds(), 600);
  EXPECT_EQ(merged->settings().webappid(), "blog");
}

TEST(CollectionDirectives, Errors) {
  EXPECT_EQ(load_error("SecCollectionTimeout 0"),
            "/rules/test.conf:1: SecCollectionTimeout takes a number of seconds (a positive "
            "whole number), got '0'");
  EXPECT_NE(load_error("SecCollectionTimeout 1h").find("got '1h'"), std::string::npos);
  EXPECT_EQ(load_error("SecCollectionMapSize 10K"),
            "/rules/test.conf:1: SecCollectionMapSize takes a size of at least 1M (bytes, or a "
            "number with K, M or G), got '10K'");
  EXPECT_NE(load_error("SecCollectionMapSize 5T").find("got '5T'"), std::string::npos);
  EXPECT_NE(load_error("SecWebAppId").find("SecWebAppId takes 1 argument"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
