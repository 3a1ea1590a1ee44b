#include "lookups/country_codes.h"

#include <gtest/gtest.h>

namespace rampart::lookups {
namespace {

TEST(CountryCode3, MapsIsoAlpha2ToAlpha3) {
  EXPECT_EQ(country_code3("US"), "USA");
  EXPECT_EQ(country_code3("DE"), "DEU");
  EXPECT_EQ(country_code3("GB"), "GBR");
  EXPECT_EQ(country_code3("AD"), "AND");  // first entry
  EXPECT_EQ(country_code3("ZW"), "ZWE");  // last entry
  EXPECT_EQ(country_code3("EU"), "EUR");  // MaxMind's pseudo-code
}

TEST(CountryCode3, UnknownOrEmptyIsEmpty) {
  EXPECT_EQ(country_code3("QQ"), "");
  EXPECT_EQ(country_code3(""), "");
  EXPECT_EQ(country_code3("us"), "");
}

}  // namespace
}  // namespace rampart::lookups
