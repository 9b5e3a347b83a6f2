#include "ui/kit/job_row.hpp"

#include "imgui.h"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

bool job_progress_row(const JobRowView& row, float bar_width_em) {
  bool cancel = false;
  if (row.running) {
    ImGui::ProgressBar(static_cast<float>(row.status.progress), ImVec2(ImGui::GetFontSize() * bar_width_em, 0),
                       row.overlay);
    ImGui::SameLine();
    cancel = ImGui::Button("Cancel");
    if (row.caption) {
      ImGui::TextColored(colors::kMuted, "%s", row.caption);
    } else if (!row.status.summary.empty()) {
      ImGui::SameLine();
      ImGui::TextColored(colors::kMuted, "%s", row.status.summary.c_str());
    }
  } else if (row.status.state == JobStatus::State::cancelled) {
    ImGui::TextColored(colors::kMuted, "Cancelled.");
  }
  field_error(row.error);
  return cancel;
}

}  // namespace shufflelab::ui
