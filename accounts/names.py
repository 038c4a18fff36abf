"""Players' names: what a name may hold, and the key two names that look alike share.

A registered player's name is also their login username: one string, chosen once at sign-up.
It is unique without regard to case or to letters that look alike («Иван», «ИВАН», «Ivan»,
«lvan»), through ``Player.name_key`` and its unique constraint. The look-alikes are
Unicode's own (UTS #39, confusables.txt) through ICU's spoof checker (PyICU), not a map of
ours; and a name may not mix scripts the way impostors do («Pаvel» with a Cyrillic «а»):
UTS #39's "highly restrictive" level (one script, or Latin with Han and the Japanese or
Korean scripts) and one kind of digits.
No Django, so the rules can be tested and reused anywhere.
"""

from __future__ import annotations

import unicodedata
from functools import cache

import icu

from core.errors import ApplicationError

# The one length limit, in characters after normalisation: the serializer, the model's
# max_length and the database column all take it from here (tests/accounts check they agree).
NAME_MIN = 2
NAME_MAX = 24
# A key is longer than its name: casefold() turns a character into up to three («ΐ»), and a
# skeleton one into up to several («ﬄ» -> "ffl", «м» -> "rn"); a clash left in old data gets
# "#<id>" added by the migration that made the key.
NAME_KEY_MAX = 12 * NAME_MAX + 24

# Beside letters, marks and digits, a name may hold these, one at a time between words.
PUNCTUATION = " _-."

# Invisible characters that change nothing on screen but make two names different, and
# the direction marks that can make a name display as another. All are category Cf, so
# the category check refuses them too; they are named so the message can say which rule.
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")

# Registered names may not pass for a guest's.
RESERVED_PREFIXES = ("guest-", "гость")
# Guests' keys start with a character no name may hold, so they never meet a chosen name's.
GUEST_KEY_PREFIX = "#guest-"


class InvalidName(ApplicationError, status=400, code="invalid_name"):
    """400 ``invalid_name``, with ``rule``: zero_width, direction, control, length,
    characters, letter, mixed_script, mixed_digits, hidden_marks or reserved (a page
    words it in its own language)."""


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
    _scripts_checked(name)
    return name


@cache
def _checker() -> icu.SpoofChecker:
    """ICU's UTS #39 checker: one per process, made on first use (it loads ICU's data)."""
    checker = icu.SpoofChecker()
    checker.setChecks(icu.USpoofChecks.RESTRICTION_LEVEL | icu.USpoofChecks.MIXED_NUMBERS
                      | icu.USpoofChecks.INVISIBLE)
    checker.setRestrictionLevel(icu.URestrictionLevel.HIGHLY_RESTRICTIVE)
    return checker


def _scripts_checked(name: str) -> None:
    failed = _checker().check(name)
    if failed & icu.USpoofChecks.RESTRICTION_LEVEL:
        raise InvalidName("The name mixes letters of different scripts (say, Latin and Cyrillic) "
                          "the way look-alike names do: write it in one.", rule="mixed_script")
    if failed & icu.USpoofChecks.MIXED_NUMBERS:
        raise InvalidName("The name mixes digits of different scripts.", rule="mixed_digits")
    if failed & icu.USpoofChecks.INVISIBLE:
        raise InvalidName("The name repeats an accent mark over one letter.", rule="hidden_marks")


def _skeleton(text: str) -> str:
    return str(_checker().getSkeleton(0, text))


def name_key(name: str) -> str:
    """The key two names share when they look alike with no regard to case.

    NFKC and casefold first, so case never matters («Ivan», «ivan»). Then the UTS #39
    skeleton twice: of the name in capitals, where capital look-alikes meet («I» and «l»,
    Cyrillic «В» and Latin «B», «МОХ» and «MOX»), and, folded again, of that in small
    letters, where small ones do («ɡ» and «g», Armenian «օ» and «o»). «ё» is «е» first:
    Russian writes one for the other.
    """
    folded = unicodedata.normalize("NFKC", name).casefold().replace("ё", "е")
    return _skeleton(_skeleton(folded.upper()).casefold()).casefold()


def staff_key(username: str) -> str:
    """The key a staff user's username reserves: no player may register a name with it."""
    return name_key(" ".join(username.split()))


def deleted_key(player_id: int) -> str:
    """A deleted account's key: its name is free again, and no name can take this one."""
    return f"#deleted-{player_id}"


def guest_key(username: str) -> str:
    """A guest's key, unique through the random part of its username."""
    return GUEST_KEY_PREFIX + username.removeprefix("guest-")
