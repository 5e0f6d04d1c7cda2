"""A table's encodings (``Game.codec``): a state as msgpack bytes and their sha256, the proof a
save records and the digests tests pin; an action as the JSON bytes the forgery check compares
and as the builtins a save file and the page exchange."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec


class Codec:
    def __init__(self, action_type: Any) -> None:
        self.action_type = action_type
        self._state = msgspec.msgpack.Encoder()
        self._json = msgspec.json.Encoder()

    def encode_state(self, state: Any) -> bytes:
        return self._state.encode(state)

    def state_hash(self, state: Any) -> str:
        return hashlib.sha256(self._state.encode(state)).hexdigest()

    def encode_action(self, action: Any) -> bytes:
        return self._json.encode(action)

    def action_to_builtins(self, action: Any) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(action)
        return data

    def action_from_builtins(self, data: Any) -> Any:
        return msgspec.convert(data, self.action_type)
