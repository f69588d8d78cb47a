"""What every room uses: the bot's time (clock), refusals, the shard plan, metrics."""
