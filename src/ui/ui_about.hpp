// ui_about.hpp: what each lab teaches and the articles it is built on.
#pragma once

namespace shufflelab::ui {
void draw_about_panel();
}
