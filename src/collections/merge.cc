#include "collections/merge.h"

#include <string>

#include "collections/expiry.h"
#include "engine/numbers.h"

namespace rampart::collections {

Record merge(std::optional<Record> stored, const Collection& ours, const ChangeSet& changes,
             int64_t now, int64_t default_timeout) {
  Record out;
  if (stored && !record_expired(*stored, now)) {
    out = std::move(*stored);
    drop_expired_vars(out.vars, now);
  } else {
    // A new record, or one that expired or was deleted (rampart collections delete) meanwhile:
    // start again from this transaction's identity fields, with counters from zero.
    for (std::string_view name : {"KEY", "TIMEOUT", "CREATE_TIME"})
      if (const std::string* v = ours.get(name)) out.vars.set(name, *v);
    out.vars.set("UPDATE_COUNTER", "0");
  }
  for (const ChangeSet::Change& c : changes.changes()) {
    switch (c.kind) {
      case ChangeSet::Kind::kSet:
        if (const std::string* v = ours.get(c.name)) {
          out.vars.set(c.name, *v);
        } else {
          out.vars.erase(c.name);
        }
        break;
      case ChangeSet::Kind::kDelta: {
        const std::string* base = out.vars.get(c.name);
        long long value = (base ? parse_integer(*base) : 0) + c.delta;
        out.vars.set(c.name, std::to_string(value));
        break;
      }
      case ChangeSet::Kind::kErase:
        out.vars.erase(c.name);
        break;
    }
  }
  out.vars.erase("IS_NEW");
  out.vars.set("LAST_UPDATE_TIME", std::to_string(now));
  const std::string* counter = out.vars.get("UPDATE_COUNTER");
  out.vars.set("UPDATE_COUNTER", std::to_string((counter ? parse_integer(*counter) : 0) + 1));
  const std::string* timeout_text = out.vars.get("TIMEOUT");
  long long timeout = timeout_text ? parse_integer(*timeout_text) : 0;
  if (timeout <= 0) timeout = default_timeout;
  out.expires_at = now + timeout;
  return out;
}

}  // namespace rampart::collections
