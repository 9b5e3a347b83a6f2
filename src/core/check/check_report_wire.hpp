// check_report_wire.hpp: a CheckReport as text and back, exactly (doubles in
// 17 significant digits). The worker that reads a file hands its report to
// the page's panel this way (Job::payload); nothing else depends on the form.
#pragma once
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/check/check_report.hpp"

namespace shufflelab {

std::string encode_check_report(const CheckReport& report);
// The report, or what is wrong with the text (its line named).
Result<CheckReport> decode_check_report(std::string_view text);

}  // namespace shufflelab
