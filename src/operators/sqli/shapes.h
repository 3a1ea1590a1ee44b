// The attack shapes: fingerprints that only an injected SQL fragment has.
#pragma once

#include <string_view>

#include "operators/sqli/fingerprint.h"

namespace rampart::operators::sqli {

// True when the fingerprint starts with one of the attack shapes.
bool is_attack_shape(const Fingerprint& fp);

// False when no shape can match a fingerprint that starts like `fp` (which may be cut short),
// and the re-opened quote check cannot apply either: reading more tokens is useless.
bool may_become_attack(const Fingerprint& fp);

// One shape against one fingerprint, exposed for tests. A shape is a sequence of token letters,
// `[...]` (any one of these letters) and `$` (the value ends here).
bool shape_matches(std::string_view shape, const Fingerprint& fp);

}  // namespace rampart::operators::sqli
