#include "json.h"

#include <cstdlib>

namespace rampart::logtool::json {
namespace {

constexpr int kMaxDepth = 64;  // deeper documents are not audit logs; refuse instead of recursing

class Parser {
 public:
  Parser(std::string_view s, ParseError& e) : s_(s), e_(e) {}

  bool document(Value& v) {
    if (!value(v, 0)) return false;
    space();
    if (p_ != s_.size()) return fail("unexpected text after the end of the JSON object");
    return true;
  }

 private:
  bool fail(const char* message) {
    e_.offset = p_;
    e_.message = p_ >= s_.size() ? std::string(message) + " (the entry ends early)" : message;
    return false;
  }
  void space() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\n' || s_[p_] == '\r'))
      ++p_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(p_, word.size()) != word) return fail("invalid literal");
    p_ += word.size();
    return true;
  }

  bool value(Value& v, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply");
    space();
    if (p_ >= s_.size()) return fail("expected a value");
    char c = s_[p_];
    switch (c) {
      case '{':
        return object(v, depth);
      case '[':
        return array(v, depth);
      case '"':
        v.type = Value::Type::kString;
        return string(v.string);
      case 't':
        v.type = Value::Type::kBool, v.boolean = true;
        return literal("true");
      case 'f':
        v.type = Value::Type::kBool, v.boolean = false;
        return literal("false");
      case 'n':
        v.type = Value::Type::kNull;
        return literal("null");
      default:
        return number(v);
    }
  }

  bool number(Value& v) {
    std::size_t start = p_;
    if (p_ < s_.size() && s_[p_] == '-') ++p_;
    auto digit = [&] { return p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '9'; };
    if (!digit()) return fail("expected a value");
    while (digit() || (p_ < s_.size() && (s_[p_] == '.' || s_[p_] == 'e' || s_[p_] == 'E' ||
                                          s_[p_] == '+' || s_[p_] == '-')))
      ++p_;
    v.type = Value::Type::kNumber;
    v.string = std::string(s_.substr(start, p_ - start));
    v.number = std::strtod(v.string.c_str(), nullptr);
    return true;
  }

  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(unsigned& cp) {
    if (p_ + 4 > s_.size()) return fail("short \\u escape");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s_[p_++];
      cp <<= 4;
      if (c >= '0' && c <= '9')
        cp |= c - '0';
      else if (c >= 'a' && c <= 'f')
        cp |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        cp |= c - 'A' + 10;
      else
        return fail("invalid \\u escape");
    }
    return true;
  }

  bool string(std::string& out) {
    ++p_;  // opening quote
    for (;;) {
      std::size_t run = p_;
      while (p_ < s_.size() && s_[p_] != '"' && s_[p_] != '\\') ++p_;
      out.append(s_.substr(run, p_ - run));
      if (p_ >= s_.size()) return fail("unterminated string");
      if (s_[p_++] == '"') return true;
      if (p_ >= s_.size()) return fail("unterminated string");
      char e = s_[p_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(p_, 2) == "\\u") {
            p_ += 2;
            unsigned low = 0;
            if (!hex4(low)) return false;
            if (low >= 0xDC00 && low < 0xE000)
              cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(out, cp);
          break;
        }
        default:
          return fail("invalid escape in string");
      }
    }
  }

  bool array(Value& v, int depth) {
    v.type = Value::Type::kArray;
    ++p_;
    space();
    if (p_ < s_.size() && s_[p_] == ']') return ++p_, true;
    for (;;) {
      v.items.emplace_back();
      if (!value(v.items.back(), depth + 1)) return false;
      space();
      if (p_ >= s_.size()) return fail("unterminated array");
      if (s_[p_] == ']') return ++p_, true;
      if (s_[p_] != ',') return fail("expected ',' or ']' in array");
      ++p_;
    }
  }

  bool object(Value& v, int depth) {
    v.type = Value::Type::kObject;
    ++p_;
    space();
    if (p_ < s_.size() && s_[p_] == '}') return ++p_, true;
    for (;;) {
      space();
      if (p_ >= s_.size() || s_[p_] != '"') return fail("expected a member name");
      v.members.emplace_back();
      if (!string(v.members.back().first)) return false;
      space();
      if (p_ >= s_.size() || s_[p_] != ':') return fail("expected ':' after a member name");
      ++p_;
      if (!value(v.members.back().second, depth + 1)) return false;
      space();
      if (p_ >= s_.size()) return fail("unterminated object");
      if (s_[p_] == '}') return ++p_, true;
      if (s_[p_] != ',') return fail("expected ',' or '}' in object");
      ++p_;
    }
  }

  std::string_view s_;
  ParseError& e_;
  std::size_t p_ = 0;
};

// Length of the valid UTF-8 sequence at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  unsigned char c = s[i];
  std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (c >= 0xF5 || n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

}  // namespace

const Value& Value::operator[](std::string_view key) const {
  static const Value null;
  if (type != Type::kObject) return null;
  for (const auto& [k, v] : members)
    if (k == key) return v;
  return null;
}

long long Value::integer() const {
  if (type == Type::kNumber || type == Type::kString)
    return std::strtoll(string.c_str(), nullptr, 10);
  return 0;
}

namespace {
void write_pretty(const Value& v, int depth, std::string& out) {
  auto indent = [&](int d) { out += '\n', out.append(static_cast<std::size_t>(d) * 2, ' '); };
  switch (v.type) {
    case Value::Type::kNull:
      out += "null";
      break;
    case Value::Type::kBool:
      out += v.boolean ? "true" : "false";
      break;
    case Value::Type::kNumber:
      out += v.string;
      break;
    case Value::Type::kString:
      out += quote(v.string);
      break;
    case Value::Type::kArray:
      if (v.items.empty()) {
        out += "[]";
        break;
      }
      out += '[';
      for (std::size_t i = 0; i < v.items.size(); ++i) {
        if (i) out += ',';
        indent(depth + 1);
        write_pretty(v.items[i], depth + 1, out);
      }
      indent(depth);
      out += ']';
      break;
    case Value::Type::kObject:
      if (v.members.empty()) {
        out += "{}";
        break;
      }
      out += '{';
      for (std::size_t i = 0; i < v.members.size(); ++i) {
        if (i) out += ',';
        indent(depth + 1);
        out += quote(v.members[i].first) + ": ";
        write_pretty(v.members[i].second, depth + 1, out);
      }
      indent(depth);
      out += '}';
      break;
  }
}
}  // namespace

std::string pretty(const Value& v) {
  std::string out;
  write_pretty(v, 0, out);
  return out + "\n";
}

bool parse(std::string_view text, Value& out, ParseError& error) {
  out = Value();
  return Parser(text, error).document(out);
}

std::string quote(std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    if (c == '"' || c == '\\') {
      out += '\\', out += static_cast<char>(c), ++i;
    } else if (c == '\n') {
      out += "\\n", ++i;
    } else if (c == '\r') {
      out += "\\r", ++i;
    } else if (c == '\t') {
      out += "\\t", ++i;
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\u00", out += kHex[c >> 4], out += kHex[c & 15], ++i;
    } else if (c < 0x80) {
      out += static_cast<char>(c), ++i;
    } else if (std::size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n)), i += n;
    } else {
      out += "\\u00", out += kHex[c >> 4], out += kHex[c & 15], ++i;
    }
  }
  out += '"';
  return out;
}

}  // namespace rampart::logtool::json
