"""The figures the Garden Party players weigh with, in points of the final count (docs/ai.md
says how they were chosen); one place to tune them.
"""

from __future__ import annotations

#: What a flowering plant is worth beyond its colour's points: one more towards the ninth.
RACE = 2.0
#: The share of a flowering plant's worth a plant has by its stage (only flowers score at the end).
STAGE_SHARE = {"seed": 0.0, "sprout": 0.3, "bud": 0.6, "flower": 1.0}
#: A watering that makes a flower is worth a little more: flowers can never be taken.
SAFE_FLOWER = 0.5
WEED_PENALTY = 10.0
#: What watering a seed that may be a weed or mouldy is worth beyond its sprout: a weed shown can
#: be exchanged away, a rotted pot filled (per unit of chance: a weed counts 1.5, a mouldy seed 1).
REVEAL = 0.2
#: A movement point, and a water token carried into the next turn (per typical watering), in points.
STEP_VALUE = 0.45
WATER_CARRY = 0.8
#: Being in one's greenhouse at the end of a turn (nobody may enter it), plus a tenth of what a
#: visitor could take from it.
HOME_GUARD = 0.6
#: Staying in a rival's greenhouse: they catch the snooper when they come home (a card lost).
CAUGHT_RISK = 0.6
#: The chance to win a duel with Attila: about half (ruling 12), more with the Golden Shield.
DUEL_WIN = 0.5
DUEL_WIN_SHIELD = 0.72
DUEL_WIN_ALIBI = 0.9
#: A lost duel costs a card at random.
SENTENCE = 1.0
#: Greedy visits a rival's greenhouse only for at least this much (strong weighs every visit).
VISIT_MIN = 2.0

#: What each card is worth held (before its talent's worth as payment), in points.
CARD_WORTH: dict[str, float] = {
    "leaky_can": 0.5,
    "wheelbarrow": 1.0,
    "catapult": 0.9,
    "hoe": 1.5,
    "tripwire": 0.9,
    "padlock": 0.7,
    "alibi": 1.0,
    "fertiliser": 2.0,
    "rain_shower": 2.4,
    "grow_lamp": 0.7,
    "cold_snap": 1.2,
    "morning_dew": 1.1,
    "nettles": 0.4,
    "compost": 1.8,
    "seed_packet": 1.4,
    "botanists_eye": 0.6,
    "graft": 1.2,
    "seed_swap": 1.0,
    "pollen_storm": 0.6,
    "witness": 1.0,
    "best_in_show": 2.0,
}
CHANCE_WORTH = 3.0
#: Keeping a card is worth this share of its worth (against playing it now).
HOLD_SHARE = 0.6
#: What an orange card does when played as the players play it (a Cold Snap: per token it spoils).
ORANGE_WORTH = {"morning_dew": 1.2, "cold_snap": 0.8, "tripwire": 1.3, "padlock": 1.0, "pollen_storm": 1.0}
#: A card of a talent some rival's collector's flower costs (three of them pay for 5 points).
COLLECT_TALENT = 1.0
#: A card of any talent: two of one talent pay a cancellation.
PAYMENT_TALENT = 0.25
