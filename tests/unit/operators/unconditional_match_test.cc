#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

TEST(UnconditionalMatchOperator, AlwaysMatches) {
  auto b = optest::build("unconditionalMatch", "");
  ASSERT_NE(b.op, nullptr);
  optest::Eval run("REMOTE_ADDR");
  for (std::string_view value : {"", "anything", "\xff\x00"}) EXPECT_TRUE(run(*b.op, value));
  EXPECT_EQ(run.st.message, "Unconditional match in SecAction.");
}

}  // namespace
}  // namespace rampart::operators
