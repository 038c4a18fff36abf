"""The Redis channel layer, with many groups told in one round trip instead of two to four each.

channels-redis's ``group_send`` asks Redis for a group's members (ZREMRANGEBYSCORE, then ZRANGE)
and then, for each member's channel, trims and fills it (a pipeline, then an EVAL): two round
trips for a group nobody listens to, four for one with sockets. A committed move tells its game's
group and every seated player's group, so a worker spent a fifth of its time on those round trips
(a profile of ``benchmarks/tournament.py``). ``group_send_many`` does the same for a list of
groups in one script on the one Redis host (``_SEND``: it reads each group's members and fills
their channels where they are): what each channel receives, its capacity and its expiry are
exactly as ``group_send`` would leave them, and the messages reach a channel in the order given.
With several hosts (a group and its channels may live on different ones), or capacities by
channel name, or encrypted messages, it takes two round trips per host instead: one pipeline
of member lookups, then one script per host for every message (``_FILL``).

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
import functools
import hashlib
import logging
import random
import time
import uuid
from collections.abc import Sequence
from typing import Any

import msgpack
from channels_redis.core import RedisChannelLayer as _RedisChannelLayer
from channels_redis.serializers import MsgPackSerializer
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

# ``group_send`` of every group at once, on one host: for each group in turn, drop the
# members past the group expiry, then give each member's channel key (a process-local
# channel "a!b" lives in the key of "a!", as ``non_local_name`` says) the message, with
# ``__asgi_channel__`` naming that key's members, exactly as ``_map_channel_keys_to_connection``
# builds it: the serialized message up to that field's value comes from Python (``_head``),
# the list of names is packed here. Then as ``_FILL``: expired messages dropped, the message
# added unless the channel is at capacity, a microsecond apart in the order given. ARGV: now,
# the oldest member score kept, the message expiry, the capacity, the key prefix, then per
# group its key, its message's head and a channel that heard the message already ('' none).
_SEND = """
local now = tonumber(ARGV[1])
local oldest = tonumber(ARGV[2])
local expiry = tonumber(ARGV[3])
local capacity = tonumber(ARGV[4])
local prefix = ARGV[5]
local stale = math.floor(now) - expiry
local over_capacity, n = 0, 0
for g = 6, #ARGV, 3 do
    local group, head, heard = ARGV[g], ARGV[g + 1], ARGV[g + 2]
    redis.call('ZREMRANGEBYSCORE', group, 0, oldest)
    local keys, names = {}, {}
    for _, name in ipairs(redis.call('ZRANGE', group, 0, -1)) do
        if name ~= heard then
            local bang = string.find(name, '!', 1, true)
            local key = prefix .. (bang and string.sub(name, 1, bang) or name)
            local of_key = names[key]
            if of_key == nil then
                of_key = {}
                names[key] = of_key
                keys[#keys + 1] = key
            end
            of_key[#of_key + 1] = name
        end
    end
    for _, key in ipairs(keys) do
        n = n + 1
        redis.call('ZREMRANGEBYSCORE', key, 0, stale)
        if redis.call('ZCARD', key) < capacity then
            redis.call('ZADD', key, now + n * 0.000001, head .. cmsgpack.pack(names[key]))
            redis.call('EXPIRE', key, expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
end
return over_capacity
"""
# Sent by their digests (EVALSHA): a move's sends need not carry a script's text each time.
_FILL_SHA = hashlib.sha1(_FILL.encode()).hexdigest()
_SEND_SHA = hashlib.sha1(_SEND.encode()).hexdigest()
# msgpack's empty array, the last byte of a message packed with an empty ``__asgi_channel__``.
_EMPTY_ARRAY = b"\x90"


class RedisChannelLayer(_RedisChannelLayer):  # type: ignore[misc]
    """channels-redis's layer plus ``group_send_many``; everything else is its own."""

    async def group_send_many(self, messages: Sequence[tuple[str, dict[str, Any]]],
                              heard: Sequence[str | None] = ()) -> None:
        """``group_send`` of each ``(group, message)``, in order: one round trip on one host.
        ``heard[i]``, where given, is a channel that has message ``i`` already (its process
        was told in memory): it is not filled again."""
        for group, _message in messages:
            assert self.require_valid_group_name(group), "Group name not valid"
        skips = list(heard) + [None] * (len(messages) - len(heard))
        send = self._send_at_once if self._one_script else self._send_in_two
        over_capacity = await send(messages, skips)
        if over_capacity:
            logger.info("%s channel messages over capacity, for %s groups", over_capacity, len(messages))

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

    @functools.cached_property
    def _one_script(self) -> bool:
        """Whether ``_SEND`` can do it all: one host (a group's channels on its host), one
        capacity for every channel, and messages msgpack packs as they are (no encryption)."""
        serializer = self._serializer
        return (self.ring_size == 1 and not self.channel_capacity
                and type(serializer) is MsgPackSerializer and serializer.crypter is None)

    def _head(self, message: dict[str, Any]) -> bytes:
        """``message`` serialized with ``__asgi_channel__`` last and its list left for
        ``_SEND`` to pack: the random prefix (so equal messages stay distinct members of a
        channel's sorted set, as ``serialize`` makes them), the map, the field's name."""
        assert "__asgi_channel__" not in message
        packed = msgpack.packb({**message, "__asgi_channel__": []})
        assert packed.endswith(_EMPTY_ARRAY)
        length = self._serializer.random_prefix_length
        prefix = random.getrandbits(8 * length).to_bytes(length, "big") if length > 0 else b""
        return prefix + packed[:-1]

    async def _send_at_once(self, messages: Sequence[tuple[str, dict[str, Any]]],
                            heard: list[str | None]) -> int:
        """``_SEND`` for every message: how many channel messages did not fit."""
        now = time.time()
        args: list[Any] = [now, int(now) - self.group_expiry, int(self.expiry), self.capacity, self.prefix]
        for (group, message), skip in zip(messages, heard, strict=True):
            args += [self._group_key(group), self._head(message), skip or ""]
        return int(await self._script(0, _SEND, _SEND_SHA, args))

    async def _send_in_two(self, messages: Sequence[tuple[str, dict[str, Any]]],
                           heard: list[str | None]) -> int:
        """Members first (a pipeline per host), then ``_FILL`` per host of their channels:
        how many channel messages did not fit."""
        members = await self._members([group for group, _message in messages])
        fills: dict[int, list[tuple[bytes, bytes, int]]] = collections.defaultdict(list)
        for (_group, message), channel_names, skip in zip(messages, members, heard, strict=True):
            channel_names = [name for name in channel_names if name != skip]
            if not channel_names:
                continue
            by_connection, key_message, key_capacity = self._map_channel_keys_to_connection(channel_names, message)
            for index, keys in by_connection.items():
                fills[index].extend((key, key_message[key], key_capacity[key]) for key in keys)
        over_capacity = 0
        for index, fill in fills.items():
            args = [*(key for key, _m, _c in fill), *(message for _k, message, _c in fill),
                    *(capacity for _k, _m, capacity in fill), time.time(), int(self.expiry)]
            over_capacity += int(await self._script(index, _FILL, _FILL_SHA, args, keys=len(fill)))
        return over_capacity

    async def _script(self, index: int, script: str, sha: str, args: list[Any], keys: int = 0) -> Any:
        """Run ``script`` by its digest on host ``index`` (``keys`` of ``args`` are keys)."""
        connection = self.connection(index)
        try:
            return await connection.evalsha(sha, keys, *args)
        except NoScriptError:
            # A server that has not seen the script yet, or lost it in a restart: load it once.
            await connection.script_load(script)
            return await connection.evalsha(sha, keys, *args)

    async def _members(self, groups: list[str]) -> list[list[str]]:
        """Each group's channels, after dropping those past ``group_expiry``: one pipeline a host."""
        by_connection: dict[int, list[int]] = collections.defaultdict(list)
        for position, group in enumerate(groups):
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
