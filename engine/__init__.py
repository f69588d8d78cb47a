"""Garden Club's game engine: pure, synchronous rules for every game the bot hosts.

Nothing here knows about Discord, asyncio, storage or clocks. A game is a `engine.api.Game`
registered in `engine.registry`; its state is a pydantic model that round-trips through JSON.
"""
