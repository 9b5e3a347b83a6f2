// panel_context.hpp: what every lab panel gets from the app besides its own
// state: where to run long jobs, and the GPU views (null when there is no GPU,
// as in the native smoke test). Every panel has the same three entry points:
//   bool draw(State&, PanelContext&);                   // true if the state changed
//   bool command(std::string_view, State&, PanelContext&); // test hook and keys
//   std::string describe_json(const State&, PanelContext&); // a JSON object
#pragma once
#include <string>
#include <string_view>

#include "core/base/text_format.hpp"  // json_* for describe_json, grouped numbers
#include "core/base/csv_export.hpp"
#include "core/inline_job_runner.hpp"

namespace shufflelab::ui {

class GpuViews;  // ui/gpu_views.hpp, implemented by the app with WebGL2


struct PanelContext {
  JobRunner* jobs = nullptr;  // never null while a panel draws
  GpuViews* gpu = nullptr;
  // Offers bytes as a file download (CSV of a histogram or matrix, a raw
  // generator stream). Null where there is no browser (the smoke test).
  void (*download)(const std::string& filename, const std::string& mime, const void* data, std::size_t size) = nullptr;
  // The Check lab's files stay in the page: pick_file opens the browser's file
  // picker (the page reports the file by a check_file= command); register_text
  // hands pasted text to the page as a file and returns its id. Null natively.
  void (*pick_file)() = nullptr;
  // A link a panel asks the app to open after this frame (a button that
  // leads to another lab); the app clears it.
  std::string open_link;
  // A command the app sends the lab open_link opened, right after it (a file for the Check lab).
  std::string open_command;
  int (*register_text)(const std::string& text) = nullptr;
};

}  // namespace shufflelab::ui
