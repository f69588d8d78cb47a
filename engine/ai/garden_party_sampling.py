"""The old path of `engine.ai.garden_party.sampling`, kept so imports written before the
package (tests, notes) still work."""

from __future__ import annotations

from engine.ai.garden_party.sampling import GOLDEN_BY_NAME, can_sample, sample_state, unseen_tokens

__all__ = ["GOLDEN_BY_NAME", "can_sample", "sample_state", "unseen_tokens"]
