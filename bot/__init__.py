"""Garden Club's Discord side, in rooms (the map: docs/bot.md). No game rules."""
