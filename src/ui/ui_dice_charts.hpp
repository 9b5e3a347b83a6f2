// ui_dice_charts.hpp: what the dice lab panel (ui_dice) draws beyond its
// controls: the histogram of a die or an expression (exact bars, sampled
// bars, the 2-sigma band, the fair line, tooltips), the die's statistics and
// the box of the articles' claims.
#pragma once
#include <vector>

#include "core/dice/dice_law.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/dice/dice_view.hpp"
#include "core/dice/dice_z80.hpp"

namespace shufflelab::ui {

// A line in its tone's colour (good, bad, or the text colour).
void tone_text(const ToneLine& line);
// deviation: plot (p - 1/n) / (1/n) instead of p.
void draw_die_chart(const DieLaw& law, const DieSampleView* sample, bool deviation);
void draw_die_stats(const DieLaw& law);
// law: the exact law when it is known.
void draw_expr_chart(const ExprChartView& chart, const DiceDistribution* law, const DiceExprSampleResult* sample);
void draw_article_checks(const std::vector<ArticleCheck>& checks);

}  // namespace shufflelab::ui
