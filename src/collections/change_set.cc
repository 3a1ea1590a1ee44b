#include "collections/change_set.h"

#include "engine/collection.h"

namespace rampart::collections {

ChangeSet::Change* ChangeSet::find(std::string_view name) {
  for (Change& c : changes_)
    if (iequals(c.name, name)) return &c;
  return nullptr;
}

void ChangeSet::set(std::string_view name) {
  if (Change* c = find(name)) {
    c->kind = Kind::kSet;
    return;
  }
  changes_.push_back(Change{std::string(name), Kind::kSet});
}

// A delta on top of this transaction's own absolute value stays absolute: the value already
// includes it.
void ChangeSet::add(std::string_view name, long long delta) {
  if (Change* c = find(name)) {
    if (c->kind == Kind::kDelta) {
      c->delta += delta;
    } else {
      c->kind = Kind::kSet;
    }
    return;
  }
  changes_.push_back(Change{std::string(name), Kind::kDelta, delta});
}

void ChangeSet::erase(std::string_view name) {
  if (Change* c = find(name)) {
    c->kind = Kind::kErase;
    c->delta = 0;
    return;
  }
  changes_.push_back(Change{std::string(name), Kind::kErase});
}

}  // namespace rampart::collections
