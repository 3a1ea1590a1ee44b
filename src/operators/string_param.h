// The parameter of the string-comparison operators (@streq, @contains, @within, ...). v2 expands
// macros in it on every evaluation; without macros the text written in the rule is used as is.
#pragma once

#include <string>
#include <string_view>

#include "operators/operator.h"

namespace rampart::operators {

class StringParam {
 public:
  explicit StringParam(const OperatorArgs& args)
      : text_(args.param), expanded_per_call_(args.param_has_macros) {}

  // `expanded` is what match() received; it only matters when the parameter has macros.
  std::string_view get(std::string_view expanded) const {
    return expanded_per_call_ ? expanded : std::string_view(text_);
  }

 private:
  std::string text_;
  bool expanded_per_call_;
};

}  // namespace rampart::operators
