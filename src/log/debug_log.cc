#include "log/debug_log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/time.h>
#include <unistd.h>

namespace rampart::log {

std::shared_ptr<DebugLogFile> DebugLogFile::open(const std::string& path, std::string& error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
  if (fd < 0) {
    error = "cannot open '" + path + "' for appending: " + std::strerror(errno);
    return nullptr;
  }
  return std::shared_ptr<DebugLogFile>(new DebugLogFile(fd, path));
}

DebugLogFile::~DebugLogFile() { ::close(fd_); }

void DebugLogFile::write(int level, std::string_view hostname, const void* tx_id,
                         std::string_view uri, std::string_view message) const {
  timeval tv{};
  gettimeofday(&tv, nullptr);
  std::tm tm{};
  localtime_r(&tv.tv_sec, &tm);
  char stamp[64];
  size_t n = std::strftime(stamp, sizeof stamp, "%d/%b/%Y:%H:%M:%S", &tm);
  char zone[8];
  std::strftime(zone, sizeof zone, "%z", &tm);
  std::snprintf(stamp + n, sizeof stamp - n, ".%06ld %s", static_cast<long>(tv.tv_usec), zone);
  char ids[64];
  std::snprintf(ids, sizeof ids, "/sid#%p][rid#%p][", static_cast<const void*>(this), tx_id);
  std::string line;
  line.reserve(message.size() + uri.size() + 96);
  line.append("[").append(stamp).append("] [").append(hostname).append(ids).append(uri);
  line.append("][").append(std::to_string(level)).append("] ").append(message).append("\n");
  // A failed write must never affect the request; there is nowhere better to report it.
  [[maybe_unused]] ssize_t written = ::write(fd_, line.data(), line.size());
}

}  // namespace rampart::log
