// ui_gallery.hpp: the findings gallery (core/gallery): lessons from the source
// articles, each with live numbers and a button that opens the lab there.
#pragma once
#include <string>
#include <vector>

#include "core/gallery.hpp"

namespace shufflelab::ui {

class GalleryPanel {
 public:
  // Returns the link to open when the learner presses an entry's button.
  std::string draw();
  const std::vector<GalleryEntry>& entries();
  std::string describe_json();

 private:
  std::vector<GalleryEntry> entries_;
  bool built_ = false;
};

}  // namespace shufflelab::ui
