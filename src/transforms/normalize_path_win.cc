// t:normalizePathWin (also spelled normalisePathWin): converts backslashes to forward slashes,
// then normalises like t:normalizePath. Example: "C:\\a\\..\\b\\.\\c" -> "C:/b/c".
#include "transforms/all.h"

namespace rampart::transforms {

bool normalize_path_win(std::string_view in, std::string& out) {
  if (in.find('\\') == std::string_view::npos) return normalize_path(in, out);
  std::string slashed(in);
  for (char& c : slashed) {
    if (c == '\\') c = '/';
  }
  if (!normalize_path(slashed, out)) out = std::move(slashed);
  return true;
}

}  // namespace rampart::transforms
