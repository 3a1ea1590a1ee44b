// rampart: the command-line companion of mod_rampart.
//   rampart lint FILE...   parse rule files exactly as httpd would; print file:line: message for
//                          the first error in each file and exit 1 if any file has one; then
//                          load them all in order, as httpd's Include lines would, and warn
//                          (file:line: warning: …) about rules that load but look wrong
//                          (Config::lint(), src/config/lint/).
//   rampart collections …  list, show, delete and dump persistent collections (collections.cc).
//   rampart log [options] [FILE|DIR|-]...   read audit logs (tools/log/, docs/audit-log.md).
//   rampart replay --rules CONF [options] [FILE|DIR|-]...   evaluate rules offline against
//                          recorded requests (tools/replay/, docs/replay.md).
//   rampart tune --audit-log LOG   propose CRS exclusions for frequent false positives
//                          (tools/tune/, docs/operations.md).
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "collections.h"
#include "log/cli.h"
#include "rampart/config.h"
#include "replay/cli.h"
#include "tune/cli.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: rampart lint [--ignore-unknown] FILE...\n"
               "  Parses ModSecurity-style rule files (Include followed) and reports errors as\n"
               "  file:line: message. --ignore-unknown skips directives that belong to httpd.\n"
               "usage: rampart log [options] [FILE|DIR|-]...   (rampart log --help)\n"
               "usage: rampart replay --rules CONF [options] [FILE|DIR|-]...   (--help)\n"
               "usage: rampart tune [options] --audit-log LOG...   (--help)\n"
               "usage: rampart collections --data-dir DIR list|show|delete|dump|gc ...\n"
               "  Persistent collections (IP, SESSION, ...); without a command for details.\n");
  return 2;
}

// Loads `files` in order into one configuration, as httpd reads its Include lines.
std::optional<rampart::ConfigError> load_all(rampart::Config& config,
                                             const std::vector<const char*>& files,
                                             bool ignore_unknown) {
  for (const char* file : files)
    if (auto err = config.load_file(file, ignore_unknown)) return err;
  return config.finish();
}

int lint(int argc, char** argv) {
  bool ignore_unknown = false;
  std::vector<const char*> files;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ignore-unknown") == 0) {
      ignore_unknown = true;
      continue;
    }
    files.push_back(argv[i]);
  }
  if (files.empty()) return usage();
  // Each file on its own first, so that one broken file does not hide the errors of the others.
  int failed = 0;
  for (const char* file : files) {
    rampart::Config config;
    auto err = load_all(config, {file}, ignore_unknown);
    for (const rampart::ConfigError& w : config.warnings())
      std::fprintf(stderr, "%s\n", w.to_string().c_str());
    if (err) {
      std::fprintf(stderr, "%s\n", err->to_string().c_str());
      ++failed;
    } else {
      std::printf("%s: OK, %zu rules\n", file, config.rule_count());
    }
  }
  if (failed > 0) return 1;
  // Then all of them together, in the order given: what spans files (a skipAfter to a marker in
  // a later file, an id used twice) is judged as httpd will see it.
  rampart::Config all;
  if (auto err = load_all(all, files, ignore_unknown)) {
    std::fprintf(stderr, "%s\n", err->to_string().c_str());
    return 1;
  }
  for (const rampart::ConfigError& w : all.lint())
    std::fprintf(stderr, "%s\n", w.to_string().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "lint") == 0) return lint(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "collections") == 0)
    return rampart::tools::collections_main(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "log") == 0)
    return rampart::logtool::main_log(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "replay") == 0)
    return rampart::replay::main_replay(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "tune") == 0)
    return rampart::tune::main_tune(argc - 2, argv + 2);
  return usage();
}
