#include "collections/expiry.h"

#include <string>
#include <vector>

#include "engine/numbers.h"

namespace rampart::collections {

bool record_expired(const Record& record, int64_t now) {
  return record.expires_at != 0 && record.expires_at < now;
}

void drop_expired_vars(Collection& vars, int64_t now) {
  std::vector<std::string> expired;
  for (const auto& e : vars.entries()) {
    std::string_view name = e.name;
    if (name.size() <= kExpirePrefix.size() ||
        !iequals(name.substr(0, kExpirePrefix.size()), kExpirePrefix))
      continue;
    if (parse_integer(e.value) < now) expired.push_back(e.name);
  }
  for (const std::string& marker : expired) {
    vars.erase(std::string_view(marker).substr(kExpirePrefix.size()));
    vars.erase(marker);
  }
}

}  // namespace rampart::collections
