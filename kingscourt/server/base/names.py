"""Names that cannot pass for another: what a display name must show, which names are
reserved, and when two names are the same name.

- **Visible.** A name holds at least one visible character (a letter, digit, punctuation
  mark or symbol, emoji included) that is no filler: the Hangul fillers (U+3164, U+115F,
  U+1160, U+FFA0) and the Braille blank are letters and symbols that show nothing. A name
  holds no invisible format character (Unicode's Cf: zero-width spaces, word joiners, the
  byte-order mark, soft hyphens...) except the joiners that text needs: the zero-width joiner
  and non-joiner (emoji sequences, Persian, the Indic scripts) and the tags of an emoji flag.
  Line breaks, control characters and direction controls are refused before this
  (:func:`.lobby_models.clean_name`).
- **The same name.** Two names are one when their :func:`key` is: Unicode TR39's
  *skeleton* (NFD, each character mapped through the confusables table to its prototype, NFD
  again) of the name without its default-ignorable characters, folded in case, with runs of
  spaces as one. ``Ada``, ``ada``, ``Аda`` (a Cyrillic А) and ``A\u200bda`` are one name;
  accounts are unique by it, and a guest may not take an account's name by it.
- **Reserved.** The bots' names (``Bot (basic)``, ``Bot 2 (basic)`` in a replay) and
  :data:`DELETED_NAME`, what a deleted account's games show, are nobody's: compared by
  :func:`key`, without spaces.

The confusables table is the one ``confusable_homoglyphs`` ships (Unicode's confusables.txt,
listed both ways); :func:`prototypes` reads the mapping's direction back from it.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata

#: what a deleted account's games show in its place
DELETED_NAME = "Deleted player"
#: letters and symbols that show nothing: the Hangul fillers and the Braille blank
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: invisible characters a name may hold between visible ones: the zero-width joiner and
#: non-joiner (emoji sequences, Persian, the Indic scripts)
JOINERS = frozenset("\u200c\u200d")
#: an emoji flag of tags (England, Scotland, Wales): the black flag, tags, the cancel tag
TAG_FLAG = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")
#: Unicode's Default_Ignorable_Code_Point: characters that show nothing where they are not
#: supported (dropped before names are compared)
IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
#: the marks with which the confusables table shows right-to-left characters in its comments
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


def visible(c: str) -> bool:
    """A character that shows something: a letter, digit, punctuation mark or symbol that is
    not a filler."""
    return unicodedata.category(c)[0] in "LNPS" and c not in FILLERS


def invisible_format(name: str) -> bool:
    """``name`` holds an invisible format character or a filler besides the joiners text
    needs (an emoji flag's tags included)."""
    rest = TAG_FLAG.sub("", name)
    return any((unicodedata.category(c) == "Cf" and c not in JOINERS) or c in FILLERS
               for c in rest)


def shows_something(name: str) -> bool:
    return any(visible(c) for c in name)


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype (TR39's confusables.txt, source to target).

    ``confusable_homoglyphs`` lists every line both ways: a source's one entry is its
    prototype, a prototype's entries are its sources (a source is one character, a prototype
    may be several: ``m`` has the prototype ``rn``). Where two characters are listed only with
    each other, either may be the prototype: the larger maps to the smaller, and as both then
    have the same skeleton, which one the table meant changes no comparison."""
    from confusable_homoglyphs.confusables import (  # type: ignore[import-untyped]
        confusables_data,
    )

    table: dict[str, list[str]] = {}
    for char, entries in confusables_data.items():
        table.setdefault(char.translate(_DIRECTION_MARKS), []).extend(
            e["c"].translate(_DIRECTION_MARKS) for e in entries)
    out: dict[str, str] = {}
    for char, targets in table.items():
        if len(char) != 1 or len(targets) != 1:
            continue  # a prototype of several characters, or of several sources
        target = targets[0]
        if len(target) == 1 and table.get(target) == [char] and char < target:
            continue  # a pair listed only with each other: the smaller is the prototype
        if target != char:
            out[char] = target
    return out


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, each character through :func:`prototypes`, NFD again (repeated
    until it holds, for the pairs whose prototype was chosen here)."""
    table = prototypes()
    out = unicodedata.normalize("NFD", text)
    for _round in range(3):
        mapped = unicodedata.normalize("NFD", "".join(table.get(c, c) for c in out))
        if mapped == out:
            break
        out = mapped
    return out


def key(name: str) -> str:
    """What makes two names the same name: the skeleton of the name without its
    default-ignorable characters, folded in case (and the skeleton of that: ``В`` folds to
    ``в``, which looks like no ``b``, so the skeleton is taken before folding and after),
    runs of spaces as one."""
    text = IGNORABLE.sub("", unicodedata.normalize("NFKC", name))
    folded = unicodedata.normalize("NFKC", skeleton(text).casefold())
    return " ".join(skeleton(folded).split())


def _bare(name: str) -> str:
    return "".join(key(name).split())


@functools.cache
def _reserved() -> tuple[re.Pattern[str], str]:
    digits = "|".join(sorted({re.escape(_bare(d)) for d in "0123456789"}))
    bot = re.compile(f"{re.escape(_bare('Bot'))}(?:{digits})*{re.escape(_bare('('))}.*"
                     f"{re.escape(_bare(')'))}", re.DOTALL)
    return bot, _bare(DELETED_NAME)


def bot_name(name: str) -> bool:
    """A bot's name: ``Bot (LEVEL)`` or ``Bot N (LEVEL)``, by :func:`key` without spaces."""
    return _reserved()[0].fullmatch(_bare(name)) is not None


def deleted_name(name: str) -> bool:
    """:data:`DELETED_NAME`, by :func:`key` without spaces."""
    return _bare(name) == _reserved()[1]


#: the longest ``accounts.name_key``: a longer key is stored as its hash
KEY_MAX = 128


def name_key(name: str) -> str:
    """What makes two names the same account: their confusables skeleton, folded in case
    (:func:`key`: "ADA", "ada", the full-width "Ａｄａ" and "Аda" with a Cyrillic А
    are one name). A key longer than the column holds (one character may stand for 18:
    "ﷺ") is stored as ``#`` and its SHA-256."""
    found = key(name)
    if len(found) <= KEY_MAX:
        return found
    return "#" + hashlib.sha256(found.encode("utf-8", "surrogatepass")).hexdigest()
