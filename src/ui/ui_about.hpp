// ui_about.hpp: what each lab teaches and the articles it is built on
// (core/about_session's text).
#pragma once

#include "core/about_session.hpp"

namespace shufflelab::ui {
void draw_about_panel(AboutSession& session);
}
