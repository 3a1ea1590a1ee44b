// Turns the PCRE2 wrapper's compile error ("<message> at offset N") into v2's wording,
// "Error compiling pattern (offset N): <message>", so users see the text they know from v2.
#pragma once

#include <string>
#include <string_view>

namespace rampart::operators {

inline std::string regex_compile_error(std::string_view wrapper_error) {
  constexpr std::string_view kAt = " at offset ";
  size_t at = wrapper_error.rfind(kAt);
  if (at == std::string_view::npos) {
    return "Error compiling pattern: " + std::string(wrapper_error);
  }
  std::string offset(wrapper_error.substr(at + kAt.size()));
  return "Error compiling pattern (offset " + offset +
         "): " + std::string(wrapper_error.substr(0, at));
}

}  // namespace rampart::operators
