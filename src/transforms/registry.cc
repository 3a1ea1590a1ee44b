// The one table mapping rule-language names (t:name) to transformation functions. "none" is
// deliberately absent: the rule parser treats it as "clear the pipeline".
#include <array>

#include "transforms/all.h"
#include "transforms/transform.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// Trigger bytes (TransformDef::triggers), each set read off its transformation's code.
constexpr ByteMask kSpace = ByteMask::of(" \t\n\v\f\r");          // util::is_space
constexpr ByteMask kSpaceOrNbsp = kSpace | ByteMask::of("\xa0");  // util::is_space_or_nbsp
constexpr ByteMask kUpper = ByteMask::range('A', 'Z');
constexpr ByteMask kLower = ByteMask::range('a', 'z');
constexpr ByteMask kUrlEscape = ByteMask::of("%+");
constexpr ByteMask kBackslash = ByteMask::of("\\");
// "/*", "*/", "<!--", "-->", "--" and '#' each hold one of these.
constexpr ByteMask kCommentMarks = ByteMask::of("/-#");
// A path changes only with an empty, "." or ".." segment; without '/' only "." and "..".
constexpr ByteMask kPath = ByteMask::of("/.");

constexpr std::array kTable = {
    TransformDef{.name = "base64Decode", .fn = base64_decode},
    TransformDef{.name = "base64DecodeExt", .fn = base64_decode_ext},
    TransformDef{.name = "base64Encode", .fn = base64_encode},
    TransformDef{
        .name = "cmdLine", .fn = cmd_line, .triggers = ByteMask::of("\\\"'^,; \t\r\n") | kUpper},
    TransformDef{.name = "compressWhitespace", .fn = compress_whitespace, .triggers = kSpaceOrNbsp},
    TransformDef{.name = "cssDecode", .fn = css_decode, .triggers = kBackslash},
    TransformDef{.name = "escapeSeqDecode", .fn = escape_seq_decode, .triggers = kBackslash},
    TransformDef{.name = "hexDecode", .fn = hex_decode},
    TransformDef{.name = "hexEncode", .fn = hex_encode},
    TransformDef{
        .name = "htmlEntityDecode", .fn = html_entity_decode, .triggers = ByteMask::of("&")},
    TransformDef{.name = "jsDecode", .fn = js_decode, .triggers = kBackslash},
    TransformDef{.name = "length", .fn = length},
    TransformDef{.name = "lowercase", .fn = lowercase, .triggers = kUpper},
    TransformDef{.name = "md5", .fn = md5},
    TransformDef{.name = "normalizePath", .fn = normalize_path, .triggers = kPath},
    TransformDef{.name = "normalisePath", .fn = normalize_path, .triggers = kPath},  // v2 spelling
    TransformDef{
        .name = "normalizePathWin", .fn = normalize_path_win, .triggers = kPath | kBackslash},
    TransformDef{
        .name = "normalisePathWin", .fn = normalize_path_win, .triggers = kPath | kBackslash},
    TransformDef{.name = "parityEven7bit", .fn = parity_even_7bit},
    TransformDef{.name = "parityOdd7bit", .fn = parity_odd_7bit},
    TransformDef{.name = "parityZero7bit", .fn = parity_zero_7bit},
    TransformDef{.name = "removeComments", .fn = remove_comments, .triggers = kCommentMarks},
    TransformDef{
        .name = "removeCommentsChar", .fn = remove_comments_char, .triggers = kCommentMarks},
    TransformDef{.name = "removeNulls", .fn = remove_nulls, .triggers = ByteMask::of({"\0", 1})},
    TransformDef{.name = "removeWhitespace", .fn = remove_whitespace, .triggers = kSpaceOrNbsp},
    TransformDef{.name = "replaceComments", .fn = replace_comments, .triggers = ByteMask::of("/")},
    TransformDef{.name = "replaceNulls", .fn = replace_nulls, .triggers = ByteMask::of({"\0", 1})},
    TransformDef{.name = "sha1", .fn = sha1},
    TransformDef{.name = "sqlHexDecode", .fn = sql_hex_decode, .triggers = ByteMask::of("xX")},
    TransformDef{.name = "trim", .fn = trim, .triggers = kSpace},
    TransformDef{.name = "trimLeft", .fn = trim_left, .triggers = kSpace},
    TransformDef{.name = "trimRight", .fn = trim_right, .triggers = kSpace},
    TransformDef{.name = "uppercase", .fn = uppercase, .triggers = kLower},
    TransformDef{.name = "urlDecode", .fn = url_decode, .triggers = kUrlEscape},
    TransformDef{.name = "urlDecodeUni",
                 .fn = url_decode_uni,
                 .ctx_fn = url_decode_uni_mapped,
                 .triggers = kUrlEscape},
    TransformDef{.name = "urlEncode", .fn = url_encode},
    // Only a well-formed multi-byte sequence changes, and its lead byte is 0xc2..0xf4.
    TransformDef{
        .name = "utf8toUnicode", .fn = utf8_to_unicode, .triggers = ByteMask::range(0xc2, 0xf4)},
};

bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (util::to_lower(a[i]) != util::to_lower(b[i])) return false;
  }
  return true;
}

}  // namespace

// A linear scan is enough: lookups happen while rules are parsed, never per request.
const TransformDef* find(std::string_view name) {
  for (const TransformDef& def : kTable) {
    if (equals_ignore_case(def.name, name)) return &def;
  }
  return nullptr;
}

std::span<const TransformDef> all() {
  return kTable;
}

}  // namespace rampart::transforms
