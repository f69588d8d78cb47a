"""What every room uses: the bot's time (clock), refusals, the shard plan, metrics, the rating model.

Nothing here imports another room of the bot."""
