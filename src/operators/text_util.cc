#include "operators/text_util.h"

#include "log/alert.h"

namespace rampart::operators {

std::string log_escape(std::string_view text) {
  return log::escape(text);
}

std::string log_escape_re(std::string_view text) {
  return log::escape_re(text);
}

std::string truncate_for_message(std::string text) {
  constexpr size_t kMax = 252;
  if (text.size() > kMax) {
    text.resize(kMax);
    text += " ...";
  }
  return text;
}

std::string quoted_message(std::string_view lead, std::string_view quoted, std::string_view var) {
  std::string msg;
  msg.reserve(lead.size() + quoted.size() + var.size() + 8);
  msg.append(lead).append(" \"").append(quoted).append("\" at ").append(var).append(".");
  return msg;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && is_space(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace rampart::operators
