// `rampart log`: reads ModSecurity v2 audit logs (Native or JSON; Serial files, Concurrent
// directories, .gz, stdin), filters them, and lists, shows, summarises or reports.
#pragma once

namespace rampart::logtool {

// argv holds the arguments after "log". Exit codes: 0 done; 1 --show found nothing or no input
// could be read; 2 bad usage.
int main_log(int argc, char** argv);

}  // namespace rampart::logtool
