#include "operators/sqli/detect.h"

#include "operators/sqli/shapes.h"

namespace rampart::operators::sqli {

bool detect(std::string_view value, Fingerprint& found) {
  if (value.empty()) return false;
  // A quote context only exists when the value has that quote: without it the whole value stays
  // inside the application's string and cannot change the query.
  for (char quote : {'\0', '\'', '"'}) {
    if (quote != '\0' && value.find(quote) == std::string_view::npos) continue;
    Fingerprint fp = fingerprint(value, quote, may_become_attack);
    if (is_attack_shape(fp)) {
      found = fp;
      return true;
    }
  }
  return false;
}

}  // namespace rampart::operators::sqli
