"""Players' names: what a name may hold, and the key two names that look alike share.

A registered player's name is also their login username: one string, chosen once at sign-up.
It is unique without regard to case or to letters that look alike («Иван», «ИВАН» and a
Latin-lettered «Иbaн» are one name), through ``Player.name_key`` and its unique constraint.
Pure: no Django, so the rules can be tested and reused anywhere.
"""

from __future__ import annotations

import unicodedata

from durak_platform.errors import ApplicationError

# The one length limit, in characters after normalisation: the serializer, the model's
# max_length and the database column all take it from here (tests/accounts check they agree).
NAME_MIN = 2
NAME_MAX = 24
# casefold() turns one character into at most three («ΐ»), and a clash left in old data
# gets "#<id>" added by the migration that brought the key in.
NAME_KEY_MAX = 3 * NAME_MAX + 24

# Beside letters, marks and digits, a name may hold these, one at a time between words.
PUNCTUATION = " _-."

# Invisible characters that change nothing on screen but make two names different, and
# the direction marks that can make a name display as another. All are category Cf, so
# the category check refuses them too; they are named so the message can say which rule.
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")

# Letters (after casefold) that look like another, mapped to one of them: Cyrillic and
# Greek look-alikes to Latin, and the digits that pass for letters.
CONFUSABLE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ь": "b", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "0": "o", "1": "i", "l": "i", "|": "i",
})

# Registered names may not pass for a guest's.
RESERVED_PREFIXES = ("guest-", "гость")
# Guests' keys start with a character no name may hold, so they never meet a chosen name's.
GUEST_KEY_PREFIX = "#guest-"


class InvalidName(ApplicationError):
    """400 ``invalid_name``, with ``rule``: zero_width, direction, control, length,
    characters, letter or reserved (a page words it in its own language)."""

    status = 400
    code = "invalid_name"


def name_clean(raw: object) -> str:
    """The name as it will be stored (NFKC, trimmed, single spaces), or ``InvalidName``
    saying which rule it breaks."""
    if not isinstance(raw, str):
        raise InvalidName("The name must be a string.", rule="characters")
    name = unicodedata.normalize("NFKC", raw).strip()
    for char in name:
        if char in ZERO_WIDTH:
            raise InvalidName(f"The name holds an invisible zero-width character (U+{ord(char):04X}).",
                              rule="zero_width")
        if char in BIDI:
            raise InvalidName(f"The name holds a text-direction control character (U+{ord(char):04X}).",
                              rule="direction")
        if unicodedata.category(char).startswith("C"):
            raise InvalidName(f"The name holds a control or unassigned character (U+{ord(char):04X}).",
                              rule="control")
    name = " ".join(part for part in name.split(" ") if part)  # names differing in spacing are one
    if len(name) < NAME_MIN or len(name) > NAME_MAX:
        raise InvalidName(f"The name must be {NAME_MIN} to {NAME_MAX} characters long.", rule="length",
                          min=NAME_MIN, max=NAME_MAX)
    for char in name:
        if char not in PUNCTUATION and unicodedata.category(char)[0] not in "LMN":
            raise InvalidName(f"The name may hold letters, digits, spaces and «_-.» only, not «{char}».",
                              rule="characters", char=char)
    if not any(unicodedata.category(char)[0] == "L" for char in name):
        raise InvalidName("The name must hold at least one letter.", rule="letter")
    if name_key(name).startswith(tuple(name_key(prefix) for prefix in RESERVED_PREFIXES)):
        raise InvalidName("Names starting with «guest-» or «Гость» are kept for guests.", rule="reserved")
    return name


def name_key(name: str) -> str:
    """The skeleton two look-alike names share: NFKC, casefold, look-alikes to one letter."""
    return unicodedata.normalize("NFKC", name).casefold().translate(CONFUSABLE)


def guest_key(username: str) -> str:
    """A guest's key, unique through the random part of its username."""
    return GUEST_KEY_PREFIX + username.removeprefix("guest-")
