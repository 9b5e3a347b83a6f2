#include "core/check/check_session.hpp"

namespace shufflelab {

Result<CheckKind> parse_check_kind(std::string_view text) {
  if (text == "decks") return Result<CheckKind>::ok(CheckKind::decks);
  if (text == "rolls") return Result<CheckKind>::ok(CheckKind::rolls);
  if (text == "bytes") return Result<CheckKind>::ok(CheckKind::bytes);
  return Result<CheckKind>::fail("what to check must be decks, rolls or bytes, not '" + std::string(text) + "'");
}

Result<std::unique_ptr<CheckSession>> CheckSession::make(const CheckOptions& options) {
  using R = Result<std::unique_ptr<CheckSession>>;
  if (!(options.alpha > 0 && options.alpha < 1)) return R::fail("alpha must be between 0 and 1");
  std::unique_ptr<CheckSession> s(new CheckSession(options));
  switch (options.kind) {
    case CheckKind::decks:
      s->decks_ = std::make_unique<DeckParser>([raw = s.get()](std::span<const std::uint16_t> deck) {
        if (!raw->deck_tally_) raw->deck_tally_ = std::make_unique<DeckTally>(deck.size());
        raw->deck_tally_->add(deck);
      });
      break;
    case CheckKind::rolls:
      if (!options.method.empty()) {
        if (options.sides == 0) return R::fail("comparing with a method needs the number of sides (--sides)");
        const DiceMethodInfo* method = find_dice_method(options.method);
        if (!method) return R::fail("unknown dice method '" + options.method + "'");
        auto law = exact_die_law(*method, options.sides, options.method_bits);
        if (!law) return R::fail(law.error());
        s->law_ = law.value();
      }
      s->rolls_ = std::make_unique<RollParser>(options.sides);
      break;
    case CheckKind::bytes:
      s->byte_tally_ = std::make_unique<ByteTally>(options.linear_bytes);
      s->bytes_ = std::make_unique<ByteParser>(
          options.format, [raw = s.get()](std::span<const std::uint8_t> b) { raw->byte_tally_->add(b); });
      break;
  }
  return R::ok(std::move(s));
}

void CheckSession::feed(std::string_view chunk) {
  bytes_read_ += chunk.size();
  if (decks_) decks_->feed(chunk);
  if (rolls_) rolls_->feed(chunk);
  if (bytes_) bytes_->feed(chunk);
}

std::optional<InputError> CheckSession::error() const {
  if (decks_) return decks_->error();
  if (rolls_) return rolls_->error();
  return bytes_->error();
}

Result<CheckReport> CheckSession::finish() {
  if (decks_) decks_->finish();
  if (rolls_) rolls_->finish();
  if (bytes_) bytes_->finish();
  if (const auto e = error()) return Result<CheckReport>::fail(e->text());
  if (decks_)
    return Result<CheckReport>::ok(deck_report(*deck_tally_, {decks_->notation(), decks_->first_number()}, options_.alpha));
  if (rolls_) return Result<CheckReport>::ok(roll_report(*rolls_, law_ ? &*law_ : nullptr, options_.alpha));
  return Result<CheckReport>::ok(byte_report(*byte_tally_, options_.alpha));
}

}  // namespace shufflelab
