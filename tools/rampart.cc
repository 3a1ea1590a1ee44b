// rampart: the command-line companion of mod_rampart.
//   rampart lint FILE...   parse rule files exactly as httpd would; print file:line: message for
//                          the first error in each file and exit 1 if any file has one; warn
//                          (file:line: warning: …) about rules that load but look wrong
//                          (Config::lint(), src/config/lint/).
//   rampart collections …  list, show, delete and dump persistent collections (collections.cc).
//   rampart log [options] [FILE|DIR|-]...   read audit logs (tools/log/, docs/audit-log.md).
#include <cstdio>
#include <cstring>
#include <string>

#include "log/cli.h"
#include "collections.h"
#include "rampart/config.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: rampart lint [--ignore-unknown] FILE...\n"
               "  Parses ModSecurity-style rule files (Include followed) and reports errors as\n"
               "  file:line: message. --ignore-unknown skips directives that belong to httpd.\n"
               "usage: rampart log [options] [FILE|DIR|-]...   (rampart log --help)\n"
               "usage: rampart collections --data-dir DIR list|show|delete|dump|gc ...\n"
               "  Persistent collections (IP, SESSION, ...); without a command for details.\n");
  return 2;
}

int lint(int argc, char** argv) {
  bool ignore_unknown = false;
  int failed = 0, files = 0;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ignore-unknown") == 0) {
      ignore_unknown = true;
      continue;
    }
    ++files;
    rampart::Config config;
    auto err = config.load_file(argv[i], ignore_unknown);
    if (!err) err = config.finish();
    for (const rampart::ConfigError& w : config.warnings())
      std::fprintf(stderr, "%s\n", w.to_string().c_str());
    if (!err) {
      for (const rampart::ConfigError& w : config.lint())
        std::fprintf(stderr, "%s\n", w.to_string().c_str());
    }
    if (err) {
      std::fprintf(stderr, "%s\n", err->to_string().c_str());
      ++failed;
    } else {
      std::printf("%s: OK, %zu rules\n", argv[i], config.rule_count());
    }
  }
  if (files == 0) return usage();
  return failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "lint") == 0) return lint(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "collections") == 0)
    return rampart::tools::collections_main(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "log") == 0)
    return rampart::logtool::main_log(argc - 2, argv + 2);
  return usage();
}
