// Reads HTML the way a browser's tokenizer does, far enough to see what runs script: tag names,
// attribute names and attribute values. Linear in the input and allocation-free.
#pragma once

#include <cstddef>
#include <string_view>

namespace rampart::operators::xss {

// Every '<' that opens something dangerous on its own: a script-capable tag name (<script,
// <x:script, <svg/), </script, an IE conditional comment <!--[if, <![CDATA[, or a processing
// instruction other than the <?xml declaration. Each '<' costs a bounded look-ahead, so '<'
// inside attributes (where a browser would not start a tag) is checked too.
bool has_dangerous_markup_start(std::string_view s);

// Parses s from the data state: each tag and its attributes, judged by judge_attribute() with
// any on* name counting as an event handler.
bool has_dangerous_tag(std::string_view s);

// Parses attributes from `pos` up to the '>' that would close the tag, as if the value had
// landed inside a tag (after it broke out of an attribute value). Only known event-handler
// names count here, so text such as "onion=3" is not an attack.
bool has_dangerous_attribute(std::string_view s, size_t pos);

}  // namespace rampart::operators::xss
