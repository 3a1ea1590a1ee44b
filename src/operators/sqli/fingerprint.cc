#include "operators/sqli/fingerprint.h"

#include "operators/sqli/tokenizer.h"
#include "operators/text_util.h"

namespace rampart::operators::sqli {

namespace {

bool is_blank(std::string_view s) {
  for (unsigned char c : s) {
    if (!is_space(c)) return false;
  }
  return true;
}

// The operators that join strings (SQL's ||, MySQL's | and +, MSSQL's +).
bool is_concatenation(const Token& t) {
  return (t.type == TokenType::kOperator || t.type == TokenType::kLogic) &&
         (t.text == "|" || t.text == "||" || t.text == "+");
}

// Tokens after which + or - is a sign, not an operator.
bool sign_may_follow(char code) {
  return std::string_view("o=&(,kEBU;").find(code) != std::string_view::npos;
}

}  // namespace

Fingerprint fingerprint(std::string_view input, char open_quote, Viable viable) {
  Fingerprint fp;
  fp.quoted = open_quote != 0;
  Tokenizer tokenizer(input, open_quote);
  Token token;
  Token last;  // the last two tokens as read, before folding
  Token before_last;
  std::string_view last_operator;  // the text of codes[size - 1] when it is an operator
  Token second;                    // the token of codes[1]
  bool overflow = false;           // more tokens than the fingerprint holds
  bool ended = true;
  while (tokenizer.next(token)) {
    before_last = last;
    last = token;
    char code = static_cast<char>(token.type);
    // A comment that contains the context's quote is quoted text ("# serial" lines, '#'-style),
    // not a comment cutting off the application's closing quote.
    if (code == 'c' && fp.quoted && token.text.find(open_quote) != std::string_view::npos)
      code = '?';
    if (fp.size > 0) {
      char prev = fp.codes[fp.size - 1];
      if (code == prev && (code == 'o' || code == '&' || code == '(' || code == ')')) continue;
      if (code == '1' && prev == 'o' && (last_operator == "-" || last_operator == "+") &&
          (fp.size == 1 || sign_may_follow(fp.codes[fp.size - 2]))) {
        fp.codes[fp.size - 1] = '1';  // -1, +1: a signed number
        last_operator = {};
        continue;
      }
    }
    if (fp.size < kMaxTokens) {
      if (fp.size == 1) second = token;
      fp.codes[fp.size++] = code;
      last_operator = code == 'o' ? token.text : std::string_view();
      // Not while a + or - may still turn into a sign ("OR -1=1" must read "&1=1").
      bool pending_sign = last_operator == "-" || last_operator == "+";
      if (viable != nullptr && (fp.size == 2 || fp.size == 4) && !pending_sign && !viable(fp)) {
        ended = false;
        break;
      }
      continue;
    }
    overflow = true;
    // Past the fingerprint only the end of the value still matters, and only for the re-opened
    // quote check.
    if (open_quote == 0 || !is_concatenation(second)) {
      ended = false;
      break;
    }
  }
  fp.complete = ended && !overflow;
  // s + something + s: at least one token between the two concatenations ("a '+'" is text).
  if (ended && open_quote != 0 && fp.size >= 4 && is_concatenation(second)) {
    fp.reopens_quote = last.type == TokenType::kString && !last.closed && is_blank(last.text) &&
                       is_concatenation(before_last);
  }
  return fp;
}

}  // namespace rampart::operators::sqli
