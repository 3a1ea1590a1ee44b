#include "log/audit_writer.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace rampart::log {

namespace {

// A program that stops reading must not stall requests for long: give up on an entry after this.
constexpr int kPipeTimeoutMs = 2000;
constexpr int64_t kReportIntervalSeconds = 60;

std::string errno_text(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

// Pipes give no atomicity above PIPE_BUF (4096 bytes): two children writing large entries could
// interleave. Every httpd child inherits this mapping from the parent, so one robust,
// process-shared mutex serialises all writers; a child that dies holding it cannot block the rest.
struct AuditLogFile::PipeLock {
  pthread_mutex_t mutex;
};

std::shared_ptr<AuditLogFile> AuditLogFile::open(const std::string& target, std::string& error) {
  if (target.empty() || target[0] != '|') {
    int fd = ::open(target.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
    if (fd < 0) {
      error = errno_text("cannot open '" + target + "' for appending");
      return nullptr;
    }
    return std::shared_ptr<AuditLogFile>(new AuditLogFile(fd, target, 0, nullptr));
  }
  std::string command = target.substr(1);
  while (!command.empty() && command[0] == ' ') command.erase(0, 1);
  if (command.empty()) {
    error = "'|' must be followed by the program to run, e.g. \"|/usr/bin/logger -t audit\"";
    return nullptr;
  }
  void* mem =
      mmap(nullptr, sizeof(PipeLock), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) {
    error = errno_text("cannot set up the lock for the audit log pipe");
    return nullptr;
  }
  auto* lock = static_cast<PipeLock*>(mem);
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
  pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init(&lock->mutex, &attr);
  pthread_mutexattr_destroy(&attr);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    error = errno_text("cannot create a pipe for '" + command + "'");
    munmap(mem, sizeof(PipeLock));
    return nullptr;
  }
  pid_t pid = fork();
  if (pid < 0) {
    error = errno_text("cannot start '" + command + "'");
    ::close(fds[0]);
    ::close(fds[1]);
    munmap(mem, sizeof(PipeLock));
    return nullptr;
  }
  if (pid == 0) {  // the log program: the pipe is its standard input
    dup2(fds[0], 0);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  ::close(fds[0]);
  // Non-blocking, so a program that stops reading costs a bounded wait, not a hung request.
  fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
  return std::shared_ptr<AuditLogFile>(new AuditLogFile(fds[1], target, pid, lock));
}

AuditLogFile::~AuditLogFile() {
  ::close(fd_);  // the log program sees end of input and exits
  if (child_ > 0) waitpid(child_, nullptr, WNOHANG);
  if (lock_) munmap(lock_, sizeof(PipeLock));
}

// Regular file: the descriptor has O_APPEND, and Linux serialises each write(2) on one file
// (the inode lock is held while the data is copied, and the append offset is taken under it), so
// one write of a whole entry lands contiguously however many processes and threads write at
// once, whatever its size. A short write only happens when the disk is full (or the file limit
// is reached): it is reported, not retried, because a retry could interleave.
bool AuditLogFile::append(std::string_view entry, std::string& error) const {
  if (child_ > 0) return append_to_pipe(entry, error);
  ssize_t n;
  do {
    n = ::write(fd_, entry.data(), entry.size());
  } while (n < 0 && errno == EINTR);
  if (n < 0) {
    error = errno_text("cannot write to '" + name_ + "'");
    return false;
  }
  if (static_cast<size_t>(n) != entry.size()) {
    error = "cannot write to '" + name_ + "': only " + std::to_string(n) + " of " +
            std::to_string(entry.size()) + " bytes written (is the disk full?)";
    return false;
  }
  return true;
}

bool AuditLogFile::append_to_pipe(std::string_view entry, std::string& error) const {
  timespec deadline{};
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += kPipeTimeoutMs / 1000;
  int rc = pthread_mutex_timedlock(&lock_->mutex, &deadline);
  if (rc == EOWNERDEAD) {
    pthread_mutex_consistent(&lock_->mutex);  // its owner died mid-entry; carry on
  } else if (rc != 0) {
    error = "the audit log program '" + name_ + "' is not keeping up (lock wait timed out)";
    return false;
  }
  auto start = std::chrono::steady_clock::now();
  size_t done = 0;
  bool ok = true;
  while (done < entry.size()) {
    ssize_t n = ::write(fd_, entry.data() + done, entry.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    int waited = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                      std::chrono::steady_clock::now() - start)
                                      .count());
    if (n < 0 && errno == EAGAIN && waited < kPipeTimeoutMs) {
      pollfd p{fd_, POLLOUT, 0};
      poll(&p, 1, kPipeTimeoutMs - waited);
      continue;
    }
    error = n < 0 && errno != EAGAIN
                ? errno_text("cannot write to the audit log program '" + name_ + "'")
                : "the audit log program '" + name_ + "' stopped reading (entry cut short)";
    ok = false;
    break;
  }
  pthread_mutex_unlock(&lock_->mutex);
  return ok;
}

bool AuditLogFile::should_report() const {
  int64_t now = now_seconds();
  int64_t last = last_report_.load(std::memory_order_relaxed);
  if (now - last < kReportIntervalSeconds) return false;
  return last_report_.compare_exchange_strong(last, now, std::memory_order_relaxed);
}

namespace {

// mkdir -p for the directories above `path`. Each one it creates gets exactly `mode`
// (SecAuditLogDirMode): mkdir's mode is narrowed by httpd's umask, so it is set again.
bool make_parents(const std::string& path, int mode, std::string& error) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    std::string dir = path.substr(0, slash);
    if (::mkdir(dir.c_str(), static_cast<mode_t>(mode)) == 0) {
      ::chmod(dir.c_str(), static_cast<mode_t>(mode));
    } else if (errno != EEXIST) {
      error = errno_text("cannot create the directory '" + dir + "'");
      return false;
    }
  }
  return true;
}

}  // namespace

bool write_entry_file(const std::string& path, std::string_view entry, int dir_mode, int file_mode,
                      std::string& error) {
  if (!make_parents(path, dir_mode, error)) return false;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                  static_cast<mode_t>(file_mode));
  if (fd < 0) {
    error = errno_text("cannot create '" + path + "'");
    return false;
  }
  ::fchmod(fd, static_cast<mode_t>(file_mode));  // exactly SecAuditLogFileMode, whatever the umask
  size_t done = 0;
  while (done < entry.size()) {
    ssize_t n = ::write(fd, entry.data() + done, entry.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = errno_text("cannot write '" + path + "'");
      ::close(fd);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  return true;
}

}  // namespace rampart::log
