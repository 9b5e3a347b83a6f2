// gallery.hpp: the findings gallery: curated links, each opening a lab at the
// moment that shows a lesson from the source articles, with a sentence or two
// whose numbers the core computes when the gallery is built (nothing pasted).
// Each link is in canonical form (what the app writes back for that state),
// so a test can open it and check the app shows exactly that state. Each
// number a text quotes from the lab is declared in `quotes` with where the
// link's view shows it (core/base/quoted_number.hpp).
// The app's download does not hold the entries: its findings session runs
// the "findings" job (make_findings_job, no parameters) in the worker's core
// module and reads the job's payload (core/gallery_wire). The CLI and native
// tests run the same job inline, or call gallery_entries() directly.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/quoted_number.hpp"

namespace shufflelab {

struct GalleryEntry {
  std::string title;
  std::string source;  // which article the lesson is about
  std::string link;    // "#v=1&lab=..."
  std::string text;    // the lesson, with live numbers
  std::vector<QuotedNumber> quotes;
};

std::vector<GalleryEntry> gallery_entries();

class FieldReader;
// The "findings" job: its payload is gallery_entries() as encode_findings writes them.
Result<std::shared_ptr<Job>> make_findings_job(FieldReader& fields);

}  // namespace shufflelab
