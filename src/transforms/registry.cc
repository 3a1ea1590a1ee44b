// The one table mapping rule-language names (t:name) to transformation functions. "none" is
// deliberately absent: the rule parser treats it as "clear the pipeline".
#include <array>

#include "transforms/all.h"
#include "transforms/transform.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

constexpr std::array kTable = {
    TransformDef{"base64Decode", base64_decode},
    TransformDef{"base64DecodeExt", base64_decode_ext},
    TransformDef{"base64Encode", base64_encode},
    TransformDef{"cmdLine", cmd_line},
    TransformDef{"compressWhitespace", compress_whitespace},
    TransformDef{"cssDecode", css_decode},
    TransformDef{"escapeSeqDecode", escape_seq_decode},
    TransformDef{"hexDecode", hex_decode},
    TransformDef{"hexEncode", hex_encode},
    TransformDef{"htmlEntityDecode", html_entity_decode},
    TransformDef{"jsDecode", js_decode},
    TransformDef{"length", length},
    TransformDef{"lowercase", lowercase},
    TransformDef{"md5", md5},
    TransformDef{"normalizePath", normalize_path},
    TransformDef{"normalisePath", normalize_path},  // v2 accepts both spellings
    TransformDef{"normalizePathWin", normalize_path_win},
    TransformDef{"normalisePathWin", normalize_path_win},
    TransformDef{"parityEven7bit", parity_even_7bit},
    TransformDef{"parityOdd7bit", parity_odd_7bit},
    TransformDef{"parityZero7bit", parity_zero_7bit},
    TransformDef{"removeComments", remove_comments},
    TransformDef{"removeCommentsChar", remove_comments_char},
    TransformDef{"removeNulls", remove_nulls},
    TransformDef{"removeWhitespace", remove_whitespace},
    TransformDef{"replaceComments", replace_comments},
    TransformDef{"replaceNulls", replace_nulls},
    TransformDef{"sha1", sha1},
    TransformDef{"sqlHexDecode", sql_hex_decode},
    TransformDef{"trim", trim},
    TransformDef{"trimLeft", trim_left},
    TransformDef{"trimRight", trim_right},
    TransformDef{"uppercase", uppercase},
    TransformDef{"urlDecode", url_decode},
    TransformDef{"urlDecodeUni", url_decode_uni, url_decode_uni_mapped},
    TransformDef{"urlEncode", url_encode},
    TransformDef{"utf8toUnicode", utf8_to_unicode},
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
