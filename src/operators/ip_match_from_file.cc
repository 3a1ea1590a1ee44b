// @ipMatchFromFile (alias @ipMatchF): @ipMatch with the addresses and networks read from a file,
// one per line; a relative path is taken from the directory of the rule's file. Surrounding
// whitespace is trimmed; empty lines and lines starting with '#' are skipped.
// Parameter: the file. Example: SecRule REMOTE_ADDR "@ipMatchFromFile ips.txt" "id:1"
// Message: IPmatchFromFile: "<value>" matched at <var>.
#include "operators/all.h"
#include "operators/file_util.h"
#include "operators/ip_set.h"
#include "operators/text_util.h"

namespace rampart::operators {

namespace {

class IpMatchFromFile final : public Operator {
 public:
  explicit IpMatchFromFile(IpSet set) : set_(std::move(set)) {}

  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    if (!set_.contains(value)) return false;
    st.message = "IPmatchFromFile: \"";
    st.message.append(value).append("\" matched at ").append(st.var_name()).append(".");
    return true;
  }

 private:
  IpSet set_;
};

}  // namespace

std::unique_ptr<Operator> make_ip_match_from_file(const OperatorArgs& args, std::string& error) {
  std::string_view name = trim(args.param);
  if (name.empty()) {
    error = "Missing parameter for operator 'ipMatchFromFile': give the file of addresses.";
    return nullptr;
  }
  std::string path = resolve_path(args.base_dir, name);
  std::vector<std::string> lines;
  std::string reason;
  if (!read_lines(path, lines, reason)) {
    error = "Could not open ipmatch file \"" + path + "\": " + reason;
    return nullptr;
  }
  IpSet set;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view entry = trim(lines[i]);
    if (entry.empty() || entry.front() == '#') continue;
    if (!set.add(entry)) {
      error = "Could not add entry \"" + std::string(entry) + "\" in line " +
              std::to_string(i + 1) + " of file " + path +
              " to IP list: expected an IPv4/IPv6 address or CIDR network";
      return nullptr;
    }
  }
  set.finish();
  return std::make_unique<IpMatchFromFile>(std::move(set));
}

}  // namespace rampart::operators
