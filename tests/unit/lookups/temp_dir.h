// A per-process scratch directory for tests that write files (ctest runs cases in parallel
// processes, so names carry the pid), removed when the object goes.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace rampart::testing {

class TempDir {
 public:
  explicit TempDir(const std::string& tag)
      : path_(std::filesystem::temp_directory_path() /
              ("rampart-" + tag + "-" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }
  // Writes `content` to `name`; `executable` makes it a script the tests can run.
  std::string write(const std::string& name, const std::string& content,
                    bool executable = false) const {
    std::string p = path(name);
    std::ofstream(p, std::ios::binary) << content;
    if (executable)
      std::filesystem::permissions(p, std::filesystem::perms::owner_all,
                                   std::filesystem::perm_options::add);
    return p;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace rampart::testing
