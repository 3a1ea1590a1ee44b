// Our list of attack shapes. Each line names the attack it stands for. A shape must not fit
// ordinary text: prose is mostly barewords ("n"), so shapes start with what prose rarely starts
// with - a string just closed by the value's own quote, a number, a parenthesis - or need SQL
// structure right after (UNION then SELECT, a comparison after OR).
#include "operators/sqli/shapes.h"

namespace rampart::operators::sqli {

namespace {

// "[1svEfX]" after an opening parenthesis: what a sub-expression starts with in SQL, not prose.
constexpr std::string_view kShapes[] = {
    // After a string the value closed (' or ", or a leading quoted string).
    "s&s=",                // ' OR 'a'='a      ' OR ''='
    "s&1[o=c;&)k]",        // ' AND 1=1        ' OR 1--    ' OR 1)    ' OR 1 IN (...)
    "s&1$",                // ' OR 1
    "s&n=[1snv][$c;&)]",   // ' OR x=x
    "s&v",                 // ' OR @@version
    "s&([1svEfX]",         // ' OR (1=1        '||(SELECT ...
    "s&f(",                // ' AND ascii(substring(...
    "s&X(",                // ' AND SLEEP(5)
    "s&[EUW]",             // ' OR SELECT ...  ' AND WAITFOR DELAY
    "s)&([1svEfX]",        // ') OR ('1'='1
    "s)&[1svfX]",          // ')) AND 1=1
    "s)&n=[1snv][$c;&)]",  // ') OR x=x
    "sUE",                 // ' UNION SELECT
    "s)UE",                // ') UNION ALL SELECT
    "s;[EWXfT]",           // '; DROP TABLE   '; WAITFOR DELAY   ';SLEEP(
    "sB",                  // ' ORDER BY 1     ' HAVING 1=1      ' INTO OUTFILE
    "s)B",                 // ') LIMIT 1
    "sW",                  // ' WAITFOR DELAY '0:0:5'
    "s)W",                 // ')WAITFOR DELAY
    "s[o=](E",             // '+(SELECT 1)+'
    "s[o=][fX](",          // '+SLEEP(5)+'     '||version()||'
    "sX(",                 // " SLEEP(10)
    "s)X(",                // ')SLEEP(5)
    "s=1&",                // '=1 OR 1=1
    // A number (the value lands where the query expects one).
    "1&1[o=c;&)k]",        // 1 OR 1=1         1 AND 1--
    "1&s=[1s]",            // 1 OR 'a'='a
    "1&n=[1snv][$c;&)]",   // 1 OR x=x
    "1&v",                 // 1 OR @@version
    "1&([1svEfX]",         // 1 AND (SELECT ...
    "1&[fX](",             // 1 AND SLEEP(5)
    "1&[EW]",              // 1 AND SELECT     1 AND WAITFOR DELAY
    "1UE",                 // -1 UNION SELECT
    "1)UE",                // 1) UNION SELECT
    "1;[EWXfT]",           // 1; DROP TABLE users
    "1;c",                 // 1;--
    "1)&([1svEfX]",        // 1) OR (1=1
    "1)&[1svfX]",          // 1)) AND 1=1
    "1)&n=[1snv][$c;&)]",  // 1) OR x=x
    "1c",                  // 1--              1/*
    "1)c",                 // 1)--
    "1B",                  // 1 ORDER BY 3     1 PROCEDURE ANALYSE()   1 INTO OUTFILE
    "1)B",                 // 1) LIMIT 1
    "1W",                  // 1 WAITFOR DELAY
    "1)W",                 // 1) WAITFOR DELAY
    "1[o=](E",             // 1+(SELECT 1)
    "1[o=]X(",             // 1-SLEEP(5)
    "1X(",                 // 1 SLEEP(5)
    "1=1&1=",              // 1=1 AND 2=2
    // A parenthesised number first.
    "(1)UE",          // (-1) UNION SELECT
    "(1)&([1svEfX]",  // (1) OR (1=1
    // A closing parenthesis first: the value breaks out of a sub-expression.
    ")&([1svEfX]",  // ) OR (1=1
    ")&[1svfX]",    // ) OR 1=1
    ")UE",          // ) UNION SELECT
    ");[EWXfT]",    // ); DROP TABLE
    // A logic word first: the rest of a WHERE clause.
    "&1=[1sn]",  // OR 1=1
    "&s=[1s]",   // OR 'a'='a
    "&[fX](",    // AND SLEEP(5)
    "&(E",       // AND (SELECT ...
    // A word, then a tautology: the value ends a bare column or table name.
    "n&1=1",     // x OR 1=1
    "n&s=[s1]",  // x OR 'a'='a
    // Function calls on their own.
    "X(",       // SLEEP(5)   BENCHMARK(...)   LOAD_FILE('/etc/passwd')
    "f()",      // version()   database()   user()
    "f(f(",     // ascii(substring(version() from 1 for 1))
    "f([EXv]",  // char(SELECT ...   concat(@@version)
    "f(1,",     // char(114,111,111,116)
    "f(s,",     // concat('a',...)
    // Statements.
    "E[o=]k",    // SELECT * FROM
    "E1,",       // SELECT 1,2,3
    "E[fX](",    // SELECT version()   SELECT SLEEP(5)
    "Ev",        // SELECT @@version
    "E(E",       // SELECT (SELECT ...
    "ETn",       // DROP TABLE users
    "(E[o=]k",   // (SELECT * FROM ...
    "(E[fXv]",   // (SELECT version()
    "(E1[,k)]",  // (SELECT 1,2   (SELECT 1 FROM
    "W[s1]",     // WAITFOR DELAY '0:0:5'
    // UNION SELECT with a select list after it.
    "[nv]UE[1svfX(o=]",  // x UNION SELECT 1,2
    "[nv]UEn[,k]",       // x UNION SELECT name,pass FROM
    "UE[1svfX(o=]",      // UNION SELECT 1,2
    "UEn[,k]",           // UNION SELECT password FROM
};

// Comments right after the closed string truncate the application's closing quote. Only in a
// quote context: a value that merely starts with a quoted word ("'x' -- note") is text.
constexpr std::string_view kQuoteContextShapes[] = {
    "sc",   // admin'--         admin'#          admin'/*
    "s)c",  // admin')--
    "s;c",  // ';--
};

}  // namespace

namespace {

// Whether the shape's first elements accept the fingerprint's codes (all of them, or as many as
// the shape has).
bool shape_accepts_prefix(std::string_view shape, std::string_view codes) {
  size_t at = 0;
  for (size_t i = 0; i < shape.size() && at < codes.size(); ++i) {
    char s = shape[i];
    if (s == '$') return false;  // the shape wants the value to end, and there is more
    char code = codes[at++];
    if (s == '[') {
      size_t close = shape.find(']', i);
      if (shape.substr(i + 1, close - i - 1).find(code) == std::string_view::npos) return false;
      i = close;
      continue;
    }
    if (s != code) return false;
  }
  return true;
}

}  // namespace

bool may_become_attack(const Fingerprint& fp) {
  if (fp.quoted && fp.size >= 2 && (fp.codes[1] == 'o' || fp.codes[1] == '&')) return true;
  for (std::string_view shape : kShapes) {
    if (shape_accepts_prefix(shape, fp.view())) return true;
  }
  if (fp.quoted) {
    for (std::string_view shape : kQuoteContextShapes) {
      if (shape_accepts_prefix(shape, fp.view())) return true;
    }
  }
  return false;
}

bool shape_matches(std::string_view shape, const Fingerprint& fp) {
  std::string_view codes = fp.view();
  size_t at = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    char s = shape[i];
    if (s == '$') {
      if (at != codes.size() || !fp.complete) return false;
      continue;
    }
    if (at >= codes.size()) return false;
    char code = codes[at++];
    if (s == '[') {
      size_t close = shape.find(']', i);
      if (shape.substr(i + 1, close - i - 1).find(code) == std::string_view::npos) return false;
      i = close;
      continue;
    }
    if (s != code) return false;
  }
  return true;
}

bool is_attack_shape(const Fingerprint& fp) {
  if (fp.reopens_quote) return true;
  for (std::string_view shape : kShapes) {
    if (shape_matches(shape, fp)) return true;
  }
  if (fp.quoted) {
    for (std::string_view shape : kQuoteContextShapes) {
      if (shape_matches(shape, fp)) return true;
    }
  }
  return false;
}

}  // namespace rampart::operators::sqli
