// Draws every panel for 100 frames with ImGui and no platform or renderer
// backend, so ImGui asserts and crashes in panels show up without a GPU.
#include <gtest/gtest.h>

#include "core/builtin_tours.hpp"
#include "core/base/plain_text.hpp"
#include "imgui.h"
#include "ui/kit/draw_fingerprint.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/lab_app.hpp"

namespace {

class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 800);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // a renderer would upload this
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }

  void frames(shufflelab::ui::LabApp& app, int count, ImVec2 size) {
    ImGui::GetIO().DisplaySize = size;
    for (int i = 0; i < count; ++i) {
      // Wiggle the mouse over the window so hover paths and tooltips run too.
      ImGui::GetIO().MousePos = ImVec2(static_cast<float>((i * 37) % static_cast<int>(size.x)),
                                       static_cast<float>((i * 53) % static_cast<int>(size.y)));
      ImGui::NewFrame();
      app.frame(ImGui::GetIO().DeltaTime);
      ImGui::Render();
      ASSERT_NE(ImGui::GetDrawData(), nullptr);
    }
  }
};

TEST(UiSmoke, EveryLabDrawsHundredFramesAtSeveralSizes) {
  HeadlessImGui imgui;
  shufflelab::InlineJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  for (shufflelab::LabId lab : shufflelab::all_labs()) {
    app.open_fragment("#v=1&lab=" + std::string(shufflelab::lab_name(lab)));
    ASSERT_TRUE(app.notices().empty());
    imgui.frames(app, 100, ImVec2(1280, 800));
    imgui.frames(app, 10, ImVec2(360, 640));  // a phone held upright
  }
  EXPECT_GE(app.frame_count(), 110 * static_cast<long long>(shufflelab::all_labs().size()));
}

// Present mode and lessons on a phone fold the panels' controls (result first):
// every step of every built-in lesson draws both ways, and the panel reports
// its result's region where it drew one.
TEST(UiSmoke, EveryLessonStepDrawsResultFirst) {
  HeadlessImGui imgui;
  shufflelab::InlineJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  for (const shufflelab::Tour& tour : shufflelab::builtin_tours())
    for (std::size_t k = 1; k <= tour.steps.size(); ++k) {
      app.open_fragment("#v=1&tour=" + tour.id + "&step=" + std::to_string(k) + "&present=1");
      ASSERT_TRUE(app.notices().empty()) << tour.id << " " << k;
      imgui.frames(app, 3, ImVec2(1920, 1080));
      EXPECT_NE(app.page_view_json().find("\"present\":true"), std::string::npos);
      app.open_fragment("#v=1&tour=" + tour.id + "&step=" + std::to_string(k));
      imgui.frames(app, 3, ImVec2(390, 700));  // a phone: the lesson bar is the page's, below the canvas
      ImVec2 a, b;
      if (shufflelab::ui::legibility::result_rect(a, b)) EXPECT_LT(a.y, b.y) << tour.id << " " << k;
    }
}

// A worker that never answers: a lesson stays loading. Its row draws on a
// laptop and a phone, the link stays the one that asked, and Cancel's
// command (tour_exit) stops it.
class SilentJobRunner final : public shufflelab::JobRunner {
 public:
  int start(const std::string&, const std::string&, const std::string&) override { return ++started_; }
  void cancel(int) override {}
  shufflelab::JobStatus status(int) override {
    shufflelab::JobStatus s;
    s.state = shufflelab::JobStatus::State::running;
    return s;
  }

 private:
  int started_ = 0;
};

TEST(UiSmoke, ALessonLoadingDrawsItsRowAndCanBeLeft) {
  HeadlessImGui imgui;
  SilentJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  const std::string link = "#v=1&tour=loaded-dice&step=2";
  app.open_fragment(link);
  imgui.frames(app, 5, ImVec2(1280, 800));
  imgui.frames(app, 5, ImVec2(390, 844));
  EXPECT_EQ(app.fragment(), link);
  EXPECT_NE(app.describe_json().find("\"lessonLoading\":\"loaded-dice\""), std::string::npos) << app.describe_json();
  ASSERT_TRUE(app.command("tour_exit"));
  imgui.frames(app, 2, ImVec2(1280, 800));
  EXPECT_NE(app.describe_json().find("\"lessonLoading\":\"\""), std::string::npos) << app.describe_json();
  EXPECT_EQ(app.fragment().find("tour="), std::string::npos) << app.fragment();
}

// The findings stay loading with that worker: the page draws its row on a laptop and a phone.
TEST(UiSmoke, TheFindingsLoadingDrawTheirRow) {
  HeadlessImGui imgui;
  SilentJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  app.open_fragment("#v=1&lab=findings");
  imgui.frames(app, 5, ImVec2(1280, 800));
  imgui.frames(app, 5, ImVec2(390, 844));
  EXPECT_EQ(app.fragment(), "#v=1&lab=findings");
  const std::string json = app.describe_json();
  EXPECT_NE(json.find("\"findingsLoading\":true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"entries\":[]"), std::string::npos) << json;
}

TEST(UiSmoke, MalformedLinkShowsNoticeAndStillDraws) {
  HeadlessImGui imgui;
  shufflelab::InlineJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  app.open_fragment("#v=1&lab=lfsr&seed=zz&mask=");
  EXPECT_FALSE(app.notices().empty());
  imgui.frames(app, 20, ImVec2(1024, 700));
}

TEST(UiSmoke, StepCommandsMoveTheLinkedStep) {
  HeadlessImGui imgui;
  shufflelab::InlineJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  app.open_fragment("#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13");
  ASSERT_TRUE(app.command("step_bit"));
  EXPECT_NE(app.fragment().find("&t=14"), std::string::npos) << app.fragment();
  ASSERT_TRUE(app.command("step_byte"));  // 14 -> next multiple of 8
  EXPECT_NE(app.fragment().find("&t=16"), std::string::npos) << app.fragment();
  EXPECT_FALSE(app.command("no_such_command"));
  imgui.frames(app, 5, ImVec2(800, 600));
}

// The Your code tab with a link's code, its trace and exact matrix answered
// the way the page's worker answers (docs/code_protocol.md), and the page
// view asking for each run in turn.
TEST(UiSmoke, YourCodeTabDrawsTheSendersCodeItsStepsAndMatrix) {
  HeadlessImGui imgui;
  shufflelab::InlineJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  app.open_fragment("#v=1&lab=shuffle&n=2&tab=code&code=function%20shuffle%28deck%2C%20rand%29%20%7B%7D");
  ASSERT_TRUE(app.notices().empty());
  imgui.frames(app, 5, ImVec2(1280, 800));
  EXPECT_NE(app.page_view_json().find("\"codeRequest\":{\"id\":1,"), std::string::npos) << app.page_view_json();
  // One swap of two cards: rand(2) answered 1.
  ASSERT_TRUE(app.command("code_result=1:" + shufflelab::percent_encode("trace n=2 draws=1\nd 2 1\nr 1\nr 0\nw 0 1\nw 1 0\ndeck 1 0\n")));
  EXPECT_NE(app.page_view_json().find("\"mode\":\"exact\""), std::string::npos);
  ASSERT_TRUE(app.command("code_result=2:" + shufflelab::percent_encode("exact n=2 leaves=2 runs=2\n2 1 0 1\n2 1 1 0\n")));
  EXPECT_EQ(app.page_view_json().find("codeRequest"), std::string::npos);
  ASSERT_TRUE(app.command("step"));
  imgui.frames(app, 20, ImVec2(1280, 800));
  imgui.frames(app, 10, ImVec2(390, 844));
}

// The app skips drawing a frame whose fingerprint equals the one on the
// canvas: the same state gives the same fingerprint frame after frame, and a
// step, another size, a theme colour or a re-rendered GPU image changes it.
TEST(UiSmoke, FingerprintChangesExactlyWhenTheFrameWould) {
  HeadlessImGui imgui;
  shufflelab::InlineJobRunner jobs;
  shufflelab::ui::LabApp app{jobs};
  app.open_fragment("#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13");
  ImGui::GetIO().MousePos = ImVec2(-1, -1);  // no hover
  const auto look = [&](ImVec2 size, int gpu_changes = 0, ImVec4 clear = ImVec4(0, 0, 0, 1)) {
    ImGui::GetIO().DisplaySize = size;
    ImGui::NewFrame();
    app.frame(ImGui::GetIO().DeltaTime);
    ImGui::Render();
    return shufflelab::ui::draw_fingerprint({ImGui::GetDrawData(), static_cast<int>(size.x), static_cast<int>(size.y), clear,
                                             static_cast<std::uint64_t>(gpu_changes)});
  };
  for (int i = 0; i < 5; ++i) look(ImVec2(1024, 700));  // windows settle their sizes
  const std::uint64_t idle = look(ImVec2(1024, 700));
  EXPECT_EQ(look(ImVec2(1024, 700)), idle);
  EXPECT_EQ(look(ImVec2(1024, 700)), idle);
  EXPECT_NE(look(ImVec2(1024, 700), 1), idle);
  EXPECT_NE(look(ImVec2(1024, 700), 0, ImVec4(1, 1, 1, 1)), idle);
  ASSERT_TRUE(app.command("step_bit"));
  EXPECT_NE(look(ImVec2(1024, 700)), idle);
  ASSERT_TRUE(app.command("back"));
  for (int i = 0; i < 5; ++i) look(ImVec2(800, 600));
  EXPECT_NE(look(ImVec2(800, 600)), idle);
}

// The legibility measure reads back the sizes ImGui was asked to draw: text
// at 20 and 9 px and a 14 x 30 px cell, among other shapes (a filled rect and
// a line share the white-pixel texel, so they must not count as glyphs).
TEST(UiSmoke, LegibilityMeasuresTheSizesDrawn) {
  HeadlessImGui imgui;
  ImGui::GetIO().DisplaySize = ImVec2(800, 600);
  ImGui::NewFrame();
  namespace legibility = shufflelab::ui::legibility;
  legibility::begin_frame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(800, 600));                     // glyphs outside the clip rectangle are not drawn
  ImGui::Begin("probe", nullptr, ImGuiWindowFlags_NoDecoration);  // no title text
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(ImVec2(10, 10), ImVec2(200, 12), IM_COL32_WHITE);
  dl->AddText(ImGui::GetFont(), 20.0f, ImVec2(20, 40), IM_COL32_WHITE, "Legible 0123");
  dl->AddLine(ImVec2(0, 0), ImVec2(100, 100), IM_COL32_WHITE, 1.0f);
  legibility::note_cell(ImVec2(50, 50), ImVec2(64, 80));
  legibility::note_cell(ImVec2(50, 50), ImVec2(90, 90));
  const ImDrawList* lists[] = {dl};
  EXPECT_NEAR(legibility::smallest_text(lists, 1), 20.0f, 0.05f);
  dl->AddText(ImGui::GetFont(), 9.0f, ImVec2(20, 80), IM_COL32_WHITE, "tiny");
  EXPECT_NEAR(legibility::smallest_text(lists, 1), 9.0f, 0.05f);
  EXPECT_FLOAT_EQ(legibility::smallest_cell(), 14.0f);
  // Nothing crosses the window's clip rectangle yet; a line pushed past the right edge does.
  EXPECT_EQ(legibility::clipped_glyphs(lists, 1), 0);
  dl->AddText(ImVec2(760, 120), IM_COL32_WHITE, "cut off here");
  EXPECT_GT(legibility::clipped_glyphs(lists, 1), 0);
  legibility::begin_frame();
  EXPECT_EQ(legibility::smallest_cell(), 0.0f);
  ImGui::End();
  ImGui::EndFrame();
}

}  // namespace
