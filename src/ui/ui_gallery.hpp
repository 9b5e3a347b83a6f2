// ui_gallery.hpp: the findings gallery (core/findings_session): lessons from
// the source articles, each with live numbers and a button that opens the
// lab there (the session's open=K).
#pragma once

#include "core/findings_session.hpp"

namespace shufflelab::ui {

class GalleryPanel {
 public:
  void draw(FindingsSession& session);
};

}  // namespace shufflelab::ui
