// ui_chooser.hpp: the generator chooser (core/chooser/chooser_session): the
// table of every generator, filtered by CPU, and the recommendation for a CPU
// and a use with buttons that open each piece in its lab. It draws the
// session's last finished view (built by a worker job, as strings) and sends
// every pick and button to the session as a command.
#pragma once

#include "core/chooser/chooser_session.hpp"

namespace shufflelab::ui {

class ChooserPanel {
 public:
  void draw(ChooserSession& session);
};

}  // namespace shufflelab::ui
