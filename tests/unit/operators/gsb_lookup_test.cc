// @gsbLookup and SecGsbLookupDb: refused at load with the reason and what to use instead.
#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(GsbLookup, OperatorIsAConfigErrorThatNamesAlternatives) {
  std::string err = load_error("SecRule ARGS \"@gsbLookup \\.\" \"id:1\"\n");
  EXPECT_NE(err.find("/rules/test.conf:1:"), std::string::npos) << err;
  EXPECT_NE(err.find("Safe Browsing v2"), std::string::npos) << err;
  EXPECT_NE(err.find("@pmFromFile"), std::string::npos) << err;
}

TEST(GsbLookup, DirectiveIsAConfigError) {
  std::string err = load_error("SecGsbLookupDb /etc/gsb.dat\n");
  EXPECT_NE(err.find("SecGsbLookupDb is not supported"), std::string::npos) << err;
}

}  // namespace
}  // namespace rampart::testing
