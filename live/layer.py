"""The Redis channel layer, with many groups told in two round trips instead of two to four each.

channels-redis's ``group_send`` asks Redis for a group's members (ZREMRANGEBYSCORE, then ZRANGE)
and then, for each member's channel, trims and fills it (a pipeline, then an EVAL): two round
trips for a group nobody listens to, four for one with sockets. A committed move tells its game's
group and every seated player's group, so a worker spent a fifth of its time on those round trips
(a profile of ``benchmarks/tournament.py``). ``group_send_many`` does the same for a list of
groups in one pipeline of member lookups and then one script per Redis host for every message:
what each channel receives, its capacity and its expiry are exactly as ``group_send`` would leave
them, and the messages reach a channel in the order given.

``receive_many`` reads a channel of one reader (``new_reader_channel``: its own Redis key, not
the process's shared one) a batch at a time, in one round trip: a blocking BZPOPMIN for the
first message and, pipelined behind it, a ZPOPMIN for everything else waiting. channels-redis's ``receive`` takes four round trips a message
(its backup queue's script, BZPOPMIN, the backup's ZADD and ZPOPMIN: some 260 µs of a
process's CPU each); its backup keeps a message a cancelled receive popped, which the reader
here does without: it is cancelled only when nobody listens any more, and what the layer
loses otherwise its reader heals anyway (``live.hub``).
"""

from __future__ import annotations

import collections
import hashlib
import logging
import time
import uuid
from typing import Any

from channels_redis.core import RedisChannelLayer as _RedisChannelLayer
from redis.exceptions import NoScriptError

logger = logging.getLogger(__name__)

# For each channel key in turn: drop its expired messages, and add the message unless the
# channel is at capacity. ARGV: the messages, then their capacities, then now and the expiry.
# Each message gets its own score a microsecond after the one before: a channel takes its
# messages lowest score first, so two for one channel arrive in the order sent.
_FILL = """
local n = #KEYS
local now = tonumber(ARGV[2 * n + 1])
local expiry = tonumber(ARGV[2 * n + 2])
local over_capacity = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, math.floor(now) - expiry)
    if redis.call('ZCARD', KEYS[i]) < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], now + i * 0.000001, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""
# Sent by its digest (EVALSHA): a move's sends need not carry the script's text each time.
_FILL_SHA = hashlib.sha1(_FILL.encode()).hexdigest()


class RedisChannelLayer(_RedisChannelLayer):  # type: ignore[misc]
    """channels-redis's layer plus ``group_send_many``; everything else is its own."""

    async def group_send_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """``group_send`` of each ``(group, message)``, in order, in two round trips per host."""
        members = await self._members([group for group, _message in messages])
        fills: dict[int, list[tuple[bytes, bytes, int]]] = collections.defaultdict(list)
        for (_group, message), channel_names in zip(messages, members, strict=True):
            if not channel_names:
                continue
            by_connection, key_message, key_capacity = self._map_channel_keys_to_connection(channel_names, message)
            for index, keys in by_connection.items():
                fills[index].extend((key, key_message[key], key_capacity[key]) for key in keys)
        for index, fill in fills.items():
            over_capacity = await self._fill(index, fill)
            if over_capacity:
                logger.info("%s of %s channel messages over capacity", over_capacity, len(fill))

    async def new_reader_channel(self) -> str:
        """A channel for ``receive_many``: one reader, a key of its own."""
        return f"reader.{uuid.uuid4().hex}"

    async def receive_many(self, channel: str, most: int = 256) -> list[dict[str, Any]]:
        """The messages waiting on ``channel`` (from ``new_reader_channel``), oldest first, at
        most ``most``; waits for one when none is."""
        assert "!" not in channel and self.require_valid_channel_name(channel)
        key = self.prefix + channel
        connection = self.connection(self.consistent_hash(channel))
        while True:
            # One round trip: the pipeline's ZPOPMIN runs the moment BZPOPMIN has the first.
            pipe = connection.pipeline(transaction=False)
            pipe.bzpopmin(key, timeout=self.brpop_timeout)
            pipe.zpopmin(key, most - 1)
            first, rest = await pipe.execute()
            members = ([first[1]] if first is not None else []) + [member for member, _score in rest]
            if members:
                return [self.deserialize(member) for member in members]

    async def _fill(self, index: int, fill: list[tuple[bytes, bytes, int]]) -> int:
        """``_FILL`` on host ``index``: each message into its channel; how many did not fit."""
        connection = self.connection(index)
        args = [*(key for key, _m, _c in fill), *(message for _k, message, _c in fill),
                *(capacity for _k, _m, capacity in fill), time.time(), int(self.expiry)]
        try:
            return int(await connection.evalsha(_FILL_SHA, len(fill), *args))
        except NoScriptError:
            # A server that has not seen the script yet, or lost it in a restart: load it once.
            await connection.script_load(_FILL)
            return int(await connection.evalsha(_FILL_SHA, len(fill), *args))

    async def _members(self, groups: list[str]) -> list[list[str]]:
        """Each group's channels, after dropping those past ``group_expiry``: one pipeline a host."""
        by_connection: dict[int, list[int]] = collections.defaultdict(list)
        for position, group in enumerate(groups):
            assert self.require_valid_group_name(group), "Group name not valid"
            by_connection[self.consistent_hash(group)].append(position)
        members: list[list[str]] = [[] for _group in groups]
        oldest = int(time.time()) - self.group_expiry
        for index, positions in by_connection.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for position in positions:
                key = self._group_key(groups[position])
                pipe.zremrangebyscore(key, min=0, max=oldest)
                pipe.zrange(key, 0, -1)
            replies = await pipe.execute()
            for position, names in zip(positions, replies[1::2], strict=True):
                members[position] = [name.decode("utf8") for name in names]
        return members
