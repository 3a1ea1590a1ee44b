#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

TEST(NoMatchOperator, NeverMatches) {
  auto b = optest::build("noMatch", "");
  ASSERT_NE(b.op, nullptr);
  optest::Eval run;
  for (std::string_view value : {"", "anything"}) EXPECT_FALSE(run(*b.op, value));
  EXPECT_TRUE(run.st.message.empty());
}

}  // namespace
}  // namespace rampart::operators
