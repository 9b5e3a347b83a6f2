// findings_session.hpp: the Findings gallery (core/gallery) as a session:
// its entries, computed on first view and kept, and their links.
//
// Commands: open=K opens the K-th entry (1 for the first, as listed) in its
// lab, as its Open button does, through the app's OpenLink.
#pragma once
#include <string>
#include <vector>

#include "core/base/lab_session.hpp"
#include "core/gallery.hpp"

namespace shufflelab {

class FindingsSession final : public LabSession {
 public:
  explicit FindingsSession(OpenLink open_link) : open_link_(std::move(open_link)) {}

  Result<bool> apply(const LabCommand& command) override;
  std::vector<TextLine> text() override;
  std::string describe_json() override;
  const std::vector<GalleryEntry>& entries();

 private:
  OpenLink open_link_;
  std::vector<GalleryEntry> entries_;
  bool built_ = false;
};

}  // namespace shufflelab
