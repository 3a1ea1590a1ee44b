#include "operators/operator.h"
#include "variables/select.h"

namespace rampart::operators {

std::string_view MatchState::var_name() const {
  if (name_.empty() && selected_ != nullptr) name_ = selected_->name(*name_buffer_);
  return name_;
}

}  // namespace rampart::operators
