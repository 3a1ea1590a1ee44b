// `rampart collections`: look at and edit the persistent-collection database (SecDataDir).
#pragma once

namespace rampart::tools {

// argv: the words after "collections". Returns the exit code.
int collections_main(int argc, char** argv);

}  // namespace rampart::tools
