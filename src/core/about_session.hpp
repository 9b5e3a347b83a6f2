// about_session.hpp: the About page as a session: static text the core
// writes (what each lab teaches, the source articles, the recorded dieharder
// runs and how to reproduce each one), which the page draws, and the Text
// view's lines. It takes no command.
#pragma once
#include <string>
#include <vector>

#include "core/base/lab_session.hpp"
#include "core/gen/dieharder_record.hpp"

namespace shufflelab {

struct AboutSection {
  std::string title;
  std::string intro;  // "" for none
  std::vector<std::string> items;
  bool dieharder = false;  // the recorded dieharder runs follow
};

struct AboutDieharderRow {
  const DieharderRow* row = nullptr;
  std::string command;  // the shell command that reproduces it; "" when its stream is not listed
};

struct AboutView {
  std::string title, intro;
  std::vector<AboutSection> sections;
  std::vector<AboutDieharderRow> dieharder;  // data/dieharder.tsv's rows
};

class AboutSession final : public LabSession {
 public:
  Result<bool> apply(const LabCommand& command) override;  // refuses every command
  std::vector<TextLine> text() override;
  std::string describe_json() override;
  const AboutView& view();

 private:
  AboutView view_;
};

}  // namespace shufflelab
