#include "engine/profile.h"

namespace rampart {

Profile::RuleTimes& Profile::rule(const Rule& starter) {
  auto [it, added] = rule_index_.try_emplace(&starter, nullptr);
  if (added) {
    it->second = &rules_.emplace_back();
    it->second->rule = &starter;
  }
  return *it->second;
}

void Profile::add_transform(std::string_view name, int64_t ns) {
  TransformTimes& t = transforms_[name];
  t.name = name;
  ++t.calls;
  t.total_ns += ns;
}

std::vector<const Profile::RuleTimes*> Profile::rules() const {
  std::vector<const RuleTimes*> out;
  out.reserve(rules_.size());
  for (const RuleTimes& r : rules_) out.push_back(&r);
  return out;
}

std::vector<const Profile::TransformTimes*> Profile::transforms() const {
  std::vector<const TransformTimes*> out;
  out.reserve(transforms_.size());
  for (const auto& [name, t] : transforms_) out.push_back(&t);
  return out;
}

}  // namespace rampart
