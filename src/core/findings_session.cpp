#include "core/findings_session.hpp"

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

const std::vector<GalleryEntry>& FindingsSession::entries() {
  if (!built_) entries_ = gallery_entries(), built_ = true;  // every number computed once, on first view
  return entries_;
}

Result<bool> FindingsSession::apply(const LabCommand& c) {
  if (c.verb != "open") return Result<bool>::fail(lab_command_text(c) + ": the findings have no such command");
  auto k = parse_decimal("open", c.arg, 1, entries().size());
  if (!k) return Result<bool>::fail(k.error());
  open_link_(entries()[*k - 1].link);
  return Result<bool>::ok(true);
}

std::vector<TextLine> FindingsSession::text() {
  TextLines out;
  for (const GalleryEntry& e : entries()) {
    out.sub(e.title);
    out.para(e.text + " (" + e.source + ")");
  }
  return out.take();
}

std::string FindingsSession::describe_json() {
  return "{\"entries\":" + json_array(entries(), [](const GalleryEntry& e) {
           return "{\"title\":" + json_string(e.title) + ",\"link\":" + json_string(e.link) +
                  ",\"text\":" + json_string(e.text) + "}";
         });  // the caller closes the object
}

}  // namespace shufflelab
