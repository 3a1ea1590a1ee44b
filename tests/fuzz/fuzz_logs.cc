// libFuzzer harness: what the command-line tools read from files a site owner hands them, all of
// it written by someone else (the audit log holds client-chosen bytes). The first byte picks the
// reader: the audit-log reader (native or JSON, gzip too, through a memory file so its own file
// handling runs) with each entry rebuilt into a request as `rampart replay` does, raw HTTP
// requests, or a HAR file.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "log/log_reader.h"
#include "replay/audit_entry.h"
#include "replay/har.h"
#include "replay/raw_http.h"

namespace {

void read_audit_log(std::string_view text) {
  int fd = memfd_create("fuzz-audit-log", 0);
  if (fd < 0) __builtin_trap();
  for (size_t done = 0; done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) __builtin_trap();
    done += static_cast<size_t>(n);
  }
  rampart::logtool::AuditLogReader reader(
      [](rampart::logtool::Entry& entry) {
        rampart::replay::Request request;
        rampart::replay::request_from_entry(entry, request);
        return true;
      },
      [](const rampart::logtool::Problem& problem) { (void)problem.to_string(); });
  reader.set_raw_limit(1 << 20);  // replay's setting: whole bodies kept
  reader.read("/proc/self/fd/" + std::to_string(fd));
  close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<rampart::replay::Request> requests;
  switch (data[0] % 3) {
    case 0:
      read_audit_log(text);
      break;
    case 1:
      rampart::replay::parse_raw_requests(text, "fuzz", requests);
      break;
    default:
      rampart::replay::parse_har(text, "fuzz", requests);
      break;
  }
  return 0;
}
