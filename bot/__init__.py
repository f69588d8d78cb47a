"""Garden Club's Discord side: commands, sessions per channel, storage, rendering. No game rules."""
