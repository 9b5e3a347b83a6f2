#include "core/findings_session.hpp"

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/gallery_wire.hpp"

namespace shufflelab {

void FindingsSession::load() {
  if (loaded() || job_.running()) return;
  job_.start(jobs_, "findings", "", "findings");
  tick(0.0);  // the inline runner has finished it already
}

void FindingsSession::tick(double) {
  if (job_.poll(jobs_)) take_entries();
}

void FindingsSession::take_entries() {
  auto decoded = decode_findings(job_.status.payload);
  if (!decoded) return void(job_.error = decoded.error());
  entries_ = std::move(decoded.value());
  job_.result = true;
}

const std::vector<GalleryEntry>& FindingsSession::entries() {
  if (!loaded() && !given_up()) load();
  return entries_;
}

Result<bool> FindingsSession::apply(const LabCommand& c) {
  if (c.verb != "open") return Result<bool>::fail(lab_command_text(c) + ": the findings have no such command");
  if (entries().empty()) return Result<bool>::fail(lab_command_text(c) + ": the findings are not loaded yet");
  auto k = parse_decimal("open", c.arg, 1, entries().size());
  if (!k) return Result<bool>::fail(k.error());
  open_link_(entries()[*k - 1].link);
  return Result<bool>::ok(true);
}

std::vector<TextLine> FindingsSession::text() {
  TextLines out;
  const std::vector<GalleryEntry>& in = entries();  // starts the load the first time
  if (loading()) out.para("Loading the findings...");
  if (given_up())
    out.para("The findings did not load: " + (job_.error.empty() ? std::string("cancelled") : job_.error));
  for (const GalleryEntry& e : in) {
    out.sub(e.title);
    out.para(e.text + " (" + e.source + ")");
  }
  return out.take();
}

std::string FindingsSession::describe_json() {
  const std::vector<GalleryEntry>& in = entries();
  return "{\"loading\":" + std::string(loading() ? "true" : "false") +
         ",\"entries\":" + json_array(in, [](const GalleryEntry& e) {
           return "{\"title\":" + json_string(e.title) + ",\"link\":" + json_string(e.link) +
                  ",\"text\":" + json_string(e.text) + "}";
         });  // the caller closes the object
}

}  // namespace shufflelab
