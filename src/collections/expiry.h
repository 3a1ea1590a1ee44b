// Expiry, as in ModSecurity v2: a whole record expires TIMEOUT seconds after its last update
// (Record::expires_at), and one variable expires when `expirevar` gave it a deadline, kept as
// the variable `__expire_<name>` (seconds since the epoch). Both are honoured when a record is
// read; expired records are removed by the incremental garbage collection of the stores.
#pragma once

#include <cstdint>
#include <string_view>

#include "collections/record.h"

namespace rampart::collections {

inline constexpr std::string_view kExpirePrefix = "__expire_";

bool record_expired(const Record& record, int64_t now);
// Removes every variable whose __expire_ deadline is before `now`, and its marker.
void drop_expired_vars(Collection& vars, int64_t now);

}  // namespace rampart::collections
