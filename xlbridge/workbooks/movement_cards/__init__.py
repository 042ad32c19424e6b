"""Printable cards for a movement: a table card per table, a guide card per Howell pair and the
movement summary for the director.

- **Table cards** (one page each, landscape, stays on the table): the table number and, for
  every round, the NS pair, the EW pair, the boards, where the pairs and the boards go next
  ("EW 5 to table 4", "table 2", "bye stand, then table 4 for round 6") and a note for a relay
  ("share boards with table 8") or an arrow-switch.
- **Guide cards** (a movement whose pairs are numbered 1 to N, such as a Howell; as many to a
  page as fit, never split): for every round the table, the direction, the opponents and the
  boards, or "sit out".
- **Movement** (the summary): the rounds × tables grid, who sits out, the relays, the number
  of winners, the balance (how often two pairs are compared) and any warning.
- **Balance**: for each ranking, a grid of every two pairs with the boards on which they sat
  the same way, as published for Howells.

Every page carries the event's name (or the movement's) in its page header, cut to fit the
255 characters a header may hold, and "Page n of m" in its footer; A4 or Letter.
"""

from xlbridge.workbooks.movement_cards.build import MovementCards, build_movement_cards

__all__ = ["MovementCards", "build_movement_cards"]
