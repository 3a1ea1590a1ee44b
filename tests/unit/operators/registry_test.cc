#include <set>
#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

TEST(OperatorRegistry, FindsEveryOperatorCaseInsensitively) {
  for (std::string_view name : {"rx",
                                "pm",
                                "pmFromFile",
                                "pmf",
                                "streq",
                                "contains",
                                "containsWord",
                                "beginsWith",
                                "endsWith",
                                "within",
                                "eq",
                                "lt",
                                "le",
                                "gt",
                                "ge",
                                "ipMatch",
                                "ipMatchFromFile",
                                "ipMatchF",
                                "unconditionalMatch",
                                "noMatch",
                                "strmatch",
                                "validateByteRange",
                                "validateUrlEncoding",
                                "validateUtf8Encoding",
                                "verifyCC"}) {
    SCOPED_TRACE(name);
    const OperatorDef* def = find(name);
    ASSERT_NE(def, nullptr);
    EXPECT_EQ(def->name, name);
    std::string upper(name);
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    EXPECT_EQ(find(upper), def);
  }
  EXPECT_EQ(find("ipmatch"), find("ipMatch"));  // v2 spells it "ipmatch" internally
  EXPECT_EQ(find("pmFromFile")->make, find("pmf")->make);
}

TEST(OperatorRegistry, UnknownNames) {
  EXPECT_EQ(find(""), nullptr);
  EXPECT_EQ(find("@rx"), nullptr);
  EXPECT_EQ(find("rxx"), nullptr);
  EXPECT_EQ(find("detectSQLiX"), nullptr);
}

TEST(OperatorRegistry, AllListsUniqueNamesWithFactories) {
  std::set<std::string> seen;
  for (const OperatorDef& def : all()) {
    EXPECT_NE(def.make, nullptr) << def.name;
    EXPECT_TRUE(seen.insert(std::string(def.name)).second) << def.name;
  }
  EXPECT_GE(seen.size(), 25u);
}

}  // namespace
}  // namespace rampart::operators
