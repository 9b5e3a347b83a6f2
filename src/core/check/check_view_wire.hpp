// check_view_wire.hpp: a report as the app shows it (CheckReportView: the
// panel's rows, the Text view's text, the hook's JSON) as text and back. The
// worker's jobs make the report and its view and hand the view to the page
// this way (Job::payload), so the app's own wasm links neither the checks nor
// the report's formatting; nothing else depends on the form.
#pragma once
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/check/check_lab.hpp"

namespace shufflelab {

std::string encode_check_report_view(const CheckReportView& view);
// The view, or what is wrong with the text (its line named).
Result<CheckReportView> decode_check_report_view(std::string_view text);

}  // namespace shufflelab
