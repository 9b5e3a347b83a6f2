#include "core/chooser/chooser_session.hpp"

#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}
}  // namespace

std::string ChooserSession::key() const { return setup_key(state_, encode_chooser_lab); }

const ChooserViewModel* ChooserSession::current() const {
  return shown_ && shown_->setup == state_ ? &*shown_ : nullptr;
}

void ChooserSession::tick(double) {
  if (job_.setup_key != key() || job_.id == 0) job_.start(jobs_, "chooser", key(), key());
  if (!job_.poll(jobs_)) return;
  auto view = parse_chooser_view(job_.status.payload);
  if (view) shown_ = std::move(view.value());
  else job_.error = view.error();
}

bool ChooserSession::busy() const { return job_.running() || job_.setup_key != key() || job_.id == 0; }

Result<bool> ChooserSession::apply(const LabCommand& c) {
  if (c.verb == "cancel") {
    job_.cancel(jobs_);
    return Result<bool>::ok(false);
  }
  if (c.verb.rfind("open_", 0) == 0) return open(c);
  if (c.verb != "cpu" && c.verb != "use") return refused(c, "the chooser has no such command");
  if (!c.has_arg) return refused(c, "needs a value");
  auto next = with_link_field(state_, c, decode_chooser_lab);
  if (!next) return Result<bool>::fail(next.error());
  const bool changed = !(*next == state_);
  state_ = *next;
  return Result<bool>::ok(changed);
}

// The links of the view on screen, as its buttons open them.
Result<bool> ChooserSession::open(const LabCommand& c) {
  if (!shown_) return refused(c, "no table is shown yet");
  if (!shown_->error.empty()) return refused(c, "the table shown has no links: " + shown_->error);
  std::string link;
  if (c.verb == "open_row") {
    for (const ChooserTableRowView& r : shown_->rows)
      if (r.name == c.arg) link = r.lab_link;
    if (link.empty()) return refused(c, "no generator of the table has that name");
  } else if (c.verb == "open_generator" || c.verb == "open_use" || c.verb == "open_listing") {
    if (!shown_->pick) return refused(c, "the table for every CPU has no recommendation");
    const ChooserPickView& pick = *shown_->pick;
    link = c.verb == "open_generator" ? pick.lab_link : c.verb == "open_use" ? pick.use_link : pick.asm_link;
    if (link.empty()) return refused(c, "the recommendation has no listing");
  } else {
    return refused(c, "the chooser has no such command");
  }
  open_link_(link);
  return Result<bool>::ok(true);
}

std::vector<TextLine> ChooserSession::text() {
  TextLines out;
  out.sub("CPU " + state_.cpu + ", use " + state_.use);
  const ChooserViewModel* view = current();
  if (!view) {
    out.para("Computing the table and the recommendation...");
    return out.take();
  }
  for (const std::string& line : view->text_lines) out.item(line);
  return out.take();
}

std::string ChooserSession::describe_json() {
  const ChooserViewModel* view = current();
  std::vector<std::string> names;
  if (view)
    for (const ChooserTableRowView& r : view->rows) names.push_back(r.name);
  const std::string error = view ? view->error : job_.error;
  return "{\"cpu\":" + json_string(state_.cpu) + ",\"use\":" + json_string(state_.use) +
         ",\"computing\":" + json_bool(!view) + ",\"shown\":" +
         (shown_ ? "{\"cpu\":" + json_string(shown_->setup.cpu) + ",\"use\":" + json_string(shown_->setup.use) + "}"
                 : std::string("null")) +
         ",\"rows\":" + json_array(names, [](const std::string& s) { return json_string(s); }) +
         ",\"pick\":" + (view && view->pick ? view->pick->json : "null") +
         ",\"error\":" + (error.empty() ? "null" : json_string(error));  // the caller closes the object
}

std::vector<CsvExport> ChooserSession::csv_exports() {
  const ChooserViewModel* view = current();
  if (!view || view->csv.empty()) return {};
  return {{"chooser", "Generator table (CSV)", view->csv_filename, view->csv}};
}

}  // namespace shufflelab
