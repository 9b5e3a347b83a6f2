// gallery_wire.hpp: the findings (core/gallery) as text and back, exactly.
// The entries are built in the worker's core module (the "findings" job,
// core/gallery's make_findings_job); the app reads its payload with
// decode_findings, so the app's download holds neither the entries' code nor
// their sentences. One record a line, fields split by spaces, each text
// percent-encoded:
//   shufflelab findings 1
//   entry TITLE SOURCE LINK TEXT
//   quote TEXT PATH STYLE DECIMALS PER   (of the entry above; STYLE: plain,
//                                         grouped, fixed or percent; PER "-" for none)
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/gallery.hpp"

namespace shufflelab {

std::string encode_findings(const std::vector<GalleryEntry>& entries);
// The entries, or what is wrong with the text (its line named).
Result<std::vector<GalleryEntry>> decode_findings(std::string_view text);

}  // namespace shufflelab
